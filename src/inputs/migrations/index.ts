import { dirname, isAbsolute, resolve } from 'node:path';
import { readGlobs } from '../../util/glob/walk-globs.js';
import { walkInputGlobs } from '../space/find-inputs.js';
import { InputError } from '../space/input-error.js';
import { displayPath, type Space } from '../space/load-space.js';
import { appliedCount, type AppliedConfig } from './applied.js';
import { replayMigrations, scriptOrder, type MigrationScript, type ReplayTimings } from './replay.js';

export type { MigrationScript, ReplayTimings } from './replay.js';

/** Script files the `migrations` globs may name (others they match are not scripts). */
const SCRIPT_EXTENSIONS = /\.(?:js|cjs|mjs|ts|cts|mts)$/;

/** What of the config the scripts are found with: its `migrations` globs, relative to the config file (`path`; null: none). */
export interface MigrationsConfig {
  config: { migrations?: readonly string[] } & AppliedConfig['config'];
  path: string | null;
}

/**
 * The migration scripts the config names (`migrations` globs, relative to the config file), in
 * the order they run; null when the config names none. Globs that match no script are an input
 * error: a misspelt glob must not make the run pass without the scripts.
 */
export async function configuredScripts(loaded: MigrationsConfig, cwd: string): Promise<MigrationScript[] | null> {
  const globs = loaded.config.migrations;
  if (!globs || globs.length === 0) {
    if (loaded.config.migrationsApplied === undefined) return null;
    throw new InputError(loaded.path ? displayPath(loaded.path, cwd) : '.', 'The config key "migrationsApplied" says which migration scripts the space holds, but "migrations" names no scripts');
  }
  const base = loaded.path === null ? cwd : dirname(loaded.path);
  const { default: fg } = await import('fast-glob');
  const matches = walkInputGlobs(fg, readGlobs(globs), { cwd: base, dot: false, ignore: ['**/node_modules/**', '**/*.d.ts'] }, cwd);
  const scripts = matches.filter((p) => SCRIPT_EXTENSIONS.test(p)).map((absPath) => ({ absPath }));
  if (scripts.length === 0) {
    throw new InputError(loaded.path ? displayPath(loaded.path, cwd) : '.', `The config key "migrations" (${globs.join(', ')}) matches no .js, .cjs, .mjs or .ts script`);
  }
  return scriptOrder(scripts);
}

/**
 * The space as a lint run sees it: with the config's `migrations` applied (the space itself when
 * the config names none). For commands that read the model without linting it (graphql-schema).
 */
export async function configuredSpace(space: Space, loaded: MigrationsConfig, cwd: string): Promise<Space> {
  const scripts = await configuredScripts(loaded, cwd);
  if (!scripts) return space;
  return withMigrations(space, scripts, { cwd, configShown: loaded.path === null ? '.' : displayPath(loaded.path, cwd), loaded });
}

/** The scripts among the paths named on the command line (pre-commit's changed files). */
export function namedScripts(paths: readonly string[], cwd: string, scripts: readonly MigrationScript[]): Set<string> {
  const known = new Set(scripts.map((s) => s.absPath));
  return new Set(paths.map((p) => (isAbsolute(p) ? p : resolve(cwd, p))).filter((p) => known.has(p)));
}

/**
 * The space with the scripts applied. With `upTo` (the scripts pre-commit names), the scripts
 * after the last of them are left out: a changed script is linted with the scripts before it.
 * With `loaded` (the config), the scripts its `migrationsApplied` says the space already holds
 * are left out too.
 */
export async function withMigrations(
  space: Space,
  scripts: readonly MigrationScript[],
  options: { cwd: string; configShown: string; upTo?: ReadonlySet<string>; timings?: ReplayTimings; loaded?: MigrationsConfig },
): Promise<Space> {
  let end = scripts.length;
  if (options.upTo && options.upTo.size > 0) end = Math.max(...scripts.map((s, i) => (options.upTo!.has(s.absPath) ? i : -1))) + 1;
  const start = options.loaded ? await appliedCount(space, scripts, options.loaded, options.cwd) : 0;
  return replayMigrations(space, scripts.slice(start, Math.max(start, end)), options);
}
