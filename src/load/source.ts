import { readFileSync } from 'node:fs';
import type { Document, LineCounter } from 'yaml';
import { bomLength, decodePointer, locateInJson } from './json-scan.js';

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
 * A JSON input. Its bytes are read when needed and can be released between passes, so that a
 * run holds at most the files it is working on (and, at the end, those with findings).
 */
export class JsonSourceFile implements SourceFile {
  private buf: Buffer | undefined;
  private lines: LineIndex | undefined;

  constructor(
    readonly path: string,
    readonly absPath: string,
  ) {}

  buffer(): Buffer {
    return (this.buf ??= readFileSync(this.absPath));
  }

  release(): void {
    this.buf = undefined;
    this.lines = undefined;
  }

  locate(ref: SourceRef, path: readonly string[]): Position {
    return this.position(locateInJson(this.buffer(), ref.offset, path));
  }

  position(offset: number): Position {
    return (this.lines ??= new LineIndex(this.buffer())).position(offset);
  }
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
