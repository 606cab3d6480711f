import { grown } from '../compact/lists.js';
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
  skipWs,
  utf8Text,
  valueEnd,
  type Member,
} from './json-scan.js';
import type { FileBytes } from './file-bytes.js';

/**
 * Reading JSON files too large to hold: the top-level members are found in a first pass, and
 * the elements of an array are read in windows, each parsed once with JSON.parse. Files written
 * by the export tool (2-space indentation) take a shortcut: top-level keys are the lines that
 * start with exactly two spaces and a quote, and an array element of a top-level section ends at
 * the first line that is exactly four spaces and a closing bracket. Every element found that way
 * is still verified by JSON.parse; on any doubt the exact byte scan takes over.
 */

/** Bytes read at a time (more for a larger value): elements are a few KB, and fresh memory is slow to touch. */
const WINDOW = 1 << 20;
/** Chunks of a search over the file: large enough that reads are few, small enough to stay in cache. */
const SCAN_CHUNK = 1 << 20;

const ELEMENT_OBJECT_END = Buffer.from('\n    }');
const ELEMENT_ARRAY_END = Buffer.from('\n    ]');

/** JSON.parse of bytes [start, end) of `buf` (at file offset `base`); a syntax error gets its exact file offset. */
export function parseAt(buf: Buffer, start: number, end: number, base: number): unknown {
  const text = utf8Text(buf, start, end);
  try {
    return JSON.parse(text);
  } catch {
    try {
      diagnoseJson(buf, start, end);
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw new JsonSyntaxError(error.message, base + error.offset);
      throw error;
    }
    throw new JsonSyntaxError('Invalid JSON', base + start);
  }
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
          const text = utf8Text(this.buf, rel, end);
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
        if (complete) throw new JsonSyntaxError(error.message, this.base + error.offset);
        length = Math.max(length * 2, this.buf.length * 2);
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
 * Where the lines of an export-tool file that matter start: top-level keys (a line of two spaces
 * and a quote), found for the whole file by one native search, and the elements of top-level
 * arrays (a line of four spaces and `{`), found per section only when they are asked for (to
 * count a section no rule visits; units for threads are cut by `LayoutCutter`, which searches as
 * it goes). Kept per file; the keys are handed to worker threads so that they do not search again.
 */
export interface LayoutIndex {
  /** Offsets of the newline before each top-level key. */
  keys: number[];
  /** Offsets of the `{` of each object element, by the offset of the section's `[` (sections asked so far). */
  elements: Map<number, Float64Array>;
}

const layouts = new Map<string, LayoutIndex>();

/** Gives a worker thread the layout the main thread found (see parallel.ts). */
export function rememberLayout(absPath: string, layout: LayoutIndex): void {
  layouts.set(absPath, layout);
}

export function knownLayout(absPath: string): LayoutIndex | undefined {
  return layouts.get(absPath);
}

const KEY_LINE = Buffer.from('\n  "');
const ELEMENT_LINE = Buffer.from('\n    {');

/**
 * Calls `found` with the file offset of each occurrence of `needle` in bytes [start, end) of the
 * file, in order, until it returns false. Read in chunks that overlap by the needle's length,
 * into one buffer (fresh memory is slow to touch; `reused` if it is large enough), searched
 * natively (a byte loop in JavaScript is several times slower).
 */
function searchFile(bytes: FileBytes, start: number, end: number, needle: Buffer, found: (offset: number) => boolean | void, reused?: Buffer): void {
  const overlap = needle.length - 1;
  const size = Math.min(SCAN_CHUNK + overlap, Math.max(0, end - start));
  const storage = reused && reused.length >= size ? reused.subarray(0, size) : Buffer.allocUnsafe(size);
  for (let chunkStart = start; chunkStart < end; chunkStart += SCAN_CHUNK) {
    const chunk = bytes.readInto(storage.subarray(0, Math.min(storage.length, end - chunkStart)), chunkStart);
    // A match that starts in the overlap belongs to the next chunk.
    const limit = Math.min(SCAN_CHUNK, chunk.length);
    for (let i = chunk.indexOf(needle); i >= 0 && i < limit; i = chunk.indexOf(needle, i + 1)) if (found(chunkStart + i) === false) return;
    if (chunk.length < storage.length && chunkStart + chunk.length < end) break; // the file is shorter than it was
  }
}

function scanLayout(bytes: FileBytes, start: number): LayoutIndex {
  const known = layouts.get(bytes.absPath);
  if (known) return known;
  const keys: number[] = [];
  searchFile(bytes, start, bytes.size, KEY_LINE, (offset) => void keys.push(offset));
  const layout = { keys, elements: new Map<number, Float64Array>() };
  layouts.set(bytes.absPath, layout);
  return layout;
}

const ELEMENT_LAYOUT_START = Buffer.from('[\n    {');

/** Whether the top-level array whose `[` is at `start` opens as the export tool writes it (`[`, then its first object on the next line). */
function hasElementLayout(bytes: FileBytes, start: number): boolean {
  return bytes.read(start, start + ELEMENT_LAYOUT_START.length).equals(ELEMENT_LAYOUT_START);
}

/**
 * Offsets of the `{` of each element of the top-level array of objects whose `[` is at `start`
 * and whose value ends at `end`, written by the export tool; null when the array does not have
 * that layout (or the file's layout index was not made).
 */
function layoutElements(bytes: FileBytes, start: number, end: number): Float64Array | null {
  const layout = layouts.get(bytes.absPath);
  if (!layout || !hasElementLayout(bytes, start)) return null;
  let elements = layout.elements.get(start);
  if (!elements) {
    let found = new Float64Array(1 << 12);
    let count = 0;
    searchFile(bytes, start, end, ELEMENT_LINE, (offset) => {
      found = grown(found, count + 1, (n) => new Float64Array(n));
      found[count++] = offset + ELEMENT_LINE.length - 1;
    });
    elements = found.slice(0, count);
    layout.elements.set(start, elements);
  }
  return elements;
}

/**
 * Cuts a top-level array of objects written by the export tool into runs of consecutive
 * elements, as they are asked for: each run is found by searching only its own bytes for element
 * starts (counted, for the index of the next run's first element), so that worker threads can
 * start on the first runs while the rest of the array is not searched yet.
 */
export class LayoutCutter {
  private pos: number;
  private index = 0;
  /** Read into by every search (fresh memory is slow to touch). */
  private readonly storage = Buffer.allocUnsafe(SCAN_CHUNK + ELEMENT_LINE.length - 1);

  private constructor(
    private readonly bytes: FileBytes,
    /** The array's `]`. */
    private readonly close: number,
  ) {
    this.pos = close;
  }

  /** For the array whose `[` is at `start` and whose value ends at `end`; null when it does not have that layout (or the file's layout index was not made). */
  static open(bytes: FileBytes, start: number, end: number): LayoutCutter | null {
    if (!layouts.has(bytes.absPath) || !hasElementLayout(bytes, start)) return null;
    const cutter = new LayoutCutter(bytes, end - 1);
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
    searchFile(this.bytes, start + 1, this.close, ELEMENT_LINE, (offset) => {
      const element = offset + ELEMENT_LINE.length - 1;
      if (element < target) {
        count++;
        return true;
      }
      stop = element;
      return false;
    }, this.storage);
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
export function layoutElementCount(bytes: FileBytes, start: number, end: number): number | null {
  if (bytes.read(start, start + 2).equals(Buffer.from('[]'))) return 0;
  return layoutElements(bytes, start, end)?.length ?? null;
}

/** The top-level members of a pretty-printed export, or null when the layout is not as assumed. */
function membersByLayout(bytes: FileBytes, start: number): Member[] | null {
  if (!bytes.read(start, start + 5).equals(Buffer.from('{\n  "'))) return null;
  const { keys } = scanLayout(bytes, start);
  const tail = bytes.read(Math.max(start, bytes.size - 64), bytes.size);
  let last = tail.length - 1;
  while (last >= 0 && (tail[last] === 0x20 || tail[last] === NL || tail[last] === 0x0d || tail[last] === 0x09)) last--;
  if (last < 0 || tail[last] !== CLOSE_BRACE) return null;
  const closeBrace = bytes.size - tail.length + last;

  const members: Member[] = [];
  for (let k = 0; k < keys.length; k++) {
    const keyStart = keys[k]! + 3;
    const head = bytes.read(keyStart, keyStart + 4096);
    let keyEnd = -1;
    for (let i = 1; i < head.length; i++) {
      if (head[i] === BACKSLASH) i++;
      else if (head[i] === QUOTE) {
        keyEnd = i + 1;
        break;
      }
    }
    if (keyEnd < 0 || head[keyEnd] !== COLON || head[keyEnd + 1] !== 0x20) return null;
    const key = JSON.parse(utf8Text(head, 0, keyEnd)) as string;
    const valueStart = keyStart + keyEnd + 2;
    // The value ends before the `,` that precedes the next key, or before the closing brace.
    const stop = k + 1 < keys.length ? keys[k + 1]! : closeBrace;
    const before = bytes.read(Math.max(valueStart, stop - 8), stop + 1);
    let j = before.length - 2;
    while (j >= 0 && (before[j] === 0x20 || before[j] === NL || before[j] === 0x0d)) j--;
    if (k + 1 < keys.length) {
      if (before[j] !== COMMA) return null;
      j--;
    }
    const valueEndOffset = stop - (before.length - 1) + j + 1;
    if (valueEndOffset <= valueStart) return null;
    const open = bytes.read(valueStart, valueStart + 1)[0];
    const close = before[j];
    if ((open === OPEN_BRACKET && close !== CLOSE_BRACKET) || (open === OPEN_BRACE && close !== CLOSE_BRACE)) return null;
    members.push({ key, keyStart, valueStart, valueEnd: valueEndOffset });
  }
  return members;
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
