import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RuleConfiguration } from '../src/config/resolve-rules.js';
import { runRules } from '../src/engine/run-rules.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { loadBuiltinRules } from '../src/engine/rules-registry.js';
import { CORPUS } from './helpers/corpus.js';

/**
 * Every rule on every real export in fixtures/corpus: no crash, and exactly the findings that
 * were reviewed by hand (a false alarm on real data is a bug). Update EXPECTED only after
 * reading what a rule reports and why it is right.
 */
const corpusDir = CORPUS;
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

describe('rules on the real exports in fixtures/corpus', () => {
  it('covers every corpus file', () => {
    expect(corpusFiles).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(corpusFiles)('%s', async (name) => {
    expect(await lintCorpusFile(name)).toEqual(EXPECTED[name]);
  });

  // None of the exports has taxonomy validations or concepts on entries: with the organisation
  // taxonomy export beside them, the findings are the same.
  it.each(corpusFiles)('%s with example-taxonomy.json as the taxonomy export', async (name) => {
    expect(await lintCorpusFile(name, `${corpusDir}example-taxonomy.json`)).toEqual(EXPECTED[name]);
  });
});

async function lintCorpusFile(name: string, taxonomy?: string): Promise<string[]> {
  const space = await loadSpace([{ absPath: `${corpusDir}${name}`, explicit: true }], corpusDir, {
    taxonomy: taxonomy === undefined ? undefined : { absPath: taxonomy, namedBy: '--taxonomy' },
  });
  const configuration = new RuleConfiguration(rules, { extends: 'all' });
  const { findings } = await runRules(space, configuration, '2026-11-21');
  expect(findings.filter((f) => f.internal).map((f) => f.message)).toEqual([]);
  return findings.map((f) => `${f.ruleId} ${[f.target.contentType, f.target.field, f.target.entry, f.target.locale].join('/')}`);
}

describe('the corpus cases the locale rules must get right', () => {
  it('import-sample-space.json marks both of its locales default: both count as the default, so nothing is reported', async () => {
    const space = await loadSpace([{ absPath: `${corpusDir}import-sample-space.json`, explicit: true }], corpusDir);
    expect(space.model.defaultLocales.map((l) => l.code)).toEqual(['en-US', 'de-DE']);
    // input-shape says, as a warning, that two locales are marked default; the locale rules say nothing.
    expect(EXPECTED['import-sample-space.json']!.filter((f) => !f.startsWith('input-shape '))).toEqual([]);
  });

  it('import-sample-space.json with only de-DE as the default: its en-US values would be reported (what counting both avoids)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-corpus-'));
    try {
      const data = JSON.parse(readFileSync(`${corpusDir}import-sample-space.json`, 'utf8')) as { locales: { code: string; default: boolean }[] };
      for (const locale of data.locales) locale.default = locale.code === 'de-DE';
      writeFileSync(join(dir, 'space.json'), JSON.stringify(data));
      const space = await loadSpace([{ absPath: join(dir, 'space.json'), explicit: true }], dir);
      const { findings } = await runRules(space, new RuleConfiguration(rules, { extends: 'all' }), '2026-11-21');
      const count = (ruleId: string) => findings.filter((f) => f.ruleId === ruleId).length;
      expect(count('display-field-unresolvable')).toBe(4);
      // Every value of its 4 entries is under en-US in a field that is not localized: 34 values.
      expect(count('unlocalized-field-locale-values')).toBe(34);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no corpus export has sys.fieldStatus: locale-unpublished has nothing to check', async () => {
    for (const name of corpusFiles) {
      const space = await loadSpace([{ absPath: `${corpusDir}${name}`, explicit: true }], corpusDir);
      for await (const entry of space.entries()) expect(entry.json.sys.fieldStatus, `${name} ${entry.id}`).toBeUndefined();
    }
  });
});
