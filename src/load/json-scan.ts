/**
 * Byte-level helpers over JSON text held in a Buffer. They find where values start and end so
 * that each record can be parsed on its own with JSON.parse (fast, and it validates the record),
 * and so that a JSON pointer can be turned back into a byte offset for line and column.
 *
 * The structure between records (braces, brackets, commas, colons, keys) is checked here; the
 * records themselves are checked by JSON.parse. When anything is wrong, `diagnoseJson` finds the
 * exact offset and reason.
 */

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
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

function isWs(c: number): boolean {
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

/** End (exclusive) of the string token whose opening quote is at `i`. */
function stringEnd(buf: Uint8Array, i: number, end: number): number {
  for (let j = i + 1; j < end; j++) {
    const c = buf[j]!;
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  throw new JsonSyntaxError('Unterminated string', i);
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
  if (buf[start] !== OPEN_BRACE) throw new JsonSyntaxError("Expected '{'", start);
  const members: Member[] = [];
  let i = skipWs(buf, start + 1, end);
  if (buf[i] === CLOSE_BRACE) return members;
  for (;;) {
    if (buf[i] !== QUOTE) throw new JsonSyntaxError('Expected a double-quoted property name', i);
    const keyStart = i;
    const keyEnd = stringEnd(buf, i, end);
    const key = parseSlice(buf, keyStart, keyEnd) as string;
    i = skipWs(buf, keyEnd, end);
    if (buf[i] !== COLON) throw new JsonSyntaxError("Expected ':' after property name", i);
    const valueStart = skipWs(buf, i + 1, end);
    if (valueStart >= end) throw new JsonSyntaxError('Expected a value before end of input', valueStart);
    const vEnd = valueEnd(buf, valueStart, end);
    members.push({ key, keyStart, valueStart, valueEnd: vEnd });
    i = skipWs(buf, vEnd, end);
    if (buf[i] === COMMA) {
      i = skipWs(buf, i + 1, end);
      continue;
    }
    if (buf[i] === CLOSE_BRACE) return members;
    throw new JsonSyntaxError("Expected ',' or '}' after property value", i);
  }
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
  return JSON.parse(Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('utf8'));
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
      const members = (cache?.members.get(at) as Member[] | undefined) ?? objectMembers(buf, at);
      cache?.members.set(at, members);
      const member = members.find((m) => m.key === segment);
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
  members: Map<number, Member[]>;
  elements: Map<number, number[]>;
}
