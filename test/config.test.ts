/**
 * The config file: discovery, presets, rule setting forms, upcoming severities, overrides,
 * include/exclude, asOf/failOn/maxWarnings and validation errors. Runs the TypeScript sources.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { ConfigError, findConfigFile, readConfigFile } from '../src/config/load-config.js';
import { globMatcher, RuleConfiguration } from '../src/config/resolve-rules.js';
import { defineRule, type Rule } from '../src/engine/rule.js';
import type { Finding } from '../src/engine/run-rules.js';
import { loadConfig } from '../src/config/run-config.js';
import type { LintOptions } from '../src/pipeline/plan.js';
import { lint } from '../src/pipeline/run.js';
import { loadBuiltinRules } from '../src/engine/rules-registry.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures', 'config');
/** Six content types (article, legacyArticle, legacyPage, newsletter, promo1, promoBanner), each with one finding of each rule. */
const SPACE = join(FIXTURES, 'space');
const AFTER_BOTH_DATES = '2025-05-01';
const BEFORE_RE2 = '2025-04-20';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-config-test-'));
  temps.push(dir);
  return dir;
}

/** A copy of fixtures/config/<name> in a temporary directory (so that walking up finds nothing else). */
function copyFixture(name: string): string {
  const dir = tempDir();
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** A temporary directory holding one config file with `text`; returns the file's path. */
function writeConfig(text: string, name = '.linterrc.yaml'): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

async function findingsOf(options: Partial<LintOptions> & { cwd: string }): Promise<Finding[]> {
  const { result } = await lint({ paths: [], ...options });
  return [...result.findings];
}

/** "contentType ruleId severity" for every finding, in output order. */
const brief = (findings: readonly Finding[]) => findings.map((f) => `${f.target.contentType} ${f.ruleId} ${f.severity}`);

/** `ruleId severity status` of the findings about content type `id`. */
const about = (findings: readonly Finding[], id: string) =>
  findings.filter((f) => f.target.contentType === id).map((f) => `${f.ruleId} ${f.severity} ${f.enforcement.status}`);

/** Lints the six-type space with the config `text`. */
async function lintSpace(text: string, asOf = AFTER_BOTH_DATES, extra: Partial<LintOptions> = {}): Promise<Finding[]> {
  const configPath = writeConfig(text);
  return findingsOf({ cwd: ROOT, paths: [SPACE], configPath, asOf, ...extra });
}

async function configErrorOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

let rules: Rule<never>[];
beforeAll(async () => {
  rules = await loadBuiltinRules();
});

describe('discovery', () => {
  let root: string;
  beforeAll(() => {
    root = copyFixture('discovery');
    mkdirSync(join(root, 'teams', 'web', 'space', 'drafts', 'nested'), { recursive: true });
  });

  it('walks up from a nested working directory to the nearest config file', () => {
    expect(findConfigFile(join(root, 'teams', 'web', 'space', 'drafts', 'nested'))).toBe(join(root, 'teams', 'web', '.linterrc.yml'));
    expect(findConfigFile(join(root, 'teams', 'web'))).toBe(join(root, 'teams', 'web', '.linterrc.yml'));
    expect(findConfigFile(join(root, 'teams', 'app', 'space'))).toBe(join(root, 'teams', 'app', '.linterrc.json'));
    expect(findConfigFile(join(root, 'shared', 'space'))).toBe(join(root, '.linterrc.yaml'));
    expect(findConfigFile(join(root, 'teams'))).toBe(join(root, '.linterrc.yaml'));
    expect(findConfigFile(root)).toBe(join(root, '.linterrc.yaml'));
  });

  it('finds nothing when no directory above has a config file', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    expect(findConfigFile(join(dir, 'a', 'b'))).toBeNull();
  });

  it('prefers .linterrc.yaml, then .yml, then .json in one directory', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.linterrc.json'), '{}\n');
    expect(findConfigFile(dir)).toBe(join(dir, '.linterrc.json'));
    writeFileSync(join(dir, '.linterrc.yml'), 'rules: {}\n');
    expect(findConfigFile(dir)).toBe(join(dir, '.linterrc.yml'));
    writeFileSync(join(dir, '.linterrc.yaml'), 'rules: {}\n');
    expect(findConfigFile(dir)).toBe(join(dir, '.linterrc.yaml'));
  });

  it('lints with the discovered .linterrc.yaml (root: hidden-required-field only, as warning)', async () => {
    const findings = await findingsOf({ cwd: join(root, 'shared', 'space'), asOf: AFTER_BOTH_DATES });
    expect(brief(findings)).toEqual(['sharedPage hidden-required-field warning']);
    expect(findings[0]!.file).toBe('export.json');
  });

  it('lints with the discovered .linterrc.yml from a nested directory (web: RE2 as info)', async () => {
    const cwd = join(root, 'teams', 'web', 'space', 'drafts', 'nested');
    const findings = await findingsOf({ cwd, paths: ['../..'], asOf: AFTER_BOTH_DATES });
    expect(brief(findings)).toEqual(['webPage re2-incompatible-pattern info', 'webPage hidden-required-field error']);
    expect(findings[0]!.file).toBe('../../export.json');
  });

  it('lints with the discovered .linterrc.json (app: hidden-required-field off)', async () => {
    const findings = await findingsOf({ cwd: join(root, 'teams', 'app', 'space'), asOf: AFTER_BOTH_DATES });
    expect(brief(findings)).toEqual(['appScreen re2-incompatible-pattern error']);
  });

  it('--config (configPath) wins over the discovered file, absolute or relative to the working directory', async () => {
    const cwd = join(root, 'teams', 'web', 'space');
    const absolute = await findingsOf({ cwd, configPath: join(root, 'teams', 'app', '.linterrc.json'), asOf: AFTER_BOTH_DATES });
    expect(brief(absolute)).toEqual(['webPage re2-incompatible-pattern error']);
    const relativePath = await findingsOf({ cwd, configPath: '../../app/.linterrc.json', asOf: AFTER_BOTH_DATES });
    expect(brief(relativePath)).toEqual(['webPage re2-incompatible-pattern error']);
    const loaded = await loadConfig(cwd, rules, '../../app/.linterrc.json');
    expect(loaded.path).toBe(join(root, 'teams', 'app', '.linterrc.json'));
    expect(loaded.config).toEqual({ rules: { 'hidden-required-field': 'off' } });
  });

  it('without a config file, the recommended preset runs', async () => {
    const dir = tempDir();
    cpSync(join(root, 'shared', 'space', 'export.json'), join(dir, 'export.json'));
    const { config, path } = await loadConfig(dir, rules);
    expect(path).toBeNull();
    expect(config).toEqual({});
    const findings = await findingsOf({ cwd: dir, asOf: AFTER_BOTH_DATES });
    expect(brief(findings)).toEqual(['sharedPage re2-incompatible-pattern error', 'sharedPage hidden-required-field error']);
  });
});

