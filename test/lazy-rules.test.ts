/**
 * A run imports the modules of the rules it runs and no other: the built-in rules come from
 * schema/rule-index.json, and a rule that checks only inputs the run does not have (meta.inputs)
 * is not imported. The findings are those of the same run with every rule module imported.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigFile } from '../src/config/load-config.js';
import type { Rule } from '../src/engine/rule.js';
import { lint } from '../src/pipeline/run.js';
import { builtinRules, importedRuleIds, loadBuiltinRules } from '../src/engine/rules-registry.js';
import { build, pretty, removeTempDirs, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const CONFIG = { extends: 'all', documents: ['*.graphql'] } as ConfigFile;

function space(files: Record<string, unknown> = {}): string {
  const dir = tempDir();
  const page = build.contentType('page', ['title', 'body']);
  (page.fields as { required: boolean }[])[1]!.required = true;
  const text = pretty({ contentTypes: [page], locales: [build.locale('en-US', null, true)], entries: [build.entry('e1', 'page')], assets: [] });
  writeFiles(dir, { 'export.json': text, ...files });
  return dir;
}

async function run(dir: string, rules: Rule<never>[]) {
  const { result } = await lint({ paths: [], cwd: dir, config: { config: { ...CONFIG, include: ['*.json'] }, path: null, rules }, asOf: '2026-01-01' });
  return result.findings;
}

/** The rules every lint run with `extends: all` runs: the lint rules that check the model. */
const modelRules = (rules: readonly Rule<never>[]) => rules.filter((r) => r.meta.diff !== true && r.meta.inputs === undefined).map((r) => r.meta.id);

describe('rule modules a run imports', () => {
  it('a lint run of an export imports the lint rules of the model only, and finds what all rules find', async () => {
    const dir = space();
    const findings = await run(dir, builtinRules());
    expect(importedRuleIds()).toEqual(modelRules(builtinRules()));
    expect(importedRuleIds()).not.toContain('graphql-document-invalid');
    expect(importedRuleIds()).not.toContain('field-removed');
    expect(findings.map((f) => f.ruleId)).toContain('required-field-empty');
    expect(findings).toEqual(await run(dir, await loadBuiltinRules()));
  });

  it('a run with GraphQL documents imports the rules on documents too, not those on application sources', async () => {
    const dir = space({ 'q.graphql': 'query Q { pageCollection(limit: 0) { items { nope } } }\n' });
    const findings = await run(dir, builtinRules());
    expect(importedRuleIds()).toEqual(expect.arrayContaining(['graphql-document-invalid', 'graphql-resource-sys-type', 'zero-limit-query']));
    expect(importedRuleIds()).not.toContain('legacy-usage-endpoint');
    expect(findings.map((f) => f.ruleId)).toContain('graphql-document-invalid');
    expect(findings).toEqual(await run(dir, await loadBuiltinRules()));
  });
});
