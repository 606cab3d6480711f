/**
 * Byte-level helpers over JSON text held in a Buffer. They find where values start and end so
 * that each record can be parsed on its own with JSON.parse (fast, and it validates the record),
 * and so that a JSON pointer can be turned back into a byte offset for line and column.
 *
 * The structure between records (braces, brackets, commas, colons, keys) is checked here; the
 * records themselves are checked by JSON.parse. When anything is wrong, `diagnoseJson` finds the
 * exact offset and reason.
 */

import { constants, isUtf8 } from 'node:buffer';
import { OVER_STRING_LIMIT } from './input-error.js';

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }

  /** The same error `by` bytes further on (an offset in a slice of the file made an offset in the file). */
  moved(by: number): JsonSyntaxError {
    return new (this.constructor as typeof JsonSyntaxError)(this.message, this.offset + by);
  }
}

/** Bytes that are not UTF-8 were found while decoding (the file's text check says which and where). */
class NotUtf8Error extends JsonSyntaxError {}

/** A value (a record, or a key) too long to be one JavaScript string, at its first byte: not a syntax error, a limit of V8. */
export class TooLongError extends JsonSyntaxError {}

/** The TooLongError of the value that starts at file offset `offset`. */
export function tooLongError(offset: number): TooLongError {
  return new TooLongError(`Too large to read: cmlint parses each entry, asset and other record whole, and the text of this one is ${OVER_STRING_LIMIT}`, offset);
}

/**
 * UTF-16 code units (what editors count as columns, and V8's string limit counts) of the UTF-8
 * bytes `buf[start, end)`: one per character, two for a character outside the Basic Multilingual
 * Plane (a 4-byte sequence); a character that `end` cuts counts whole.
 */
