import type { FindingList } from '../engine/findings.js';
import { JsonSourceFile } from '../inputs/space/source.js';
import type { Fix } from './changes.js';
import { planEdits, type ChosenFix } from './plan-edits.js';

/** An edit of a file for SARIF: the region replaced (1-based lines, UTF-16 columns, end exclusive) and the text put there. */
export interface ArtifactEdit {
  file: string;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  text: string;
}

/**
 * The edits of every fix and suggestion of the findings, as SARIF's `fixes` give them (a region
 * by line and UTF-16 column, and its new text): each planned in place on its own. A fix that
 * cannot be made in place (a field renamed, a record that migration scripts changed) has none.
 */
export async function fixEdits(findings: FindingList): Promise<(fix: Fix) => readonly ArtifactEdit[] | undefined> {
  const chosen: ChosenFix[] = [];
  for (const finding of findings) for (const fix of [...(finding.fix ? [finding.fix] : []), ...(finding.suggestions ?? [])]) chosen.push({ finding, fix });
  if (chosen.length === 0) return () => undefined;
  const plan = await planEdits(chosen, true);
  const files = new Map<string, JsonSourceFile>();
  const edits = new Map<Fix, ArtifactEdit[]>();
  try {
    for (const [fix, planned] of plan.editsOf) {
      edits.set(
        fix,
        planned.flatMap(({ file, edits: byteEdits }) => {
          // Positions of byte offsets, as findings are placed (columns in UTF-16 code units).
          let source = files.get(file.absPath);
          if (!source) files.set(file.absPath, (source = new JsonSourceFile(file.shown, file.absPath)));
          return byteEdits.map((edit) => {
            const start = source.position(edit.start);
            const end = source.position(edit.end);
            return { file: file.shown, startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column, text: edit.text };
          });
        }),
      );
    }
  } finally {
    for (const file of files.values()) file.release();
  }
  return (fix) => edits.get(fix);
}
