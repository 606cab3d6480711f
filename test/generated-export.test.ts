import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * End to end on realistic data: the benchmark's generator writes an export in which a known
 * share of entries has one broken value (it prints the count per kind on stderr); a full lint
 * must report exactly those, so the entry rules raise no false alarm on the thousands of valid
 * values around them.
 */
const dir = mkdtempSync(join(tmpdir(), 'cmlint-generated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function node(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, args, { encoding: 'utf8', cwd: join(import.meta.dirname, '..') });
}

it.each([11, 12])('a generated export (seed %i): one finding per broken value, none elsewhere', (seed) => {
  const file = join(dir, `export-${seed}.json`);
  const generated = node(['bench/generate-export.mjs', '--entries', '800', '--seed', String(seed), '--invalid-rate', '0.05', '--out', file]);
  expect(generated.status, generated.stderr).toBe(0);
  const { broken } = JSON.parse(generated.stderr) as { broken: Record<string, number> };
  const expected = {
    'entry-field-validation': Object.entries(broken).reduce((sum, [kind, n]) => (kind === 'required' ? sum : sum + n), 0),
    'required-field-empty': broken.required ?? 0,
  };
  expect(expected['entry-field-validation']).toBeGreaterThan(10);

  const lint = node(['bin/cmlint.js', file, '--format', 'json', '--as-of', '2026-11-21']);
  expect(lint.status, lint.stderr).toBe(1);
  const { findings } = JSON.parse(lint.stdout) as { findings: { ruleId: string }[] };
  // The generator plants broken values for these two rules; other rules (locale publishing, for
  // one: the generator writes draft and changed locales on purpose) are not counted here.
  const actual: Record<string, number> = { 'entry-field-validation': 0, 'required-field-empty': 0 };
  for (const finding of findings) if (finding.ruleId in actual) actual[finding.ruleId]! += 1;
  expect(actual).toEqual(expected);
});