describe('extends', () => {
  const fake = (id: string, recommended: boolean): Rule<never> =>
    defineRule({
      meta: {
        id,
        description: id,
        docs: '',
        enforcement: { date: null, postponedFrom: null, note: null },
        severity: 'error',
        recommended,
        schema: { type: 'object', properties: {}, additionalProperties: false },
        messages: {},
      },
      create: () => ({}),
    }) as Rule<never>;
  const fakes = [fake('in-recommended', true), fake('not-recommended', false)];
  const severities = (configuration: RuleConfiguration) => Object.fromEntries([...configuration.base].map(([id, run]) => [id, run.severity]));

  it('absent: the recommended preset', () => {
    expect(severities(new RuleConfiguration(fakes, {}))).toEqual({ 'in-recommended': 'error', 'not-recommended': 'off' });
    expect(severities(new RuleConfiguration(fakes, { extends: 'recommended' }))).toEqual({ 'in-recommended': 'error', 'not-recommended': 'off' });
  });

  it('all: every rule', () => {
    expect(severities(new RuleConfiguration(fakes, { extends: 'all' }))).toEqual({ 'in-recommended': 'error', 'not-recommended': 'error' });
    expect(severities(new RuleConfiguration(fakes, { extends: ['recommended', 'all'] }))).toEqual({
      'in-recommended': 'error',
      'not-recommended': 'error',
    });
  });

  it('[]: every rule off unless listed under rules', () => {
    expect(severities(new RuleConfiguration(fakes, { extends: [] }))).toEqual({ 'in-recommended': 'off', 'not-recommended': 'off' });
    expect(severities(new RuleConfiguration(fakes, { extends: [], rules: { 'not-recommended': 'warning' } }))).toEqual({
      'in-recommended': 'off',
      'not-recommended': 'warning',
    });
  });

  it('on the real rules and space', async () => {
    const none = await lintSpace('extends: []\n');
    expect(none).toEqual([]);
    const listed = await lintSpace('extends: []\nrules:\n  re2-incompatible-pattern: warning\n');
    expect(new Set(listed.map((f) => `${f.ruleId} ${f.severity}`))).toEqual(new Set(['re2-incompatible-pattern warning']));
    expect(listed).toHaveLength(6);
    const all = await lintSpace('extends: all\n');
    expect(all).toHaveLength(12);
    const absent = await lintSpace('failOn: error\n');
    expect(brief(absent)).toEqual(brief(all));
  });
});

describe('rule setting forms', () => {
  const cases: [string, string, string[]][] = [
    ['severity', 're2-incompatible-pattern: warning', ['re2-incompatible-pattern warning enforced']],
    ['[severity]', 're2-incompatible-pattern: [info]', ['re2-incompatible-pattern info enforced']],
    ['[severity, options]', 're2-incompatible-pattern: [warning, {}]', ['re2-incompatible-pattern warning enforced']],
    ['{severity}', 're2-incompatible-pattern: { severity: info }', ['re2-incompatible-pattern info enforced']],
    ['{severity, upcoming, options}', 're2-incompatible-pattern: { severity: warning, upcoming: info, options: {} }', ['re2-incompatible-pattern warning enforced']],
    ['off', 're2-incompatible-pattern: off', []],
    ['[off]', 're2-incompatible-pattern: [off]', []],
  ];
  it.each(cases)('%s', async (_name, setting, expected) => {
    const findings = await lintSpace(`extends: []\nrules:\n  ${setting}\n`);
    expect(about(findings, 'article')).toEqual(expected);
    expect(findings.every((f) => f.ruleId === 're2-incompatible-pattern')).toBe(true);
  });

  it('{upcoming} alone keeps the preset’s severity', async () => {
    const findings = await lintSpace('rules:\n  re2-incompatible-pattern: { upcoming: off }\n');
    expect(about(findings, 'article')).toEqual(['re2-incompatible-pattern error enforced', 'hidden-required-field error enforced']);
  });

  it('the forms resolve to a severity, upcoming severity and options', () => {
    const config = (setting: unknown) =>
      new RuleConfiguration(rules, { extends: [], rules: { 're2-incompatible-pattern': setting as never } }).base.get('re2-incompatible-pattern');
    expect(config('warning')).toEqual({ severity: 'warning', upcoming: 'warning', options: {} });
    expect(config(['info'])).toEqual({ severity: 'info', upcoming: 'warning', options: {} });
    expect(config(['error', {}])).toEqual({ severity: 'error', upcoming: 'warning', options: {} });
    expect(config({ upcoming: 'off' })).toEqual({ severity: 'off', upcoming: 'off', options: {} });
    expect(config({ severity: 'error', upcoming: 'info', options: {} })).toEqual({ severity: 'error', upcoming: 'info', options: {} });
  });
});

