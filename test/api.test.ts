/** The programmatic API as a package user sees it: the compiled entry point (package.json "main"). */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as Api from '../src/index.js';
import { ROOT } from './helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; types: string };
const api = (await import(join(ROOT, pkg.main))) as typeof Api;

describe('programmatic API (dist/src/index.js)', () => {
  it('lints, then formats with any formatter', async () => {
    const cwd = join(ROOT, 'fixtures', 'cli');
    const { result, rules, baseline } = await api.lint({ paths: ['lookahead'], cwd, asOf: '2025-05-01' });
    expect(baseline).toBeNull();
    expect(result.findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([['re2-incompatible-pattern', 'lookahead/export.json', 40]]);
    const context: Api.FormatContext = { color: false, rules: rules.map((r) => r.meta), cwd, root: api.repositoryRoot(cwd) };
    const sarif = JSON.parse(api.FORMATTERS.sarif!(result, context)) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toBe('fixtures/cli/lookahead/export.json');
    expect(api.formatJson(result, context)).toBe(api.FORMATTERS.json!(result, context));
    expect([...api.MACHINE_FORMATS].sort()).toEqual(['github', 'json', 'junit', 'sarif']);
  });

  it('loads a config with loadConfig and passes it to lint; defineRule types a rule', async () => {
    const rule = api.defineRule<{ max: number }>({
      meta: {
        id: 'x',
        description: 'x',
        docs: '',
        enforcement: { date: null, postponedFrom: null, note: 'x' },
        severity: 'error',
        recommended: true,
        schema: { type: 'object', properties: { max: { type: 'integer', default: 1 } } },
        messages: { m: { text: 'm' } },
      },
      create: (context) => ({ end: () => void context.options.max }),
    });
    expect(rule.meta.id).toBe('x');
    const loaded = await api.loadConfig(join(ROOT, 'fixtures', 'cli', 'golden'));
    expect(loaded.rules.map((r) => r.meta.id)).toContain('untranslated-field');
    const { result } = await api.lint({ paths: [join(ROOT, 'fixtures', 'demo-space')], cwd: ROOT, config: loaded, asOf: '2025-05-01' });
    expect(new Set(result.findings.map((f) => f.ruleId))).toEqual(new Set(['re2-incompatible-pattern', 'hidden-required-field', 'untranslated-field']));
  });

  it('a rule reports fixes made with the change helpers; a rule that does not declare meta.fixable is stopped when it reports one', async () => {
    const fixing = (fixable: boolean) =>
      api.defineRule({
        meta: { id: 'optional-everything', description: 'x', docs: '', enforcement: { date: null, postponedFrom: null, note: 'x' }, severity: 'error', recommended: true, fixable, schema: { type: 'object' }, messages: { m: { text: 'required' } } },
        create: (context) => ({
          field(field) {
            if (field.json.required === true) context.report({ node: field, messageId: 'm', fix: { desc: 'optional', changes: [api.setFieldProperty(field, 'required', false)] } });
          },
        }),
      });
    const run = async (rule: ReturnType<typeof fixing>) => {
      const loaded = await api.loadConfig(ROOT, [rule as Api.Rule<never>], '/dev/null');
      return (await api.lint({ paths: ['fixtures/demo-space'], cwd: ROOT, config: { ...loaded, config: { rules: { 'optional-everything': 'error' } } } })).result.findings;
    };
    const fixed = await run(fixing(true));
    expect(fixed.length).toBeGreaterThan(0);
    expect(fixed.every((f) => f.fix?.desc === 'optional' && f.fix.changes[0]!.kind === 'setFieldProperty')).toBe(true);
    const stopped = await run(fixing(false));
    expect(stopped.map((f) => f.internal && f.message.includes('it reported a fix, but its meta.fixable is not true'))).toEqual([true]);
  });

  it('returns input errors as findings, and throws typed errors for the rest', async () => {
    const { result } = await api.lint({ paths: ['no-such-dir'], cwd: ROOT });
    expect(result.findings.map((f) => [f.ruleId, f.file, f.message, f.internal])).toEqual([['input-error', 'no-such-dir', 'No such file or directory', true]]);
    await expect(api.lint({ paths: ['fixtures/cli/clean'], cwd: ROOT, baseline: 'no-such-baseline.json' })).rejects.toBeInstanceOf(api.BaselineError);
  });

  it('lints a file again after it changed at the same path (one process, two runs): the findings of what it holds now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-api-'));
    try {
      const findings = async () => (await api.lint({ paths: ['export.json'], cwd: dir, asOf: '2026-01-01' })).result.findings.map((f) => [f.ruleId, f.target.contentType, f.line, f.column]);
      const expected: unknown[][] = [];
      for (const fixture of ['demo-space', 'cli/hidden-required']) {
        copyFileSync(join(ROOT, 'fixtures', fixture, 'export.json'), join(dir, 'export.json'));
        expected.push(await findings());
      }
      expect(expected[1]).toEqual([['hidden-required-field', 'legacyPage', 48, 11]]);
      // The demo space again, then the other export over it: each run reports what the file holds.
      copyFileSync(join(ROOT, 'fixtures', 'demo-space', 'export.json'), join(dir, 'export.json'));
      expect(await findings()).toEqual(expected[0]);
      copyFileSync(join(ROOT, 'fixtures', 'cli', 'hidden-required', 'export.json'), join(dir, 'export.json'));
      expect(await findings()).toEqual(expected[1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
