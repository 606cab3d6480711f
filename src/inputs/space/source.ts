import type { Document, LineCounter } from 'yaml';
import { FileBytes } from './file-bytes.js';
import { JsonSyntaxError, NL, bomLength, decodePointer, locateInJson, utf16Length, type LocateCache } from './json-scan.js';
import type { FileIdentity, Place, Position, SourceFile, SourceRef } from '../../model/source-ref.js';

/**
 * Line starts of a buffer, computed once on first use (only files with findings pay for it).
 * Columns are counted from the nearest position already computed on the same line, so that many
 * findings on one long line (a minified export) do not each count from the line's start.
 */
class LineIndex {
  private starts: number[] | undefined;
  /** The line of the marks below (0-based), and offsets on it (increasing) with their 0-based columns. */
  private markedLine = -1;
  private marks: number[] = [];
  private markColumns: number[] = [];

  constructor(private readonly buf: Uint8Array) {}

  position(offset: number): Position {
    const starts = (this.starts ??= this.compute());
    const line = lastAtOrBefore(starts, offset);
    if (line !== this.markedLine) {
      // A byte order mark before the first line is not a column (editors do not show it).
      this.markedLine = line;
      this.marks = [line === 0 ? Math.min(bomLength(this.buf), offset) : starts[line]!];
      this.markColumns = [0];
    }
    const nearest = lastAtOrBefore(this.marks, offset);
    const from = this.marks[nearest]!;
    const column = this.markColumns[nearest]! + utf16Length(this.buf, Math.min(from, offset), offset);
    if (offset > this.marks[this.marks.length - 1]!) {
      this.marks.push(offset);
      this.markColumns.push(column);
    }
    return { line: line + 1, column: column + 1 };
  }

  private compute(): number[] {
    const starts = [0];
    const buf = Buffer.from(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) starts.push(i + 1);
    return starts;
  }
}

