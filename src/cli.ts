import { lstatSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, type LoadedConfig } from './config/load-config.js';
import { loadConfig } from './config/run-config.js';
import { didYouMean, suggestions } from './config/closest.js';
import { isIsoDate, todayUtc } from './engine/dates.js';
import type { Rule, Severity, SeveritySetting } from './engine/rule.js';
import { FIX_TYPES, type FixType } from './fix/changes.js';
import { BaselineError } from './pipeline/baseline.js';
import { FORMAT_NAMES, MACHINE_FORMATS } from './format/load.js';
import { readable, visible } from './util/safe-text.js';
import { InputError, InputErrors } from './inputs/space/input-error.js';
import type { FixRequest, Fixed } from './pipeline/fix.js';
import type { BaseTree } from './pipeline/git-base.js';
import { makePlan, type BeforeInputs, type LintOptions, type RunRequest } from './pipeline/plan.js';
import { readSpace } from './pipeline/read.js';
import { report } from './pipeline/report.js';
import { run as runStages } from './pipeline/run.js';
import type { Settled } from './pipeline/settle.js';
import { isSpaceExport } from './inputs/space/load-space.js';
import { recordOf } from './model/nodes.js';
import { OutputFileError, exitAfterWrites, isStdout, prepareOutputFile } from './pipeline/output-file.js';
import { COMMANDS, helpText } from './cli/help.js';
import { progressDelay, progressLine, showProgress } from './cli/progress.js';
import { STDIN_ARGUMENT, STDIN_NAME, copyStdin, type StdinCopy } from './cli/stdin-input.js';
import { colorWanted, outputWidth } from './util/terminal.js';
import { toolVersion } from './util/version.js';

export interface CliIo {
  /**
   * Writes to stdout. It may return a promise that settles once the text is written: the CLI
   * waits for it between the pieces of a report, so that a slow reader (a pipe) holds the report
   * back rather than cmlint's memory filling with it.
   */
  stdout: (text: string) => void | Promise<void>;
  stderr: (text: string) => void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** stdout is a terminal (colours are used only then). */
  isTTY: boolean;
  /** stderr is a terminal (progress is shown only then). */
  stderrIsTTY?: boolean;
  /** The width of the terminal that stdout is, if it is one (output for people is wrapped to it). */
  columns?: number;
  /** Standard input, for `-` among the paths (taken only then). */
  stdin?: () => NodeJS.ReadableStream & { isTTY?: boolean };
}

class UsageError extends Error {}

const SEVERITIES: readonly SeveritySetting[] = ['error', 'warning', 'info', 'off'];

function parseSeverity(value: string, what: string): SeveritySetting {
  if (!(SEVERITIES as readonly string[]).includes(value)) {
    throw new UsageError(`${what}: '${value}' is not a severity (error, warning, info, off)`);
  }
  return value as SeveritySetting;
}

/** Where one format goes: stdout, or a file (absolute path, and as given). */
interface Output {
  format: string;
  file: { absPath: string; shown: string } | null;
}

/** `-f NAME` (stdout) or `-f NAME:FILE` (`/dev/stdout` is stdout); at most one to stdout, each file once. Default: stylish to stdout. */
function parseOutputs(values: readonly string[], cwd: string): Output[] {
  const outputs: Output[] = [];
  for (const value of values.length > 0 ? values : ['stylish']) {
    const colon = value.indexOf(':');
    const format = colon < 0 ? value : value.slice(0, colon);
    const file = colon < 0 ? null : value.slice(colon + 1);
    if (!FORMAT_NAMES.includes(format)) throw new UsageError(`--format: unknown format '${format}' (${FORMAT_NAMES.join(', ')})`);
    if (file === '') throw new UsageError(`--format ${value}: no file after ':'`);
    const absPath = file === null ? null : resolve(cwd, file);
    outputs.push({ format, file: absPath === null || isStdout(absPath) ? null : { absPath, shown: file! } });
  }
  const onStdout = outputs.filter((o) => o.file === null);
  if (onStdout.length > 1) {
    throw new UsageError(`--format: only one format can go to stdout (${onStdout.map((o) => o.format).join(', ')}); write the others to files with NAME:FILE`);
  }
  const files = outputs.flatMap((o) => (o.file ? [o.file.absPath] : []));
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice) throw new UsageError(`--format: two formats write to ${outputs.find((o) => o.file?.absPath === twice)!.file!.shown}`);
  return outputs;
}

