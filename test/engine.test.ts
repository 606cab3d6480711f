import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleConfiguration } from '../src/config/resolve-rules.js';
import { defineRule, type Rule, type RuleMeta } from '../src/engine/rule.js';
import { entryRef, type EntryRef } from '../src/model/nodes.js';
import { runRules } from '../src/engine/run-rules.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import type { ConfigFile } from '../src/config/load-config.js';
import { contentType } from './helpers/rule-tester.js';

const dir = mkdtempSync(join(tmpdir(), 'cmlint-engine-'));
const file = join(dir, 'space.json');
writeFileSync(
  file,
  JSON.stringify({
    contentTypes: [contentType('a', [{ id: 'x', type: 'Symbol' }]), contentType('b', [{ id: 'y', type: 'Symbol' }, { id: 'z', type: 'Symbol' }])],
    locales: [{ code: 'en-US', default: true }],
    entries: [1, 2, 3].map((n) => ({ sys: { id: `e${n}`, type: 'Entry', contentType: { sys: { id: 'a' } } }, fields: {} })),
  }),
);

function meta(id: string, extra: Partial<RuleMeta> = {}): RuleMeta {
  return {
    id,
    description: `test rule ${id}`,
    docs: '',
    enforcement: { date: null, postponedFrom: null, note: 'test' },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {} },
    messages: { found: { text: 'found {{what}}' } },
    ...extra,
  };
}

async function run(rules: Rule<never>[], config: ConfigFile = {}, asOf = '2026-11-21') {
  const space = await loadSpace([{ absPath: file, explicit: true }], dir);
  return (await runRules(space, new RuleConfiguration(rules, config), asOf)).findings;
}

const fieldReporter = (id: string, extra: Partial<RuleMeta> = {}) =>
  defineRule({
    meta: meta(id, extra),
    create: (context) => ({ field: (field) => context.report({ node: field, messageId: 'found', data: { what: field.id } }) }),
  }) as Rule<never>;

describe('rule isolation', () => {
  const crashing = defineRule({
    meta: meta('crashes'),
    create: (context) => ({
      entry(entry) {
        if (entry.id === 'e2') throw new Error('boom');
        context.report({ node: entry, messageId: 'found', data: { what: entry.id } });
      },
    }),
  }) as Rule<never>;

  it('turns a throwing rule into one internal-error finding naming the rule, stops that rule and runs the others', async () => {
    const findings = await run([crashing, fieldReporter('fields')]);
    const internal = findings.filter((f) => f.internal);
    expect(internal).toHaveLength(1);
    expect(internal[0]).toMatchObject({ ruleId: 'crashes', severity: 'error', target: { contentType: 'a', entry: 'e2' } });
    expect(internal[0]!.message).toContain("Internal error in rule crashes while checking entry 'e2': boom");
    expect(findings.filter((f) => f.ruleId === 'crashes' && !f.internal).map((f) => f.target.entry)).toEqual(['e1']);
    expect(findings.filter((f) => f.ruleId === 'fields').map((f) => f.target.field)).toEqual(['x', 'y', 'z']);
  });

  it('reports a rule whose create() throws, and a message id the rule does not declare', async () => {
    const badCreate = defineRule({ meta: meta('bad-create'), create: () => { throw new Error('no'); } }) as Rule<never>;
    const badMessage = defineRule({
      meta: meta('bad-message'),
      create: (context) => ({ contentType: (ct) => context.report({ node: ct, messageId: 'nope' }) }),
    }) as Rule<never>;
    const findings = await run([badCreate, badMessage]);
    expect(findings.map((f) => [f.ruleId, f.internal, f.target.contentType])).toEqual([
      ['bad-create', true, null],
      ['bad-message', true, 'a'],
    ]);
    expect(findings[1]!.message).toContain("unknown messageId 'nope'");
  });
});

