import { readFileSync } from 'node:fs';
import type { Position, SourceFile, SourceRef } from '../../load/source.js';
import type { SourcePlaceNode } from '../../model/code-nodes.js';

/** Text of a source file as parsers see it: decoded as UTF-8, without a byte order mark. */
export function sourceText(buffer: Buffer): string {
  const text = buffer.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * An application source file that findings are reported in. Positions are UTF-16 offsets in its
 * text (what parsers give); line and column are computed only for files with findings, from the
 * text read again then, so that a run over thousands of files holds none of them.
 */
export class CodeSourceFile implements SourceFile {
  private lineStarts: number[] | undefined;

  constructor(
    readonly path: string,
    readonly absPath: string,
  ) {}

  locate(ref: SourceRef): Position {
    const starts = (this.lineStarts ??= lineStartsOf(sourceText(readFileSync(this.absPath))));
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
    this.lineStarts = undefined;
  }

  /** A node to report a finding at `offset`, naming the model's content type (and field) when the code does. */
  at(offset: number, target: { contentType?: string | null; field?: string | null } = {}): SourcePlaceNode {
    return { kind: 'code', source: { file: this, pointer: '', offset }, contentType: target.contentType ?? null, field: target.field ?? null };
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
