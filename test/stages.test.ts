import { describe, expect, it } from 'vitest';
import { ruleProblems } from '../src/engine/check-rule.js';
import { enforcementAt, stagesText } from '../src/engine/stages.js';
import type { RuleMeta } from '../src/engine/rule.js';

const stages: RuleMeta['stages'] = [
  { date: '2026-08-18', severity: 'warning', label: 'deprecated' },
  { date: '2027-02-28', severity: 'error', label: 'removed' },
];
const meta = { enforcement: { date: '2026-08-18', postponedFrom: null, note: null }, stages };

describe('a lifecycle of dated stages', () => {
  it('names the next stage before the first, the stage in force after it, and lists every stage', () => {
    expect(enforcementAt(meta, '2026-08-17')).toEqual({
      date: '2026-08-18',
      status: 'upcoming',
      note: 'deprecated',
      stages: [
        { date: '2026-08-18', status: 'upcoming', severity: 'warning' },
        { date: '2027-02-28', status: 'upcoming', severity: 'error' },
      ],
    });
    expect(enforcementAt(meta, '2027-02-27')).toMatchObject({ date: '2026-08-18', status: 'enforced', note: 'deprecated' });
    expect(enforcementAt(meta, '2027-02-28')).toMatchObject({ date: '2027-02-28', status: 'enforced', note: 'removed' });
  });

  it('rules without stages keep the three keys', () => {
    expect(enforcementAt({ enforcement: { date: '2027-02-15', postponedFrom: null, note: null } }, '2027-03-01')).toEqual({ date: '2027-02-15', status: 'enforced', note: null });
    expect(enforcementAt({ enforcement: { date: null, postponedFrom: null, note: 'x' } }, '2027-03-01')).toEqual({ date: null, status: 'undated', note: 'x' });
  });

  it('says when each stage starts, for people', () => {
    expect(stagesText(stages!, '2027-02-27')).toBe('deprecated since 2026-08-18; removed from 2027-02-28 (in 1 day)');
  });

  it('a plugin rule with stages out of order or without a severity is refused', async () => {
    const rule = (s: unknown) => ({
      meta: { id: 'x', description: 'X.', docs: '', enforcement: { date: null, postponedFrom: null, note: null }, stages: s, severity: 'error', recommended: true, schema: { type: 'object' }, messages: { m: { text: 'm' } } },
      create: () => ({}),
    });
    expect(await ruleProblems(rule(stages))).toEqual([]);
    expect(await ruleProblems(rule([...stages!].reverse()))).toEqual(['`meta.stages` must be [{ date: YYYY-MM-DD, severity, label }] in increasing date order']);
    expect(await ruleProblems(rule([{ date: '2026-01-01', label: 'x' }]))).toHaveLength(1);
  });
});
