import type { RuleMeta } from '../engine/rule.js';
import type { Finding, RunStats } from '../engine/run-rules.js';

/** Everything a formatter needs; formatters are pure functions of it. */
export interface LintResult {
  tool: { name: string; version: string };
  asOf: string;
  findings: readonly Finding[];
  stats: RunStats;
}

export interface FormatContext {
  color: boolean;
  /** Metadata of the rules that ran. */
  rules: readonly RuleMeta[];
}

export type Formatter = (result: LintResult, context: FormatContext) => string;

export function countBySeverity(findings: readonly Finding[]): { error: number; warning: number; info: number } {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}
