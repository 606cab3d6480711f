import { dirname, resolve } from 'node:path';
import { findConfigFile, readConfigFile, type ConfigFile, type LoadedConfig } from '../config/load-config.js';
import { RuleConfiguration } from '../config/resolve-rules.js';
import { applyBaseline, BaselineError, buildBaseline, prepareBaselineFile, pruneBaseline, readBaseline, writeBaseline, type BaselineEntry, type StaleEntry } from './baseline.js';
import { todayUtc } from '../engine/dates.js';
import type { WorkerPool } from '../engine/parallel.js';
import { runsIn, type Rule, type RuleInput, type SeveritySetting } from '../engine/rule.js';
import { inputErrorFindings, inputErrorsOf } from '../engine/input-findings.js';
import { internalFindings, toArray, type Finding, type FindingList } from '../engine/findings.js';
import { runRulesCompact, type CompactRunResult, type RunStats } from '../engine/run-rules.js';
import type { LintResult, Report } from '../format/types.js';
import { findCodeFiles, readCodeInputs, type CodeFiles } from '../inputs/read-code.js';
import { selectInputs, type InputSelection } from '../inputs/space/find-inputs.js';
import type { MigrationScript } from '../inputs/migrations/index.js';
import { statIfReadable } from '../inputs/space/file-bytes.js';
import { InputError, fileSystemError } from '../inputs/space/input-error.js';
import { isCodeFile } from '../inputs/sources/language.js';
import { displayPath, isSpaceExport, loadSpace, type Space } from '../inputs/space/load-space.js';
import { wholeFileLimit } from '../inputs/space/source.js';
import { FileKindError, checkRegularFile } from '../util/regular-file.js';
import { repositoryRoot } from '../util/repo-root.js';
import { builtinRules, isBuiltinRule, rulesToRun } from '../engine/rules-registry.js';
import { toolVersion } from '../util/version.js';

export interface LintOptions {
  /**
   * Files, directories or globs. Without them: the config's `include`, else the working
   * directory. With them and a config `include`: the include is linted and findings are
   * reported only for these files (report targets).
   */
  paths: readonly string[];
  cwd: string;
  /** A config file to use instead of looking for one. */
  configPath?: string;
  /** A config loaded with `loadConfig` already (`configPath` is then not used). */
  config?: LoadedConfig;
  /** `YYYY-MM-DD`; wins over the config's `asOf`; default today (UTC). */
  asOf?: string;
  /** Severities from `--rule id=severity`; win over the config. */
  ruleSeverities?: Readonly<Record<string, SeveritySetting>>;
  /** Baseline file relative to `cwd`, winning over the config's `baseline`; `false`: none. */
  baseline?: string | false;
  /** Record the run's findings as the baseline in this file (relative to `cwd`), then apply it. */
  baselineWrite?: string;
  /** Rewrite the baseline without its stale entries instead of reporting them. */
  pruneBaseline?: boolean;
  /** Called every thousand entries (and assets) while they are checked. */
  onProgress?: (stats: Readonly<RunStats>) => void;
  /**
   * Threads (the main one included) for the entries of large export files (over the whole-file
   * limit, 64 MB); the findings are the same for any number. Default 1. Started as asked: the CLI
   * caps `--jobs` at `os.availableParallelism()`, a caller of the API decides for itself.
   */
  jobs?: number;
  /** The organisation taxonomy export (`--taxonomy`), relative to `cwd`; wins over the config's `taxonomy`. */
  taxonomyPath?: string;
  /**
   * `cmlint diff`: the state of the model before the change. `paths` (or the config's `include`)
   * are then the state after it, the inputs of both states (named paths are inputs, not report
   * targets), and only the rules with `meta.diff` run.
   */
  before?: BeforeInputs;
  /** Migration scripts (absolute paths) replayed after the configured ones: the script `--fix-migration` proves before writing it. */
  migrationsAfter?: readonly string[];
}