/** Index of the last value at or before `offset` in increasing `values` (0 if none is). */
function lastAtOrBefore(values: readonly number[], offset: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (values[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * JSON files up to this size are read whole; larger ones are read in windows, never whole.
 * CMLINT_WHOLE_FILE_LIMIT (bytes) changes it: 0 streams every file (the tests run that way too).
 */
export function wholeFileLimit(): number {
  const setting = process.env.CMLINT_WHOLE_FILE_LIMIT;
  return setting === undefined || setting === '' ? 64 << 20 : Number(setting);
}

/**
 * A JSON input. A small file's bytes are read whole when needed and released between passes;
 * a large file is only ever read in windows (see json-stream.ts), so a run holds at most a
 * window of it whatever its size.
 */
export class JsonSourceFile implements SourceFile {
  readonly bytes: FileBytes;
  private readonly limit = wholeFileLimit();
  private buf: Buffer | undefined;
  private lines: LineIndex | undefined;
  private largeLines: LargeFileLines | undefined;
  private locateCache: LocateCache | undefined;
  /** The record being visited: its offset, and the window of bytes that holds it. */
  private current: { offset: number; bytes: Buffer; base: number } | undefined;
  /** Members and elements found in the last record placed from memory (many findings share a record). */
  private recordCache: { offset: number; cache: LocateCache } | undefined;

  constructor(
    readonly path: string,
    readonly absPath: string,
  ) {
    this.bytes = new FileBytes(absPath, path);
  }

  get size(): number {
    return this.bytes.size;
  }

  get identity(): FileIdentity {
    return this.bytes.identity;
  }

  get large(): boolean {
    return this.size > this.limit;
  }

  /** Bytes [start, end) of the file (from the whole file when it is held, else read). */
  slice(start: number, end: number): Buffer {
    if (this.buf) return this.buf.subarray(start, Math.min(end, this.buf.length));
    return this.bytes.read(start, end);
  }

  /**
   * The whole file, held until `release`: only to diagnose a syntax error or to place an input
   * error in a small file. Records are read in windows whatever the file's size.
   */
  whole(): Buffer {
    return (this.buf ??= this.bytes.read(0, this.size));
  }

  release(): void {
    this.buf = undefined;
    this.lines = undefined;
    this.locateCache = undefined;
    this.current = undefined;
    this.recordCache = undefined;
    this.bytes.close();
  }

  /**
   * The streaming reader hands out the record at `offset`, held in `bytes` (file offset `base`):
   * valid until the next record is handed out (the window is reused).
   */
  streaming(offset: number, bytes: Buffer, base: number): void {
    this.current = { offset, bytes, base };
  }

  offsetNow(ref: SourceRef, path: readonly string[]): number | undefined {
    const current = this.current;
    if (current?.offset !== ref.offset) return undefined;
    return current.base + locateInJson(current.bytes, ref.offset - current.base, path, this.cacheFor(ref.offset));
  }

  private cacheFor(offset: number): LocateCache {
    if (this.recordCache?.offset !== offset) this.recordCache = { offset, cache: { members: new Map(), elements: new Map() } };
    return this.recordCache.cache;
  }

  place(places: readonly Place[]): Position[] {
    const offsets = places.map((p) => p.at ?? -1);
    // One pass forward through the file, in one window that slides: records in file order, the
    // places in each located (when their offset is not known) and the newlines before them counted.
    const forward = new ForwardBytes(this.bytes);
    const records = new RecordReader(forward);
    const cursor = new LineCursor(forward);
    const order = places.map((_, i) => i).sort((a, b) => places[a]!.ref.offset - places[b]!.ref.offset);
    const positions: Position[] = new Array<Position>(places.length);
    for (let first = 0; first < order.length; ) {
      const record = places[order[first]!]!.ref.offset;
      // Counted up to the record first, so that the window never goes back.
      cursor.advance(record);
      let end = first;
      let cache: LocateCache | undefined;
      for (; end < order.length && places[order[end]!]!.ref.offset === record; end++) {
        const i = order[end]!;
        if (offsets[i]! < 0) offsets[i] = records.locate(record, places[i]!.path, (cache ??= { members: new Map(), elements: new Map() }));
      }
      for (const i of order.slice(first, end).sort((a, b) => offsets[a]! - offsets[b]!)) positions[i] = cursor.advance(offsets[i]!);
      first = end;
    }
    return positions;
  }

  locate(ref: SourceRef, path: readonly string[]): Position {
    if (!this.large) {
      this.locateCache ??= { members: new Map(), elements: new Map() };
      return this.position(locateInJson(this.whole(), ref.offset, path, this.locateCache));
    }
    // The record is read from its offset in windows that grow until it is whole.
    for (let length = 1 << 16; ; length *= 2) {
      const record = this.bytes.read(ref.offset, ref.offset + length);
      try {
        return this.position(ref.offset + locateInJson(record, 0, path));
      } catch (error) {
        if (!(error instanceof JsonSyntaxError) || record.length < length) throw error;
      }
    }
  }

  position(offset: number): Position {
    if (this.large) return (this.largeLines ??= new LargeFileLines(this.bytes)).position(offset);
    return (this.lines ??= new LineIndex(this.whole())).position(offset);
  }
}

/** Large enough that reads are few, small enough to stay in cache (fresh memory is slow to touch). */
const FORWARD_WINDOW = 1 << 20;

/**
 * A file read forward in windows (one buffer, reused): `at(start, end)` gives [start, end) (less
 * at the end of the file); asking for bytes outside the window reads them again.
 */
class ForwardBytes {
  readonly bomLength: number;
  private window: Buffer = Buffer.alloc(0);
  private storage: Buffer = Buffer.alloc(0);
  private base = 0;

  constructor(private readonly bytes: FileBytes) {
    this.bomLength = bomLength(bytes.read(0, 3));
  }

  at(start: number, end: number): Buffer {
    end = Math.min(end, this.bytes.size);
    if (start < this.base || end > this.base + this.window.length) {
      // A window, or what is left of the file (a small file is not given a window's memory).
      const size = Math.max(0, end - start, Math.min(FORWARD_WINDOW, this.bytes.size - start));
      if (this.storage.length < size) this.storage = Buffer.allocUnsafe(size);
      this.window = this.bytes.readInto(this.storage.subarray(0, size), start);
      this.base = start;
    }
    return this.window.subarray(start - this.base, end - this.base);
  }
}

/**
 * The records of a file, read forward: each record's bytes in a window grown until it holds the
 * place asked. The first ask is 64 KiB (most records are smaller): records that follow each other
 * are then found in one window (asking 1 MiB read a window per record).
 */
class RecordReader {
  constructor(private readonly source: ForwardBytes) {}

  locate(offset: number, path: readonly string[], cache: LocateCache): number {
    for (let length = 1 << 16; ; length *= 2) {
      const record = this.source.at(offset, offset + length);
      try {
        return offset + locateInJson(record, 0, path, cache);
      } catch (error) {
        if (!(error instanceof JsonSyntaxError) || record.length < length) throw error;
        // The window cut the record: what was cached of it may be cut too.
        cache.members.clear();
        cache.elements.clear();
      }
    }
  }
}

/**
 * Line and column of offsets asked in increasing order, counting newlines once from the last
 * offset asked (an offset before it starts again from the beginning of the file).
 */
class LineCursor {
  private offset: number;
  /** 0-based line and column (UTF-16 code units) at `offset`. */
  private line = 0;
  private column = 0;

  constructor(private readonly source: ForwardBytes) {
    this.offset = source.bomLength;
  }

  advance(target: number): Position {
    if (target < this.offset) {
      this.offset = this.source.bomLength;
      this.line = 0;
      this.column = 0;
      // A place within the byte order mark is the start of the file.
      if (target < this.offset) return { line: 1, column: 1 };
    }
    while (this.offset < target) {
      const chunk = this.source.at(this.offset, Math.min(target, this.offset + FORWARD_WINDOW));
      if (chunk.length === 0) break;
      const newlines = countNewlines(chunk);
      if (newlines > 0) {
        this.line += newlines;
        this.column = utf16Length(chunk, chunk.lastIndexOf(NL) + 1, chunk.length);
      } else this.column += utf16Length(chunk, 0, chunk.length);
      this.offset += chunk.length;
    }
    return { line: this.line + 1, column: this.column + 1 };
  }
}

/**
 * Line numbers in a file too large to index whole: newlines are counted forward from the
 * nearest checkpoint (one every few MB, kept as they are passed), so positions asked in file
 * order cost one read of the file up to the last of them.
 */
class LargeFileLines {
  private static readonly STEP = 8 << 20;
  /** lines[k] = number of newlines before offset k * STEP. */
  private readonly checkpoints: number[] = [0];

  constructor(private readonly bytes: FileBytes) {}

  /** Where the last position was asked: asking in file order only counts what lies between. */
  private cursor = { offset: 0, newlines: 0 };

  position(offset: number): Position {
    const step = LargeFileLines.STEP;
    let k = Math.min(Math.floor(offset / step), this.checkpoints.length - 1);
    let from = k * step;
    let newlines = this.checkpoints[k]!;
    if (this.cursor.offset <= offset && this.cursor.offset >= from) {
      from = this.cursor.offset;
      newlines = this.cursor.newlines;
    }
    for (; (k + 1) * step <= offset; k++) {
      newlines += countNewlines(this.bytes.read(from, (k + 1) * step));
      from = (k + 1) * step;
      if (this.checkpoints.length === k + 1) this.checkpoints.push(newlines);
    }
    newlines += countNewlines(this.bytes.read(from, offset));
    this.cursor = { offset, newlines };
    // The column: back to the last newline before the offset (lines are short; read more if not).
    for (let back = 4096; ; back *= 4) {
      const from = Math.max(0, offset - back);
      const before = this.bytes.read(from, offset);
      const nl = before.lastIndexOf(0x0a);
      if (nl >= 0 || from === 0) {
        const lineStart = nl >= 0 ? nl + 1 : bomLength(before);
        return { line: newlines + 1, column: utf16Length(before, lineStart, before.length) + 1 };
      }
    }
  }
}

/**
 * Newlines in `buf`, four bytes at a time: for each 32-bit word x (every byte xor-ed with '\n'),
 * the high bit of a byte of `~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x)` is set exactly when that byte
 * of x is zero. Those bits, shifted down, are summed per byte lane for up to 255 words before the
 * lanes are added up. Several times faster than a byte loop or a native search per newline.
 */
export function countNewlines(buf: Uint8Array): number {
  let n = 0;
  let i = 0;
  const aligned = (4 - (buf.byteOffset % 4)) % 4;
  for (; i < Math.min(aligned, buf.length); i++) if (buf[i] === 0x0a) n++;
  if (i === buf.length) return n;
  const words = new Uint32Array(buf.buffer, buf.byteOffset + i, (buf.length - i) >>> 2);
  for (let w = 0; w < words.length; ) {
    const stop = Math.min(words.length, w + 255);
    let lanes = 0;
    for (; w < stop; w++) {
      const x = words[w]! ^ 0x0a0a0a0a;
      lanes += (~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) >>> 7) & 0x01010101;
    }
    lanes = (lanes & 0x00ff00ff) + ((lanes >>> 8) & 0x00ff00ff);
    n += (lanes & 0xffff) + (lanes >>> 16);
  }
  for (i += words.length * 4; i < buf.length; i++) if (buf[i] === 0x0a) n++;
  return n;
}

export class YamlSourceFile implements SourceFile {
  constructor(
    readonly path: string,
    readonly absPath: string,
    private readonly doc: Document,
    private readonly lineCounter: LineCounter,
    readonly identity: FileIdentity,
  ) {}

  /** YAML inputs stay parsed for the whole run (they are small model files). */
  release(): void {}

  offsetNow(): undefined {
    return undefined;
  }

  place(places: readonly Place[]): Position[] {
    return places.map((p) => this.locate(p.ref, p.path));
  }

  locate(ref: SourceRef, path: readonly string[]): Position {
    const { line, col } = this.lineCounter.linePos(locateInYaml(this.doc, [...decodePointer(ref.pointer), ...path]));
    return { line, column: col };
  }
}

/** Offset of the key (for map members) or the item (for sequence items) that `path` names. */
export function locateInYaml(doc: Document, path: readonly string[]): number {
  let node: unknown = doc.contents;
  let result = rangeStart(node) ?? 0;
  for (const segment of path) {
    const n = node as { items?: unknown[] } | null;
    if (!n || !Array.isArray(n.items)) break;
    const first = n.items[0] as { key?: unknown } | undefined;
    if (first && typeof first === 'object' && 'key' in first) {
      const pair = (n.items as { key: { value?: unknown } | null; value: unknown }[]).find(
        (p) => p.key !== null && String(p.key.value ?? p.key) === segment,
      );
      if (!pair) break;
      result = rangeStart(pair.key) ?? result;
      node = pair.value;
    } else {
      const item = n.items[Number(segment)];
      if (item === undefined) break;
      result = rangeStart(item) ?? result;
      node = item;
    }
  }
  return result;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range?.[0];
}
