import { JsonSyntaxError, arrayElements, bomLength, encodePointer, objectMembers, skipWs, OPEN_BRACE, OPEN_BRACKET } from './json-scan.js';
import { parseAt, streamElements, topLevelMembers } from './json-stream.js';
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
  /** A view that holds no parsed value, to keep while a file's records are only being indexed. */
  detached(): ValueView;
}


export class JsonView implements ValueView {
  readonly ref: SourceRef;
  readonly type: 'object' | 'array' | 'other';

  constructor(
    private readonly file: JsonSourceFile,
    pointer: string,
    private readonly start: number,
    private readonly end: number,
    /** The value, when it was parsed while being found (elements of large files). */
    private readonly parsed?: unknown,
  ) {
    this.ref = { file, pointer, offset: start };
    const first = file.slice(start, start + 1)[0];
    this.type = first === OPEN_BRACE ? 'object' : first === OPEN_BRACKET ? 'array' : 'other';
  }

  /** The view of a whole file, after any byte order mark and leading whitespace. */
  static root(file: JsonSourceFile): JsonView {
    const head = file.slice(0, 1 << 16);
    const start = skipWs(head, bomLength(head));
    return new JsonView(file, '', start, file.size);
  }

  members(): [string, ValueView][] {
    const members =
      this.file.large && this.ref.pointer === ''
        ? topLevelMembers(this.file.bytes, this.start)
        : this.inBytes((buf, start, end) => objectMembers(buf, start, end)).map((m) => ({
            ...m,
            keyStart: m.keyStart + this.base,
            valueStart: m.valueStart + this.base,
            valueEnd: m.valueEnd + this.base,
          }));
    const last = members[members.length - 1];
    this.expectEnd(last ? last.valueEnd : this.start + 1);
    return members.map((m) => [m.key, new JsonView(this.file, this.ref.pointer + encodePointer([m.key]), m.valueStart, m.valueEnd)]);
  }

  *elements(): Iterable<ValueView> {
    let index = 0;
    let last = this.start + 1;
    // A small file is read whole, so its offsets are the file's; a large one is streamed.
    const elements = this.file.large
      ? streamElements(this.file.bytes, this.start, this.end)
      : smallFileElements(this.file.slice(0, this.file.size), this.start, this.end);
    for (const element of elements) {
      last = element.end;
      if (element.bytes) this.file.streaming(element.start, element.bytes, element.base);
      yield new JsonView(this.file, `${this.ref.pointer}/${index++}`, element.start, element.end, element.value);
    }
    this.expectEnd(last);
  }

  /** Where `inBytes` coordinates start in the file: 0 for a small file (read whole), the view's start for a large one. */
  private get base(): number {
    return this.file.large ? this.start : 0;
  }

  /** Runs a byte scan over the view's bytes (in `base` coordinates); its syntax errors get file offsets. */
  private inBytes<T>(scan: (buf: Buffer, start: number, end: number) => T): T {
    const base = this.base;
    const buf = base === 0 ? this.file.slice(0, this.file.size) : this.file.slice(this.start, this.end);
    try {
      return scan(buf, this.start - base, this.end - base);
    } catch (error) {
      if (error instanceof JsonSyntaxError && base > 0) throw new JsonSyntaxError(error.message, error.offset + base);
      throw error;
    }
  }

  value(): unknown {
    if (this.parsed !== undefined) return this.parsed;
    return this.inBytes((buf, start, end) => parseAt(buf, start, end, this.base));
  }

  detached(): ValueView {
    return this.parsed === undefined ? this : new JsonView(this.file, this.ref.pointer, this.start, this.end);
  }

  /** Offsets of the value in its file: first byte, and just after the last. */
  range(): [number, number] {
    return [this.start, this.end];
  }

  /**
   * Only whitespace may follow the closing bracket after `lastValueEnd` up to the view's end. This
   * matters for the root, whose view ends at the end of the file: text after it (a second export
   * pasted into the same file, a stray brace) would otherwise be ignored.
   */
  private expectEnd(lastValueEnd: number): void {
    const tail = this.file.slice(lastValueEnd, Math.min(this.end, lastValueEnd + (1 << 16)));
    const close = skipWs(tail, 0);
    const after = skipWs(tail, close + 1);
    if (lastValueEnd + after < this.end && after < tail.length) {
      throw new JsonSyntaxError('Unexpected text after the JSON value', lastValueEnd + after);
    }
  }
}

function* smallFileElements(buf: Buffer, start: number, end: number): Generator<{ start: number; end: number; value: undefined; bytes?: undefined; base?: undefined }> {
  for (const [s, e] of arrayElements(buf, start, end)) yield { start: s, end: e, value: undefined };
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

  detached(): ValueView {
    return this;
  }
}
