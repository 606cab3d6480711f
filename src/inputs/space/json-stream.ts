import { constants } from 'node:buffer';
import { diagnoseJson } from './json-diagnose.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  JsonSyntaxError,
  NL,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  isWs,
  overStringLimit,
  skipWs,
  tooLongError,
  utf8Text,
  valueEnd,
  type Member,
} from './json-scan.js';
import type { FileBytes, FileIdentity } from './file-bytes.js';

/**
 * Reading JSON files too large to hold: the top-level members are found in a first pass, and
 * the elements of an array are read in windows, each parsed once with JSON.parse. Files written
 * by the export tool (2-space indentation) take a shortcut: top-level members are followed from
 * key line to key line, a section over several lines ending at its closing line (two spaces and
 * the bracket; its elements counted on the way), and an array element of a top-level section
 * ends at the first line that is exactly four spaces and a closing bracket. Every element found
 * that way is still verified by JSON.parse; on any doubt the exact byte scan takes over.
 */

/** Bytes read at a time (more for a larger value): elements are a few KB, and fresh memory is slow to touch. */
const WINDOW = 1 << 20;

const ELEMENT_OBJECT_END = Buffer.from('\n    }');
const ELEMENT_ARRAY_END = Buffer.from('\n    ]');

/** JSON.parse of bytes [start, end) of `buf` (at file offset `base`); a syntax error gets its exact file offset. */
export function parseAt(buf: Buffer, start: number, end: number, base: number): unknown {
  const text = utf8Text(buf, start, end, base);
  try {
    return JSON.parse(text);
  } catch {
    try {
      diagnoseJson(buf, start, end);
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw error.moved(base);
      throw error;
    }
    throw new JsonSyntaxError('Invalid JSON', base + start);
  }
}

/**
 * How many bytes from a value's start (`rel` in `buf`, which holds the window read from there on)
 * to read next, when what `buf` holds did not end the value (`asked`: the length asked for it
 * last): twice as many, but no more than could still be a JavaScript string (`limit` UTF-16 code
 * units, V8's); null when the value is longer than that already, so that its text is never read
 * whole (a 1 GB record grew the window to 2 GB, and the run to over 2 GB of memory, before it was refused).
 * First up to `limit` + 1 bytes, as many as the longest string has characters: a value that does
 * not end there is too long unless its characters take several bytes each; then at most
 * 3 * `limit` bytes (three bytes a code unit at most).
 */
export function grownValueWindow(buf: Uint8Array, rel: number, asked: number, limit = constants.MAX_STRING_LENGTH): number | null {
  const held = buf.length - rel;
  if (held >= 3 * limit || overStringLimit(buf, rel, buf.length, limit)) return null;
  return Math.min(Math.max(asked, held) * 2, held <= limit ? limit + 1 : 3 * limit);
}

/** A window of a file's bytes that slides forward and grows for values larger than it. */
class Window {
  buf: Buffer = Buffer.alloc(0);
  base = 0;

  constructor(
    private readonly bytes: FileBytes,
    private readonly limit: number,
  ) {}

  get end(): number {
    return this.base + this.buf.length;
  }

  /** Reused between slides: fresh memory is slow to touch, and windows are read often. */
  private storage: Buffer = Buffer.alloc(0);

  /** Makes [pos, pos + length) available, as far as the limit allows. */
  ensure(pos: number, length: number): void {
    const want = Math.min(pos + length, this.limit);
    if (pos >= this.base && want <= this.end) return;
    const size = Math.min(this.limit - pos, Math.max(length, WINDOW));
    if (this.storage.length < size) this.storage = Buffer.allocUnsafe(size);
    this.base = pos;
    this.buf = this.bytes.readInto(this.storage.subarray(0, Math.max(0, size)), pos);
  }

  byte(pos: number): number {
    this.ensure(pos, 1);
    return pos < this.end ? this.buf[pos - this.base]! : -1;
  }

