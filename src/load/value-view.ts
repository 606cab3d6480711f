import { JsonSyntaxError, arrayElements, bomLength, encodePointer, objectMembers, parseSlice, skipWs } from './json-scan.js';
import type { JsonSourceFile, SourceFile, SourceRef } from './source.js';

/**
 * A read-only view of one value in an input file, enough to classify a file's records without
 * parsing what is not needed yet: a JSON view parses only when asked and finds array elements
 * by scanning bytes, so the entries of a large export are never parsed all at once.
 */
export interface ValueView {
  readonly ref: SourceRef;
  readonly type: 'object' | 'array' | 'other';
  /** Members of an object, in document order. */
  members(): [string, ValueView][];
  /** Elements of an array, in document order (lazily, for JSON). */
  elements(): Iterable<ValueView>;
  /** The value itself. */
  value(): unknown;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

export class JsonView implements ValueView {
  readonly ref: SourceRef;
  readonly type: 'object' | 'array' | 'other';

  constructor(
    private readonly file: JsonSourceFile,
    pointer: string,
    private readonly start: number,
    private readonly end: number,
  ) {
    this.ref = { file, pointer, offset: start };
    const first = file.buffer()[start];
    this.type = first === OPEN_BRACE ? 'object' : first === OPEN_BRACKET ? 'array' : 'other';
  }

  /** The view of a whole file, after any byte order mark and leading whitespace. */
  static root(file: JsonSourceFile): JsonView {
    const buf = file.buffer();
    const start = skipWs(buf, bomLength(buf));
    return new JsonView(file, '', start, buf.length);
  }

  members(): [string, ValueView][] {
    const buf = this.file.buffer();
    const members = objectMembers(buf, this.start, this.end);
    const last = members[members.length - 1];
    expectEnd(buf, skipWs(buf, last ? last.valueEnd : this.start + 1) + 1, this.end);
    return members.map((m) => [m.key, new JsonView(this.file, this.ref.pointer + encodePointer([m.key]), m.valueStart, m.valueEnd)]);
  }

  *elements(): Iterable<ValueView> {
    const buf = this.file.buffer();
    let index = 0;
    let last = this.start + 1;
    for (const [s, e] of arrayElements(buf, this.start, this.end)) {
      last = e;
      yield new JsonView(this.file, `${this.ref.pointer}/${index++}`, s, e);
    }
    expectEnd(buf, skipWs(buf, last) + 1, this.end);
  }

  value(): unknown {
    return parseSlice(this.file.buffer(), this.start, this.end);
  }
}

/**
 * Only whitespace may follow the closing bracket at `closeEnd - 1` up to `end`. This matters for
 * the root, whose view ends at the end of the file: text after it (a second export pasted into the
 * same file, a stray brace) would otherwise be ignored.
 */
function expectEnd(buf: Uint8Array, closeEnd: number, end: number): void {
  const i = skipWs(buf, closeEnd, end);
  if (i < end) throw new JsonSyntaxError('Unexpected text after the JSON value', i);
}

export class PlainView implements ValueView {
  readonly ref: SourceRef;
  readonly type: 'object' | 'array' | 'other';

  constructor(
    file: SourceFile,
    pointer: string,
    private readonly data: unknown,
  ) {
    this.ref = { file, pointer, offset: 0 };
    this.type = Array.isArray(data) ? 'array' : typeof data === 'object' && data !== null ? 'object' : 'other';
  }

  members(): [string, ValueView][] {
    return Object.entries(this.data as Record<string, unknown>).map(([k, v]) => [
      k,
      new PlainView(this.ref.file, this.ref.pointer + encodePointer([k]), v),
    ]);
  }

  *elements(): Iterable<ValueView> {
    const items = this.data as unknown[];
    for (let i = 0; i < items.length; i++) yield new PlainView(this.ref.file, `${this.ref.pointer}/${i}`, items[i]);
  }

  value(): unknown {
    return this.data;
  }
}