/** The inputs of the model before a change: paths as on the command line, read from `cwd`. */
export interface BeforeInputs {
  paths: readonly string[];
  cwd: string;
  /** Where the config's `include`/`exclude` globs are relative to, for this state. */
  base: string;
}

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

/**
 * Finds and validates the config file (or the one given) and loads its plugins. The built-in
 * rules are the index's (schema/rule-index.json): a run imports the modules of the rules it runs.
 */
export async function loadConfig(cwd: string, builtins?: readonly Rule<never>[], configPath?: string): Promise<LoadedConfig> {
  const rules = builtins ?? builtinRules();
  // A relative --config is relative to the working directory of the run, not of the process.
  const path = configPath !== undefined ? resolve(cwd, configPath) : findConfigFile(cwd);
  if (path === null) return { config: {}, path: null, rules: [...rules] };
  return { ...(await readConfigFile(path, displayPath(path, cwd), rules)), path };
}

interface BaselineFile {
  absPath: string;
  shown: string;
}

function baselineFile(options: LintOptions, loaded: LoadedConfig): BaselineFile | null {
  const { cwd } = options;
  const relativeToCwd = (file: string): BaselineFile => ({ absPath: resolve(cwd, file), shown: displayPath(resolve(cwd, file), cwd) });
  if (options.baselineWrite !== undefined) return relativeToCwd(options.baselineWrite);
  if (options.baseline === false) return null;
  if (options.baseline !== undefined) return relativeToCwd(options.baseline);
  if (loaded.config.baseline === undefined || loaded.path === null) return null;
  const absPath = resolve(dirname(loaded.path), loaded.config.baseline);
  return { absPath, shown: displayPath(absPath, cwd) };
}

/** The input files of a run: the space to read, and the report targets among them (if any). */
async function selectRunInputs(options: Pick<LintOptions, 'paths' | 'cwd'> & { base?: string; diff?: boolean; sourcesOnly?: boolean }, loaded: LoadedConfig) {
  const { config, path } = loaded;
  const selection = await selectInputs(options.paths, {
    cwd: options.cwd,
    base: options.base ?? (path === null ? options.cwd : dirname(path)),
    // A diff compares the named inputs (or the configured ones): names are not report targets there.
    include: options.diff === true && options.paths.length > 0 ? [] : (config.include ?? []),
    exclude: config.exclude ?? [],
  });
  if (selection.files.length === 0 && selection.targets?.size !== 0 && options.sourcesOnly !== true && !config.migrations?.length) {
    throw new InputError(options.paths.join(' ') || '.', 'No .json, .yaml or .yml files to lint');
  }
  return selection;
}

/** The taxonomy export named by `--taxonomy` or the config's `taxonomy`, checked to be a file (not a FIFO or a device). */
function taxonomyInput(options: Pick<LintOptions, 'cwd' | 'taxonomyPath'>, loaded: LoadedConfig): { absPath: string; namedBy: string } | undefined {
  const { config, path } = loaded;
  const taxonomy =
    options.taxonomyPath !== undefined
      ? { absPath: resolve(options.cwd, options.taxonomyPath), namedBy: '--taxonomy' }
      : config.taxonomy !== undefined
        ? { absPath: resolve(path === null ? options.cwd : dirname(path), config.taxonomy), namedBy: 'the config key "taxonomy"' }
        : undefined;
  if (taxonomy) {
    try {
      checkRegularFile(taxonomy.absPath);
    } catch (error) {
      const path = displayPath(taxonomy.absPath, options.cwd);
      const namedBy = `(the taxonomy export named by ${taxonomy.namedBy})`;
      if (error instanceof FileKindError) throw new InputError(path, `${error.message[0]!.toUpperCase()}${error.message.slice(1)} ${namedBy}`);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new InputError(path, `No such file ${namedBy}`);
      throw fileSystemError(path, error);
    }
  }
  return taxonomy;
}

/**
 * Application sources of a lint run (config `sources`, or code files named on the command line),
 * and the command-line paths left for the space. The parser loads only when there are sources.
 */
