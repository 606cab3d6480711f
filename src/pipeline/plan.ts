/**
 * The first stage of a run (docs/architecture.md): what the run will do, as a plain value. It
 * loads the config, decides the rules that are on, finds the files of each kind of input (the
 * space, GraphQL documents, application sources, migration scripts) and the report targets among
 * them, and settles the baseline, the threads, the verdict's settings and where reports go. No
 * input is read here. `JSON.stringify(plan)` is what `--print-config` prints; the later stages
 * read the plan, never the request.
 */
import { dirname, resolve } from 'node:path';
import type { ConfigFile, LoadedConfig } from '../config/load-config.js';
import { loadConfig } from '../config/run-config.js';
import { RuleConfiguration } from '../config/resolve-rules.js';
import { todayUtc } from '../engine/dates.js';
import { inputErrorsOf } from '../engine/input-findings.js';
import { runsIn, type Rule, type Severity, type SeveritySetting } from '../engine/rule.js';
import type { RunStats } from '../engine/run-rules.js';
import { isBuiltinRule } from '../engine/rules-registry.js';
import type { MigrationScript } from '../inputs/migrations/index.js';
import { findCodeFiles, type CodeFiles } from '../inputs/read-code.js';
import { isCodeFile } from '../inputs/sources/language.js';
import { statIfReadable } from '../inputs/space/file-bytes.js';
import { selectInputs, type InputSelection } from '../inputs/space/find-inputs.js';
import { InputError } from '../inputs/space/input-error.js';
import { displayPath, type InputFile } from '../inputs/space/load-space.js';
import { wholeFileLimit } from '../inputs/space/source.js';
import type { Position } from '../model/source-ref.js';
import { globsMatch, readGlobs } from '../util/glob/walk-globs.js';

/** A run's options, as the API takes them (`lint()`); the command line adds its own (`RunRequest`). */
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
  /** Input files shown under another name than their path, by absolute path (standard input's copy: `<stdin>`). */
  shownAs?: ReadonlyMap<string, string>;
  /**
   * Report a warning (`file-ignored`) for each file named in `paths` that the run does not lint
   * (outside the config's inputs, or excluded), as ESLint does for an ignored file it is given.
   * Default true; `--no-warn-ignored` (the pre-commit hooks) sets it false.
   */
  warnIgnored?: boolean;
}

/** The inputs of the model before a change: paths as on the command line, read from `cwd`. */
export interface BeforeInputs {
  paths: readonly string[];
  cwd: string;
  /** Where the config's `include`/`exclude` globs are relative to, for this state. */
  base: string;
  /** Input files shown under another name than their path, by absolute path (standard input's copy: `<stdin>`). */
  shownAs?: Readonly<Record<string, string>>;
}

/** A run's options with what only the command line sets: where reports go and what fails the run. */
export interface RunRequest extends LintOptions {
  /** `--format NAME[:FILE]`: none for the API. */
  outputs?: readonly PlannedOutput[];
  /** `--fail-on`; wins over the config's `failOn`. */
  failOn?: Severity;
  /** `--max-warnings`; wins over the config's `maxWarnings`. */
  maxWarnings?: number;
  /** `--quiet`: reports show only the findings that fail the run. */
  quiet?: boolean;
  /** `--color` (true), `--no-color` (false); null or absent: as the environment and the terminal say. */
  color?: boolean | null;
  /** Migration scripts (absolute paths) replayed after the configured ones: the script the fix stage proves (`--fix-migration`). */
  migrationsAfter?: readonly string[];
}

/** A file as the plan names it: absolute, and as messages show it. */
export interface PlannedPath {
  absPath: string;
  shown: string;
}

/** One format, to stdout (`file: null`) or to a file. */
export interface PlannedOutput {
  format: string;
  file: PlannedPath | null;
}

