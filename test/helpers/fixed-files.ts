import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { planEdits, type ChosenFix } from '../../src/fix/plan-edits.js';

/**
 * The files `chosen` changes, with their text after the fixes are made in place as `--fix` makes
 * them (src/fix/plan-edits.ts), by absolute path. Every fix must apply.
 */
export async function fixedFiles(chosen: readonly ChosenFix[]): Promise<Map<string, string>> {
  const plan = await planEdits(chosen);
  expect(plan.skipped.map((s) => `${s.chosen.fix.desc}: ${s.reason}`), 'every fix applies in place').toEqual([]);
  const texts = new Map<string, string>();
  for (const { absPath, edits } of plan.files) {
    const bytes = readFileSync(absPath);
    const parts: Buffer[] = [];
    let at = 0;
    for (const edit of edits) {
      parts.push(bytes.subarray(at, edit.start), Buffer.from(edit.text));
      at = edit.end;
    }
    parts.push(bytes.subarray(at));
    texts.set(absPath, Buffer.concat(parts).toString('utf8'));
  }
  return texts;
}