async function selectRunSources(options: Pick<LintOptions, 'paths' | 'cwd'>, loaded: LoadedConfig) {
  const { config, path } = loaded;
  const { selectSources } = await import('../inputs/sources/select-sources.js');
  return selectSources(options.paths, { cwd: options.cwd, base: path === null ? options.cwd : dirname(path), globs: config.sources ?? [], exclude: config.exclude ?? [] });
}

/** The source files as the rules' walk reads them, one at a time. */
function sourceWalk(files: readonly { absPath: string; path: string }[], loaded: LoadedConfig, stats: { read: number; skipped: number }) {
  if (files.length === 0) return undefined;
  return async function* () {
    const [{ readSources }, { resolveHosts }] = await Promise.all([import('../inputs/sources/read-sources.js'), import('../inputs/sources/hosts.js')]);
    yield* readSources(files, resolveHosts(loaded.config.service?.hosts), stats);
  };
}

/** Finds the config and the input files, and reads the model part of the space. Throws InputErrors / ConfigError / InputError. */
export async function readSpace(options: Pick<LintOptions, 'paths' | 'cwd' | 'configPath'>): Promise<{ space: Space; config: ConfigFile }> {
  const loaded = await loadConfig(options.cwd, undefined, options.configPath);
  const selection = await selectRunInputs(options, loaded);
  return { space: await loadSpace(selection.files, options.cwd), config: loaded.config };
}

/** The model before the change (its entries are not read: the diff rules look at the entries after it). */
async function readBefore(before: BeforeInputs, loaded: LoadedConfig, taxonomy: ReturnType<typeof taxonomyInput>) {
  const selection = await selectRunInputs({ paths: before.paths, cwd: before.cwd, base: before.base, diff: true }, loaded);
  const space = await loadSpace(selection.files, before.cwd, { taxonomy });
  return space.model;
}

/**
 * Lints a space: config and plugins, inputs, one walk of all rules, the baseline, then the
 * report targets. An input error stops the run: its result then holds the input errors as
 * findings (rule id `input-error`) and nothing else. Throws ConfigError / BaselineError.
 */
export async function lint(options: LintOptions): Promise<LintOutcome> {
  const outcome = await lintReport(options);
  return { ...outcome, result: { ...outcome.result, findings: toArray(outcome.result.findings) } };
}

