import type { RuleMeta, Target } from '../../src/engine/rule.js';
import type { Finding } from '../../src/engine/run-rules.js';
import type { FormatContext, LintResult } from '../../src/format/types.js';

/** Rule metadata for formatter tests: one enforced, one upcoming, one undated, and one rule without findings. */
export const RULES: RuleMeta[] = [
  meta('enforced-rule', { date: '2025-01-21', postponedFrom: '2024-11-14', note: null }, 'error'),
  meta('upcoming-rule', { date: '2026-05-21', postponedFrom: null, note: null }, 'error'),
  meta('undated-rule', { date: null, postponedFrom: null, note: 'March 20 (year not stated); in effect' }, 'warning'),
  meta('quiet-rule', { date: null, postponedFrom: null, note: 'in effect' }, 'info'),
];

function meta(id: string, enforcement: RuleMeta['enforcement'], severity: RuleMeta['severity']): RuleMeta {
  return {
    id,
    description: `Test rule ${id}.`,
    docs: `Docs of ${id}.\n\n## Fix\n\nFix it.`,
    enforcement,
    severity,
    recommended: true,
    schema: { type: 'object', properties: {} },
    messages: { found: { text: 'found' } },
  };
}

const STATUS = { 'enforced-rule': 'enforced', 'upcoming-rule': 'upcoming', 'undated-rule': 'undated', 'quiet-rule': 'undated' } as const;

/** A finding of one of RULES, with defaults for everything not given. */
export function finding(ruleId: keyof typeof STATUS, target: Partial<Target>, extra: Partial<Finding> = {}): Finding {
  const rule = RULES.find((r) => r.id === ruleId)!;
  return {
    ruleId,
    messageId: 'found',
    severity: rule.severity,
    message: `Problem found by ${ruleId}.`,
    enforcement: { date: rule.enforcement.date, status: STATUS[ruleId], note: rule.enforcement.note },
    target: { contentType: null, field: null, entry: null, locale: null, ...target },
    pointer: '/contentTypes/0/fields/1',
    file: 'space/export.json',
    line: 10,
    column: 5,
    internal: false,
    ...extra,
  };
}

export function result(findings: Finding[], extra: Partial<LintResult> = {}): LintResult {
  return {
    tool: { name: 'cmlint', version: '9.8.7' },
    asOf: '2026-05-01',
    findings,
    stats: { filesRead: 2, contentTypes: 3, entries: 40, assets: 5 },
    suppressed: 0,
    ...extra,
  };
}

/** The working directory is `site/` inside the repository `/repo`. */
export const CONTEXT: FormatContext = { color: false, rules: RULES, cwd: '/repo/site', root: '/repo' };

/** Text that breaks naive escaping in every format. */
export const NASTY = 'Pattern `a|b` <script>alert(1)</script> & 100% done,\r\nnext: line\t]]> \u0001 \uD800 😀 "quoted" \'single\'';
