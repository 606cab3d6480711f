import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';

const FIXTURE = join(import.meta.dirname, '../../fixtures/migrations/must-show');

const cli = runMain;

interface JsonFinding {
  ruleId: string;
  target: { contentType: string | null; field: string | null; entry: string | null; locale: string | null };
  file: string;
  line: number;
  message: string;
}

const row = (f: JsonFinding) => [f.file, f.line, f.ruleId, f.target.contentType, f.target.field, f.target.entry];

describe('migration scripts replayed on a model with entries', () => {
  it('reports each script’s problem at its line with the right rule, the empty entries of the new required field, and nothing for the clean script', async () => {
    const { code, stdout, stderr } = await cli(['--format', 'json', '--as-of', '2026-11-21'], FIXTURE);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const findings = (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;
    expect(findings.map(row)).toEqual([
      // The hidden required field: at the call that hid it (`.disabled(true)` of the createField chain).
      ['migrations/0001-add-legacy-code.js', 8, 'hidden-required-field', 'blogPost', 'legacyCode', null],
      // The lookahead: at the `validations` call.
      ['migrations/0002-slug-pattern.js', 3, 're2-incompatible-pattern', 'blogPost', 'slug', null],
      // The broken delete: the tool's own message, at the deleteField call.
      ['migrations/0003-remove-subtitle.js', 3, 'migration-invalid', 'blogPost', 'subtitle', null],
      // The entries the new required field leaves empty, at their records on disk.
      ['space.json', 22, 'required-field-empty', 'blogPost', 'legacyCode', 'post-1'],
      ['space.json', 26, 'required-field-empty', 'blogPost', 'legacyCode', 'post-2'],
    ]);
    expect(findings[2]!.message).toContain('Field with id "subtitle" cannot be deleted because it does not exist');
    expect(findings.some((f) => f.file === 'migrations/0004-add-category.js')).toBe(false);
  });

  it('pre-commit: a changed script is linted with the scripts before it, and only its own findings are reported', async () => {
    const { code, stdout } = await cli(['--format', 'json', '--as-of', '2026-11-21', 'migrations/0002-slug-pattern.js'], FIXTURE);
    expect(code).toBe(1);
    const findings = (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;
    expect(findings.map(row)).toEqual([['migrations/0002-slug-pattern.js', 3, 're2-incompatible-pattern', 'blogPost', 'slug', null]]);
  });

  it('pre-commit: the clean script alone passes', async () => {
    const { code, stdout } = await cli(['--format', 'json', '--as-of', '2026-11-21', 'migrations/0004-add-category.js'], FIXTURE);
    expect(JSON.parse(stdout).findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('cmlint diff: "after" is the model the scripts produce; what they break is reported at their lines', async () => {
    const { code, stdout } = await cli(['diff', 'space.json', 'space.json', '--format', 'json', '--as-of', '2026-11-21'], FIXTURE);
    expect(code).toBe(1);
    const findings = (JSON.parse(stdout) as { findings: (JsonFinding & { change?: string })[] }).findings;
    expect(findings.map((f) => [...row(f), f.change ?? null])).toEqual([
      ['migrations/0001-add-legacy-code.js', 8, 'required-added', 'blogPost', 'legacyCode', 'post-1', 'breaking'],
      ['migrations/0003-remove-subtitle.js', 3, 'migration-invalid', 'blogPost', 'subtitle', null, null],
    ]);
  });

  it('without the scripts the model has none of these findings', async () => {
    const { code, stdout } = await cli(['--format', 'json', '--as-of', '2026-11-21', '--config', '/dev/null', 'space.json'], FIXTURE);
    expect(code, stdout).toBe(0);
  });
});
