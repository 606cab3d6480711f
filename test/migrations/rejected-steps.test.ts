import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';

/** TypeScript scripts shaped like a real project's (fixtures/migrations/recipes-ts/README.md). */
const FIXTURE = join(import.meta.dirname, '../../fixtures/migrations/recipes-ts');

interface JsonFinding {
  ruleId: string;
  target: { contentType: string | null; field: string | null };
  file: string;
  line: number;
  message: string;
}

describe('the migration tool’s errors about a content type it checks as a whole', () => {
  it('each error once, at the step that made its field: not at a field whose id a message word matches, nor at a later step of the content type', async () => {
    const { code, stdout, stderr } = await runMain(['--format', 'json', '--as-of', '2026-11-21'], FIXTURE);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const findings = (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;
    expect(findings.map((f) => [f.file, f.line, f.ruleId, f.target.contentType, f.target.field])).toEqual([
      // `.createField('photo')`: a link without a link type.
      ['migrations/0002-create-recipe.ts', 16, 'migration-invalid', 'recipe', 'photo'],
      // `.createField('variations')`: a list with a link type. Its message quotes "type", the id of
      // the field created at line 21; and the tool checks `recipe` again at line 44 (displayField).
      ['migrations/0002-create-recipe.ts', 34, 'migration-invalid', 'recipe', 'variations'],
    ]);
    expect(findings[0]!.message).toContain('The property "linkType" is required on the field "photo" because "type" is "Link".');
    expect(findings[1]!.message).toContain('The property "linkType" is forbidden on the field "variations" because "type" is not "Link".');
  });
});