/** `lint`, with the findings held compactly: each is made into a `Finding` when it is read. */
export async function lintReport(options: LintOptions): Promise<ReportOutcome> {
  const loaded = options.config ?? (await loadConfig(options.cwd, undefined, options.configPath));
  const { config } = loaded;
  const asOf = options.asOf ?? config.asOf ?? todayUtc();
  const configuration = new RuleConfiguration(loaded.rules, config, options.ruleSeverities);
  const diff = options.before !== undefined;
  const active = loaded.rules.filter((r) => configuration.isActive(r.meta.id) && runsIn(r.meta, diff));
  const tool = { name: 'cmlint', version: toolVersion() };

  /** A run that an input error stopped: its report holds the input errors, and nothing else. */
  const stopped = (error: unknown, filesRead: number): ReportOutcome => {
    const errors = inputErrorsOf(error);
    if (errors === null) throw error;
    const stats: RunStats = { filesRead, contentTypes: 0, entries: 0, assets: 0 };
    return { result: { tool, asOf, findings: inputErrorFindings(errors), stats, suppressed: 0 }, config, rules: active, baseline: null };
  };

  let selection: InputSelection;
  let migrations: MigrationScript[] | null = null;
  let changedScripts: ReadonlySet<string> | undefined;
  let sources: Awaited<ReturnType<typeof selectRunSources>> | null = null;
  let codeFiles: CodeFiles[];
  try {
    if (!diff && ((config.sources?.length ?? 0) > 0 || options.paths.some(isCodeFile))) sources = await selectRunSources(options, loaded);
    const onlySources = sources !== null && options.paths.length > 0 && sources.spacePaths.length === 0;
    selection = onlySources
      ? // Only code files named: the configured space (if any) is context, none of its files a target.
        { files: (config.include?.length ?? 0) > 0 ? (await selectRunInputs({ ...options, paths: [] }, loaded)).files : [], targets: new Set() }
      : await selectRunInputs({ ...options, paths: sources?.spacePaths ?? options.paths, diff, sourcesOnly: (sources?.files.length ?? 0) > 0 }, loaded);
    if (loaded.config.migrations?.length || options.migrationsAfter?.length) {
      // Migration scripts (src/inputs/migrations/): scripts named on the command line are report targets too.
      const scripts = await import('../inputs/migrations/index.js');
      migrations = [...((await scripts.configuredScripts(loaded, options.cwd)) ?? []), ...(options.migrationsAfter ?? []).map((absPath) => ({ absPath }))];
      changedScripts = selection.targets ? scripts.namedScripts(options.paths, options.cwd, migrations!) : undefined;
      if (changedScripts?.size) selection = { ...selection, targets: new Set([...selection.targets!, ...changedScripts]) };
    }
    codeFiles = await findCodeFiles(loaded, options.cwd);
  } catch (error) {
    return stopped(error, 0);
  }
  // Named files among the code inputs (a staged GraphQL document) are report targets too.
  const codePaths = new Set(codeFiles.flatMap((c) => c.files.map((f) => f.absPath)));
  const named = new Set([...(selection.named ?? []), ...options.paths.map((p) => resolve(options.cwd, p))]);
  const codeTargets = diff ? [] : [...codePaths].filter((p) => named.has(p));
  if (selection.targets?.size === 0 && codeTargets.length === 0 && (sources === null || sources.files.length === 0)) {
    // Every named file is outside the space (pre-commit passed files the config does not lint).
    const stats: RunStats = { filesRead: 0, contentTypes: 0, entries: 0, assets: 0 };
    return { result: { tool, asOf, findings: [], stats, suppressed: 0 }, config, rules: active, baseline: null };
  }

  const file = baselineFile(options, loaded);
  if (file && options.baselineWrite !== undefined && (await isSpaceExport(file.absPath))) {
    throw new BaselineError(`${file.shown}: this file is a space export, not a baseline: cmlint never writes over its inputs (choose another baseline file)`);
  }
  const recorded = file && options.baselineWrite === undefined ? readBaseline(file.absPath, file.shown) : null;
  if (file && options.baselineWrite !== undefined) await prepareBaselineFile(file.absPath, file.shown);
  let run: CompactRunResult;
  let pool: WorkerPool | undefined;
  const sourceStats = { read: 0, skipped: 0 };
  /** Content types defined in report targets: the code findings they cause are reported too. */
  const targetTypes = new Set<string>();
  try {
    const taxonomy = taxonomyInput(options, loaded);
    // Only large files are split (see WorkerPool); a pool for small inputs would only cost start-up.
    const jobs = !diff && !migrations && selection.files.some((f) => (statIfReadable(f.absPath)?.size ?? 0) > wholeFileLimit()) ? (options.jobs ?? 1) : 1;
    // Worker threads start before the model is read here, so that their start-up overlaps it.
    pool =
      jobs > 1
        ? new (await import('../engine/parallel.js')).WorkerPool(jobs, {
            inputs: selection.files,
            taxonomy,
            cwd: options.cwd,
            configPath: loaded.path,
            ruleSeverities: options.ruleSeverities ?? {},
            asOf,
          })
        : undefined;
    const before = options.before ? await readBefore(options.before, loaded, taxonomy) : undefined;
    let space = await loadSpace(selection.files, options.cwd, { taxonomy });
    pool?.start(space);
    if (migrations) {
      const configShown = loaded.path === null ? '.' : displayPath(loaded.path, options.cwd);
      space = await (await import('../inputs/migrations/index.js')).withMigrations(space, migrations, { cwd: options.cwd, configShown, upTo: changedScripts });
    }
    for (const type of space.model.contentTypes.values()) if (selection.targets?.has(type.source.file.absPath)) targetTypes.add(type.id);
    // With report targets that are neither code nor content types (a staged entry file), no finding in code could be reported: code is not read.
    const code = selection.targets && codeTargets.length === 0 && targetTypes.size === 0 ? [] : await readCodeInputs(codeFiles, options.cwd);
    const walk = sourceWalk(sources?.files ?? [], loaded, sourceStats);
    const present = new Set<RuleInput>([...(code.length > 0 ? ['documents' as const] : []), ...(walk ? ['sources' as const] : []), ...(migrations ? ['migrations' as const] : [])]);
    const running = await rulesToRun(active, present);
    // Findings about code are cached between the bin's runs (engine/code-results-cache.ts), not with a plugin's rules.
    const codeResults =
      code.length > 0 && !before && running.every(isBuiltinRule)
        ? (await import('../engine/code-results-cache.js')).CodeResultsCache.open(options.cwd, [config, options.ruleSeverities ?? {}, asOf], process.env)
        : null;
    run = await runRulesCompact(space, new RuleConfiguration(running, config, options.ruleSeverities), asOf, {
      onProgress: options.onProgress,
      code,
      ...(pool ? { pool } : {}),
      ...(before ? { before } : {}),
      ...(walk ? { sources: walk } : {}),
      ...(codeResults ? { codeResults } : {}),
    });
    run.stats.filesRead += sourceStats.read;
  } catch (error) {
    return stopped(error, selection.files.length + codePaths.size);
  } finally {
    await pool?.close();
  }
  const { findings, stats } = run;

  let kept: FindingList = findings;
  let suppressed = 0;
  let baseline: BaselineReport | null = null;
  if (file) {
    // Findings about code are identified by their file from the repository root (pipeline/identity.ts).
    const paths = { cwd: options.cwd, root: repositoryRoot(options.cwd) };
    const internal = internalFindings(findings);
    const crashed = new Set(internal.map((f) => f.ruleId));
    if (recorded === null && crashed.size > 0) {
      // The run's reports are still written (and say which rule crashed); the run exits 2.
      const first = internal[0]!;
      const notWritten = `baseline not written, because a rule crashed (it would miss that rule's findings): ${first.message}`;
      baseline = { path: file.shown, written: false, stale: [], pruned: false, notWritten };
    } else {
      let entries: readonly BaselineEntry[];
      if (recorded === null) {
        entries = buildBaseline(findings, paths);
        await writeBaseline(file.absPath, file.shown, entries);
      } else entries = recorded;
      const ran = new Set(active.map((r) => r.meta.id).filter((id) => !crashed.has(id)));
      const outcome = applyBaseline(findings, entries, ran, new Set(loaded.rules.map((r) => r.meta.id)), paths);
      ({ kept, suppressed } = outcome);
      const prune = options.pruneBaseline === true && outcome.stale.length > 0;
      if (prune) await writeBaseline(file.absPath, file.shown, pruneBaseline(entries, outcome.stale));
      baseline = { path: file.shown, written: recorded === null, stale: outcome.stale, pruned: prune, notWritten: null };
    }
  }

  if (selection.targets || sources?.targets) {
    const shown = (paths: Iterable<string>) => new Set([...paths].map((p) => displayPath(p, options.cwd)));
    const targets = selection.targets ? shown([...selection.targets, ...codeTargets]) : null;
    const code = shown(codePaths);
    const sourceFiles = new Set(sources?.files.map((f) => f.path));
    // Findings about the space as a whole (no file) belong to no target: whole-space runs report them.
    // A finding in code caused by a content type that a target defines is the target's too (a changed type reports the documents it breaks).
    const isTarget = ({ file, target }: Finding): boolean => {
      if (file === null) return false;
      if (sourceFiles.has(file)) return sources!.targets?.has(file) ?? true;
      if (targets === null) return true;
      return targets.has(file) || (code.has(file) && target.contentType !== null && targetTypes.has(target.contentType));
    };
    kept = kept.filter((f) => f.internal || isTarget(f));
  }
  return { result: { tool, asOf, findings: kept, stats, suppressed }, config, rules: active, baseline };
}