/** A rule that is on (for some content type), as the config and `--rule` set it; `overrides` may change it per content type. */
export interface PlannedRule {
  id: string;
  /** From a plugin of the config, not one of cmlint's own. */
  plugin: boolean;
  severity: SeveritySetting;
  upcoming: SeveritySetting;
  options: Record<string, unknown>;
}

/** An input error found while planning, as a plain value. */
export interface PlannedInputError {
  file: string;
  message: string;
  position?: Position;
  pointer?: string;
}

/** The inputs of a run, each kind's files found (none read yet), and the report targets among them. */
export interface PlannedInputs {
  /** The space's files: exports, directories and globs, each file once, sorted. */
  space: InputFile[];
  /** The organisation taxonomy export named by `--taxonomy` or the config (checked when it is read). */
  taxonomy: { absPath: string; namedBy: string } | null;
  /** `cmlint diff`: the state before the change (its files are found when it is read). */
  before: BeforeInputs | null;
  /** The code input kinds that the config gives globs (GraphQL documents): their files. */
  code: CodeFiles[];
  /** Application sources (config `sources`, or code files named); null: none selected. */
  sources: { absPath: string; path: string }[] | null;
  /** Migration scripts (config `migrations`), in the order they run; `upTo`: the scripts named (pre-commit), the ones after the last of them left out. */
  migrations: { scripts: MigrationScript[]; upTo: string[] | null } | null;
  /** The files findings are reported for (pre-commit's staged files); null: every finding is reported. */
  targets: PlannedTargets | null;
}

export interface PlannedTargets {
  /**
   * Absolute paths of the named files of the space and migration scripts; null: the run has
   * targets among the sources only. A finding in code is also reported when a content type
   * defined in one of these files causes it.
   */
  files: string[] | null;
  /** Absolute paths of the named files of the code inputs (a staged GraphQL document). */
  code: string[];
  /** Shown paths of the named source files; null: every source file is a target. */
  sources: string[] | null;
}

/** A file named on the command line that the run does not lint: the config's `exclude` matches it, or none of its inputs covers it. */
export interface IgnoredFile {
  file: string;
  reason: 'excluded' | 'not-an-input';
}

/** Why a run reads nothing: input errors found while planning (they are its report, exit 2), or no named file is an input. */
export interface NoInputs {
  none: 'input-errors' | 'no-named-input';
  errors: PlannedInputError[];
}

/** What a run will do. A plain value: `--print-config` prints it; tests build plans and compare them. */
export interface RunPlan {
  mode: 'lint' | 'diff';
  /** The working directory: paths are shown relative to it. */
  cwd: string;
  asOf: string;
  /** The config file (null: none was found, and the defaults apply), and what it says. */
  config: { file: PlannedPath | null; content: ConfigFile };
  /** `--rule ID=SEVERITY`: wins over the config, its overrides included. */
  ruleSeverities: Record<string, SeveritySetting>;
  /**
   * The rules that are on, in the order the config knows them. A rule that checks only some kinds
   * of input (`meta.inputs`) runs when one of them is read.
   */
  rules: PlannedRule[];
  inputs: PlannedInputs | NoInputs;
  /** The files named on the command line that the run does not lint, and whether it warns about them (`file-ignored`; `--no-warn-ignored`: not). */
  ignored: { files: IgnoredFile[]; warn: boolean };
  /** Threads for the entries of large export files: 1 unless a file of the space is over the whole-file limit. */
  jobs: number;
  /** The baseline file: applied, recorded (`--baseline-write`), or applied and pruned (`--prune-baseline`); null: none. Not opened when the run reads nothing. */
  baseline: { file: PlannedPath; mode: 'apply' | 'record' | 'prune' } | null;
  /** What fails the run: findings at or above `failOn`, more warnings than `maxWarnings`. */
  verdict: { failOn: Severity; maxWarnings: number | null; maxWarningsFrom: '--max-warnings' | 'config' | null };
  /** Where the reports go (none for the API), `--quiet`, and colours as `--color`/`--no-color` ask (null: as the environment and the terminal say). */
  report: { outputs: PlannedOutput[]; quiet: boolean; color: boolean | null };
}

