/**
 * Faults and safety, end to end: a crashing plugin rule is isolated, runs never write their
 * inputs (not even when they write reports and baselines), patterns from inputs cannot make a
 * run hang, and code loads only from the config file.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import entryFieldValidation from '../rules/entry-field-validation.js';
import re2IncompatiblePattern from '../rules/re2-incompatible-pattern.js';
import { lint } from '../src/pipeline/run.js';
import { cmlint, ROOT, type Run } from './helpers/cli.js';
import { contentType, runRule } from './helpers/rule-tester.js';
import { sarifValidator } from './helpers/sarif-schema.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-safety-'));
  temps.push(dir);
  return dir;
}

interface JsonReport {
  findings: { ruleId: string; severity: string; message: string; target: Record<string, string | null> }[];
}

const json = (run: Run) => JSON.parse(run.stdout) as JsonReport;
const summary = (report: JsonReport) => report.findings.map((f) => `${f.ruleId} ${f.target.contentType}/${f.target.entry}`);
const AS_OF = ['--as-of', '2026-11-21'];

describe('rule isolation', () => {
  /** A plugin rule that throws while it checks entry `id` (and reports every content type before that). */
  const throwingPlugin = (throwIn: string) => `export default {
  meta: { id: 'throws-on-purpose', description: 'A plugin rule that throws, for the isolation test.', docs: 'Throws.',
    enforcement: { date: null, postponedFrom: null, note: 'test' }, severity: 'error', recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false }, messages: { seen: { text: 'Seen {{id}}.' } } },
  create(context) {
    ${throwIn === 'create' ? "throw new TypeError('cannot start');" : ''}
    return {
      contentType(ct) { context.report({ node: ct, messageId: 'seen', data: { id: ct.id } }); },
      entry(entry) { if (entry.id === '${throwIn}') throw new RangeError('deliberate failure on ' + entry.id); },
    };
  },
};
`;

  function project(throwIn: string): string {
    const dir = temp();
    cpSync(join(ROOT, 'fixtures', 'demo-space'), join(dir, 'space'), { recursive: true });
    writeFileSync(join(dir, 'throwing.mjs'), throwingPlugin(throwIn));
    writeFileSync(join(dir, '.linterrc.yaml'), 'plugins: ["./throwing.mjs"]\n');
    return dir;
  }

  const builtIn = summary(json(cmlint(['fixtures/demo-space', '-f', 'json', ...AS_OF])));

  it('a plugin rule that throws on an entry: one internal error naming the rule and the entry, every other finding, exit 2 (real bin)', () => {
    const dir = project('7hJ9kL2mN4pQ6rS8tU0vW1');
    const run = cmlint(['space', '-f', 'json', '-f', 'sarif:report.sarif', ...AS_OF], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('');
    const report = json(run);
    const internal = report.findings.filter((f) => f.message.startsWith('Internal error'));
    expect(internal).toEqual([
      expect.objectContaining({
        ruleId: 'throws-on-purpose',
        severity: 'error',
        message: "Internal error in rule throws-on-purpose while checking entry '7hJ9kL2mN4pQ6rS8tU0vW1': deliberate failure on 7hJ9kL2mN4pQ6rS8tU0vW1. The rule was stopped; other rules ran.",
      }),
    ]);
    // The built-in rules' findings are all there, and the plugin's findings before it crashed.
    const others = summary(report).filter((s) => !s.startsWith('throws-on-purpose'));
    expect(others).toEqual(builtIn);
    expect(report.findings.filter((f) => f.message.startsWith('Seen ')).map((f) => f.target.contentType).sort()).toEqual(['author', 'blogPost', 'landingPage']);

    const sarif = JSON.parse(readFileSync(join(dir, 'report.sarif'), 'utf8'));
    expect(sarifValidator()(sarif)).toBe(true);
    const [invocation] = sarif.runs[0].invocations;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications.map((n: { associatedRule: { id: string } }) => n.associatedRule.id)).toEqual(['throws-on-purpose']);
  });

  it('a plugin rule that throws in create(): the same, and the stylish report says so', () => {
    const run = cmlint(['space', ...AS_OF], { cwd: project('create') });
    expect(run.code).toBe(2);
    // Stylish wraps at spaces: the lines of a finding joined again.
    expect(run.stdout.replace(/\n {2}/g, ' ')).toContain('Internal error in rule throws-on-purpose while checking the space: cannot start. The rule was stopped; other rules ran.');
    expect(run.stdout).toMatch(/hidden-required-field/);
    expect(run.stdout).not.toMatch(/\n\s+at /);
  });
});