describe('upcoming severities (before the RE2 date, 2025-04-21)', () => {
  it('default: findings are warnings before the date, errors from it', async () => {
    const before = await lintSpace('rules:\n  re2-incompatible-pattern: error\n', BEFORE_RE2);
    expect(about(before, 'article')).toEqual(['re2-incompatible-pattern warning upcoming', 'hidden-required-field error enforced']);
    expect(before.find((f) => f.ruleId === 're2-incompatible-pattern')!.message).toContain('enforced from 2025-04-21 (in 1 day)');
    const on = await lintSpace('rules:\n  re2-incompatible-pattern: error\n', '2025-04-21');
    expect(about(on, 'article')).toEqual(['re2-incompatible-pattern error enforced', 'hidden-required-field error enforced']);
  });

  it('upcoming: off hides upcoming findings (and only those)', async () => {
    const text = 'rules:\n  re2-incompatible-pattern: { severity: error, upcoming: off }\n';
    const before = await lintSpace(text, BEFORE_RE2);
    expect(before.filter((f) => f.ruleId === 're2-incompatible-pattern')).toEqual([]);
    expect(about(before, 'article')).toEqual(['hidden-required-field error enforced']);
    const after = await lintSpace(text, AFTER_BOTH_DATES);
    expect(about(after, 'article')).toEqual(['re2-incompatible-pattern error enforced', 'hidden-required-field error enforced']);
  });

  it('upcoming: info reports upcoming findings as info', async () => {
    const text = 'rules:\n  re2-incompatible-pattern: { severity: error, upcoming: info }\n';
    expect(about(await lintSpace(text, BEFORE_RE2), 'article')).toEqual([
      're2-incompatible-pattern info upcoming',
      'hidden-required-field error enforced',
    ]);
    expect(about(await lintSpace(text, AFTER_BOTH_DATES), 'article')[0]).toBe('re2-incompatible-pattern error enforced');
  });

  it('a severity below warning stays as it is before the date: upcoming never raises it', async () => {
    expect(about(await lintSpace('rules:\n  re2-incompatible-pattern: info\n', BEFORE_RE2), 'article')[0]).toBe(
      're2-incompatible-pattern info upcoming',
    );
    expect(about(await lintSpace('rules:\n  re2-incompatible-pattern: { severity: info, upcoming: error }\n', BEFORE_RE2), 'article')[0]).toBe(
      're2-incompatible-pattern info upcoming',
    );
    expect(about(await lintSpace('rules:\n  re2-incompatible-pattern: { severity: warning, upcoming: error }\n', BEFORE_RE2), 'article')[0]).toBe(
      're2-incompatible-pattern warning upcoming',
    );
  });

  it('upcoming applies only to rules whose date is still ahead', async () => {
    const findings = await lintSpace('rules:\n  hidden-required-field: { severity: error, upcoming: off }\n', BEFORE_RE2);
    expect(about(findings, 'article')).toEqual(['re2-incompatible-pattern warning upcoming', 'hidden-required-field error enforced']);
  });
});