function parseRuleFlags(values: readonly string[], rules: readonly Rule<never>[]): Record<string, SeveritySetting> {
  const ids = rules.map((r) => r.meta.id);
  const result: Record<string, SeveritySetting> = {};
  for (const value of values) {
    const eq = value.lastIndexOf('=');
    if (eq <= 0) throw new UsageError(`--rule '${value}': expected ID=SEVERITY, e.g. --rule hidden-required-field=warning`);
    const id = value.slice(0, eq);
    if (!ids.includes(id)) throw new UsageError(`--rule: unknown rule '${id}'${didYouMean(suggestions(id, ids))}`);
    result[id] = parseSeverity(value.slice(eq + 1), `--rule ${id}`);
  }
  return result;
}

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  taxonomy: { type: 'string' },
  'as-of': { type: 'string' },
  format: { type: 'string', short: 'f', multiple: true },
  baseline: { type: 'string' },
  'baseline-write': { type: 'string' },
  'prune-baseline': { type: 'boolean' },
  'fail-on': { type: 'string' },
  'max-warnings': { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  rule: { type: 'string', multiple: true },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  'fix-migration': { type: 'string' },
  'fix-type': { type: 'string', multiple: true },
  'apply-suggestion': { type: 'string', multiple: true },
  base: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  color: { type: 'boolean' },
  'print-config': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  'no-warn-ignored': { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, tokens: true, options: OPTIONS });
  } catch (error) {
    // First sentence only: Node's messages go on with advice, sometimes on further lines.
    const message = (error as Error).message.split(/\.(?:\s|$)/)[0] || 'invalid arguments';
    throw new UsageError(message.replace(/^Unknown option/, 'unknown option').replace(/^Option/, 'option'));
  }
}

/**
 * The help a usage error points at: the command's own (`cmlint diff --help`) when the arguments
 * name a command that has one, else the overview. The arguments are read leniently here, since
 * they may be what was wrong (an unknown option).
 */
function usageHelp(argv: readonly string[]): string {
  const [command] = parseArgs({ args: [...argv], allowPositionals: true, strict: false, options: OPTIONS }).positionals;
  return command !== undefined && command !== 'lint' && command !== 'help' && COMMANDS.includes(command) ? `cmlint ${command} --help` : 'cmlint --help';
}

/** Whether '-' (standard input) is among the paths: at most once, not with --base, and not a terminal. */
function checkStdinUse(paths: readonly string[], io: CliIo, base: boolean): boolean {
  const count = paths.filter((path) => path === STDIN_ARGUMENT).length;
  if (count === 0) return false;
  if (count > 1) throw new UsageError("'-' (standard input) can be named once");
  if (base) throw new UsageError("diff --base: '-' (standard input) has no state at a commit; name the files to compare");
  if (!io.stdin || io.stdin().isTTY) throw new UsageError("'-' reads an export from standard input, which is a terminal here: pipe an export into cmlint");
  return true;
}

/**
 * How a run reads the paths: `-` as standard input's copy, named `<stdin>` in findings; with it,
 * a config without `include`, so that the named paths are the inputs (standard input cannot be
 * one of the include's files, which would make it a report target outside the space, skipped).
 */
function reading(stdin: StdinCopy | undefined, loaded: LoadedConfig): { path: (path: string) => string; options: Pick<LintOptions, 'shownAs'> & { config: LoadedConfig } } {
  if (!stdin) return { path: (path) => path, options: { config: loaded } };
  return {
    path: (path) => (path === STDIN_ARGUMENT ? stdin.absPath : path),
    options: { config: { ...loaded, config: { ...loaded.config, include: [] } }, shownAs: new Map([[stdin.absPath, STDIN_NAME]]) },
  };
}

/** `--color` or `--no-color`, whichever came last; undefined for neither. */
function colorFlag(tokens: ReturnType<typeof parse>['tokens']): boolean | undefined {
  let flag: boolean | undefined;
  for (const token of tokens) if (token.kind === 'option' && (token.name === 'color' || token.name === 'no-color')) flag = token.name === 'color';
  return flag;
}