  skipWs(pos: number): number {
    for (;;) {
      this.ensure(pos, 1);
      if (pos >= this.end) return pos;
      const next = skipWs(this.buf, pos - this.base) + this.base;
      if (next < this.end) return next;
      pos = next;
    }
  }

  /** The end and value of the JSON value at `pos`, growing the window until it holds it (then in `buf`). */
  value(pos: number, layoutEnd: Buffer | null): { end: number; value: unknown } {
    let length = 1 << 16;
    for (;;) {
      this.ensure(pos, length);
      const rel = pos - this.base;
      const complete = this.end >= this.limit;
      if (layoutEnd) {
        const found = this.buf.indexOf(layoutEnd, rel);
        if (found >= 0) {
          const end = found + layoutEnd.length;
          const text = utf8Text(this.buf, rel, end, this.base);
          try {
            return { end: this.base + end, value: JSON.parse(text) };
          } catch {
            layoutEnd = null; // not the layout we assumed: scan exactly
            continue;
          }
        }
      }
      let end: number;
      try {
        end = valueEnd(this.buf, rel, this.buf.length);
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        if (complete) throw error.moved(this.base);
        const next = grownValueWindow(this.buf, rel, length);
        if (next === null) throw tooLongError(this.base + rel);
        length = next;
        continue;
      }
      return { end: this.base + end, value: parseAt(this.buf, rel, end, this.base) };
    }
  }
}

function isLayoutElementStart(window: Window, pos: number): boolean {
  if (pos < 5) return false;
  window.ensure(pos - 5, 6);
  const rel = pos - 5 - window.base;
  return rel >= 0 && window.buf[rel] === NL && window.buf.readUInt32BE(rel + 1) === 0x20202020;
}

/**
 * The elements of the array whose `[` is at `start` and whose value ends at `end`, each with
 * its offsets and parsed value. Only a window of the file is held at a time.
 */
export function* streamElements(bytes: FileBytes, start: number, end: number): Generator<StreamedElement> {
  const window = new Window(bytes, end);
  if (window.byte(start) !== OPEN_BRACKET) throw new JsonSyntaxError("Expected '['", start);
  const first = window.skipWs(start + 1);
  if (window.byte(first) === CLOSE_BRACKET) return;
  yield* elementsFrom(window, first, end);
}

/**
 * The elements from the one at `start` (an element's first byte) up to `stop`: the start of the
 * next run of elements, or the array's `]`. Worker threads read their share of a section so.
 */
export function* streamElementRange(bytes: FileBytes, start: number, stop: number): Generator<StreamedElement> {
  yield* elementsFrom(new Window(bytes, stop + 1), start, stop);
}

export interface StreamedElement {
  start: number;
  end: number;
  value: unknown;
  /** The window that holds the element's bytes, and its file offset: valid until the next element is read. */
  bytes: Buffer;
  base: number;
}

function* elementsFrom(window: Window, from: number, stop: number): Generator<StreamedElement> {
  let pos = from;
  for (;;) {
    if (pos >= stop) throw new JsonSyntaxError("Expected ']' before end of input", pos);
    const first = window.byte(pos);
    const layoutEnd = !isLayoutElementStart(window, pos)
      ? null
      : first === OPEN_BRACE
        ? ELEMENT_OBJECT_END
        : first === OPEN_BRACKET
          ? ELEMENT_ARRAY_END
          : null;
    const element = window.value(pos, layoutEnd);
    yield { start: pos, end: element.end, value: element.value, bytes: window.buf, base: window.base };
    pos = window.skipWs(element.end);
    const c = window.byte(pos);
    if (c === COMMA) {
      pos = window.skipWs(pos + 1);
      if (pos === stop && window.byte(pos) !== CLOSE_BRACKET) return; // the next run starts here
      continue;
    }
    if (c === CLOSE_BRACKET) return;
    throw new JsonSyntaxError("Expected ',' or ']' after array element", pos);
  }
}