describe('overrides', () => {
  it('compiles content type id globs: *, ? and {a,b}', () => {
    const legacy = globMatcher('legacy*');
    expect(['legacy', 'legacyPage', 'legacyArticle'].map(legacy)).toEqual([true, true, true]);
    expect(['article', 'myLegacyPage', 'Legacy'].map(legacy)).toEqual([false, false, false]);
    const either = globMatcher('{article,newsletter}');
    expect(['article', 'newsletter', 'articles', 'news'].map(either)).toEqual([true, true, false, false]);
    const one = globMatcher('promo?');
    expect(['promo1', 'promoX', 'promo', 'promo12', 'promoBanner'].map(one)).toEqual([true, true, false, false, false]);
    expect(globMatcher('blog.post')('blogXpost')).toBe(false);
  });

  it('match in linear time: *a twelve times then *c against 40-character ids answers at once (a RegExp ran for minutes)', async () => {
    const dir = tempDir();
    const ids = ['a'.repeat(40), `${'a'.repeat(40)}c`];
    const contentTypes = ids.map((id) => ({ sys: { id, type: 'ContentType' }, name: id, displayField: null, fields: [] }));
    writeFileSync(join(dir, 'export.json'), JSON.stringify({ contentTypes }));
    const glob = `${'*a'.repeat(12)}*c`;
    writeFileSync(
      join(dir, '.linterrc.yaml'),
      `overrides:\n  - contentTypes: ["${glob}"]\n    rules: { display-field-unresolvable: off }\nrules:\n  display-field-unresolvable: [warning, { ignoreContentTypes: ["${glob}b"] }]\n`,
    );
    const findings = await findingsOf({ cwd: dir, paths: ['export.json'], asOf: AFTER_BOTH_DATES });
    expect(findings.map((f) => `${f.target.contentType} ${f.ruleId}`)).toEqual([`${ids[0]} display-field-unresolvable`]);
  });

  it('set severities per content type; later overrides win; other content types keep the base severity', async () => {
    const dir = copyFixture('overrides');
    const findings = await findingsOf({ cwd: dir, paths: [SPACE], asOf: AFTER_BOTH_DATES });
    const bySeverity = Object.fromEntries(
      ['article', 'legacyArticle', 'legacyPage', 'newsletter', 'promo1', 'promoBanner'].map((id) => [id, about(findings, id)]),
    );
    expect(bySeverity).toEqual({
      // {article,newsletter}: re2 info
      article: ['re2-incompatible-pattern info enforced', 'hidden-required-field error enforced'],
      // legacy*: re2 off, hidden warning
      legacyArticle: ['hidden-required-field warning enforced'],
      // legacy*, then legacyPage: the later override turns re2 back on as a warning
      legacyPage: ['re2-incompatible-pattern warning enforced', 'hidden-required-field warning enforced'],
      newsletter: ['re2-incompatible-pattern info enforced', 'hidden-required-field error enforced'],
      // promo?: hidden info
      promo1: ['re2-incompatible-pattern error enforced', 'hidden-required-field info enforced'],
      // matches no override (promo? is one character): base severities
      promoBanner: ['re2-incompatible-pattern error enforced', 'hidden-required-field error enforced'],
    });
  });

  it('the later of two matching overrides wins, whatever their order of severity', async () => {
    const text = [
      'overrides:',
      '  - contentTypes: ["promo*"]',
      '    rules: { hidden-required-field: off }',
      '  - contentTypes: ["promoBanner"]',
      '    rules: { hidden-required-field: info }',
      '  - contentTypes: ["promo?"]',
      '    rules: { hidden-required-field: warning }',
      '  - contentTypes: ["promo1"]',
      '    rules: { hidden-required-field: off }',
      '',
    ].join('\n');
    const findings = await lintSpace(text);
    expect(about(findings, 'promoBanner')).toContain('hidden-required-field info enforced');
    expect(about(findings, 'promo1')).toEqual(['re2-incompatible-pattern error enforced']);
  });

  it('can turn on, for some content types, a rule that is off', async () => {
    const text = 'extends: []\noverrides:\n  - contentTypes: ["legacy*"]\n    rules:\n      hidden-required-field: warning\n';
    expect(brief(await lintSpace(text))).toEqual(['legacyArticle hidden-required-field warning', 'legacyPage hidden-required-field warning']);
  });

  it('may set the upcoming severity', async () => {
    const text = 'overrides:\n  - contentTypes: ["legacy*"]\n    rules:\n      re2-incompatible-pattern: { upcoming: off }\n';
    const findings = await lintSpace(text, BEFORE_RE2);
    expect(findings.filter((f) => f.ruleId === 're2-incompatible-pattern').map((f) => f.target.contentType)).toEqual([
      'article',
      'newsletter',
      'promo1',
      'promoBanner',
    ]);
  });

  it('--rule (ruleSeverities) wins over the config, overrides included', async () => {
    const dir = copyFixture('overrides');
    const off = await findingsOf({ cwd: dir, paths: [SPACE], asOf: AFTER_BOTH_DATES, ruleSeverities: { 're2-incompatible-pattern': 'off' } });
    expect(off.filter((f) => f.ruleId === 're2-incompatible-pattern')).toEqual([]);
    const error = await findingsOf({ cwd: dir, paths: [SPACE], asOf: AFTER_BOTH_DATES, ruleSeverities: { 'hidden-required-field': 'error' } });
    expect(error.filter((f) => f.ruleId === 'hidden-required-field').map((f) => f.severity)).toEqual(Array(6).fill('error'));
  });
});