describe('inputs are never written', () => {
  /** sha256 of every file below `dir`, by relative path. */
  function checksums(dir: string): Map<string, string> {
    const sums = new Map<string, string>();
    const walk = (d: string): void => {
      for (const name of readdirSync(d)) {
        const path = join(d, name);
        if (statSync(path).isDirectory()) walk(path);
        else sums.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
      }
    };
    walk(dir);
    return sums;
  }

  it('linting, writing reports and a baseline, using and pruning it, and graphql-schema leave every input byte for byte', () => {
    const dir = temp();
    cpSync(join(ROOT, 'fixtures', 'demo-space'), join(dir, 'space'), { recursive: true });
    writeFileSync(join(dir, 'space', 'extra.yaml'), 'locales:\n  - { code: fr-FR, name: French, fallbackCode: en-US }\n');
    writeFileSync(join(dir, '.linterrc.yaml'), 'extends: [all]\ninclude: ["space/**/*.{json,yaml}"]\n');
    const inputs = checksums(join(dir, 'space'));
    const config = readFileSync(join(dir, '.linterrc.yaml'), 'utf8');
    expect(inputs.size).toBe(2);

    const runs: Run[] = [
      cmlint([...AS_OF], { cwd: dir }),
      cmlint(['-f', 'json', ...AS_OF], { cwd: dir }),
      cmlint(['-f', 'sarif:reports/cmlint.sarif', '-f', 'junit:reports/junit.xml', '-f', 'markdown:reports/audit.md', '-f', 'github', ...AS_OF], { cwd: dir }),
      cmlint(['--baseline-write', 'baseline.json', ...AS_OF], { cwd: dir }),
      cmlint(['--baseline', 'baseline.json', '-f', 'sarif:reports/cmlint.sarif', ...AS_OF], { cwd: dir }),
      cmlint(['--baseline', 'baseline.json', '--prune-baseline', '--as-of', '2024-01-01'], { cwd: dir }),
      cmlint(['space/export.json', '-f', 'json', ...AS_OF], { cwd: dir }),
      cmlint(['graphql-schema'], { cwd: dir }),
    ];
    for (const run of runs) expect([0, 1], run.stderr).toContain(run.code);
    expect(checksums(join(dir, 'space'))).toEqual(inputs);
    expect(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')).toBe(config);
    expect(readdirSync(join(dir, 'reports')).sort()).toEqual(['audit.md', 'cmlint.sarif', 'junit.xml']);
    expect(existsSync(join(dir, 'baseline.json'))).toBe(true);
  });

  it('refuses to write a report or a baseline over a space export, before linting (exit 2)', () => {
    const dir = temp();
    cpSync(join(ROOT, 'fixtures', 'demo-space'), join(dir, 'space'), { recursive: true });
    const before = checksums(dir);
    const report = cmlint(['space', '-f', 'sarif:space/export.json'], { cwd: dir });
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(/^cmlint: --format sarif:space\/export\.json: this file is a space export: cmlint never writes over its inputs/);
    const baseline = cmlint(['space', '--baseline-write', 'space/export.json'], { cwd: dir });
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toBe('space/export.json: this file is a space export, not a baseline: cmlint never writes over its inputs (choose another baseline file)\n');
    expect(checksums(dir)).toEqual(before);
  });
});

describe('patterns from inputs run on RE2 only (ReDoS)', () => {
  const CATASTROPHIC = ['(a+)+$', '(a|aa)+b', '(a*)*b', '^(\\w+\\s?)*$'];
  const VALUE = `${'a'.repeat(50_000)}!`;

  // A backtracking engine would not finish these (2^50000 ways to split the value): the checks answering is the test.
  it.each(CATASTROPHIC)('%s on a 50 KB value: regexp and prohibitRegexp are checked, each value to its verdict', async (pattern) => {
    const space = {
      locales: [{ code: 'en-US', default: true }],
      contentTypes: [
        contentType('page', [
          { id: 'slug', type: 'Text', validations: [{ regexp: { pattern } }] },
          { id: 'code', type: 'Text', validations: [{ prohibitRegexp: { pattern: pattern.replace('!', '') } }] },
        ]),
      ],
      entries: [1, 2, 3].map((n) => ({ sys: { id: `e${n}`, type: 'Entry', contentType: { sys: { id: 'page' } } }, fields: { slug: { 'en-US': VALUE }, code: { 'en-US': VALUE } } })),
    };
    const findings = await runRule(entryFieldValidation, space);
    // Every value is checked: none matches these patterns (no 'b', and '!' before the end for the first), so each slug is reported.
    const slugs = findings.filter((f) => f.target.field === 'slug').map((f) => f.target.entry);
    if (pattern !== '^(\\w+\\s?)*$' && pattern !== '(a+)+$') expect(slugs).toEqual(['e1', 'e2', 'e3']);
    expect(findings.every((f) => !f.internal)).toBe(true);
    expect(await runRule(re2IncompatiblePattern, space)).toEqual([]);
  });

  it('no regular expression is built at run time from text (globs are compiled by glob/compile-glob.ts)', () => {
    const sources = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(dir, name));
    const builders = [...sources('src'), ...sources('rules')].filter((file) => /(?<![\w.])(new )?RegExp\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(builders).toEqual([]);
  });
});

describe('code loads only from the config file', () => {
  /** A module that leaves a marker file when it is imported. */
  const evil = (marker: string) => `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'loaded');\nexport default { rules: [] };\n`;

  it('an input with a plugins key, code-looking values, __proto__ keys and YAML code tags loads and runs nothing', async () => {
    const dir = temp();
    const marker = join(dir, 'LOADED');
    mkdirSync(join(dir, 'space'));
    writeFileSync(join(dir, 'space', 'evil.mjs'), evil(marker));
    writeFileSync(
      join(dir, 'space', 'export.json'),
      JSON.stringify({
        plugins: ['./evil.mjs'],
        extends: ['./evil.mjs'],
        rules: { 'hidden-required-field': 'off' },
        __proto__: { polluted: true },
        contentTypes: [
          {
            sys: { id: 'page', type: 'ContentType', __proto__: { polluted: true } },
            name: "require('./evil.mjs')",
            displayField: 'constructor',
            fields: [
              { id: '__proto__', name: '${process.exit(3)}', type: 'Symbol', required: true, disabled: true, validations: [{ regexp: { pattern: 'import("./evil.mjs")' } }] },
              { id: 'constructor', name: 'x', type: 'Symbol', localized: true },
            ],
          },
        ],
        locales: [{ code: 'en-US', default: true, fallbackCode: 'toString' }],
        entries: [{ sys: { id: 'e1', contentType: { sys: { id: 'page' } } }, fields: { constructor: { 'en-US': "eval('process.exit(4)')", __proto__: 'x' }, __proto__: { 'en-US': 'x' } } }],
      }).replace('"rules":', '"__proto__":{"polluted":true},"rules":'),
    );
    writeFileSync(join(dir, 'space', 'types.yaml'), 'contentTypes:\n  - sys: { id: other, type: ContentType }\n    name: !!js/function "function () { require(\'./evil.mjs\') }"\n    fields: []\n');
    // A config file inside the input directory is never read: config is found from the working directory.
    writeFileSync(join(dir, 'space', '.linterrc.yaml'), 'plugins: ["./evil.mjs"]\n');
    const cwd = join(dir, 'elsewhere');
    mkdirSync(cwd);

    const run = cmlint([join(dir, 'space'), '-f', 'json', ...AS_OF], { cwd });
    expect(run.stderr).toBe('');
    expect([0, 1]).toContain(run.code);
    const report = json(run);
    // The input's "rules" key did not turn hidden-required-field off; nothing crashed.
    expect(report.findings.map((f) => f.ruleId)).toContain('hidden-required-field');
    expect(report.findings.filter((f) => f.message.startsWith('Internal error'))).toEqual([]);
    expect(existsSync(marker)).toBe(false);

    // In this process too: no module loaded, no prototype polluted.
    const { result } = await lint({ paths: [join(dir, 'space')], cwd, asOf: '2026-11-21' });
    expect(result.findings.filter((f) => f.internal)).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