/**
 * The top-level members of an export-tool file, found by following its layout from key to key
 * (see `membersByLayout`), and the number of elements of each top-level array of objects passed
 * on the way (`{` offsets are not kept: a section no rule visits is only counted). Kept per file;
 * the members are handed to worker threads so that they do not search again.
 */
export interface LayoutIndex {
  members: Member[];
  /** Elements of each top-level array of objects in the export tool's layout, by the offset of its `[`. */
  counts: Map<number, number>;
}

/**
 * The layout index of each file, with the file's identity when it was made (null: handed over by
 * the main thread, for the file as the main thread read it). A process may read a path again after
 * it changed (the API run twice, a test): an index made for another content is not used.
 */
const layouts = new Map<string, { identity: FileIdentity | null; layout: LayoutIndex }>();

/** Gives a worker thread the layout the main thread found (see parallel.ts). */
export function rememberLayout(absPath: string, layout: LayoutIndex): void {
  layouts.set(absPath, { identity: null, layout });
}

export function knownLayout(absPath: string): LayoutIndex | undefined {
  return layouts.get(absPath)?.layout;
}

/** The layout index of the file as `bytes` reads it, if one was made for it. */
function layoutOf(bytes: FileBytes): LayoutIndex | undefined {
  const known = layouts.get(bytes.absPath);
  if (known === undefined) return undefined;
  if (known.identity === null) return known.layout;
  const { dev, ino, size, mtimeMs } = bytes.identity;
  return known.identity.dev === dev && known.identity.ino === ino && known.identity.size === size && known.identity.mtimeMs === mtimeMs ? known.layout : undefined;
}

const ELEMENT_LAYOUT_START = Buffer.from('[\n    {');

/** Whether the top-level array whose `[` is at `start` opens as the export tool writes it (`[`, then its first object on the next line). */
function hasElementLayout(bytes: FileBytes, start: number): boolean {
  return bytes.read(start, start + ELEMENT_LAYOUT_START.length).equals(ELEMENT_LAYOUT_START);
}

/**
 * Cuts a top-level array of objects written by the export tool into runs of consecutive
 * elements, as they are asked for: each run is found by searching only its own bytes for element
 * starts after the first (a comma and the next element's line: the search stops only at commas),
 * counted for the index of the next run's first element, so that worker threads can start on the
 * first runs while the rest of the array is not searched yet.
 */
export class LayoutCutter {
  private pos: number;
  private index = 0;

  private constructor(
    private readonly scan: ChunkScan,
    /** The array's `]`. */
    private readonly close: number,
  ) {
    this.pos = close;
  }

  /** For the array whose `[` is at `start` and whose value ends at `end`; null when it does not have that layout (or the file's layout index was not made). */
  static open(bytes: FileBytes, start: number, end: number): LayoutCutter | null {
    if (!layoutOf(bytes) || !hasElementLayout(bytes, start)) return null;
    const cutter = new LayoutCutter(new ChunkScan(bytes), end - 1);
    cutter.pos = start + 6;
    return cutter;
  }

  /** Bytes not yet cut into runs. */
  get remaining(): number {
    return this.close - this.pos;
  }

  /**
   * The next run, of about `unitBytes`: the offset and index of its first element, and where the
   * run after it starts (or the array's `]`). Undefined when the array is cut to its end.
   */
  next(unitBytes: number): { start: number; index: number; stop: number } | undefined {
    const { pos: start, index } = this;
    if (start >= this.close) return undefined;
    const target = start + unitBytes;
    let stop = this.close;
    let count = 1;
    search: for (const { chunk, base, limit } of this.scan.chunks(start + 1, this.close)) {
      for (let i = chunk.indexOf(NEXT_ELEMENT); i >= 0 && i < limit; i = chunk.indexOf(NEXT_ELEMENT, i + 1)) {
        const element = base + i + NEXT_ELEMENT.length - 1;
        if (element >= target) {
          stop = element;
          break search;
        }
        count++;
      }
    }
    this.pos = stop;
    this.index += count;
    return { start, index, stop };
  }
}