/** A plan, and the rules its config knows (the built-in rules' metadata and the config's plugin rules: modules, not plain values). */
export interface Planned {
  plan: RunPlan;
  rules: readonly Rule<never>[];
}

/** Whether the plan reads inputs (rather than stopping at input errors or having no named input). */
export function readsInputs(inputs: RunPlan['inputs']): inputs is PlannedInputs {
  return !('none' in inputs);
}

/** The directory the config's globs are relative to: the config file's, else the working directory. */
function configBase(configPath: string | null, cwd: string): string {
  return configPath === null ? cwd : dirname(configPath);
}

/** Plans a run. Throws ConfigError (the config, `overrides` given through the API); input errors are in the plan. */
export async function makePlan(request: RunRequest): Promise<Planned> {
  const loaded = request.config ?? (await loadConfig(request.cwd, undefined, request.configPath));
  const { config } = loaded;
  const mode = request.before === undefined ? 'lint' : 'diff';
  const ruleSeverities = { ...request.ruleSeverities };
  const configuration = new RuleConfiguration(loaded.rules, config, ruleSeverities);
  const rules = loaded.rules
    .filter((r) => configuration.isActive(r.meta.id) && runsIn(r.meta, mode === 'diff'))
    .map((r): PlannedRule => ({ id: r.meta.id, plugin: !isBuiltinRule(r), ...configuration.base.get(r.meta.id)! }));
  let inputs: PlannedInputs | NoInputs;
  let ignored: IgnoredFile[] = [];
  try {
    ({ inputs, ignored } = await planInputs(request, loaded));
  } catch (error) {
    const errors = inputErrorsOf(error);
    if (errors === null) throw error;
    inputs = { none: 'input-errors', errors: errors.map(({ file, message, position, pointer }) => ({ file, message, ...(position ? { position } : {}), ...(pointer !== undefined ? { pointer } : {}) })) };
  }
  const plan: RunPlan = {
    mode,
    cwd: request.cwd,
    asOf: request.asOf ?? config.asOf ?? todayUtc(),
    config: { file: loaded.path === null ? null : { absPath: loaded.path, shown: displayPath(loaded.path, request.cwd) }, content: config },
    ruleSeverities,
    rules,
    inputs,
    ignored: { files: ignored, warn: request.warnIgnored !== false },
    jobs: readsInputs(inputs) ? plannedJobs(request, inputs) : 1,
    baseline: plannedBaseline(request, loaded),
    verdict: {
      failOn: request.failOn ?? config.failOn ?? 'error',
      maxWarnings: request.maxWarnings ?? config.maxWarnings ?? null,
      maxWarningsFrom: request.maxWarnings !== undefined ? '--max-warnings' : config.maxWarnings !== undefined ? 'config' : null,
    },
    report: { outputs: [...(request.outputs ?? [])], quiet: request.quiet === true, color: request.color ?? null },
  };
  return { plan, rules: loaded.rules };
}

/** The rules of the plan, as modules (in the config's order). */
export function plannedRules({ plan, rules }: Planned): Rule<never>[] {
  const on = new Set(plan.rules.map((r) => r.id));
  return rules.filter((r) => on.has(r.meta.id));
}

/** The files of the space, and the report targets among them (if any). Throws InputError. */
export async function selectSpaceFiles(
  options: Pick<LintOptions, 'paths' | 'cwd' | 'shownAs'> & { base?: string; diff?: boolean; sourcesOnly?: boolean },
  loaded: Pick<LoadedConfig, 'config' | 'path'>,
): Promise<InputSelection> {
  const { config, path } = loaded;
  const selection = await selectInputs(options.paths, {
    cwd: options.cwd,
    base: options.base ?? configBase(path, options.cwd),
    // A diff compares the named inputs (or the configured ones): names are not report targets there.
    include: options.diff === true && options.paths.length > 0 ? [] : (config.include ?? []),
    exclude: config.exclude ?? [],
    ...(options.shownAs ? { shownAs: options.shownAs } : {}),
  });
  if (selection.files.length === 0 && selection.targets?.size !== 0 && options.sourcesOnly !== true && !config.migrations?.length) {
    throw new InputError(options.paths.join(' ') || '.', 'No .json, .yaml or .yml files to lint');
  }
  return selection;
}