export function utf16Length(buf: Uint8Array, start: number, end: number): number {
  let units = 0;
  for (let i = start; i < end; i++) {
    const byte = buf[i]!;
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
}

/** Whether the UTF-8 bytes buf[start, end) make a longer text than a JavaScript string can hold (counted only when there are more bytes than that). */
export function overStringLimit(buf: Uint8Array, start: number, end: number, limit = constants.MAX_STRING_LENGTH): boolean {
  return end - start > limit && utf16Length(buf, start, end) > limit;
}

/**
 * The text of the UTF-8 bytes buf[start, end) (at file offset `base`, for errors). Bytes that are
 * not UTF-8 are an error (decoding alone would put U+FFFD in their place): inputs are checked so
 * as they are decoded, not in a separate pass over the whole file.
 */
export function utf8Text(buf: Uint8Array, start: number, end: number, base = 0): string {
  const bytes = Buffer.from(buf.buffer, buf.byteOffset + start, end - start);
  if (!isUtf8(bytes)) throw new NotUtf8Error('Not UTF-8', base + start);
  try {
    return bytes.toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STRING_TOO_LONG') throw error;
    throw tooLongError(base + start);
  }
}

/** The bytes of JSON's structure (shared by the scanners). */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const NL = 0x0a;

/** JSON whitespace: space, newline, carriage return, tab. */
export function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Length of a UTF-8 byte order mark at the start of `buf` (0 or 3). */
export function bomLength(buf: Uint8Array): number {
  return buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
}

export function skipWs(buf: Uint8Array, i: number, end = buf.length): number {
  while (i < end && isWs(buf[i]!)) i++;
  return i;
}

/**
 * End (exclusive) of the string token whose opening quote is at `i`: the next quote not escaped
 * (found by the native search; an odd run of backslashes before a quote escapes it).
 */
function stringEnd(buf: Uint8Array, i: number, end: number): number {
  for (let j = buf.indexOf(QUOTE, i + 1); j >= 0 && j < end; j = buf.indexOf(QUOTE, j + 1)) {
    let backslashes = 0;
    while (buf[j - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
  }
  throw new JsonSyntaxError('Unterminated string', i);
}

/** The string of the key token buf[start, end): decoded directly unless JSON.parse has to judge it (escapes, control characters). */
function keyText(buf: Uint8Array, start: number, end: number): string {
  for (let i = start + 1; i < end - 1; i++) if (buf[i]! < 0x20 || buf[i] === BACKSLASH) return parseSlice(buf, start, end) as string;
  return utf8Text(buf, start + 1, end - 1);
}

/**
 * End (exclusive) of the JSON value starting at `i` (no leading whitespace). Strings and
 * nesting are tracked; everything else is left for JSON.parse to validate.
 */
export function valueEnd(buf: Uint8Array, i: number, end = buf.length): number {
  const first = buf[i];
  if (first === QUOTE) return stringEnd(buf, i, end);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let j = i; j < end; j++) {
      const c = buf[j]!;
      if (c === QUOTE) {
        j = stringEnd(buf, j, end) - 1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    throw new JsonSyntaxError(first === OPEN_BRACE ? "Expected '}' before end of input" : "Expected ']' before end of input", i);
  }
  let j = i;
  while (j < end) {
    const c = buf[j]!;
    if (isWs(c) || c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COLON) break;
    j++;
  }
  if (j === i) throw new JsonSyntaxError('Expected a value', i);
  return j;
}

export interface Member {
  key: string;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

/** The members of the object whose `{` is at `start`, with the structure between them checked. */
export function objectMembers(buf: Uint8Array, start: number, end = buf.length): Member[] {
  const scan = startObjectScan(buf, start, end);
  while (nextMember(buf, scan, end)) {
    // each member is added to scan.members
  }
  return scan.members;
}

/** An object's members found so far, and where the next member's key starts (-1: all found). */
export interface ObjectScan {
  members: Member[];
  next: number;
}

function startObjectScan(buf: Uint8Array, start: number, end: number): ObjectScan {
  if (buf[start] !== OPEN_BRACE) throw new JsonSyntaxError("Expected '{'", start);
  const i = skipWs(buf, start + 1, end);
  return { members: [], next: buf[i] === CLOSE_BRACE ? -1 : i };
}

/** Scans the next member of `scan` (checking the structure after it); undefined when all were found. */
function nextMember(buf: Uint8Array, scan: ObjectScan, end: number): Member | undefined {
  let i = scan.next;
  if (i < 0) return undefined;
  if (buf[i] !== QUOTE) throw new JsonSyntaxError('Expected a double-quoted property name', i);
  const keyStart = i;
  const keyEnd = stringEnd(buf, i, end);
  const key = keyText(buf, keyStart, keyEnd);
  i = skipWs(buf, keyEnd, end);
  if (buf[i] !== COLON) throw new JsonSyntaxError("Expected ':' after property name", i);
  const valueStart = skipWs(buf, i + 1, end);
  if (valueStart >= end) throw new JsonSyntaxError('Expected a value before end of input', valueStart);
  const vEnd = valueEnd(buf, valueStart, end);
  const member = { key, keyStart, valueStart, valueEnd: vEnd };
  scan.members.push(member);
  i = skipWs(buf, vEnd, end);
  if (buf[i] === COMMA) scan.next = skipWs(buf, i + 1, end);
  else if (buf[i] === CLOSE_BRACE) scan.next = -1;
  else throw new JsonSyntaxError("Expected ',' or '}' after property value", i);
  return member;
}

/** Start and end of each element of the array whose `[` is at `start`. */
export function* arrayElements(buf: Uint8Array, start: number, end = buf.length): Generator<[number, number]> {
  if (buf[start] !== OPEN_BRACKET) throw new JsonSyntaxError("Expected '['", start);
  let i = skipWs(buf, start + 1, end);
  if (buf[i] === CLOSE_BRACKET) return;
  for (;;) {
    if (i >= end) throw new JsonSyntaxError("Expected ']' before end of input", i);
    const elementEnd = valueEnd(buf, i, end);
    yield [i, elementEnd];
    i = skipWs(buf, elementEnd, end);
    if (buf[i] === COMMA) {
      i = skipWs(buf, i + 1, end);
      continue;
    }
    if (buf[i] === CLOSE_BRACKET) return;
    throw new JsonSyntaxError("Expected ',' or ']' after array element", i);
  }
}

/** JSON.parse of buf[start, end). */
export function parseSlice(buf: Uint8Array, start: number, end: number): unknown {
  return JSON.parse(utf8Text(buf, start, end));
}

export function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function encodePointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/**
 * Offset of what `segments` points at inside the value starting at `start`: the property name
 * for an object member, the value for an array element. Stops at the deepest segment that
 * exists, so a pointer to a missing key lands on its parent.
 */
export function locateInJson(buf: Uint8Array, start: number, segments: readonly string[], cache?: LocateCache): number {
  let at = skipWs(buf, start);
  let result = at;
  for (const segment of segments) {
    const c = buf[at];
    if (c === OPEN_BRACE) {
      // Members are scanned only as far as the one asked for (a record's later members, often
      // large, are not scanned for a place before them); what was scanned is kept for the next place.
      let scan = cache?.members.get(at);
      if (!scan) {
        scan = startObjectScan(buf, at, buf.length);
        cache?.members.set(at, scan);
      }
      let member = scan.members.find((m) => m.key === segment);
      while (!member && scan.next >= 0) {
        const next = nextMember(buf, scan, buf.length)!;
        if (next.key === segment) member = next;
      }
      if (!member) return result;
      result = member.keyStart;
      at = member.valueStart;
    } else if (c === OPEN_BRACKET) {
      const starts = cache?.elements.get(at) ?? [...arrayElements(buf, at)].map(([s]) => s);
      cache?.elements.set(at, starts);
      const found = starts[Number(segment)];
      if (found === undefined) return result;
      result = found;
      at = found;
    } else {
      return result;
    }
  }
  return result;
}

/**
 * The members and element starts `locateInJson` found, by offset, for one buffer: a record with
 * many findings is then scanned once, not once per finding.
 */
export interface LocateCache {
  members: Map<number, ObjectScan>;
  elements: Map<number, number[]>;
}
