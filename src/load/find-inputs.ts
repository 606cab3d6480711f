import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { InputError } from './input-error.js';
import type { InputFile } from './load-space.js';

const EXPORT_FILES = '**/*.{json,yaml,yml}';
/** Never part of a space: dependencies, VCS data, and cmlint's own config. */
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**', '**/.linterrc.*', '**/package.json', '**/package-lock.json'];

export interface FindInputsOptions {
  cwd: string;
  /** Where `include`/`exclude` globs are relative to (the config file's directory). */
  base: string;
  include: readonly string[];
  exclude: readonly string[];
}

function isGlob(pattern: string): boolean {
  return /[*?[\]{}!]/.test(pattern);
}

/**
 * Expands command-line paths (files, directories, globs) into the files to read, sorted, without
 * duplicates. With no paths, the config's `include` globs are used, else the working directory.
 */
export async function findInputs(paths: readonly string[], options: FindInputsOptions): Promise<InputFile[]> {
  const found = new Map<string, boolean>();
  /** `named`: a glob given on the command line, which must match something. */
  const globs: { pattern: string; cwd: string; named: boolean }[] = [];

  if (paths.length === 0) {
    if (options.include.length > 0) for (const pattern of options.include) globs.push({ pattern, cwd: options.base, named: false });
    else globs.push({ pattern: EXPORT_FILES, cwd: options.cwd, named: false });
  }
  for (const path of paths) {
    const absPath = isAbsolute(path) ? path : resolve(options.cwd, path);
    let stats;
    try {
      stats = statSync(absPath);
    } catch {
      if (isGlob(path)) {
        globs.push({ pattern: path, cwd: options.cwd, named: true });
        continue;
      }
      throw new InputError(path, 'No such file or directory');
    }
    if (stats.isDirectory()) globs.push({ pattern: EXPORT_FILES, cwd: absPath, named: false });
    else found.set(absPath, true);
  }

  if (globs.length > 0 || options.exclude.length > 0) {
    const { default: fg } = await import('fast-glob');
    for (const { pattern, cwd, named } of globs) {
      const matches = await fg(pattern, { cwd, absolute: true, onlyFiles: true, dot: false, ignore: ALWAYS_IGNORED, followSymbolicLinks: true });
      if (named && matches.length === 0) throw new InputError(pattern, 'No files match this glob');
      for (const match of matches) if (!found.has(resolve(match))) found.set(resolve(match), false);
    }
    if (options.exclude.length > 0) {
      const excluded = new Set(
        (await fg([...options.exclude], { cwd: options.base, absolute: true, onlyFiles: true, dot: true })).map((p) => resolve(p)),
      );
      for (const path of [...found.keys()]) if (excluded.has(path)) found.delete(path);
    }
  }
  return [...found.entries()]
    .map(([absPath, explicit]) => ({ absPath, explicit }))
    .sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
}

/** The files of a run, and the ones findings are reported for. */
export interface InputSelection {
  /** The space: every file that is read. */
  files: InputFile[];
  /** Absolute paths of the files findings are reported for; null: all of them. */
  targets: ReadonlySet<string> | null;
}

/**
 * The space and the report targets. With paths and a config `include`, the include (less
 * `exclude`) is the space and the paths only select the files findings are reported for, as
 * when pre-commit passes the staged files: named files outside the space are skipped quietly.
 * Otherwise the paths (or the include, or the working directory) are the space, all reported.
 */
export async function selectInputs(paths: readonly string[], options: FindInputsOptions): Promise<InputSelection> {
  if (paths.length === 0 || options.include.length === 0) return { files: await findInputs(paths, options), targets: null };
  const files = await findInputs([], options);
  const inSpace = new Set(files.map((f) => f.absPath));
  const named = await findInputs(paths, options);
  return { files, targets: new Set(named.map((f) => f.absPath).filter((p) => inSpace.has(p))) };
}
