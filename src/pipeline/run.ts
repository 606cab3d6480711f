/**
 * A run of cmlint, the same for `cmlint`, `cmlint diff` and the API's `lint()`: the stages in order
 * (docs/architecture.md). The command line then writes the reports (report.ts); fixes, when asked
 * for, come after the reports (issue 31).
 */
import { toArray } from '../engine/findings.js';
import { inputErrorsOf } from '../engine/input-findings.js';
import { check, stoppedCheck, type Checked } from './check.js';
import { makePlan, readsInputs, type LintOptions, type Planned, type PlannedInputs, type RunRequest } from './plan.js';
import { read } from './read.js';
import { openBaseline, settle, type LintOutcome, type ReportOutcome, type Settled } from './settle.js';

/** plan → read → check → settle. Throws ConfigError and BaselineError; input errors end the run as its findings (exit 2). */
export async function run(request: RunRequest): Promise<Settled> {
  const planned = await makePlan(request); // config, rules, each kind's files, report targets, baseline, threads: a plain value
  const recorded = await openBaseline(planned.plan); // a bad baseline stops the run before a long read
  const checked = await readAndCheck(planned, request.onProgress); // every kind of input read, then the rules' one walk
  return settle(planned, checked, recorded); // the baseline, the report targets, the verdict
}

/** read → check; input errors met on the way stop the run, and are then its findings. */
async function readAndCheck(planned: Planned, onProgress: RunRequest['onProgress']): Promise<Checked> {
  const { plan } = planned;
  if (!readsInputs(plan.inputs)) return stoppedCheck(plan.inputs.errors, 0);
  try {
    return await check(planned, await read(plan, plan.inputs), onProgress);
  } catch (error) {
    const errors = inputErrorsOf(error);
    if (errors === null) throw error;
    return stoppedCheck(errors, filesFound(plan.inputs));
  }
}

/** The files a run stopped by an input error had found: the space's and the code inputs'. */
function filesFound(inputs: PlannedInputs): number {
  return inputs.space.length + new Set(inputs.code.flatMap((c) => c.files.map((f) => f.absPath))).size;
}

/**
 * Lints a space: config and plugins, inputs, one walk of all rules, the baseline, then the
 * report targets. An input error stops the run: its result then holds the input errors as
 * findings (rule id `input-error`) and nothing else. Throws ConfigError / BaselineError.
 */
export async function lint(options: LintOptions): Promise<LintOutcome> {
  const { result, config, rules, baseline } = await lintReport(options);
  return { result: { ...result, findings: toArray(result.findings) }, config, rules, baseline };
}

/** `lint`, with the findings held compactly: each is made into a `Finding` when it is read. */
export async function lintReport(options: LintOptions): Promise<ReportOutcome> {
  const { result, config, rules, baseline } = await run(options);
  return { result, config, rules, baseline };
}