/** Each kind's files and the report targets, and the named files that are none of them. Throws InputError / InputErrors. */
async function planInputs(request: RunRequest, loaded: LoadedConfig): Promise<{ inputs: PlannedInputs | NoInputs; ignored: IgnoredFile[] }> {
  const { config, path } = loaded;
  const { cwd, paths, shownAs } = request;
  const diff = request.before !== undefined;
  // Application sources (config `sources`, or code files named on the command line); the parser loads only when there are sources.
  const sources =
    !diff && ((config.sources?.length ?? 0) > 0 || paths.some(isCodeFile))
      ? await (await import('../inputs/sources/select-sources.js')).selectSources(paths, { cwd, base: configBase(path, cwd), globs: config.sources ?? [], exclude: config.exclude ?? [] })
      : null;
  const onlySources = sources !== null && paths.length > 0 && sources.spacePaths.length === 0;
  let selection: InputSelection = onlySources
    ? // Only code files named: the configured space (if any) is context, none of its files a target.
      { files: (config.include?.length ?? 0) > 0 ? (await selectSpaceFiles({ paths: [], cwd, shownAs }, loaded)).files : [], targets: new Set() }
    : await selectSpaceFiles({ paths: sources?.spacePaths ?? paths, cwd, diff, sourcesOnly: (sources?.files.length ?? 0) > 0, shownAs }, loaded);
  let migrations: PlannedInputs['migrations'] = null;
  if (config.migrations?.length || request.migrationsAfter?.length) {
    // Migration scripts (src/inputs/migrations/): scripts named on the command line are report targets too.
    const scripts = await import('../inputs/migrations/index.js');
    const configured = (await scripts.configuredScripts(loaded, cwd)) ?? [];
    const upTo = selection.targets ? scripts.namedScripts(paths, cwd, configured) : null;
    if (upTo?.size) selection = { ...selection, targets: new Set([...selection.targets!, ...upTo]) };
    migrations = withScriptsAfter({ scripts: configured, upTo: upTo && [...upTo] }, request.migrationsAfter ?? []);
    if (selection.targets && request.migrationsAfter) selection = { ...selection, targets: new Set([...selection.targets, ...request.migrationsAfter]) };
  }
  const code = await findCodeFiles(loaded, cwd);
  // Named files among the code inputs (a staged GraphQL document) are report targets too.
  const named = new Set([...(selection.named ?? []), ...paths.map((p) => resolve(cwd, p))]);
  const codeTargets = diff ? [] : [...new Set(code.flatMap((c) => c.files.map((f) => f.absPath)))].filter((p) => named.has(p));
  const linted = [...(selection.targets ?? selection.files.map((f) => f.absPath)), ...codeTargets, ...(sources?.files.map((f) => f.absPath) ?? [])];
  const ignored = diff ? [] : ignoredFiles(paths, new Set(linted), loaded, cwd, shownAs);
  // Every named file is outside the inputs (pre-commit passed files the config does not lint).
  if (selection.targets?.size === 0 && codeTargets.length === 0 && (sources === null || sources.files.length === 0)) return { inputs: { none: 'no-named-input', errors: [] }, ignored };
  const inputs: PlannedInputs = {
    space: selection.files,
    taxonomy: plannedTaxonomy(request, loaded),
    before: request.before ? { ...request.before, ...(shownAs ? { shownAs: Object.fromEntries(shownAs) } : {}) } : null,
    code,
    sources: sources?.files ?? null,
    migrations,
    targets:
      selection.targets || sources?.targets
        ? { files: selection.targets ? [...selection.targets] : null, code: codeTargets, sources: sources?.targets ? [...sources.targets] : null }
        : null,
  };
  return { inputs, ignored };
}