/** Runs cmlint with command-line arguments and returns the exit code (only the bin sets it). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`cmlint: ${readable(error.message)}\nRun '${usageHelp(argv)}' for usage.\n`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof InputErrors || error instanceof BaselineError || error instanceof OutputFileError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.stderr(`${error.format()}\n`);
      return 2;
    }
    io.stderr(internalError(error, io.env, 'a bug in cmlint, please report it'));
    return 2;
  }
}

/** An internal error as stderr shows it (`cause`: whose bug it is): its message, or its stack with CMLINT_DEBUG set. */
function internalError(error: unknown, env: CliIo['env'], cause: string): string {
  const detail = error instanceof Error ? (env.CMLINT_DEBUG ? (error.stack ?? error.message) : visible(error.message)) : visible(String(error));
  return `cmlint: internal error (${cause}): ${detail}\n${env.CMLINT_DEBUG ? '' : 'Set CMLINT_DEBUG=1 to see where it happened.\n'}`;
}

/**
 * For the bin: an error that escaped the run, which no code awaited or caught (a promise that a
 * plugin's visitor starts and does not return, a timer's callback that throws). Reported as an
 * internal error; the process then ends with exit code 2, once the report and baseline files
 * being written have removed their temporary files (those files keep what they held).
 */
export function escapedError(error: unknown, io: Pick<CliIo, 'stderr' | 'env'>): void {
  io.stderr(internalError(error, io.env, 'an error that nothing awaited or caught, in a plugin or in cmlint'));
  exitAfterWrites(2);
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals, tokens } = parse(argv);
  const [command, ...rest] = positionals;
  if (command === 'help' || values.help) {
    // `cmlint help diff`, `cmlint diff --help`, `cmlint help --help`; the overview for `cmlint help` and `cmlint [paths] --help`.
    const topic = command === 'help' ? (rest[0] ?? (values.help ? 'help' : undefined)) : COMMANDS.includes(command ?? '') ? command : undefined;
    if (command === 'help' && rest.length > 1) throw new UsageError(`help: unexpected argument '${rest[1]}'`);
    const text = helpText(topic);
    if (text === undefined) throw new UsageError(`help: unknown command '${topic}'${didYouMean(suggestions(topic!, COMMANDS))}`);
    io.stdout(text);
    return 0;
  }
  if (values.version) {
    io.stdout(`${toolVersion()}\n`);
    return 0;
  }
  const asOf = values['as-of'];
  if (asOf !== undefined && !isIsoDate(asOf)) throw new UsageError(`--as-of: '${asOf}' is not a date (YYYY-MM-DD)`);
  const color = (isTTY: boolean) => colorWanted(colorFlag(tokens), io.env, isTTY);

  if (command === 'rules' || command === 'explain') {
    const formats = values.format ?? ['stylish'];
    const format = formats[formats.length - 1]!;
    if (formats.length > 1 || !['stylish', 'json'].includes(format) || (command === 'explain' && format !== 'stylish')) {
      throw new UsageError(`${command}: --format takes ${command === 'rules' ? 'stylish or json' : 'stylish only'}`);
    }
    const { rules } = await loadConfig(io.cwd, undefined, values.config);
    const [docs, { explain, listRules }] = await Promise.all([import('./docs/rule-docs.js'), import('./cli/rule-commands.js')]);
    if (command === 'rules') {
      if (rest.length > 0) throw new UsageError(`rules: unexpected argument '${rest[0]}'`);
      io.stdout(listRules(rules, asOf ?? todayUtc(), format, docs, { width: outputWidth(io.env, io.columns), color: color(io.isTTY) }));
      return 0;
    }
    if (rest.length !== 1) throw new UsageError('explain: expected one rule id');
    const explained = explain(rest[0]!, rules, asOf ?? todayUtc(), docs);
    if ('unknown' in explained) throw new UsageError(explained.unknown);
    io.stdout(explained.text);
    return 0;
  }
  if (command === 'graphql-schema') return graphqlSchema(rest, values, io);
  if (command === 'init') {
    if (rest.length > 0) throw new UsageError(`init: unexpected argument '${rest[0]}'`);
    // Loaded here, as the other commands' modules below: a lint run does not need them (cold start).
    const { InitError, initConfig } = await import('./cli/init.js');
    let written: Awaited<ReturnType<typeof initConfig>>;
    try {
      written = await initConfig(io.cwd);
    } catch (error) {
      if (!(error instanceof InitError)) throw error;
      io.stderr(`cmlint init: ${visible(error.message)}\n`);
      return 2;
    }
    io.stdout(
      `Wrote ${written.path} for ${[
        ...(written.exportFiles.length > 0 || written.migrations.length === 0 ? [`${written.exportFiles.length} export ${written.exportFiles.length === 1 ? 'file' : 'files'}`] : []),
        ...(written.migrations.length > 0 ? ['migration scripts'] : []),
      ].join(' and ')}:\n` +
        `${[
          ...written.include.map((glob) => `  include: ${glob}`),
          ...written.exclude.map((glob) => `  exclude: ${glob}`),
          ...written.documents.map((glob) => `  documents: ${glob}`),
          ...written.sources.map((glob) => `  sources: ${glob}`),
          ...written.migrations.map((glob) => `  migrations: ${glob}`),
          ...(written.migrationsApplied ? [visible(`  migrationsApplied: the scripts up to ${written.migrationsApplied.script} (the export's '${written.migrationsApplied.contentType}' entry)`)] : []),
        ].join('\n')}\nRun 'cmlint' to lint them.\n`,
    );
    return 0;
  }
  if (values.base !== undefined && command !== 'diff') throw new UsageError('--base applies to cmlint diff only');
  let paths = command === 'lint' || command === 'diff' ? rest : positionals;

  const outputs = parseOutputs(values.format ?? [], io.cwd);
  for (const { format, file } of outputs) {
    if (file && (await isSpaceExport(file.absPath))) {
      throw new UsageError(`--format ${format}:${file.shown}: this file is a space export: cmlint never writes over its inputs (choose another report file)`);
    }
  }
  // --print-config only prints the plan: no report file is made.
  const printConfig = values['print-config'] === true;
  if (!printConfig) for (const { file } of outputs) if (file) await prepareOutputFile(file.absPath, file.shown);
  const failOnFlag = values['fail-on'];
  if (failOnFlag !== undefined && !['error', 'warning', 'info'].includes(failOnFlag)) {
    throw new UsageError(`--fail-on: '${failOnFlag}' is not error, warning or info`);
  }
  const maxWarningsFlag = values['max-warnings'];
  if (maxWarningsFlag !== undefined && !/^\d+$/.test(maxWarningsFlag)) {
    throw new UsageError(`--max-warnings: '${maxWarningsFlag}' is not a whole number`);
  }
  const jobsFlag = values.jobs;
  if (jobsFlag !== undefined && !/^[1-9]\d*$/.test(jobsFlag)) throw new UsageError(`--jobs: '${jobsFlag}' is not a whole number of at least 1`);
  // More threads than the machine runs at once only add start-up, memory and contention.
  const jobs = jobsFlag === undefined ? undefined : Math.min(Number(jobsFlag), availableParallelism());
  if (values['baseline-write'] !== undefined && values.baseline !== undefined) {
    throw new UsageError('--baseline-write and --baseline: give one (--baseline-write records a new baseline and uses it)');
  }
  if (values['baseline-write'] !== undefined && values['prune-baseline']) {
    throw new UsageError('--prune-baseline: nothing to prune in a baseline that --baseline-write records');
  }

  const usesStdin = checkStdinUse(paths, io, values.base !== undefined);
  const loaded = await loadConfig(io.cwd, undefined, values.config);
  const ruleSeverities = values.rule ? parseRuleFlags(values.rule, loaded.rules) : {};
  const fixRequest = parseFixFlags(values, command, loaded.rules, io.cwd);
  if (fixRequest?.mode === 'fix' && usesStdin) throw new UsageError("--fix: '-' (standard input) is no file to fix in place; --fix-dry-run shows the diff, --fix-migration FILE writes a script");
  if (values['prune-baseline'] && values.baseline === undefined && loaded.config.baseline === undefined) {
    throw new UsageError('--prune-baseline: no baseline (give --baseline FILE or set baseline in the config)');
  }
  const stdoutFormat = outputs.find((o) => o.file === null)?.format;
  if (fixRequest?.mode === 'dry-run' && stdoutFormat !== undefined && MACHINE_FORMATS.has(stdoutFormat)) {
    throw new UsageError(`--fix-dry-run prints a diff on stdout: write the ${stdoutFormat} report to a file (-f NAME:FILE)`);
  }
  const progress =
    !printConfig && showProgress(io.stderrIsTTY === true, io.env, stdoutFormat !== undefined && MACHINE_FORMATS.has(stdoutFormat))
      ? progressLine(io.stderr, Date.now, progressDelay(io.env))
      : null;
  let before: BeforeInputs | undefined;
  let baseTree: BaseTree | undefined;
  if (command === 'diff') {
    if (values.jobs !== undefined) throw new UsageError('diff: --jobs does not apply');
    if (values['no-warn-ignored'] !== undefined) throw new UsageError('diff: --no-warn-ignored does not apply (the named paths are the states compared)');
    if (values.base !== undefined) {
      const { extractBase, GitBaseError } = await import('./pipeline/git-base.js');
      try {
        baseTree = await extractBase(values.base, io.cwd);
      } catch (error) {
        if (error instanceof GitBaseError) throw new UsageError(error.message);
        throw error;
      }
    } else {
      if (paths.length !== 2) throw new UsageError('diff: expected <before> <after> (two exports, directories or globs), or --base <git-ref> [paths...]');
      before = { paths: [paths[0]!], cwd: io.cwd, base: loaded.path === null ? io.cwd : dirname(loaded.path) };
      paths = [paths[1]!];
    }
  }
  if (jobs !== undefined && jobs < Number(jobsFlag)) io.stderr(`cmlint: --jobs ${jobsFlag}: this machine runs ${jobs} threads at a time; using ${jobs}.\n`);
  let settled: Settled;
  let fixed: Fixed | null = null;
  let stdin: StdinCopy | undefined;
  try {
    if (baseTree) before = (await import('./pipeline/git-base.js')).baseInputs(baseTree, paths, io.cwd, loaded.path === null ? io.cwd : dirname(loaded.path));
    if (usesStdin) stdin = await copyStdin(io.stdin!());
    const inputs = reading(stdin, loaded);
    const request: RunRequest = {
      paths: paths.map(inputs.path),
      cwd: io.cwd,
      ...inputs.options,
      asOf,
      ruleSeverities,
      ...(values.taxonomy !== undefined ? { taxonomyPath: values.taxonomy } : {}),
      ...(values.baseline !== undefined ? { baseline: values.baseline } : {}),
      ...(values['baseline-write'] !== undefined ? { baselineWrite: values['baseline-write'] } : {}),
      pruneBaseline: values['prune-baseline'] === true,
      ...(progress ? { onProgress: progress.onProgress } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
      ...(before ? { before: { ...before, paths: before.paths.map(inputs.path) } } : {}),
      outputs,
      ...(failOnFlag !== undefined ? { failOn: failOnFlag as Severity } : {}),
      ...(maxWarningsFlag !== undefined ? { maxWarnings: Number(maxWarningsFlag) } : {}),
      quiet: values.quiet === true,
      color: colorFlag(tokens) ?? null,
      ...(values['no-warn-ignored'] ? { warnIgnored: false } : {}),
    };
    if (printConfig) {
      io.stdout(`${JSON.stringify((await makePlan(request)).plan, null, 2)}\n`);
      return 0;
    }
    const startedAt = Date.now();
    settled = await runStages(request);
    // The fix stage (issue 31), before the report: the report and the exit code are what the fixes leave.
    if (fixRequest) {
      fixed = await (await import('./pipeline/fix.js')).fix(request, settled, startedAt, fixRequest);
      settled = fixed.settled;
    }
  } finally {
    progress?.done();
    await baseTree?.remove();
    await stdin?.remove();
  }
  if (fixed?.diff) await io.stdout(fixed.diff);
  const code = await report(settled, io);
  if (!fixed) return code;
  // What the fix stage did, after the report's own messages.
  for (const note of fixed.notes) io.stderr(`${note}\n`);
  if (fixed.failure === null) return code;
  io.stderr(`cmlint: ${readable(fixed.failure)}\n`);
  return 2;
}

/** The fix flags: `--fix`, `--fix-dry-run` or `--fix-migration FILE`, with `--fix-type` and `--apply-suggestion`; null without them. */
function parseFixFlags(values: ReturnType<typeof parse>['values'], command: string | undefined, rules: readonly Rule<never>[], cwd: string): FixRequest | null {
  const modes = (['fix', 'fix-dry-run', 'fix-migration'] as const).filter((name) => values[name] !== undefined && values[name] !== false);
  if (modes.length === 0) {
    const extra = (['fix-type', 'apply-suggestion'] as const).find((name) => values[name] !== undefined);
    if (extra) throw new UsageError(`--${extra} applies with --fix, --fix-dry-run or --fix-migration`);
    return null;
  }
  if (modes.length > 1) throw new UsageError(`--${modes[0]} and --${modes[1]}: give one`);
  if (command === 'diff') throw new UsageError(`--${modes[0]} does not apply to cmlint diff`);
  const other = (['baseline-write', 'prune-baseline'] as const).find((name) => values[name] !== undefined);
  if (other) throw new UsageError(`--${modes[0]} and --${other}: fix first, then record the baseline`);
  const types = new Set<FixType>();
  for (const type of (values['fix-type'] ?? ['model,code']).flatMap((v) => v.split(','))) {
    if (!(FIX_TYPES as readonly string[]).includes(type)) throw new UsageError(`--fix-type: '${type}' is not ${FIX_TYPES.join(', ')}`);
    types.add(type as FixType);
  }
  const suggestions = (values['apply-suggestion'] ?? []).map((value) => {
    const [rule = '', id = ''] = value.split(':');
    const meta = rules.find((r) => r.meta.id === rule)?.meta;
    if (!meta || id === '' || value.split(':').length !== 2) throw new UsageError(`--apply-suggestion '${value}': expected RULE:ID of a rule that offers suggestions, e.g. hidden-required-field:showField`);
    if (!meta.hasSuggestions) throw new UsageError(`--apply-suggestion: ${rule} offers no suggestions`);
    return { rule, id };
  });
  const file = values['fix-migration'];
  if (file === undefined) return { mode: modes[0] === 'fix' ? 'fix' : 'dry-run', types, suggestions };
  const absPath = resolve(cwd, file);
  if (exists(absPath)) throw new UsageError(`--fix-migration ${file}: the file exists: cmlint never writes over an existing file`);
  return { mode: 'migration', script: { absPath, shown: file }, types, suggestions };
}

/** Whether anything (a dangling symbolic link too) is at `absPath`. */
function exists(absPath: string): boolean {
  try {
    lstatSync(absPath);
    return true;
  } catch {
    return false;
  }
}

const LINT_ONLY_FLAGS = ['base', 'as-of', 'format', 'fail-on', 'max-warnings', 'rule', 'quiet', 'baseline', 'baseline-write', 'prune-baseline', 'taxonomy', 'jobs', 'print-config', 'fix', 'fix-dry-run', 'fix-migration', 'fix-type', 'apply-suggestion', 'no-warn-ignored'] as const;

/** `cmlint graphql-schema`: the predicted SDL on stdout (exit 0), or the name collisions on stderr (exit 1). */
async function graphqlSchema(paths: readonly string[], values: ReturnType<typeof parse>['values'], io: CliIo): Promise<number> {
  const flag = LINT_ONLY_FLAGS.find((name) => values[name] !== undefined);
  if (flag) throw new UsageError(`graphql-schema: --${flag} does not apply`);
  const usesStdin = checkStdinUse(paths, io, false);
  const loaded = await loadConfig(io.cwd, undefined, values.config);
  let stdin: StdinCopy | undefined;
  let lines;
  try {
    if (usesStdin) stdin = await copyStdin(io.stdin!());
    const inputs = reading(stdin, loaded);
    const space = await readSpace({ paths: paths.map(inputs.path), cwd: io.cwd, ...inputs.options }, inputs.options.config);
    // A script the migration tool rejects is not applied (as in a lint run, which reports it): say so.
    const rejected = [...new Set(space.model.migrationIssues.map((issue) => recordOf(issue.node).source.file.path))];
    if (rejected.length > 0) io.stderr(`cmlint: not applied, because the migration tool rejects ${rejected.length === 1 ? 'it' : 'them'} (cmlint reports where): ${rejected.map(visible).join(', ')}\n`);
    // Loaded here: a lint run does not need the renderer.
    const [{ buildSchemaModel }, { renderSchema }, { schemaProblems }] = await Promise.all([
      import('./graphql/schema-model.js'),
      import('./graphql/render-sdl.js'),
      import('./graphql/schema-problems.js'),
    ]);
    const model = buildSchemaModel([...space.model.contentTypes.values()]);
    const problems = schemaProblems(model);
    if (problems.length === 0) {
      io.stdout(renderSchema(model));
      return 0;
    }
    lines = problems.map(({ service, message, node }) => {
      const { source, path } = recordOf(node);
      const position = source.file.locate(source, [...path, ...(node.kind === 'field' ? ['id'] : ['sys', 'id'])]);
      const label = service ?? 'not documented by the service';
      return { file: source.file.path, position, text: `${source.file.path}:${position.line}:${position.column}: ${message} [${label}]` };
    });
    for (const file of space.files) file.release();
  } finally {
    await stdin?.remove();
  }
  lines.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.position.line - b.position.line || a.position.column - b.position.column));
  io.stderr(`cmlint: GraphQL names collide, so no schema is printed:\n${lines.map((l) => visible(l.text)).join('\n')}\n`);
  return 1;
}