/**
 * The number of elements of a top-level array of objects written by the export tool, from the
 * layout index (its boundaries only: nothing is parsed). Null when the array does not have that
 * layout (then its elements must be read to be counted).
 */
export function layoutElementCount(bytes: FileBytes, start: number): number | null {
  if (bytes.read(start, start + 2).equals(Buffer.from('[]'))) return 0;
  return layoutOf(bytes)?.counts.get(start) ?? null;
}

/**
 * The top-level members of a file written by the export tool (2-space indentation), or null
 * when the layout is not as assumed. Followed from key to key: a key line is two spaces and a
 * quote; a value on one line is scanned exactly; a value over several lines (`[` or `{` ending
 * its line) ends at its closing line, two spaces and the closing bracket (no string holds a
 * newline, and everything inside the value is indented deeper), which the next key line follows.
 * What follows each value must be a comma and the next key line, or only whitespace up to the
 * file's closing brace. Nothing else of a value is read here: values are checked when they are
 * parsed, and a section no rule needs is only counted (its elements, on the way to its end).
 */
function membersByLayout(bytes: FileBytes, start: number): Member[] | null {
  const known = layoutOf(bytes);
  if (known) return known.members;
  if (!bytes.read(start, start + OBJECT_START.length).equals(OBJECT_START)) return null;
  const tail = bytes.read(Math.max(start, bytes.size - 64), bytes.size);
  let last = tail.length - 1;
  while (last >= 0 && isWs(tail[last]!)) last--;
  if (last < 0 || tail[last] !== CLOSE_BRACE) return null;
  const closeBrace = bytes.size - tail.length + last;

  const members: Member[] = [];
  const counts = new Map<number, number>();
  const scan = new ChunkScan(bytes);
  for (let keyLine = start + 1; ; ) {
    const keyStart = keyLine + 3;
    const head = bytes.read(keyStart, keyStart + 4096);
    let keyEnd = -1;
    for (let i = 1; i < head.length; i++) {
      if (head[i] === BACKSLASH) i++;
      else if (head[i] === QUOTE) {
        keyEnd = i + 1;
        break;
      }
    }
    if (keyEnd < 0 || head[keyEnd] !== COLON || head[keyEnd + 1] !== SPACE) return null;
    const key = JSON.parse(utf8Text(head, 0, keyEnd)) as string;
    const valueStart = keyStart + keyEnd + 2;
    const open = head[keyEnd + 2];
    const end =
      (open === OPEN_BRACKET || open === OPEN_BRACE) && head[keyEnd + 3] === NL
        ? closingLine(scan, valueStart, closeBrace, counts) + 1
        : lineValueEnd(scan, head, keyEnd + 2, keyStart, closeBrace);
    if (end <= valueStart) return null;
    members.push({ key, keyStart, valueStart, valueEnd: end });
    const after = bytes.read(end, end + NEXT_KEY.length);
    if (after.equals(NEXT_KEY)) {
      keyLine = end + 1;
      continue;
    }
    if (end > closeBrace || !bytes.read(end, closeBrace).every(isWs)) return null;
    break;
  }
  layouts.set(bytes.absPath, { identity: bytes.identity, layout: { members, counts } });
  return members;
}

const SPACE = 0x20;
const OBJECT_START = Buffer.from('{\n  "');
/** A comma, and the next top-level key's line. */
const NEXT_KEY = Buffer.from(',\n  "');
/** The end of a top-level array (object) over several lines when a key follows: its bracket (on a line of two spaces), a comma, and the next key's line. */
const ARRAY_CLOSING = Buffer.from('],\n  "');
const OBJECT_CLOSING = Buffer.from('},\n  "');
/**
 * How a section of the export tool starts (an array of objects); inside a top-level value
 * everything is indented deeper, so this is never inside one in that layout.
 */
