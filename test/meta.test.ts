import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildConfigSchema } from '../src/config/config-schema.js';
import { configValidatorSource } from '../src/config/config-validator-source.js';
import { defaultOptions } from '../src/config/resolve-rules.js';
import { renderRuleDoc, renderRuleIndex, ruleDocsPath } from '../src/docs/rule-docs.js';
import { isIsoDate } from '../src/engine/dates.js';
import { builtinRules, loadBuiltinRules, ruleIndexSource, ruleModulesSource } from '../src/engine/rules-registry.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const rules = await loadBuiltinRules();
const ruleFiles = readdirSync(new URL('rules/', root)).filter((name) => name.endsWith('.ts'));

describe('every rule in rules/', () => {
  it('is loaded by the registry, one rule per file named after its id', () => {
    expect(rules.map((r) => `${r.meta.id}.ts`)).toEqual(ruleFiles.sort());
  });

  describe.each(rules.map((rule) => ({ id: rule.meta.id, rule })))('$id', ({ id, rule }) => {
    const { meta } = rule;

    it('has complete metadata', () => {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(meta.description.length).toBeGreaterThan(20);
      expect(meta.docs.trim().length).toBeGreaterThan(200);
      expect(['error', 'warning', 'info']).toContain(meta.severity);
      expect(typeof meta.recommended).toBe('boolean');
      expect(Object.keys(meta.messages).length).toBeGreaterThan(0);
      for (const message of Object.values(meta.messages)) expect(message.text.length).toBeGreaterThan(10);
    });

    it('has enforcement dates that are real dates, and a note when there is no date', () => {
      const { date, postponedFrom, note } = meta.enforcement;
      if (date !== null) expect(isIsoDate(date)).toBe(true);
      else expect(note).toBeTruthy();
      if (postponedFrom !== null) {
        expect(isIsoDate(postponedFrom)).toBe(true);
        expect(postponedFrom < date!).toBe(true);
      }
    });

    it('has an options schema that compiles, with a default for every option', () => {
      expect(() => new Ajv({ strict: true }).compile(meta.schema)).not.toThrow();
      const properties = Object.keys((meta.schema.properties ?? {}) as object);
      expect(Object.keys(defaultOptions(rule)).sort()).toEqual(properties.sort());
    });

    it('has a test table', () => {
      const test = `test/rules/${id}.test.ts`;
      expect(existsSync(new URL(test, root)), test).toBe(true);
      // Rules on the space use testRule; rules on application code, testSourceRule (test/helpers/source-rule-tester.ts).
      expect(read(test)).toMatch(/test(Source)?Rule\(rule, \{\s*valid: \[/);
    });

    it('says how to fix what it reports: a "## Fix" section with text, after the examples', () => {
      const fix = /^## Fix\n\n(\S[^]*?)(?=\n## |$)/m.exec(meta.docs.trim());
      expect(fix, `${id}: no "## Fix" section`).not.toBeNull();
      expect(fix![1]!.trim().length).toBeGreaterThan(40);
      const examples = meta.docs.indexOf('\n## Examples');
      if (examples >= 0) expect(meta.docs.indexOf('\n## Fix')).toBeGreaterThan(examples);
    });

    // As ESLint's: a rule that fixes shows what its fixes make (the testers check each output, and that the findings' suggestions are listed).
    it.runIf(meta.fixable || meta.hasSuggestions)('has fix outputs and suggestions in its test table, and says in its docs what it fixes', () => {
      const table = read(`test/rules/${id}.test.ts`);
      if (meta.fixable) expect(table).toMatch(/\boutput(Documents)?: /);
      if (meta.hasSuggestions) expect(table).toMatch(/suggestions: \[\s*\{\s*id: '\w+'/);
      expect(meta.docs).toMatch(meta.fixable ? /`--fix`/ : /[Ss]uggestion/);
    });

    it('labels changes truthfully: a rule of cmlint diff says breaking or dangerous for each message; breaking is an error by default, dangerous a warning at most', () => {
      for (const [messageId, message] of Object.entries(meta.messages)) {
        if (meta.diff === true) expect(message.change, `${id}.${messageId}`).toBeDefined();
        if (message.change === 'breaking') expect([meta.severity, message.maxSeverity ?? 'error'], `${id}.${messageId}`).toEqual(['error', 'error']);
        if (message.change === 'dangerous') expect(message.maxSeverity === 'warning' || meta.severity !== 'error', `${id}.${messageId}`).toBe(true);
      }
    });

    it('has a docs page that is up to date (npm run generate)', () => {
      expect(read(ruleDocsPath(id))).toBe(renderRuleDoc(meta, defaultOptions(rule)));
    });
  });
});

describe('generated files', () => {
  it('the table of rule modules (static imports the bundler follows) lists every file in rules/ (npm run generate)', () => {
    expect(read('src/engine/rule-modules.ts')).toBe(ruleModulesSource(ruleFiles.map((name) => name.slice(0, -'.ts'.length))));
  });

  it('the rules index is up to date (npm run generate)', () => {
    expect(read('docs/rules/README.md')).toBe(renderRuleIndex(rules.map((r) => r.meta)));
  });

  it('the rule index that runs read instead of importing every rule is up to date (npm run generate)', () => {
    expect(read('schema/rule-index.json')).toBe(ruleIndexSource(rules));
    // Runs describe rules by the index's metadata: it must be the rule's own, JSON keeps all of it.
    expect(builtinRules().map((r) => r.meta)).toStrictEqual(rules.map((r) => r.meta));
  });

  it('the config validator compiled ahead of time is up to date (npm run generate)', async () => {
    expect(read('schema/linterrc.validate.mjs')).toBe(await configValidatorSource(rules));
  });

  it('the shipped config schema is up to date (npm run generate)', () => {
    expect(JSON.parse(read('schema/linterrc.schema.json'))).toEqual(buildConfigSchema(rules));
  });

  it('the example config is valid against the shipped schema', async () => {
    const { parse } = await import('yaml');
    const validate = new Ajv({ strict: false }).compile(JSON.parse(read('schema/linterrc.schema.json')));
    expect(validate(parse(read('.linterrc.example.yaml'))), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('rules that check only inputs besides the model (meta.inputs)', () => {
  // A run without those inputs does not load such a rule: it must have no visitor of the model.
  it.each(rules.filter((rule) => rule.meta.inputs).map((rule) => ({ id: rule.meta.id, rule })))('$id visits no part of the model', ({ rule }) => {
    const source = read(`rules/${rule.meta.id}.ts`);
    expect(source).not.toMatch(/^\s+(locale|contentType|field|asset|entry)(\(|:)/m);
    expect(rule.meta.inputs!.length).toBeGreaterThan(0);
  });
});

describe('parallel runs (--jobs)', () => {
  it.each(rules.map((rule) => ({ id: rule.meta.id, rule })))('$id hands over its cross-entry state if it keeps one', ({ rule }) => {
    const source = read(`rules/${rule.meta.id}.ts`);
    // A rule whose entries feed `end` must export and import that state, or parallel runs would lose it.
    if (/\bentry\(/.test(source) && /\bend\(\)/.test(source)) {
      expect(source).toMatch(/exportState/);
      expect(source).toMatch(/importState/);
    }
  });
});
