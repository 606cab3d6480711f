/**
 * The last stage of a command-line run (docs/architecture.md): the settled findings in every
 * format the plan names, to stdout or to files; what happened to the baseline, and the input
 * errors when stdout does not show them, on stderr. Formatters are pure functions (src/format/).
 */
import { internalFindings } from '../engine/findings.js';
import { inputErrorLine, isInputError } from '../engine/input-findings.js';
import { loadFormatChunks } from '../format/load.js';
import { countBySeverity, type FormatContext } from '../format/types.js';
import { colorWanted, outputWidth } from '../util/terminal.js';
import { plural } from '../util/plural.js';
import { repositoryRoot } from '../util/repo-root.js';
import { quoted, visible } from '../util/safe-text.js';
import type { StaleEntry } from './baseline.js';
import { batches, writeOutputFile } from './output-file.js';
import type { BaselineReport, Settled } from './settle.js';

/** Where a report goes. */
export interface ReportIo {
  /** Writes to stdout; a promise it returns holds the next piece back until it settles (a slow pipe holds the report back). */
  stdout: (text: string) => void | Promise<void>;
  stderr: (text: string) => void;
  /** stdout is a terminal (colours are used only then, unless `--color` or FORCE_COLOR asks for them). */
  isTTY: boolean;
  /** The terminal's width, when stdout is one (COLUMNS wins). */
  columns?: number;
  env: Readonly<Record<string, string | undefined>>;
}

/** Writes the reports of a settled run; returns its exit code. Throws OutputFileError (a report file cannot be written). */
export async function report(settled: Settled, io: ReportIo): Promise<number> {
  const { plan, result, rules, baseline } = settled;
  const shown = plan.report.quiet ? result.findings.filter(settled.failing) : result.findings;
  const { maxWarnings, maxWarningsFrom } = plan.verdict;
  const warningLimit =
    maxWarnings === null ? undefined : { limit: maxWarnings, setting: maxWarningsFrom === '--max-warnings' ? `--max-warnings ${maxWarnings}` : `maxWarnings ${maxWarnings} (the config)` };
  const context: FormatContext = {
    color: false,
    rules: rules.map((r) => r.meta),
    cwd: plan.cwd,
    root: repositoryRoot(plan.cwd),
    ...(warningLimit ? { maxWarnings: warningLimit } : {}),
    ...(baseline && !baseline.pruned && baseline.stale.length > 0 ? { staleBaseline: baseline.stale.length } : {}),
  };
  for (const output of plan.report.outputs) {
    // Colours only for stylish on stdout; the width of a terminal only for stdout.
    const onStdout = output.file === null;
    const style = {
      color: onStdout && output.format === 'stylish' && colorWanted(plan.report.color ?? undefined, io.env, io.isTTY),
      width: outputWidth(io.env, onStdout ? io.columns : undefined),
    };
    const chunks = (await loadFormatChunks(output.format))({ ...result, findings: shown }, { ...context, ...style });
    if (output.file === null) for (const batch of batches(chunks)) await io.stdout(batch);
    else await writeOutputFile(output.file.absPath, output.file.shown, chunks);
  }
  if (baseline) io.stderr(baselineMessage(baseline));
  // Said by stylish on stdout; otherwise on stderr too, so that a run whose reports go to files or to a program still says why it stopped or failed.
  const inputErrors = internalFindings(result.findings).filter(isInputError);
  const onStdout = plan.report.outputs.find((o) => o.file === null)?.format;
  if (inputErrors.length > 0 && onStdout !== 'stylish') io.stderr(`${inputErrors.map(inputErrorLine).join('\n')}\n`);
  const warnings = countBySeverity(shown).warning;
  if (warningLimit && warnings > warningLimit.limit && onStdout !== 'stylish') {
    io.stderr(`cmlint: ${plural(warnings, 'warning')}, more than ${warningLimit.setting}: the run fails\n`);
  }
  return settled.exitCode;
}

function staleLine(entry: StaleEntry): string {
  const target = [
    entry.file ?? null,
    entry.operation ?? null,
    entry.contentType,
    entry.entry === null ? null : `entry ${entry.entry}`,
    entry.field,
    entry.locale,
  ]
    .filter((p) => p !== null)
    .join(' › ');
  return `  ${quoted(entry.ruleId)} ${quoted(target) || '(space)'}: recorded ${entry.count}, found ${entry.found}`;
}

/** What the run did with the baseline, for stderr: written, pruned, or stale entries to prune. */
function baselineMessage(baseline: BaselineReport): string {
  const path = visible(baseline.path);
  if (baseline.notWritten !== null) return `${path}: ${visible(baseline.notWritten)}\n`;
  if (baseline.written) return `cmlint: baseline written to ${path}\n`;
  const n = baseline.stale.length;
  if (n === 0) return '';
  const entries = `${n} recorded ${n === 1 ? 'finding that no longer occurs' : 'findings that no longer occur'}`;
  if (baseline.pruned) return `cmlint: removed ${entries} from ${path}\n`;
  return [
    `cmlint: the baseline ${path} has ${entries} (fixed, or the rule changed):`,
    ...baseline.stale.map(staleLine),
    `Run again with --prune-baseline to remove them from ${path}.`,
    '',
  ].join('\n');
}