const SECTION_START = Buffer.from('[\n    {');
/** What a top-level closing bracket's line starts with. */
const CLOSING_LINE_START = Buffer.from('\n  ');
/** Between two elements of a top-level array of objects: a comma, and the next element's line. */
const NEXT_ELEMENT = Buffer.from(',\n    {');

/**
 * The end of a value written on the rest of its line (a scalar, `[]`, or anything minified),
 * scanned exactly; -1 when the line holds more than the value and a comma. The line starts at
 * `head[from]` (file offset `headStart + from`), and is searched for in the file when `head` does not end it.
 */
function lineValueEnd(scan: ChunkScan, head: Buffer, from: number, headStart: number, closeBrace: number): number {
  const valueStart = headStart + from;
  let lineEnd = head.indexOf(NL, from);
  let line: Buffer;
  if (lineEnd >= 0) line = head.subarray(from, lineEnd);
  else {
    lineEnd = closeBrace;
    for (const { chunk, base, limit } of scan.chunks(valueStart, closeBrace)) {
      const found = chunk.indexOf(NL);
      if (found >= 0 && found < limit) {
        lineEnd = base + found;
        break;
      }
    }
    line = scan.bytes.read(valueStart, lineEnd);
  }
  let end: number;
  try {
    end = valueEnd(line, 0, line.length);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return -1;
    throw error;
  }
  const rest = skipWs(line, end);
  return rest === line.length || (line[rest] === COMMA && skipWs(line, rest + 1) === line.length) ? valueStart + end : -1;
}

/**
 * The offset of the closing bracket of the value at `valueStart` that spans several lines, or -1.
 * It is found by a native search for the bracket followed by the next key's line (the search
 * stops only at that bracket, which is rarer than newlines), or, when no key follows, just
 * before the file's closing brace; it must stand on a line of two spaces. For an array of
 * objects in the export tool's layout its elements are counted on the way (into `counts`): the
 * lines that start an element after a comma, found by a search that stops only at commas.
 *
 * A value that ends otherwise (hand-edited: `],"locales": [` with the next key on the closing
 * line, or `}],` at the end of the last element's line) would take in the members after it, up
 * to the next closing line found, and a section no rule reads would hide them. So the value must
 * not hold the start of a section (`[` and its first object on the next line, indented four
 * spaces: everything inside a value is indented deeper), or the layout is in doubt (-1: the file
 * is then scanned exactly). This finds every member so taken in whose value is a section in that
 * layout; one written on a single line (`[]`, or a minified array) is not seen.
 */
function closingLine(scan: ChunkScan, valueStart: number, closeBrace: number, counts: Map<number, number>): number {
  const { bytes } = scan;
  const bracket = bytes.read(valueStart, valueStart + 1)[0] === OPEN_BRACKET ? CLOSE_BRACKET : CLOSE_BRACE;
  const closing = bracket === CLOSE_BRACKET ? ARRAY_CLOSING : OBJECT_CLOSING;
  const counted = hasElementLayout(bytes, valueStart);
  let elements = 1;
  let close = -1;
  // Each chunk holds what a match that starts in it needs after it.
  for (const { chunk, base, limit } of scan.chunks(valueStart, closeBrace)) {
    const found = chunk.indexOf(closing);
    const stop = found >= 0 && found < limit ? found : limit;
    if (counted) for (let i = chunk.indexOf(NEXT_ELEMENT); i >= 0 && i < stop; i = chunk.indexOf(NEXT_ELEMENT, i + 1)) elements++;
    const inner = chunk.indexOf(SECTION_START, base === valueStart ? 1 : 0);
    if (inner >= 0 && inner < stop) return -1;
    if (stop < limit) {
      close = base + found;
      break;
    }
  }
  if (close < 0) {
    // No key follows: the value is the last, and its bracket the last before the closing brace.
    const before = bytes.read(Math.max(valueStart, closeBrace - 64), closeBrace);
    let j = before.length - 1;
    while (j >= 0 && isWs(before[j]!)) j--;
    if (before[j] !== bracket) return -1;
    close = closeBrace - before.length + j;
  }
  if (!bytes.read(close - 3, close).equals(CLOSING_LINE_START)) return -1;
  if (counted) counts.set(valueStart, elements);
  return close;
}

