/**
 * Findings held compactly (src/engine/findings.ts): a run's findings are kept as columns and
 * made into `Finding` objects only as reports read them. What they are made into must be what
 * the run found: the same objects `lint()` returns, the same text in every format as the same
 * findings given as an array, the same report order.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateExport } from '../bench/generate-export.mjs';
import { RuleConfiguration } from '../src/config/resolve-rules.js';
import { FindingStore, Findings, type Finding, type NewFinding } from '../src/engine/findings.js';
import { ignoredFileFindings, withFindings } from '../src/engine/input-findings.js';
import { defineRule, type Rule } from '../src/engine/rule.js';
import { compareFindings, runRules, runRulesCompact } from '../src/engine/run-rules.js';
import { FORMATTERS, formatChunks } from '../src/format/index.js';
import type { FormatContext } from '../src/format/types.js';
import { lint, lintReport } from '../src/pipeline/run.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { contentType } from './helpers/rule-tester.js';
import { ROOT } from './helpers/cli.js';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cmlint-compact-'));
  await generateExport({ entries: 150, seed: 3, invalidRate: 1, brokenPerEntry: 4, out: join(dir, 'heavy.json') });
  writeFileSync(join(dir, '.linterrc.yaml'), 'extends: all\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const contextOf = (cwd: string, rules: readonly Rule<never>[]): FormatContext => ({ color: false, rules: rules.map((r) => r.meta), cwd, root: cwd });

describe('compact findings', () => {
  it('are made into the objects lint() returns, in report order', async () => {
    const options = { paths: ['heavy.json'], cwd: dir, asOf: '2026-11-21' };
    const [report, api] = await Promise.all([lintReport(options), lint(options)]);
    expect(report.result.findings).toBeInstanceOf(Findings);
    expect(report.result.findings.length).toBeGreaterThan(500);
    expect([...report.result.findings]).toEqual(api.result.findings);
    expect(new Set(api.result.findings.map((f) => f.ruleId)).size).toBeGreaterThan(2);
    const sorted = [...api.result.findings].sort(compareFindings);
    expect(sorted).toEqual(api.result.findings);
    expect(report.result.findings.at(-1)).toEqual(api.result.findings.at(-1));
  });

  it('print the same text in every format as the same findings given as an array (lint and diff findings)', async () => {
    const runs = [
      await lintReport({ paths: ['heavy.json'], cwd: dir, asOf: '2026-11-21' }),
      await lintReport({ paths: ['fixtures/diff/after.json'], cwd: ROOT, asOf: '2026-11-21', before: { paths: ['fixtures/diff/before.json'], cwd: ROOT, base: ROOT } }),
    ];
    for (const [i, { result, rules }] of runs.entries()) {
      const context = contextOf(i === 0 ? dir : ROOT, rules);
      const asArray = { ...result, findings: [...result.findings] };
      expect(asArray.findings.length).toBeGreaterThan(0);
      if (i === 1) expect(asArray.findings.some((f) => f.change)).toBe(true);
      for (const name of Object.keys(FORMATTERS)) {
        const chunks = [...formatChunks(name)({ ...result }, context)];
        expect(chunks.join(''), `${name}`).toBe(FORMATTERS[name]!(asArray, context));
        if (i === 0) expect(chunks.length, `${name} is written in pieces`).toBeGreaterThan(1);
      }
      // Filtered (--quiet, baseline, report targets), they stay compact and print the same too.
      const errors = result.findings.filter((f) => f.severity === 'error');
      expect(errors).toBeInstanceOf(Findings);
      expect(FORMATTERS.json!({ ...asArray, findings: [...errors] }, context)).toBe([...formatChunks('json')({ ...result, findings: errors }, context)].join(''));
    }
  });
});

describe('the report order and the messages of compact findings', () => {
  const space = mkdtempSync(join(tmpdir(), 'cmlint-compact-order-'));
  afterAll(() => rmSync(space, { recursive: true, force: true }));
  const file = join(space, 'space.json');
  writeFileSync(file, JSON.stringify({ contentTypes: [contentType('a', [{ id: 'x', type: 'Symbol' }])], locales: [{ code: 'en-US', default: true }] }));

  const rule = defineRule({
    meta: {
      id: 'order',
      description: 'test rule',
      docs: '',
      enforcement: { date: '2027-01-01', postponedFrom: null, note: null },
      severity: 'error',
      recommended: true,
      schema: { type: 'object', properties: {} },
      messages: { m: { text: '{{ word }} and {{n}}, {{word}} again' }, plain: { text: 'no data' } },
    },
    create: (context) => ({
      // Same place, rule and target: ordered by message.
      field(field) {
        for (const word of ['zeta', 'alpha', 'mid']) context.report({ node: field, messageId: 'm', data: { word, n: word.length } });
        context.report({ node: field, messageId: 'plain' });
        context.report({ node: field, messageId: 'plain', path: ['type'] });
      },
    }),
  }) as Rule<never>;

  it('orders ties by message and fills every placeholder (a name used twice, numbers), with the upcoming date', async () => {
    const loaded = await loadSpace([{ absPath: file, explicit: true }], space);
    const { findings } = await runRules(loaded, new RuleConfiguration([rule], {}), '2026-11-21');
    const upcoming = ' (enforced from 2027-01-01 (in 41 days))';
    expect(findings.map((f) => [f.message, f.pointer])).toEqual([
      [`alpha and 5, alpha again${upcoming}`, '/contentTypes/0/fields/0'],
      [`mid and 3, mid again${upcoming}`, '/contentTypes/0/fields/0'],
      [`no data${upcoming}`, '/contentTypes/0/fields/0'],
      [`zeta and 4, zeta again${upcoming}`, '/contentTypes/0/fields/0'],
      [`no data${upcoming}`, '/contentTypes/0/fields/0/type'],
    ]);
    expect(findings.every((f) => f.severity === 'warning' && f.enforcement === findings[0]!.enforcement)).toBe(true);
  });

  it('orders findings equal in place, rule, target and message by message id, severity and pointer, whatever order they were added in', () => {
    // A parallel run adds the workers' findings in the order they arrive.
    const sorted = (order: readonly number[]) => {
      const store = new FindingStore();
      const enforcement = { date: null, status: 'undated' as const, note: null };
      const templates = ['a', 'b'].map((messageId) => store.addTemplate({ ruleId: 'r', messageId, enforcement, internal: false, change: undefined, parts: ['same text'], keys: [], suffix: '' }));
      const at = (template: number, severity: NewFinding['severity'], pointer: string): NewFinding => ({
        template,
        severity,
        target: { contentType: 'c', field: null, entry: null, locale: null },
        ref: null,
        file: 'space.json',
        pointer,
        place: pointer,
        at: undefined,
        line: 3,
        column: 5,
        values: [],
      });
      const findings = [at(templates[1]!, 'error', '/a'), at(templates[0]!, 'warning', '/a'), at(templates[0]!, 'error', '/b'), at(templates[0]!, 'error', '/a')];
      for (const i of order) store.add(findings[i]!);
      return [...store.sorted()].map((f) => [f.messageId, f.severity, f.pointer]);
    };
    const expected = [['a', 'error', '/a'], ['a', 'error', '/b'], ['a', 'warning', '/a'], ['b', 'error', '/a']];
    for (const order of [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2]]) expect(sorted(order)).toEqual(expected);
  });

  it('with more findings merged in (file-ignored warnings), keep report order: read by index, from the end, iterated and filtered', async () => {
    const { result } = await lintReport({ paths: ['heavy.json'], cwd: dir, asOf: '2026-11-21' });
    const more = ignoredFileFindings([
      { file: 'zz-last.json', reason: 'not-an-input' },
      { file: 'heavy.json', reason: 'excluded' },
      { file: 'a-first.json', reason: 'excluded' },
    ]);
    const merged = withFindings(result.findings, more);
    const expected = [...result.findings, ...more].sort(compareFindings);
    expect(merged.length).toBe(expected.length);
    expect([...merged]).toEqual(expected);
    expect(expected.map((_, i) => merged.at(i))).toEqual(expected);
    expect(merged.at(-1)).toEqual(expected.at(-1));
    expect([merged.at(0)!.file, merged.at(-1)!.file]).toEqual(['a-first.json', 'zz-last.json']);
    const warnings = (f: Finding) => f.severity === 'warning';
    expect([...merged.filter(warnings)]).toEqual(expected.filter(warnings));
    expect(withFindings(result.findings, [])).toBe(result.findings);
  });

  it('keeps no Finding objects: the compact result makes a new one each time it is read', async () => {
    const loaded = await loadSpace([{ absPath: file, explicit: true }], space);
    const { findings } = await runRulesCompact(loaded, new RuleConfiguration([rule], {}), '2026-11-21');
    expect(findings.at(0)).toEqual(findings.at(0));
    expect(findings.at(0)).not.toBe(findings.at(0));
    expect(findings.countBySeverity()).toEqual({ error: 0, warning: 5, info: 0 });
  });
});
