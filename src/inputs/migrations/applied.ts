import { basename, dirname, extname, resolve } from 'node:path';
import { isObject } from '../../util/json-value.js';
import { InputError } from '../space/input-error.js';
import { displayPath, type Space } from '../space/load-space.js';
import type { MigrationScript } from './replay.js';

/**
 * `migrationsApplied`: a script (path relative to the config file; it and the scripts before it are
 * in the space on disk), or the entry of the space that records the version of the last script run
 * (its content type, its field, and its id when the content type has several entries).
 */
export type MigrationsApplied = string | { contentType: string; field: string; entry?: string };

/** What of the config says which scripts the space already holds: its `migrationsApplied`, relative to the config file (`path`; null: none). */
export interface AppliedConfig {
  config: { migrationsApplied?: MigrationsApplied };
  path: string | null;
}

/**
 * Which scripts the space on disk already holds (config `migrationsApplied`). Teams that keep an
 * export in the repository and run only the scripts newer than a version the space records (the
 * service's continuous-delivery example: one entry of content type `versionTracking` whose field
 * `version` names the last script run) replay only those: the others would be replayed over the
 * changes they already made, and fail ("cannot be deleted because it does not exist").
 */

/** A script's version as the runners name it: its file name without the extension (`7.js` → `7`, `0_0_7.js` → `0_0_7`). */
function versionOf(script: MigrationScript): string {
  return basename(script.absPath, extname(script.absPath));
}

/**
 * The scripts a recorded version names: the script whose version is the value, or is it with
 * dots for underscores (`0_0_7.js` for "0.0.7", as the example names its files); for a whole
 * number, the script whose version starts with that number (`0042-add-teaser.js` for 42).
 */
export function scriptsOfVersion(scripts: readonly MigrationScript[], value: string | number): MigrationScript[] {
  const text = String(value).trim();
  const exact = scripts.filter((s) => versionOf(s) === text || versionOf(s) === text.replaceAll('.', '_'));
  if (exact.length > 0 || !/^\d+$/.test(text)) return exact;
  return scripts.filter((s) => Number(/^\d+/.exec(versionOf(s))?.[0] ?? NaN) === Number(text));
}

/** The value of the version-tracking entry's field, or an error message saying why there is none. */
export async function trackedVersion(space: Space, where: Exclude<MigrationsApplied, string>): Promise<{ value: string | number } | { problem: string }> {
  const found: { id: string; fields: unknown }[] = [];
  for await (const entry of space.entries()) {
    if (entry.contentTypeId !== where.contentType || (where.entry !== undefined && entry.id !== where.entry)) continue;
    found.push({ id: entry.id, fields: entry.json.fields });
  }
  const entry = where.entry === undefined ? `entry of content type '${where.contentType}'` : `entry '${where.entry}' of content type '${where.contentType}'`;
  if (found.length === 0) return { problem: `the inputs hold no ${entry} (export the space with its entries)` };
  if (found.length > 1) return { problem: `the inputs hold ${found.length} entries of content type '${where.contentType}' (${found.map((e) => `'${e.id}'`).join(', ')}): name the one that records the version with "entry"` };
  const byLocale = isObject(found[0]!.fields) ? found[0]!.fields[where.field] : undefined;
  const defaultLocale = space.model.defaultLocale?.code;
  const values = isObject(byLocale) ? (defaultLocale !== undefined && defaultLocale in byLocale ? [byLocale[defaultLocale]] : Object.values(byLocale)) : [];
  const value = values.length === 1 ? values[0] : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return { problem: `the ${entry} holds no version in its field '${where.field}'` };
  return { value };
}

/**
 * How many of `scripts` (in the order they run) the space on disk already holds, as the config's
 * `migrationsApplied` says: 0 without it. A script or version that names no script, or several, is
 * an input error on the config: replaying every script, or none, would not be what the team runs.
 */
export async function appliedCount(space: Space, scripts: readonly MigrationScript[], loaded: AppliedConfig, cwd: string): Promise<number> {
  const applied = loaded.config.migrationsApplied;
  if (applied === undefined) return 0;
  const configShown = loaded.path === null ? '.' : displayPath(loaded.path, cwd);
  const fail = (message: string) => new InputError(configShown, `The config key "migrationsApplied": ${message}`);
  let matches: MigrationScript[];
  let named: string;
  if (typeof applied === 'string') {
    const absPath = resolve(loaded.path === null ? cwd : dirname(loaded.path), applied);
    matches = scripts.filter((s) => s.absPath === absPath);
    named = `'${applied}'`;
    if (matches.length === 0) throw fail(`${named} is not one of the scripts that "migrations" names`);
  } else {
    const tracked = await trackedVersion(space, applied);
    if ('problem' in tracked) throw fail(tracked.problem);
    matches = scriptsOfVersion(scripts, tracked.value);
    named = `the version ${JSON.stringify(tracked.value)} that the entry of '${applied.contentType}' records`;
    if (matches.length === 0) throw fail(`${named} names none of the scripts that "migrations" names (a script's version is its file name without the extension)`);
  }
  if (matches.length > 1) throw fail(`${named} names several scripts: ${matches.map((s) => displayPath(s.absPath, cwd)).join(', ')}`);
  return scripts.indexOf(matches[0]!) + 1;
}