describe('findings about entries that have streamed past', () => {
  it('an EntryRef reported in `end` gives the entry’s target, file, pointer and line, and takes overrides by its content type', async () => {
    const rule = defineRule({
      meta: meta('later'),
      create: (context) => {
        const seen: EntryRef[] = [];
        return {
          entry: (entry) => void seen.push(entryRef(entry)),
          end: () => {
            for (const ref of seen) context.report({ node: ref, messageId: 'found', data: { what: ref.id }, path: ['fields'], field: 'x', locale: 'en-US' });
          },
        };
      },
    }) as Rule<never>;
    const findings = await run([rule], { overrides: [{ contentTypes: ['a'], rules: { later: 'warning' } }] });
    expect(findings.map((f) => [f.target, f.severity, f.pointer, f.line])).toEqual(
      [0, 1, 2].map((i) => [{ contentType: 'a', field: 'x', entry: `e${i + 1}`, locale: 'en-US' }, 'warning', `/entries/${i}/fields`, 1]),
    );
    expect(findings.every((f) => f.file?.endsWith('space.json') && f.column! > 1)).toBe(true);
  });

  it('an EntryRef holds no record', () => {
    const ref = entryRef({ kind: 'entry', id: 'e', contentTypeId: 'a', json: { sys: { id: 'e', contentType: { sys: { id: 'a' } } } }, source: null as never });
    expect(Object.keys(ref).sort()).toEqual(['contentTypeId', 'id', 'kind', 'source']);
  });
});

describe('severity', () => {
  it('before the enforcement date: the upcoming severity (default warning) and a dated message', async () => {
    const rule = fieldReporter('dated', { enforcement: { date: '2027-01-01', postponedFrom: null, note: null } });
    const before = await run([rule], {}, '2026-12-31');
    expect(before.map((f) => [f.severity, f.enforcement.status])).toEqual(Array(3).fill(['warning', 'upcoming']));
    expect(before[0]!.message).toBe('found x (enforced from 2027-01-01 (in 1 day))');
    const on = await run([rule], {}, '2027-01-01');
    expect(on.map((f) => [f.severity, f.enforcement.status])).toEqual(Array(3).fill(['error', 'enforced']));
    expect(on[0]!.message).toBe('found x');
  });

  it('a message’s maxSeverity caps the finding, whatever the configuration', async () => {
    const rule = fieldReporter('capped', { messages: { found: { text: 'found {{what}}', maxSeverity: 'info' } } });
    expect((await run([rule], { rules: { capped: 'error' } })).map((f) => f.severity)).toEqual(['info', 'info', 'info']);
  });

  it('overrides by content type glob change the severity of findings about those content types only', async () => {
    const rule = fieldReporter('per-type');
    const findings = await run([rule], { overrides: [{ contentTypes: ['b'], rules: { 'per-type': 'warning' } }] });
    expect(findings.map((f) => [f.target.contentType, f.severity])).toEqual([
      ['a', 'error'],
      ['b', 'warning'],
      ['b', 'warning'],
    ]);
  });
});

describe('presets', () => {
  const optionRule = defineRule<{ deep: boolean }>({
    meta: meta('with-options', {
      schema: { type: 'object', properties: { deep: { type: 'boolean', default: true } } },
      recommendedOptions: { deep: false },
    }),
    create: (context) => ({ end: () => context.report({ node: null, messageId: 'found', data: { what: String(context.options.deep) } }) }),
  }) as Rule<never>;

  it('recommended applies the rule’s recommended options; all keeps the defaults; later presets win', async () => {
    expect((await run([optionRule], {}))[0]!.message).toBe('found false');
    expect((await run([optionRule], { extends: 'all' }))[0]!.message).toBe('found true');
    expect((await run([optionRule], { extends: ['all', 'recommended'] }))[0]!.message).toBe('found false');
    expect((await run([optionRule], { extends: 'recommended', rules: { 'with-options': ['error', { deep: true }] } }))[0]!.message).toBe('found true');
  });

  it('a finding about the space as a whole has no file, pointer or target', async () => {
    const [finding] = await run([optionRule]);
    expect(finding).toMatchObject({ file: null, pointer: null, line: null, column: null });
    expect(finding!.target).toEqual({ contentType: null, field: null, entry: null, locale: null });
  });
});
