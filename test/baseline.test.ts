/**
 * Baselines: the round trip through the built CLI (write → clean run → a new violation fails →
 * a fixed violation makes the baseline stale → prune), and the rules of applyBaseline.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyBaseline, buildBaseline, pruneBaseline, readBaseline, serializeBaseline } from '../src/pipeline/baseline.js';
import { cmlintInProcess as cmlint } from './helpers/cli.js';
import { finding } from './helpers/findings.js';
import { contentType } from './helpers/rule-tester.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const CONFIG = ['extends: []', 'baseline: .linter-baseline.json', 'rules:', '  re2-incompatible-pattern: error', '  hidden-required-field: error', ''].join('\n');

function space(patterns: Record<string, string>, hidden: string[], indent = 2): string {
  const fields = [
    ...Object.entries(patterns).map(([id, pattern]) => ({ id, type: 'Symbol', validations: [{ regexp: { pattern } }] })),
    ...hidden.map((id) => ({ id, type: 'Symbol', required: true, disabled: true })),
  ];
  return JSON.stringify({ contentTypes: [contentType('article', fields)], locales: [{ code: 'en-US', default: true }] }, null, indent);
}

interface JsonOut {
  findings: { ruleId: string; target: { field: string } }[];
}

describe('baseline round trip', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-baseline-'));
  temps.push(dir);
  const run = (...args: string[]) => cmlint(['--as-of', '2025-05-01', ...args], { cwd: dir });
  const baselineFile = join(dir, '.linter-baseline.json');
  writeFileSync(join(dir, '.linterrc.yaml'), CONFIG);

  it('--baseline-write records the findings by content identity, with counts, and reports none', async () => {
    writeFileSync(join(dir, 'export.json'), space({ slug: '^(?!admin)', code: '(\\w)\\1' }, ['legacy']));
    // The config names a baseline that does not exist yet.
    expect(await run()).toEqual({ code: 2, stdout: '', stderr: '.linter-baseline.json: baseline file not found (create it with --baseline-write .linter-baseline.json)\n' });
    const written = await run('--baseline-write', '.linter-baseline.json', '-f', 'json');
    expect(written.code).toBe(0);
    expect(written.stderr).toBe('cmlint: baseline written to .linter-baseline.json\n');
    expect((JSON.parse(written.stdout) as JsonOut).findings).toEqual([]);
    expect(JSON.parse(readFileSync(baselineFile, 'utf8'))).toEqual({
      version: 1,
      findings: [
        { ruleId: 'hidden-required-field', contentType: 'article', field: 'legacy', entry: null, locale: null, count: 1 },
        { ruleId: 're2-incompatible-pattern', contentType: 'article', field: 'code', entry: null, locale: null, count: 1 },
        { ruleId: 're2-incompatible-pattern', contentType: 'article', field: 'slug', entry: null, locale: null, count: 1 },
      ],
    });
    expect(readFileSync(baselineFile, 'utf8').split('\n')).toHaveLength(9); // one entry per line
  });

  it('a run with the config’s baseline is clean, and says what it hid', async () => {
    const clean = await run();
    expect(clean.code).toBe(0);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toContain('✔ No problems');
    expect(clean.stdout).toContain('3 findings hidden by the baseline');
  });

  it('still hides them after the file is reformatted and the fields reordered (no line numbers in the baseline)', async () => {
    writeFileSync(join(dir, 'export.json'), JSON.stringify(JSON.parse(space({ code: '(\\w)\\1', slug: '^(?!admin)' }, ['legacy'])), null, 0));
    expect((await run()).code).toBe(0);
  });

  it('a new violation fails the run, and only it is reported', async () => {
    writeFileSync(join(dir, 'export.json'), space({ slug: '^(?!admin)', code: '(\\w)\\1', teaser: '(?<=x)y' }, ['legacy']));
    const result = await run('-f', 'json');
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as JsonOut).findings.map((f) => `${f.ruleId} ${f.target.field}`)).toEqual(['re2-incompatible-pattern teaser']);
  });

  it('a fixed violation makes the baseline stale: listed on stderr, exit 2', async () => {
    writeFileSync(join(dir, 'export.json'), space({ slug: '^[a-z-]+$', code: '(\\w)\\1' }, ['legacy']));
    const stale = await run();
    expect(stale.code).toBe(2);
    // Not "No problems" above an exit code 2: the summary says why the run fails.
    expect(stale.stdout).not.toContain('No problems');
    expect(stale.stdout).toContain('✖ No new problems\n');
    expect(stale.stdout).toContain('  the baseline has 1 recorded finding that no longer occurs: remove it with --prune-baseline\n');
    expect(stale.stderr).toBe(
      [
        'cmlint: the baseline .linter-baseline.json has 1 recorded finding that no longer occurs (fixed, or the rule changed):',
        '  re2-incompatible-pattern article › slug: recorded 1, found 0',
        'Run again with --prune-baseline to remove them from .linter-baseline.json.',
        '',
      ].join('\n'),
    );
  });

  it('--prune-baseline removes the stale entry atomically and the run passes', async () => {
    const pruned = await run('--prune-baseline');
    expect(pruned.code).toBe(0);
    expect(pruned.stderr).toBe('cmlint: removed 1 recorded finding that no longer occurs from .linter-baseline.json\n');
    expect(readBaseline(baselineFile, 'b').map((e) => e.field)).toEqual(['legacy', 'code']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect((await run()).code).toBe(0);
  });

  it('--baseline FILE wins over the config; a missing or malformed baseline is exit 2', async () => {
    const missing = await run('--baseline', 'nope.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('nope.json: baseline file not found (create it with --baseline-write nope.json)\n');
    writeFileSync(join(dir, 'bad.json'), '{"version":1,"findings":[{"ruleId":"x","count":0}]}');
    const bad = await run('--baseline', 'bad.json');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('bad.json: findings[0]: contentType must be a string or null\n');
    expect((await run('--baseline', 'bad.json', '--baseline-write', 'x.json')).code).toBe(2);
  });
});

describe('baselines of findings in GraphQL documents', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-baseline-documents-'));
  temps.push(dir);
  const run = (...args: string[]) => cmlint(['--as-of', '2026-11-21', '-f', 'json', ...args], { cwd: dir });
  const findings = (result: { stdout: string }) =>
    (JSON.parse(result.stdout) as { findings: { ruleId: string; file: string; line: number }[] }).findings.map((f) => `${f.ruleId} ${f.file}:${f.line}`);
  const zeroLimit = (name: string, before = '') => `${before}query ${name} {\n  postCollection(limit: 0) { items { title } }\n}\n`;
  const writeDocuments = (files: Record<string, string>) => {
    rmSync(join(dir, 'src'), { recursive: true, force: true });
    mkdirSync(join(dir, 'src'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'src', name), text);
  };
  writeFileSync(join(dir, '.linterrc.yaml'), 'extends: []\nbaseline: baseline.json\ninclude: ["export.json"]\ndocuments: ["src/*.graphql"]\nrules:\n  zero-limit-query: warning\n  hidden-required-field: error\n');
  writeFileSync(join(dir, 'export.json'), JSON.stringify({ contentTypes: [contentType('post', [{ id: 'title', type: 'Symbol' }, { id: 'legacy', type: 'Symbol', required: true, disabled: true }])] }));

  it('a baseline of model findings written before documents were identified by file still hides them', async () => {
    writeDocuments({});
    // The bytes a baseline of model findings has always had (no file, no operation).
    writeFileSync(
      join(dir, 'baseline.json'),
      '{\n  "version": 1,\n  "findings": [\n    {"ruleId":"hidden-required-field","contentType":"post","field":"legacy","entry":null,"locale":null,"count":1}\n  ]\n}\n',
    );
    expect(await run()).toMatchObject({ code: 0, stderr: '' });
    expect(findings(await run('--baseline-write', 'rewritten.json'))).toEqual([]);
    expect(readFileSync(join(dir, 'rewritten.json'), 'utf8')).toBe(readFileSync(join(dir, 'baseline.json'), 'utf8'));
  });

  it('records the file and the operation of each document finding, so that two documents are two entries', async () => {
    writeDocuments({ 'a.graphql': zeroLimit('A'), 'b.graphql': zeroLimit('B') });
    expect((await run('--baseline-write', 'baseline.json')).code).toBe(0);
    expect((JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8')) as { findings: unknown[] }).findings).toEqual([
      { ruleId: 'hidden-required-field', contentType: 'post', field: 'legacy', entry: null, locale: null, count: 1 },
      { ruleId: 'zero-limit-query', contentType: null, field: null, entry: null, locale: null, file: 'src/a.graphql', operation: 'A', count: 1 },
      { ruleId: 'zero-limit-query', contentType: null, field: null, entry: null, locale: null, file: 'src/b.graphql', operation: 'B', count: 1 },
    ]);
    expect(findings(await run())).toEqual([]);
  });

  it('a new finding of the same rule in another document is reported alone; a finding that moved to another document is new', async () => {
    writeDocuments({ 'a.graphql': zeroLimit('A'), 'b.graphql': zeroLimit('B'), 'c.graphql': zeroLimit('C') });
    expect(findings(await run())).toEqual(['zero-limit-query src/c.graphql:2']);
    writeDocuments({ 'a.graphql': zeroLimit('A'), 'c.graphql': zeroLimit('C') });
    const moved = await run();
    expect(findings(moved)).toEqual(['zero-limit-query src/c.graphql:2']);
    expect(moved.stderr).toContain("  zero-limit-query src/b.graphql › B: recorded 1, found 0");
  });

  it('an operation moved within its file (lines above it, another operation before it) stays hidden', async () => {
    writeDocuments({ 'a.graphql': zeroLimit('A', 'query First {\n  postCollection(limit: 1) { total }\n}\n\n\n'), 'b.graphql': zeroLimit('B') });
    expect(await run()).toMatchObject({ code: 0, stderr: '' });
    expect(findings(await run())).toEqual([]);
  });
});

describe('applyBaseline', () => {
  const a = finding('enforced-rule', { contentType: 'blogPost', field: 'slug' });
  const b = finding('upcoming-rule', { contentType: 'blogPost', entry: 'e1', field: 'title', locale: 'de-DE' });
  const all = new Set(['enforced-rule', 'upcoming-rule', 'undated-rule']);

  it('shows every finding of a key again when there are more than recorded (there is no telling which is new)', async () => {
    const entries = buildBaseline([a, b]);
    const outcome = applyBaseline([a, { ...a, line: 99 }, b], entries, all, all);
    expect(outcome.kept.map((f) => f.line)).toEqual([10, 99]);
    expect(outcome.suppressed).toBe(1);
    expect(outcome.stale).toEqual([]);
  });

  it('never hides or records internal errors', async () => {
    const crash = { ...a, internal: true };
    expect(buildBaseline([a, crash])).toEqual([{ ruleId: 'enforced-rule', contentType: 'blogPost', field: 'slug', entry: null, locale: null, count: 1 }]);
    expect(applyBaseline([a, crash], buildBaseline([a]), all, all).kept).toEqual([crash]);
  });

  it('judges staleness only for rules that ran; entries of rules that no longer exist are stale', async () => {
    const entries = [...buildBaseline([a, b]), { ruleId: 'removed-rule', contentType: null, field: null, entry: null, locale: null, count: 2 }];
    const onlyEnforced = applyBaseline([], entries, new Set(['enforced-rule']), all);
    expect(onlyEnforced.stale.map((s) => [s.ruleId, s.found])).toEqual([
      ['enforced-rule', 0],
      ['removed-rule', 0],
    ]);
    expect(pruneBaseline(entries, onlyEnforced.stale).map((e) => e.ruleId)).toEqual(['upcoming-rule']);
  });

  it('a count that went down is stale and is pruned to what is found', async () => {
    const entries = buildBaseline([a, a, a]);
    const { stale } = applyBaseline([a], entries, all, all);
    expect(stale).toEqual([{ ...entries[0], found: 1 }]);
    expect(pruneBaseline(entries, stale)).toEqual([{ ...entries[0], count: 1 }]);
  });

  it('writes an empty baseline as an empty list', async () => {
    expect(serializeBaseline([])).toBe('{\n  "version": 1,\n  "findings": []\n}\n');
  });

  it('refuses to write a baseline when a rule crashed (a plugin rule that throws)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-baseline-crash-'));
    temps.push(dir);
    writeFileSync(join(dir, 'crash.mjs'), `export default { meta: { id: 'crashes', description: 'Crashes.', docs: '', enforcement: { date: null, postponedFrom: null, note: 'x' }, severity: 'error', recommended: true, schema: { type: 'object' }, messages: { m: { text: 'm' } } }, create() { return { contentType() { throw new Error('boom'); } }; } };\n`);
    writeFileSync(join(dir, '.linterrc.yaml'), 'plugins: ["./crash.mjs"]\n');
    writeFileSync(join(dir, 'export.json'), space({}, []));
    const result = await cmlint(['--baseline-write', 'base.json', '-f', 'json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("base.json: baseline not written, because a rule crashed (it would miss that rule's findings): Internal error in rule crashes while checking content type 'article': boom. The rule was stopped; other rules ran.\n");
    expect(existsSync(join(dir, 'base.json'))).toBe(false);
    // The report is still written, and says which rule crashed.
    expect((JSON.parse(result.stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId)).toContain('crashes');
  });
});
