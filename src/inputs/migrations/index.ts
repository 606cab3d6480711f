import { dirname, isAbsolute, resolve } from 'node:path';
import { readGlobs, walkGlobs } from '../../util/glob/walk-globs.js';
import { InputError } from '../space/input-error.js';
import { displayPath, type Space } from '../space/load-space.js';
import { replayMigrations, scriptOrder, type MigrationScript, type ReplayTimings } from './replay.js';

export type { MigrationScript, ReplayTimings } from './replay.js';

/** Script files the `migrations` globs may name (others they match are not scripts). */
const SCRIPT_EXTENSIONS = /\.(?:js|cjs|mjs|ts|cts|mts)$/;

/** What of the config the scripts are found with: its `migrations` globs, relative to the config file (`path`; null: none). */
export interface MigrationsConfig {
  config: { migrations?: readonly string[] };
  path: string | null;
}

/**
 * The migration scripts the config names (`migrations` globs, relative to the config file), in
 * the order they run; null when the config names none. Globs that match no script are an input
 * error: a misspelt glob must not make the run pass without the scripts.
 */
export async function configuredScripts(loaded: MigrationsConfig, cwd: string): Promise<MigrationScript[] | null> {
  const globs = loaded.config.migrations;
  if (!globs || globs.length === 0) return null;
  const base = loaded.path === null ? cwd : dirname(loaded.path);
  const { default: fg } = await import('fast-glob');
  const matches = walkGlobs(fg, readGlobs(globs), { cwd: base, dot: false, ignore: ['**/node_modules/**', '**/*.d.ts'] });
  const scripts = matches.filter((p) => SCRIPT_EXTENSIONS.test(p)).map((absPath) => ({ absPath }));
  if (scripts.length === 0) {
    throw new InputError(loaded.path ? displayPath(loaded.path, cwd) : '.', `The config key "migrations" (${globs.join(', ')}) matches no .js, .cjs, .mjs or .ts script`);
  }
  return scriptOrder(scripts);
}

/** The scripts among the paths named on the command line (pre-commit's changed files). */
export function namedScripts(paths: readonly string[], cwd: string, scripts: readonly MigrationScript[]): Set<string> {
  const known = new Set(scripts.map((s) => s.absPath));
  return new Set(paths.map((p) => (isAbsolute(p) ? p : resolve(cwd, p))).filter((p) => known.has(p)));
}

/**
 * The space with the scripts applied. With `upTo` (the scripts pre-commit names), the scripts
 * after the last of them are left out: a changed script is linted with the scripts before it.
 */
export async function withMigrations(
  space: Space,
  scripts: readonly MigrationScript[],
  options: { cwd: string; configShown: string; upTo?: ReadonlySet<string>; timings?: ReplayTimings },
): Promise<Space> {
  let run = scripts;
  if (options.upTo && options.upTo.size > 0) {
    const last = Math.max(...scripts.map((s, i) => (options.upTo!.has(s.absPath) ? i : -1)));
    run = scripts.slice(0, last + 1);
  }
  return replayMigrations(space, run, options);
}
