import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RuleConfiguration } from '../src/config/resolve-rules.js';
import { runRules } from '../src/engine/run-rules.js';
import { loadSpace } from '../src/load/load-space.js';
import { loadBuiltinRules } from '../src/rules-registry.js';

/**
 * Every rule on every real export in ../shared/corpus: no crash, and exactly the findings that
 * were reviewed by hand (a false alarm on real data is a bug). Update EXPECTED only after
 * reading what a rule reports and why it is right.
 */
const corpusDir = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
const corpusFiles = readdirSync(corpusDir).filter((name) => name.endsWith('.json')).sort();
const rules = await loadBuiltinRules();

/** Reviewed findings per corpus file: `ruleId contentType/field/entry/locale`. */
const EXPECTED: Record<string, string[]> = {
  'cli-init-content.json': [],
  'content-types-only.json': [],
  'covid-19-site-template.json': [],
  'example-taxonomy.json': [],
  // Two locales marked default; the second is reported (the import tool's own test export).
  'import-sample-space.json': ['input-shape ///de-DE'],
  'starter-gatsby-blog.json': [],
  'starter-hydrogen-store.json': [],
  'unlikely-friends.json': [],
};

describe('rules on the real exports in ../shared/corpus', () => {
  it('covers every corpus file', () => {
    expect(corpusFiles).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(corpusFiles)('%s', async (name) => {
    const space = await loadSpace([{ absPath: `${corpusDir}${name}`, explicit: true }], corpusDir);
    const configuration = new RuleConfiguration(rules, { extends: 'all' });
    const { findings } = await runRules(space, configuration, '2026-11-21');
    expect(findings.filter((f) => f.internal).map((f) => f.message)).toEqual([]);
    const summary = findings.map((f) => `${f.ruleId} ${[f.target.contentType, f.target.field, f.target.entry, f.target.locale].join('/')}`);
    expect(summary).toEqual(EXPECTED[name]);
  });
});