describe('include and exclude', () => {
  it('are relative to the config file’s directory, not the working directory', async () => {
    const dir = copyFixture('include-exclude');
    const cwd = join(dir, 'tools', 'ci');
    mkdirSync(cwd, { recursive: true });
    const { result } = await lint({ paths: [], cwd, asOf: AFTER_BOTH_DATES });
    expect(result.stats.filesRead).toBe(1);
    expect(brief(result.findings)).toEqual(['userProfile re2-incompatible-pattern error']);
    expect(result.findings[0]!.file).toBe('../../space/blog/export.json');
  });

  it('work the same with --config from elsewhere', async () => {
    const dir = copyFixture('include-exclude');
    const { result } = await lint({ paths: [], cwd: tmpdir(), configPath: join(dir, '.linterrc.yaml'), asOf: AFTER_BOTH_DATES });
    expect(result.findings.map((f) => f.file)).toEqual([relative(tmpdir(), join(dir, 'space', 'blog', 'export.json')).split(sep).join('/')]);
  });

  it('with include, paths given on the command line are report targets; those outside include or excluded are not linted', async () => {
    const dir = copyFixture('include-exclude');
    const { result } = await lint({ paths: ['space', 'scratch'], cwd: dir, asOf: AFTER_BOTH_DATES });
    expect([...new Set(result.findings.map((f) => f.file))]).toEqual(['space/blog/export.json']);
    const excludedOnly = await lint({ paths: ['space/archive/old-export.json', 'scratch/draft-export.json'], cwd: dir, asOf: AFTER_BOTH_DATES });
    // Named files that are not linted: a warning each (file-ignored), unless warnIgnored is false.
    expect(excludedOnly.result.findings.map((f) => [f.ruleId, f.severity, f.file])).toEqual([
      ['file-ignored', 'warning', 'scratch/draft-export.json'],
      ['file-ignored', 'warning', 'space/archive/old-export.json'],
    ]);
    expect(excludedOnly.result.stats.filesRead).toBe(0);
    const quiet = await lint({ paths: ['space/archive/old-export.json', 'scratch/draft-export.json'], cwd: dir, asOf: AFTER_BOTH_DATES, warnIgnored: false });
    expect(quiet.result.findings).toEqual([]);
  });

  it('without include, exclude still applies to paths given on the command line', async () => {
    const dir = copyFixture('include-exclude');
    writeFileSync(join(dir, '.linterrc.yaml'), 'exclude: ["space/archive/**"]\n');
    const { result } = await lint({ paths: ['space', 'scratch'], cwd: dir, asOf: AFTER_BOTH_DATES });
    expect([...new Set(result.findings.map((f) => f.file))]).toEqual(['scratch/draft-export.json', 'space/blog/export.json']);
    // A file named itself that exclude leaves out is warned about (a file found in a named directory is not).
    const named = await lint({ paths: ['space/archive/old-export.json', 'space/blog/export.json'], cwd: dir, asOf: AFTER_BOTH_DATES });
    expect(named.result.findings.filter((f) => f.ruleId === 'file-ignored').map((f) => [f.file, f.message.split(':')[0]])).toEqual([
      ['space/archive/old-export.json', "File ignored because the config's `exclude` matches it"],
    ]);
  });

  it('match file names in linear time: *a twelve times then *c in include, exclude and on the command line', async () => {
    const dir = copyFixture('include-exclude');
    const name = 'a'.repeat(40);
    cpSync(join(dir, 'space', 'blog', 'export.json'), join(dir, 'space', `${name}.json`));
    cpSync(join(dir, 'space', 'blog', 'export.json'), join(dir, 'space', `${name}c.json`));
    const glob = `${'*a'.repeat(12)}*c`;
    writeFileSync(join(dir, '.linterrc.yaml'), `include: ["space/${glob}.json", "space/${glob}*", "space/blog/*.json"]\nexclude: ["space/${glob}*.json"]\n`);
    const { result } = await lint({ paths: [], cwd: dir, asOf: AFTER_BOTH_DATES });
    expect([...new Set(result.findings.map((f) => f.file))]).toEqual(['space/blog/export.json']);
    expect(result.stats.filesRead).toBe(1);
    writeFileSync(join(dir, '.linterrc.yaml'), 'rules: {}\n');
    const named = await lint({ paths: [`space/${glob}.json`], cwd: dir, asOf: AFTER_BOTH_DATES });
    expect([...new Set(named.result.findings.map((f) => f.file))]).toEqual([`space/${name}c.json`]);
  });

  it('a glob on the command line that does not compile is an input error naming it (exit code 2)', async () => {
    const dir = copyFixture('include-exclude');
    for (const [glob, detail] of [
      ['space/{abc', "the '{' at character 7 is not closed"],
      ['a{b,c', "the '{' at character 2 is not closed"],
      ['}', "the '}' at character 1 closes no '{'"],
    ]) {
      let stdout = '';
      const code = await main([glob!, '--format', 'json'], { cwd: dir, env: {}, isTTY: false, stdout: (t) => { stdout += t; }, stderr: () => {} });
      expect(code, glob).toBe(2);
      expect(JSON.parse(stdout).findings).toMatchObject([{ ruleId: 'input-error', file: glob, message: `Not a valid glob: ${detail}` }]);
    }
  });

  it('without include, the working directory is linted; exclude still applies', async () => {
    const dir = copyFixture('include-exclude');
    writeFileSync(join(dir, '.linterrc.yaml'), 'exclude: ["space/archive/**", "scratch/*.json"]\n');
    const { result } = await lint({ paths: [], cwd: dir, asOf: AFTER_BOTH_DATES });
    expect([...new Set(result.findings.map((f) => f.file))]).toEqual(['space/blog/export.json']);
  });
});

