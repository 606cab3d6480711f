/**
 * The second stage of a run (docs/architecture.md): every kind of input the plan names, read.
 * The space's model is read into memory (its entries and assets are streamed later, as the check
 * walks them), migration scripts are replayed on it, the code inputs are read, and application
 * sources are made a walk that reads them one at a time. Worker threads for large files start
 * here, before the model is read, so that their start-up overlaps it.
 */
import type { ConfigFile, LoadedConfig } from '../config/load-config.js';
import type { WorkerPool } from '../engine/parallel.js';
import type { RuleInput } from '../engine/rule.js';
import type { CodeInput } from '../inputs/code-input.js';
import { readCodeInputs } from '../inputs/read-code.js';
import type { SourceFileNode } from '../inputs/sources/source-node.js';
import { InputError, fileSystemError } from '../inputs/space/input-error.js';
import { displayPath, loadSpace, type LoadOptions, type Space } from '../inputs/space/load-space.js';
import type { SpaceModel } from '../model/space-model.js';
import { FileKindError, checkRegularFile } from '../util/regular-file.js';
import { selectSpaceFiles, type BeforeInputs, type LintOptions, type PlannedInputs, type RunPlan } from './plan.js';

/** What the check walks: the model and the streamed records, the code inputs, the sources' walk. */
export interface ReadInputs {
  space: Space;
  /** `cmlint diff`: the model before the change (its entries are not read: the diff rules look at the entries after it), and its files. */
  before: { model: SpaceModel; files: number } | null;
  /** The code inputs (GraphQL documents): read only when a finding in them could be reported. */
  code: CodeInput[];
  /** The application sources, read one at a time as the check walks them; null: none. */
  sources: (() => AsyncIterable<SourceFileNode>) | null;
  /** Filled as the sources are read. */
  sourceStats: { read: number; skipped: number };
  /** Threads for the entries of large files; the check closes it. */
  pool: WorkerPool | null;
  /** Content types defined in the report targets: the findings in code they cause are reported too. */
  targetTypes: ReadonlySet<string>;
  /** The kinds of input read besides the space (the rules that check only others do not run). */
  kinds: ReadonlySet<RuleInput>;
}

/** Reads the inputs of the plan. Throws InputError / InputErrors; the worker threads are closed then. */
export async function read(plan: RunPlan, inputs: PlannedInputs): Promise<ReadInputs> {
  const { cwd } = plan;
  const taxonomy = checkedTaxonomy(inputs.taxonomy, cwd);
  // Worker threads start before the model is read here, so that their start-up overlaps it.
  const pool =
    plan.jobs > 1
      ? new (await import('../engine/parallel.js')).WorkerPool(plan.jobs, {
          inputs: inputs.space,
          taxonomy,
          cwd,
          configPath: plan.config.file?.absPath ?? null,
          ruleSeverities: plan.ruleSeverities,
          asOf: plan.asOf,
        })
      : null;
  try {
    const before = inputs.before ? await readBefore(inputs.before, plan.config.content, taxonomy) : null;
    let space = await loadSpace(inputs.space, cwd, { taxonomy });
    pool?.start(space);
    if (inputs.migrations) {
      const { scripts, upTo } = inputs.migrations;
      const configShown = plan.config.file?.shown ?? '.';
      const loaded = { config: plan.config.content, path: plan.config.file?.absPath ?? null };
      space = await (await import('../inputs/migrations/index.js')).withMigrations(space, scripts, { cwd, configShown, loaded, ...(upTo ? { upTo: new Set(upTo) } : {}) });
    }
    const targetFiles = new Set(inputs.targets?.files);
    const targetTypes = new Set<string>();
    for (const type of space.model.contentTypes.values()) if (targetFiles.has(type.source.file.absPath)) targetTypes.add(type.id);
    // With report targets that are neither code nor content types (a staged entry file), no finding in code could be reported: code is not read.
    const code = inputs.targets?.files && inputs.targets.code.length === 0 && targetTypes.size === 0 ? [] : await readCodeInputs(inputs.code, cwd);
    const sourceStats = { read: 0, skipped: 0 };
    const sources = sourceWalk(inputs.sources ?? [], plan.config.content, sourceStats);
    const kinds = new Set<RuleInput>([...(code.length > 0 ? ['documents' as const] : []), ...(sources ? ['sources' as const] : []), ...(inputs.migrations ? ['migrations' as const] : [])]);
    return { space, before, code, sources, sourceStats, pool, targetTypes, kinds };
  } catch (error) {
    await pool?.close();
    throw error;
  }
}

/** The taxonomy export, checked to be a file (not a FIFO or a device). Throws InputError. */
function checkedTaxonomy(taxonomy: PlannedInputs['taxonomy'], cwd: string): LoadOptions['taxonomy'] {
  if (!taxonomy) return undefined;
  try {
    checkRegularFile(taxonomy.absPath);
  } catch (error) {
    const path = displayPath(taxonomy.absPath, cwd);
    const namedBy = `(the taxonomy export named by ${taxonomy.namedBy})`;
    if (error instanceof FileKindError) throw new InputError(path, `${error.message[0]!.toUpperCase()}${error.message.slice(1)} ${namedBy}`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new InputError(path, `No such file ${namedBy}`);
    throw fileSystemError(path, error);
  }
  return taxonomy;
}

/** The model before the change (its entries are not read: the diff rules look at the entries after it), and how many files hold it. */
async function readBefore(before: BeforeInputs, config: ConfigFile, taxonomy: LoadOptions['taxonomy']): Promise<ReadInputs['before']> {
  const shownAs = before.shownAs ? new Map(Object.entries(before.shownAs)) : undefined;
  const selection = await selectSpaceFiles({ paths: before.paths, cwd: before.cwd, base: before.base, diff: true, ...(shownAs ? { shownAs } : {}) }, { config, path: null });
  const space = await loadSpace(selection.files, before.cwd, { taxonomy });
  return { model: space.model, files: selection.files.length };
}

/** The source files as the check's walk reads them, one at a time. */
function sourceWalk(files: readonly { absPath: string; path: string }[], config: ConfigFile, stats: { read: number; skipped: number }): ReadInputs['sources'] {
  if (files.length === 0) return null;
  return async function* () {
    const [{ readSources }, { resolveHosts }] = await Promise.all([import('../inputs/sources/read-sources.js'), import('../inputs/sources/hosts.js')]);
    yield* readSources(files, resolveHosts(config.service?.hosts), stats);
  };
}

/** Finds the space's files under the loaded config, and reads the model part of the space (`cmlint graphql-schema`). Throws InputError(s). */
export async function readSpace(options: Pick<LintOptions, 'paths' | 'cwd' | 'shownAs'>, loaded: LoadedConfig): Promise<Space> {
  const selection = await selectSpaceFiles(options, loaded);
  const space = await loadSpace(selection.files, options.cwd);
  // With `migrations`, the model the scripts produce, as lint runs see it.
  const migrated = loaded.config.migrations?.length ? await (await import('../inputs/migrations/index.js')).configuredSpace(space, loaded, options.cwd) : space;
  return migrated;
}
