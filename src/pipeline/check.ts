/**
 * The third stage of a run (docs/architecture.md): the engine over what was read. The rules that
 * have something to check in the inputs read are imported, the cache of findings about code is
 * opened, and the engine walks every kind of input once with all their visitors, in one thread or
 * several; the worker threads are closed after it.
 */
import { RuleConfiguration } from '../config/resolve-rules.js';
import { inputErrorFindings } from '../engine/input-findings.js';
import type { FindingList } from '../engine/findings.js';
import { runRulesCompact, type RunStats } from '../engine/run-rules.js';
import { isBuiltinRule, rulesToRun } from '../engine/rules-registry.js';
import type { InputError } from '../inputs/space/input-error.js';
import { plannedRules, type Planned } from './plan.js';
import type { ReadInputs } from './read.js';

/** What the check gave: the findings and counts, and what settling them needs. */
export interface Checked {
  findings: FindingList;
  stats: RunStats;
  /** False when no rule ran (input errors stopped the run, or no named file is an input): no baseline or report target applies then. */
  ran: boolean;
  /** Content types defined in the report targets (see ReadInputs). */
  targetTypes: ReadonlySet<string>;
}

/** Runs the rules over the inputs read. Throws InputError / InputErrors (an entry that cannot be read as it is streamed). */
export async function check(planned: Planned, inputs: ReadInputs, onProgress?: (stats: Readonly<RunStats>) => void): Promise<Checked> {
  const { plan } = planned;
  const config = plan.config.content;
  try {
    const running = await rulesToRun(plannedRules(planned), inputs.kinds);
    // Findings about code are cached between the bin's runs (engine/code-results-cache.ts), not with a plugin's rules.
    const codeResults =
      inputs.code.length > 0 && !inputs.before && running.every(isBuiltinRule)
        ? (await import('../engine/code-results-cache.js')).CodeResultsCache.open(plan.cwd, [config, plan.ruleSeverities, plan.asOf], process.env)
        : null;
    const run = await runRulesCompact(inputs.space, new RuleConfiguration(running, config, plan.ruleSeverities), plan.asOf, {
      onProgress,
      code: inputs.code,
      ...(inputs.pool ? { pool: inputs.pool } : {}),
      ...(inputs.before ? { before: inputs.before.model } : {}),
      ...(inputs.sources ? { sources: inputs.sources } : {}),
      ...(codeResults ? { codeResults } : {}),
    });
    run.stats.filesRead += inputs.sourceStats.read;
    if (inputs.before) {
      const { model, files } = inputs.before;
      run.stats.compared = { before: { files, contentTypes: model.contentTypes.size }, after: { files: inputs.space.files.length, contentTypes: run.stats.contentTypes, entries: run.stats.entries } };
      run.stats.filesRead += files;
    }
    return { ...run, ran: true, targetTypes: inputs.targetTypes };
  } finally {
    await inputs.pool?.close();
  }
}

/** What a run that input errors stopped gives: the errors as findings, and the files it had found. */
export function stoppedCheck(errors: readonly Pick<InputError, 'file' | 'message' | 'position' | 'pointer'>[], filesRead: number): Checked {
  return { findings: inputErrorFindings(errors), stats: { filesRead, contentTypes: 0, entries: 0, assets: 0 }, ran: false, targetTypes: new Set() };
}