/** Bytes of a file read in chunks into one buffer, made on first use and reused (fresh memory is slow to touch). */
class ChunkScan {
  /** The chunk's own part; a chunk holds up to `AHEAD` bytes more after it, so that a match of a needle up to that long starting in its own part is whole in it. */
  private static readonly STEP = 1 << 18;
  private static readonly AHEAD = 16;
  private storage: Buffer | undefined;

  constructor(readonly bytes: FileBytes) {}

  /**
   * Bytes [start, end) in chunks, each with up to `AHEAD` bytes after its own part (as far as the
   * file has them): its own part is `chunk[0]` (at file offset `base`) up to `chunk[limit]`
   * (exclusive). A chunk is valid until the next.
   */
  *chunks(start: number, end: number): Generator<{ chunk: Buffer; base: number; limit: number }> {
    const { STEP, AHEAD } = ChunkScan;
    this.storage ??= Buffer.allocUnsafe(STEP + AHEAD);
    for (let base = start; base < end; base += STEP) {
      const chunk = this.bytes.readInto(this.storage, base);
      yield { chunk, base, limit: Math.min(end - base, STEP) };
    }
  }
}

/** The top-level members found by scanning every byte (any layout). */
function membersByScan(bytes: FileBytes, start: number): Member[] {
  const window = new Window(bytes, bytes.size);
  if (window.byte(start) !== OPEN_BRACE) throw new JsonSyntaxError("Expected '{'", start);
  const members: Member[] = [];
  let pos = window.skipWs(start + 1);
  if (window.byte(pos) === CLOSE_BRACE) return members;
  for (;;) {
    if (window.byte(pos) !== QUOTE) throw new JsonSyntaxError('Expected a double-quoted property name', pos);
    const keyStart = pos;
    const { end: keyEnd, value: key } = window.value(pos, null);
    pos = window.skipWs(keyEnd);
    if (window.byte(pos) !== COLON) throw new JsonSyntaxError("Expected ':' after property name", pos);
    const valueStart = window.skipWs(pos + 1);
    const end = scanValueEnd(window, valueStart);
    members.push({ key: key as string, keyStart, valueStart, valueEnd: end });
    pos = window.skipWs(end);
    const c = window.byte(pos);
    if (c === COMMA) {
      pos = window.skipWs(pos + 1);
      continue;
    }
    if (c === CLOSE_BRACE) return members;
    throw new JsonSyntaxError("Expected ',' or '}' after property value", pos);
  }
}

/** End of the value at `pos`, scanning window by window without parsing (values may be huge). */
function scanValueEnd(window: Window, pos: number): number {
  const first = window.byte(pos);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return window.value(pos, null).end;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let at = pos; ; at = window.end) {
    window.ensure(at, WINDOW);
    if (at >= window.end) {
      throw new JsonSyntaxError(first === OPEN_BRACE ? "Expected '}' before end of input" : "Expected ']' before end of input", pos);
    }
    const buf = window.buf;
    for (let i = at - window.base; i < buf.length; i++) {
      const c = buf[i]!;
      if (escaped) escaped = false;
      else if (inString) {
        if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return window.base + i + 1;
    }
  }
}

/** The top-level members of a large JSON file whose `{` is at `start`. */
export function topLevelMembers(bytes: FileBytes, start: number): Member[] {
  return membersByLayout(bytes, start) ?? membersByScan(bytes, start);
}
