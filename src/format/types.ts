import type { RuleMeta } from '../engine/rule.js';
import { Findings, type Finding, type FindingList } from '../engine/findings.js';
import type { RunStats } from '../engine/run-rules.js';
import type { Fix } from '../fix/changes.js';
import type { ArtifactEdit } from '../fix/sarif-edits.js';

/** Everything a formatter needs; formatters are pure functions of it. */
export interface LintResult {
  tool: { name: string; version: string };
  asOf: string;
  findings: readonly Finding[];
  stats: RunStats;
  /** Findings that the baseline hid (not in `findings`). */
  suppressed: number;
}

/**
 * What the chunk formatters take: a `LintResult` whose findings may be held compactly (see
 * engine/findings.ts) and are read one at a time; an array of findings is one too.
 */
export interface Report extends Omit<LintResult, 'findings'> {
  findings: FindingList;
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
  /** Human formats: the columns text is wrapped to (default 100). */
  width?: number;
  /** The run's warning limit, and the setting as people see it (`--max-warnings 3`): the summary says when the warnings exceed it. */
  maxWarnings?: { limit: number; setting: string };
  /** Recorded findings of the baseline that no longer occur (the run exits 2): the summary says so. */
  staleBaseline?: number;
  /** For SARIF's `fixes`: the edits of a finding's fix or suggestion in the files, when it can be made in place (src/fix/sarif-edits.ts). */
  fixEdits?: (fix: Fix) => readonly ArtifactEdit[] | undefined;
}

export type Formatter = (result: LintResult, context: FormatContext) => string;

/**
 * A formatter that yields its text in pieces (joined, they are the formatter's text), so that a
 * large report is written as it is printed instead of held as one string. Still a pure function
 * of the result: the chunks depend on nothing else.
 */
export type ChunkFormatter = (result: Report, context: FormatContext) => Iterable<string>;

/** The formatter that returns a chunk formatter's text as one string. */
export function whole(chunks: ChunkFormatter): Formatter {
  return (result, context) => [...chunks(result, context)].join('');
}

/** How many findings of `cmlint diff` are breaking and dangerous changes. */
export function changeCounts(findings: FindingList): { breaking: number; dangerous: number } {
  const counts = { breaking: 0, dangerous: 0 };
  for (const finding of findings) if (finding.change) counts[finding.change]++;
  return counts;
}

/** A finding's suggestions as machine-readable output gives them (JSON, SARIF): what `--apply-suggestion RULE:ID` names, and what it does. */
export function suggestionsOf(finding: Finding): { id: string; desc: string }[] {
  return (finding.suggestions ?? []).map(({ id, desc }) => ({ id, desc }));
}

export function countBySeverity(findings: FindingList): { error: number; warning: number; info: number } {
  if (findings instanceof Findings) return findings.countBySeverity();
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}
