import type { RuleMeta } from '../engine/rule.js';
import type { Finding, RunStats } from '../engine/run-rules.js';

/** Everything a formatter needs; formatters are pure functions of it. */
export interface LintResult {
  tool: { name: string; version: string };
  asOf: string;
  findings: readonly Finding[];
  stats: RunStats;
  /** Findings that the baseline hid (not in `findings`). */
  suppressed: number;
}

export interface FormatContext {
  color: boolean;
  /** Metadata of the rules that ran (built-in and plugin rules that are on). */
  rules: readonly RuleMeta[];
  /** Absolute working directory: `finding.file` is relative to it. */
  cwd: string;
  /** Absolute repository root (the git top level, else `cwd`): SARIF and GitHub paths are relative to it. */
  root: string;
  /** A rule's documentation URL, when one is known. */
  docsUrl?: (ruleId: string) => string | undefined;
}

export type Formatter = (result: LintResult, context: FormatContext) => string;

/**
 * A formatter that yields its text in pieces (joined, they are the formatter's text), so that a
 * large report is written as it is printed instead of held as one string. Still a pure function
 * of the result: the chunks depend on nothing else.
 */
export type ChunkFormatter = (result: LintResult, context: FormatContext) => Iterable<string>;

export function countBySeverity(findings: readonly Finding[]): { error: number; warning: number; info: number } {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}
