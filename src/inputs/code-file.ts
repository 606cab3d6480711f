import { readFileSync } from 'node:fs';
import type { Position, SourceFile, SourceRef } from '../model/source-ref.js';
import type { SourcePlaceNode } from '../model/code-nodes.js';

/** The text of a code file as parsers see it: decoded as UTF-8, without a byte order mark. */
export function codeText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A text file of a code input (a GraphQL document, a component, a script, application source).
 * Records in it are found by offset: `SourceRef.offset` counts UTF-16 code units from the start
 * of its text (`codeText`: what JavaScript strings, parsers and editors' columns count),
 * `pointer` is empty. The text may be given when the file is read and is dropped with `release`;
 * `locate` reads it again if needed, so that a run over thousands of files holds none of them.
 */
export class CodeSourceFile implements SourceFile {
  private text: string | undefined;
  private lineStarts: number[] | undefined;

  constructor(
    readonly path: string,
    readonly absPath: string,
    text?: string,
  ) {
    this.text = text;
  }

  /** A reference to `offset` in this file. */
  ref(offset: number): SourceRef {
    return { file: this, pointer: '', offset };
  }

  /** A node to report a finding at `offset`, naming the model's content type (and field) when the code does. */
  at(offset: number, target: { contentType?: string | null; field?: string | null } = {}): SourcePlaceNode {
    return { kind: 'code', source: this.ref(offset), contentType: target.contentType ?? null, field: target.field ?? null };
  }

  locate(ref: SourceRef): Position {
    const starts = (this.lineStarts ??= lineStarts((this.text ??= codeText(readFileSync(this.absPath)))));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= ref.offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: ref.offset - starts[lo]! + 1 };
  }

  release(): void {
    this.text = undefined;
    this.lineStarts = undefined;
  }
}

/** Offsets at which lines start (after `\n`, `\r\n` or a lone `\r`, as GraphQL and editors count lines). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}