describe('asOf, failOn and maxWarnings from the config', () => {
  /** Runs the CLI's main() in `cwd` and returns the exit code and output. */
  async function cli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, { cwd, env: {}, isTTY: false, stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; } });
    return { code, stdout, stderr };
  }
  const lookahead = join(ROOT, 'fixtures', 'cli', 'lookahead');

  it('asOf from the config; --as-of wins', async () => {
    const dir = copyFixture('as-of');
    const fromConfig = await lint({ paths: [lookahead], cwd: dir });
    expect(fromConfig.result.asOf).toBe('2025-04-20');
    expect(fromConfig.config.asOf).toBe('2025-04-20');
    expect(fromConfig.result.findings.map((f) => `${f.severity} ${f.enforcement.status}`)).toEqual(['warning upcoming']);
    const flag = await lint({ paths: [lookahead], cwd: dir, asOf: '2025-04-21' });
    expect(flag.result.asOf).toBe('2025-04-21');
    expect(flag.result.findings.map((f) => `${f.severity} ${f.enforcement.status}`)).toEqual(['error enforced']);

    expect((await cli([lookahead], dir)).code).toBe(0);
    expect((await cli([lookahead, '--as-of', '2025-04-21'], dir)).code).toBe(1);
  });

  it('failOn from the config; --fail-on wins', async () => {
    const dir = copyFixture('fail-on-warning');
    const hidden = join(ROOT, 'fixtures', 'cli', 'hidden-required');
    const run = await cli([hidden, '--as-of', AFTER_BOTH_DATES, '--format', 'json'], dir);
    expect(JSON.parse(run.stdout).summary).toMatchObject({ error: 0, warning: 1 });
    expect(run.code).toBe(1);
    expect((await cli([hidden, '--as-of', AFTER_BOTH_DATES, '--fail-on', 'error'], dir)).code).toBe(0);
  });

  it('maxWarnings from the config; --max-warnings wins', async () => {
    const dir = copyFixture('max-warnings');
    const multi = join(ROOT, 'fixtures', 'cli', 'multi-file');
    const one = join(ROOT, 'fixtures', 'cli', 'hidden-required');
    expect((await cli([one, '--as-of', AFTER_BOTH_DATES], dir)).code).toBe(0); // 1 warning: within maxWarnings 1
    const run = await cli([multi, '--as-of', AFTER_BOTH_DATES, '--format', 'json'], dir);
    expect(JSON.parse(run.stdout).summary).toMatchObject({ error: 0, warning: 8 });
    expect(run.code).toBe(1);
    expect((await cli([multi, '--as-of', AFTER_BOTH_DATES, '--max-warnings', '8'], dir)).code).toBe(0);
  });

  it('a config error is exit code 2 with the message on stderr', async () => {
    const run = await cli(['--config', join(FIXTURES, 'invalid', 'bad-as-of.yaml'), lookahead], ROOT);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^fixtures\/config\/invalid\/bad-as-of\.yaml:2:1: asOf: /);
  });
});