/**
 * The files named on the command line (files, not directories or globs, whose files are found
 * and left out quietly) that the run does not lint: none of its inputs holds them, or the
 * config's `exclude` left them out.
 */
function ignoredFiles(paths: readonly string[], linted: ReadonlySet<string>, loaded: LoadedConfig, cwd: string, shownAs: ReadonlyMap<string, string> | undefined): IgnoredFile[] {
  const exclude = readGlobs(loaded.config.exclude ?? []);
  const ignored = new Map<string, IgnoredFile>();
  for (const path of paths) {
    const absPath = resolve(cwd, path);
    if (linted.has(absPath) || ignored.has(absPath) || statIfReadable(absPath)?.isFile() !== true) continue;
    const file = shownAs?.get(absPath) ?? displayPath(absPath, cwd);
    ignored.set(absPath, { file, reason: globsMatch(exclude, absPath, configBase(loaded.path, cwd)) ? 'excluded' : 'not-an-input' });
  }
  return [...ignored.values()];
}

/**
 * The scripts `after` replayed after the last script the run replays (in a pre-commit run, the
 * last one named: those after it are left out), so that they change the model the run reports on.
 */
function withScriptsAfter(migrations: NonNullable<PlannedInputs['migrations']>, after: readonly string[]): PlannedInputs['migrations'] {
  const { scripts, upTo } = migrations;
  if (after.length === 0) return migrations;
  const end = upTo?.length ? Math.max(...upTo.map((p) => scripts.findIndex((s) => s.absPath === p))) + 1 : scripts.length;
  return { scripts: [...scripts.slice(0, end), ...after.map((absPath) => ({ absPath }))], upTo: upTo?.length ? [...upTo, ...after] : upTo };
}

/** The taxonomy export named by `--taxonomy` or the config's `taxonomy`. */
function plannedTaxonomy(request: RunRequest, loaded: LoadedConfig): PlannedInputs['taxonomy'] {
  if (request.taxonomyPath !== undefined) return { absPath: resolve(request.cwd, request.taxonomyPath), namedBy: '--taxonomy' };
  if (loaded.config.taxonomy !== undefined) return { absPath: resolve(configBase(loaded.path, request.cwd), loaded.config.taxonomy), namedBy: 'the config key "taxonomy"' };
  return null;
}

/** Only large files are split (see engine/parallel.ts): a pool for small inputs would only cost start-up. */
function plannedJobs(request: RunRequest, inputs: PlannedInputs): number {
  const large = inputs.space.some((f) => (statIfReadable(f.absPath)?.size ?? 0) > wholeFileLimit());
  return !inputs.before && !inputs.migrations && large ? (request.jobs ?? 1) : 1;
}

function plannedBaseline(request: RunRequest, loaded: LoadedConfig): RunPlan['baseline'] {
  const { cwd } = request;
  const mode = request.baselineWrite !== undefined ? 'record' : request.pruneBaseline === true ? 'prune' : 'apply';
  const relativeToCwd = (file: string): PlannedPath => ({ absPath: resolve(cwd, file), shown: displayPath(resolve(cwd, file), cwd) });
  if (request.baselineWrite !== undefined) return { file: relativeToCwd(request.baselineWrite), mode };
  if (request.baseline === false) return null;
  if (request.baseline !== undefined) return { file: relativeToCwd(request.baseline), mode };
  if (loaded.config.baseline === undefined || loaded.path === null) return null;
  const absPath = resolve(dirname(loaded.path), loaded.config.baseline);
  return { file: { absPath, shown: displayPath(absPath, cwd) }, mode };
}
