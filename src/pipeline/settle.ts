/**
 * The fourth stage of a run (docs/architecture.md): what of the findings is reported, and what the
 * run's verdict is. The baseline is applied (or recorded, or pruned), findings outside the report
 * targets are dropped, named files the run does not lint are warned about, and the verdict is taken: `--fail-on`, `--max-warnings`, the exit code.
 * Like Ruff's suppressions, this is a step after the engine: rules never see a baseline or a target.
 */
import type { ConfigFile } from '../config/load-config.js';
import { internalFindings, type Finding, type FindingList } from '../engine/findings.js';
import { ignoredFileFindings, withFindings } from '../engine/input-findings.js';
import { SEVERITY_RANK, type Rule, type Severity } from '../engine/rule.js';
import { countBySeverity, type LintResult, type Report } from '../format/types.js';
import { displayPath, isSpaceExport } from '../inputs/space/load-space.js';
import { repositoryRoot } from '../util/repo-root.js';
import { toolVersion } from '../util/version.js';
import { applyBaseline, BaselineError, buildBaseline, prepareBaselineFile, pruneBaseline, readBaseline, writeBaseline, type BaselineEntry, type StaleEntry } from './baseline.js';
import type { Checked } from './check.js';
import { plannedRules, readsInputs, type Planned, type PlannedInputs, type PlannedTargets, type RunPlan } from './plan.js';

/** What happened to the baseline of a run. */
export interface BaselineReport {
  /** The file, as messages show it. */
  path: string;
  /** Written by this run (`baselineWrite`). */
  written: boolean;
  /** Recorded findings that no longer occur (as often); after `pruneBaseline`, the ones removed. */
  stale: StaleEntry[];
  /** The stale entries were removed from the file. */
  pruned: boolean;
  /** Why a baseline to record was not written (a rule crashed), or null. */
  notWritten: string | null;
}

export interface LintOutcome {
  result: LintResult;
  config: ConfigFile;
  /** The rules that ran (built-in and plugin rules that are on). */
  rules: readonly Rule<never>[];
  baseline: BaselineReport | null;
}

/** A lint outcome whose findings are held compactly and made one at a time as they are read (the CLI writes reports from it). */
export interface ReportOutcome extends Omit<LintOutcome, 'result'> {
  result: Report;
}

/** A run's outcome, its plan, and its verdict. */
export interface Settled extends ReportOutcome {
  plan: RunPlan;
  /** Whether a finding fails the run (at or above `failOn`, or a warning beyond `maxWarnings`). */
  failing(finding: Finding): boolean;
  /** 0: nothing fails the run; 1: findings fail it; 2: input errors, a rule crashed, or the baseline is stale. */
  exitCode: 0 | 1 | 2;
}

/**
 * Opens the baseline before the inputs are read, so that a bad one stops the run before a long
 * read: the recorded entries to apply, or null (none, or one to record: checked to be writable
 * and not an input). Throws BaselineError.
 */
export async function openBaseline(plan: RunPlan): Promise<BaselineEntry[] | null> {
  if (!plan.baseline || !readsInputs(plan.inputs)) return null;
  const { file, mode } = plan.baseline;
  if (mode !== 'record') return readBaseline(file.absPath, file.shown);
  if (await isSpaceExport(file.absPath)) {
    throw new BaselineError(`${file.shown}: this file is a space export, not a baseline: cmlint never writes over its inputs (choose another baseline file)`);
  }
  await prepareBaselineFile(file.absPath, file.shown);
  return null;
}

/** The baseline and the report targets applied to the findings, and the verdict. Throws BaselineError (the baseline cannot be written). */
export async function settle(planned: Planned, checked: Checked, recorded: readonly BaselineEntry[] | null): Promise<Settled> {
  const { plan } = planned;
  const active = plannedRules(planned);
  let kept: FindingList = checked.findings;
  let suppressed = 0;
  let baseline: BaselineReport | null = null;
  if (checked.ran && plan.baseline) {
    ({ kept, suppressed, baseline } = await settleBaseline(planned, checked.findings, recorded));
  }
  if (checked.ran && readsInputs(plan.inputs) && plan.inputs.targets) kept = kept.filter(inTargets(plan.inputs, plan.inputs.targets, plan.cwd, checked.targetTypes));
  // Named files the run does not lint: a warning each (after the baseline, which never holds them).
  if (plan.ignored.warn) kept = withFindings(kept, ignoredFileFindings(plan.ignored.files));
  const result: Report = { tool: { name: 'cmlint', version: toolVersion() }, asOf: plan.asOf, findings: kept, stats: checked.stats, suppressed };
  const { failing, any } = failsRun(kept, plan.verdict.failOn, plan.verdict.maxWarnings);
  const exitCode = internalFindings(kept).length > 0 || (baseline && baseline.stale.length > 0 && !baseline.pruned) ? 2 : any ? 1 : 0;
  return { result, config: plan.config.content, rules: active, baseline, plan, failing, exitCode };
}

