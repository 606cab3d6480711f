import { readFileSync } from 'node:fs';
import type { Document, LineCounter } from 'yaml';
import { FileBytes } from './file-bytes.js';
import { JsonSyntaxError, bomLength, decodePointer, locateInJson, type LocateCache } from './json-scan.js';

export interface Position {
  line: number;
  column: number;
}

/** A file that records were read from, able to turn a record-relative path into line:column. */
export interface SourceFile {
  /** Path as shown to users: relative to the working directory, forward slashes. */
  readonly path: string;
  readonly absPath: string;
  /** Position of `path` (segments below the record) inside the record that `ref` names. */
  locate(ref: SourceRef, path: readonly string[]): Position;
  /** Drops what was read to answer `locate`; it is read again if needed. */
  release(): void;
  /**
   * For records made of several files (a content type that migration scripts changed): the file,
   * as shown to users, that `path` below the record comes from. Without it: `path` (the property).
   */
  fileOf?(ref: SourceRef, path: readonly string[]): string;
}

/** Where a record came from: its file, its JSON pointer in that file, and its offset there. */
export interface SourceRef {
  readonly file: SourceFile;
  readonly pointer: string;
  /** Byte offset of the record in a JSON file; for YAML, unused (records are found by pointer). */
  readonly offset: number;
}

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
 * UTF-16 code units (what editors count as columns) of the UTF-8 bytes `buf[start, end)`: one
 * per character, two for a character outside the Basic Multilingual Plane (a 4-byte sequence).
 */
function utf16Length(buf: Uint8Array, start: number, end: number): number {
  let units = 0;
  for (let i = start; i < end; i++) {
    const byte = buf[i]!;
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
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

  constructor(
    readonly path: string,
    readonly absPath: string,
  ) {
    this.bytes = new FileBytes(absPath);
  }

  get size(): number {
    return this.bytes.size;
  }

  get large(): boolean {
    return this.size > this.limit;
  }

  /** Bytes [start, end) of the file. */
  slice(start: number, end: number): Buffer {
    if (this.large) return this.bytes.read(start, end);
    this.buf ??= readFileSync(this.absPath);
    return this.buf.subarray(start, Math.min(end, this.buf.length));
  }

  release(): void {
    this.buf = undefined;
    this.lines = undefined;
    this.locateCache = undefined;
    this.bytes.close();
  }

  locate(ref: SourceRef, path: readonly string[]): Position {
    if (!this.large) {
      this.locateCache ??= { members: new Map(), elements: new Map() };
      return this.position(locateInJson(this.slice(0, this.size), ref.offset, path, this.locateCache));
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
    return (this.lines ??= new LineIndex(this.slice(0, this.size))).position(offset);
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
        return { line: newlines + 1, column: before.toString('utf8', lineStart).length + 1 };
      }
    }
  }
}

/**
 * Newlines in `buf`, four bytes at a time: for each 32-bit word, a byte's high bit survives
 * `((x & 0x7f7f7f7f) + 0x7f7f7f7f | x) & 0x80808080` exactly when the byte of x is not zero,
 * where x is the word with every byte xor-ed with '\n'. Several times faster than a byte loop.
 */
export function countNewlines(buf: Uint8Array): number {
  let n = 0;
  let i = 0;
  const aligned = (4 - (buf.byteOffset % 4)) % 4;
  for (; i < Math.min(aligned, buf.length); i++) if (buf[i] === 0x0a) n++;
  if (i === buf.length) return n;
  const words = new Uint32Array(buf.buffer, buf.byteOffset + i, (buf.length - i) >>> 2);
  let nonZero = 0;
  for (let w = 0; w < words.length; w++) {
    const x = words[w]! ^ 0x0a0a0a0a;
    let t = ((((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080) >>> 7;
    // popcount of at most four bits, one per byte
    t = (t & 0x00ff00ff) + ((t >>> 8) & 0x00ff00ff);
    nonZero += (t & 0xffff) + (t >>> 16);
  }
  n += words.length * 4 - nonZero;
  for (i += words.length * 4; i < buf.length; i++) if (buf[i] === 0x0a) n++;
  return n;
}

export class YamlSourceFile implements SourceFile {
  constructor(
    readonly path: string,
    readonly absPath: string,
    private readonly doc: Document,
    private readonly lineCounter: LineCounter,
  ) {}

  /** YAML inputs stay parsed for the whole run (they are small model files). */
  release(): void {}

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