describe('validation errors', () => {
  it('name the file, 1-based line and column and key path of every error, sorted by line (YAML)', async () => {
    const message = await configErrorOf(() => readConfigFile(join(FIXTURES, 'invalid', 'several-errors.yaml'), 'several-errors.yaml', rules));
    expect(message.split('\n')).toEqual([
      'several-errors.yaml:2:1: extends: must be one of recommended, all',
      'several-errors.yaml:3:1: include: must be array',
      "several-errors.yaml:5:39: rules.re2-incompatible-pattern[1].strict: unknown key 'strict'",
      "several-errors.yaml:6:3: rules.hidden-required-feild: unknown rule 'hidden-required-feild' (did you mean 'hidden-required-field'?)",
      'several-errors.yaml:10:7: overrides[0].rules.hidden-required-field: takes only [severity] in overrides (options are set under the top-level rules)',
      'several-errors.yaml:11:1: failOn: must be one of error, warning, info',
      'several-errors.yaml:12:1: maxWarnings: must be integer',
    ]);
  });

  it('name the file, line, column and key path in a JSON config too', async () => {
    const message = await configErrorOf(() => readConfigFile(join(FIXTURES, 'invalid', 'several-errors.json'), 'cfg/.linterrc.json', rules));
    expect(message.split('\n')).toEqual([
      "cfg/.linterrc.json:4:56: rules.re2-incompatible-pattern.upcomming: unknown key 'upcomming' (did you mean 'upcoming'?)",
      'cfg/.linterrc.json:5:5: rules.hidden-required-field: must be one of error, warning, info, off',
      'cfg/.linterrc.json:7:3: asOf: must match pattern "^\\d{4}-\\d{2}-\\d{2}$"',
    ]);
  });

  it('show the path relative to the working directory when loaded by lint()', async () => {
    const message = await configErrorOf(() => lint({ paths: [SPACE], cwd: FIXTURES, configPath: join(FIXTURES, 'invalid', 'several-errors.yaml') }));
    expect(message.split('\n')[0]).toBe('invalid/several-errors.yaml:2:1: extends: must be one of recommended, all');
  });

  it('report an asOf that is not a calendar date at its line and column', async () => {
    const message = await configErrorOf(() => loadConfig(ROOT, rules, join(FIXTURES, 'invalid', 'bad-as-of.yaml')));
    expect(message).toBe("fixtures/config/invalid/bad-as-of.yaml:2:1: asOf: '2025-02-30' is not a calendar date (YYYY-MM-DD)");
  });

  it('report a bad calendar date together with the other errors, in line order', async () => {
    const path = writeConfig('extends: [recommended]\nrules:\n  hidden-required-field: sometimes\nasOf: 2025-02-30\nfailOn: never\n');
    const message = await configErrorOf(() => readConfigFile(path, '.linterrc.yaml', rules));
    expect(message.split('\n')).toEqual([
      '.linterrc.yaml:3:3: rules.hidden-required-field: must be one of error, warning, info, off',
      ".linterrc.yaml:4:1: asOf: '2025-02-30' is not a calendar date (YYYY-MM-DD)",
      '.linterrc.yaml:5:1: failOn: must be one of error, warning, info',
    ]);
  });

  it('report globs that do not compile ({abc, a{b,c, a lone }) at their line, in every key that holds globs', async () => {
    const path = writeConfig(
      [
        'include: ["space/*.json", "space/{abc"]',
        'exclude: ["a{b,c"]',
        'documents: ["}"]',
        'overrides:',
        '  - contentTypes: ["legacy*", "{abc"]',
        '    rules: { hidden-required-field: off }',
        'rules:',
        '  display-field-unresolvable: [warning, { ignoreContentTypes: ["a}b"] }]',
        '',
      ].join('\n'),
    );
    const message = await configErrorOf(() => readConfigFile(path, '.linterrc.yaml', rules));
    expect(message.split('\n')).toEqual([
      ".linterrc.yaml:1:27: include[1]: not a valid glob: the '{' at character 7 is not closed",
      ".linterrc.yaml:2:11: exclude[0]: not a valid glob: the '{' at character 2 is not closed",
      ".linterrc.yaml:3:13: documents[0]: not a valid glob: the '}' at character 1 closes no '{'",
      ".linterrc.yaml:5:31: overrides[0].contentTypes[1]: not a valid glob: the '{' at character 1 is not closed",
      ".linterrc.yaml:8:64: rules.display-field-unresolvable[1].ignoreContentTypes[0]: not a valid glob: the '}' at character 2 closes no '{'",
    ]);
  });

  const single: [string, string, string][] = [
    ['unknown top-level key', 'extends: [recommended]\nrulez: {}\n', ".linterrc.yaml:2:1: rulez: unknown key 'rulez' (did you mean 'rules'?)"],
    ['a key in the wrong case', 'failon: warning\n', ".linterrc.yaml:1:1: failon: unknown key 'failon' (did you mean 'failOn'?)"],
    ['a key unlike any', 'colour: true\n', ".linterrc.yaml:1:1: colour: unknown key 'colour'"],
    ['a misspelt nested key', 'service:\n  hostz: {}\n', ".linterrc.yaml:2:3: service.hostz: unknown key 'hostz' (did you mean 'hosts'?)"],
    [
      'a misspelt key of an override',
      'overrides:\n  - contentTypes: ["a*"]\n    rules: {}\n    contentType: ["b*"]\n',
      ".linterrc.yaml:4:5: overrides[0].contentType: unknown key 'contentType' (did you mean 'contentTypes'?)",
    ],
    ['a misspelt key of a rule setting', 'rules:\n  hidden-required-field:\n    severty: error\n', ".linterrc.yaml:3:5: rules.hidden-required-field.severty: unknown key 'severty' (did you mean 'severity'?)"],
    [
      'a misspelt rule option',
      'rules:\n  role-based-user-data: [error, { adminTokenOnly: true }]\n',
      ".linterrc.yaml:2:35: rules.role-based-user-data[1].adminTokenOnly: unknown key 'adminTokenOnly' (did you mean 'adminTokensOnly'?)",
    ],
    ['a part of a rule id', 'rules:\n  re2: off\n', ".linterrc.yaml:2:3: rules.re2: unknown rule 're2' (did you mean 're2-incompatible-pattern'?)"],
    ['unknown rule in overrides', 'overrides:\n  - contentTypes: ["a*"]\n    rules:\n      nope: off\n', ".linterrc.yaml:4:7: overrides[0].rules.nope: unknown rule 'nope'"],
    ['bad severity in an array', 'rules:\n  hidden-required-field: [fatal]\n', '.linterrc.yaml:2:27: rules.hidden-required-field[0]: must be one of error, warning, info, off'],
    ['bad upcoming severity', 'rules:\n  re2-incompatible-pattern:\n    upcoming: later\n', '.linterrc.yaml:3:5: rules.re2-incompatible-pattern.upcoming: must be one of error, warning, info, off'],
    [
      'options in overrides (object form)',
      'overrides:\n  - contentTypes: ["legacy*"]\n    rules:\n      hidden-required-field:\n        severity: warning\n        options: {}\n',
      '.linterrc.yaml:6:9: overrides[0].rules.hidden-required-field.options: options cannot be set in overrides (set them under the top-level rules)',
    ],
    ['override without contentTypes', 'overrides:\n  - rules: {}\n', ".linterrc.yaml:2:5: overrides[0]: must have required property 'contentTypes'"],
    ['bad option key', 'rules:\n  hidden-required-field:\n    severity: error\n    options:\n      strict: true\n', ".linterrc.yaml:5:7: rules.hidden-required-field.options.strict: unknown key 'strict'"],
    ['negative maxWarnings', 'maxWarnings: -3\n', '.linterrc.yaml:1:1: maxWarnings: must be >= 0'],
    ['YAML syntax error', 'rules:\n  hidden-required-field: warning\n  hidden-required-field: error\n', '.linterrc.yaml:3:3: invalid YAML: Map keys must be unique'],
  ];
  it.each(single)('%s', async (_name, text, expected) => {
    const path = writeConfig(text);
    expect(await configErrorOf(() => readConfigFile(path, '.linterrc.yaml', rules))).toBe(expected);
  });

  it('merge YAML merge keys (an override made from another), and still refuse a key repeated beside them', async () => {
    const merged = writeConfig('overrides:\n  - &legacy\n    contentTypes: ["legacy*"]\n    rules: { hidden-required-field: off }\n  - <<: *legacy\n    contentTypes: ["old*"]\n');
    const { config } = await readConfigFile(merged, '.linterrc.yaml', rules);
    expect(config.overrides).toEqual([
      { contentTypes: ['legacy*'], rules: { 'hidden-required-field': 'off' } },
      { contentTypes: ['old*'], rules: { 'hidden-required-field': 'off' } },
    ]);
    const repeated = writeConfig('overrides:\n  - <<: { rules: {} }\n    contentTypes: ["a"]\n    contentTypes: ["b"]\n');
    expect(await configErrorOf(() => readConfigFile(repeated, '.linterrc.yaml', rules))).toBe('.linterrc.yaml:4:5: invalid YAML: Map keys must be unique');
  });

  it('report JSON syntax errors with the position', async () => {
    const path = writeConfig('{\n  "rules": {\n    "hidden-required-field": "warning",\n  }\n}\n', '.linterrc.json');
    const message = await configErrorOf(() => readConfigFile(path, '.linterrc.json', rules));
    expect(message).toMatch(/^\.linterrc\.json:4:3: invalid JSON: /);
  });

  it('accept a valid config as written', async () => {
    const text = [
      'extends: [recommended]',
      'include: ["space/**/*.{json,yaml,yml}"]',
      'exclude: []',
      'asOf: 2026-11-21',
      'rules:',
      '  re2-incompatible-pattern: error',
      '  hidden-required-field: [warning, {}]',
      'overrides:',
      '  - contentTypes: ["legacy*"]',
      '    rules: { hidden-required-field: off, re2-incompatible-pattern: { severity: warning, upcoming: info } }',
      'failOn: error',
      'maxWarnings: 0',
      '',
    ].join('\n');
    const { config, rules: configurable } = await readConfigFile(writeConfig(text), '.linterrc.yaml', rules);
    expect(configurable).toEqual(rules);
    expect(config).toEqual({
      extends: ['recommended'],
      include: ['space/**/*.{json,yaml,yml}'],
      exclude: [],
      asOf: '2026-11-21',
      rules: { 're2-incompatible-pattern': 'error', 'hidden-required-field': ['warning', {}] },
      overrides: [
        { contentTypes: ['legacy*'], rules: { 'hidden-required-field': 'off', 're2-incompatible-pattern': { severity: 'warning', upcoming: 'info' } } },
      ],
      failOn: 'error',
      maxWarnings: 0,
    });
  });

  it('accept an empty config file', async () => {
    expect((await readConfigFile(writeConfig(''), '.linterrc.yaml', rules)).config).toEqual({});
  });
});