/** The baseline applied to the findings, or recorded from them, or pruned of what no longer occurs. */
async function settleBaseline(planned: Planned, findings: FindingList, recorded: readonly BaselineEntry[] | null) {
  const { plan } = planned;
  const { file, mode } = plan.baseline!;
  // Findings about code are identified by their file from the repository root (pipeline/identity.ts).
  const paths = { cwd: plan.cwd, root: repositoryRoot(plan.cwd) };
  const internal = internalFindings(findings);
  const crashed = new Set(internal.map((f) => f.ruleId));
  if (recorded === null && crashed.size > 0) {
    // The run's reports are still written (and say which rule crashed); the run exits 2.
    const notWritten = `baseline not written, because a rule crashed (it would miss that rule's findings): ${internal[0]!.message}`;
    return { kept: findings, suppressed: 0, baseline: { path: file.shown, written: false, stale: [], pruned: false, notWritten } };
  }
  let entries: readonly BaselineEntry[];
  if (recorded === null) {
    entries = buildBaseline(findings, paths);
    await writeBaseline(file.absPath, file.shown, entries);
  } else entries = recorded;
  const ran = new Set(plan.rules.map((r) => r.id).filter((id) => !crashed.has(id)));
  const outcome = applyBaseline(findings, entries, ran, new Set(planned.rules.map((r) => r.meta.id)), paths);
  const prune = mode === 'prune' && outcome.stale.length > 0;
  if (prune) await writeBaseline(file.absPath, file.shown, pruneBaseline(entries, outcome.stale));
  const baseline: BaselineReport = { path: file.shown, written: recorded === null, stale: outcome.stale, pruned: prune, notWritten: null };
  return { kept: outcome.kept, suppressed: outcome.suppressed, baseline };
}

/**
 * Whether a finding is the report targets' (pre-commit's staged files). Findings about the space
 * as a whole (no file) belong to no target; internal findings to every run. A finding in code
 * caused by a content type that a target defines is the target's too (a changed type reports the
 * documents it breaks).
 */
function inTargets(inputs: PlannedInputs, targets: PlannedTargets, cwd: string, targetTypes: ReadonlySet<string>): (finding: Finding) => boolean {
  const shown = (paths: Iterable<string>) => new Set([...paths].map((p) => displayPath(p, cwd)));
  const files = targets.files ? shown([...targets.files, ...targets.code]) : null;
  const code = shown(inputs.code.flatMap((c) => c.files.map((f) => f.absPath)));
  const sourceFiles = new Set(inputs.sources?.map((f) => f.path));
  const sourceTargets = targets.sources ? new Set(targets.sources) : null;
  return (finding) => {
    const { file, target } = finding;
    if (finding.internal) return true;
    if (file === null) return false;
    if (sourceFiles.has(file)) return sourceTargets?.has(file) ?? true;
    if (files === null) return true;
    return files.has(file) || (code.has(file) && target.contentType !== null && targetTypes.has(target.contentType));
  };
}

/**
 * Whether a finding fails the run (at or above `failOn`, or a warning beyond `maxWarnings`): a
 * test, not a set of the findings; and whether any does (from the counts by severity).
 */
function failsRun(findings: FindingList, failOn: Severity, maxWarnings: number | null): { failing: (finding: Finding) => boolean; any: boolean } {
  const counts = countBySeverity(findings);
  const tooManyWarnings = maxWarnings !== null && counts.warning > maxWarnings;
  const fails = (severity: Severity) => SEVERITY_RANK[severity] >= SEVERITY_RANK[failOn] || (tooManyWarnings && severity === 'warning');
  return { failing: (finding) => fails(finding.severity), any: (['error', 'warning', 'info'] as const).some((severity) => counts[severity] > 0 && fails(severity)) };
}
