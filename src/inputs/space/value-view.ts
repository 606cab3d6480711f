import { JsonSyntaxError, bomLength, encodePointer, objectMembers, skipWs, OPEN_BRACE, OPEN_BRACKET } from './json-scan.js';
import { parseAt, streamElements, topLevelMembers } from './json-stream.js';
import type { JsonSourceFile } from './source.js';
import type { SourceFile, SourceRef } from '../../model/source-ref.js';

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
    /** The value, when it was parsed while being found (streamed elements). */
    private readonly parsed?: unknown,
    /** The value's first byte, when known (saves a read). */
    first: number = file.slice(start, start + 1)[0]!,
  ) {
    this.ref = { file, pointer, offset: start };
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
      this.ref.pointer === ''
        ? topLevelMembers(this.file.bytes, this.start)
        : this.inBytes((buf, start, end) => objectMembers(buf, start, end)).map((m) => ({
            ...m,
            keyStart: m.keyStart + this.start,
            valueStart: m.valueStart + this.start,
            valueEnd: m.valueEnd + this.start,
          }));
    const last = members[members.length - 1];
    this.expectEnd(last ? last.valueEnd : this.start + 1);
    return members.map((m) => [m.key, new JsonView(this.file, this.ref.pointer + encodePointer([m.key]), m.valueStart, m.valueEnd)]);
  }

  *elements(): Iterable<ValueView> {
    let index = 0;
    let last = this.start + 1;
    // Files of every size are streamed: a window of the file is held, never the whole file.
    for (const element of streamElements(this.file.bytes, this.start, this.end)) {
      last = element.end;
      this.file.streaming(element.start, element.bytes, element.base);
      const first = element.bytes[element.start - element.base]!;
      yield new JsonView(this.file, `${this.ref.pointer}/${index++}`, element.start, element.end, element.value, first);
    }
    this.expectEnd(last);
  }

  /** Runs a byte scan over the view's bytes, read from the file (offset 0 is the view's start); its syntax errors get file offsets. */
  private inBytes<T>(scan: (buf: Buffer, start: number, end: number) => T): T {
    const buf = this.file.slice(this.start, this.end);
    try {
      return scan(buf, 0, buf.length);
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw error.moved(this.start);
      throw error;
    }
  }

  /** The value (parsed now unless it was parsed while found); its record's bytes are then the file's current record. */
  value(): unknown {
    if (this.parsed !== undefined) return this.parsed;
    return this.inBytes((buf, start, end) => {
      const value = parseAt(buf, start, end, 0);
      this.file.streaming(this.start, buf, this.start);
      return value;
    });
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