describe('taxonomy', () => {
  const TAXONOMY_FIXTURE = join(ROOT, 'fixtures', 'taxonomy');

  it('is read relative to the config file, and --taxonomy (taxonomyPath) wins over it', async () => {
    const dir = tempDir();
    cpSync(TAXONOMY_FIXTURE, dir, { recursive: true });
    const entries = (findings: readonly Finding[]) => findings.map((f) => `${f.messageId} ${f.target.entry ?? f.target.contentType ?? '(space)'}`);
    const nested = join(dir, 'space');
    const withConfig = await findingsOf({ cwd: nested, paths: ['.'] });
    expect(entries(withConfig)).toEqual(['unknownValidationTarget article', 'unfulfilled festival', 'noConcepts untagged', 'unknownEntryConcept oldTag']);
    // A taxonomy export without concepts or schemes: every concept and validation target is unknown.
    writeFileSync(join(dir, 'empty-taxonomy.json'), '{ "taxonomy": { "concepts": [], "conceptSchemes": [] } }\n');
    const overridden = await findingsOf({ cwd: nested, paths: ['.'], taxonomyPath: '../empty-taxonomy.json' });
    expect(entries(overridden).filter((e) => e.startsWith('unknownValidationTarget'))).toHaveLength(3);
  });

  it('must be a non-empty string', async () => {
    const path = writeConfig('taxonomy: 5\n');
    expect(await configErrorOf(() => readConfigFile(path, 'c.yaml', rules))).toBe('c.yaml:1:1: taxonomy: must be string');
    const empty = writeConfig("taxonomy: ''\n");
    expect(await configErrorOf(() => readConfigFile(empty, 'c.yaml', rules))).toBe('c.yaml:1:1: taxonomy: must NOT have fewer than 1 characters');
  });

  it('naming a file that does not exist is an input error naming it', async () => {
    const configPath = writeConfig('taxonomy: org/taxonomy.json\n');
    // A stopped run's report holds its input errors (and nothing else) instead of throwing.
    const { result } = await lint({ paths: [join(TAXONOMY_FIXTURE, 'space')], cwd: dirname(configPath), configPath });
    expect(result.findings.map((f) => [f.ruleId, f.message])).toEqual([
      ['input-error', 'No such file (the taxonomy export named by the config key "taxonomy")'],
    ]);
  });
});
