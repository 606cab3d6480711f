import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type FastGlob from 'fast-glob';
import { GlobSyntaxError } from '../../util/glob/compile-glob.js';
import { DirectorySymlinkLoop } from '../../util/glob/symlink-loops.js';
import { globsMatch, readGlobs, walkGlobs, type PathGlob, type WalkOptions } from '../../util/glob/walk-globs.js';
import { InputError, fileSystemError, missingReason } from './input-error.js';
import { displayPath, type InputFile } from './load-space.js';

const EXPORT_FILES = '**/*.{json,yaml,yml}';
/** Never part of a space: dependencies, VCS data, and cmlint's own config. */
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**', '**/.linterrc.*', '**/package.json', '**/package-lock.json'];

export interface FindInputsOptions {
  cwd: string;
  /** Where `include`/`exclude` globs are relative to (the config file's directory). */
  base: string;
  include: readonly string[];
  exclude: readonly string[];
  /** Files shown under another name than their path, by absolute path (standard input's copy). */
  shownAs?: ReadonlyMap<string, string>;
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
    } catch (error) {
      if (isGlob(path)) {
        globs.push({ pattern: path, cwd: options.cwd, named: true });
        continue;
      }
      // Not there, or there but not to be reached: a directory on the way that is not searchable, a link loop, a name too long.
      throw (error as NodeJS.ErrnoException).code === 'ENOENT' ? new InputError(path, missingReason(path)) : fileSystemError(path, error);
    }
    if (stats.isDirectory()) globs.push({ pattern: EXPORT_FILES, cwd: absPath, named: false });
    else found.set(absPath, true);
  }

  if (globs.length > 0 || options.exclude.length > 0) {
    const { default: fg } = await import('fast-glob');
    for (const { pattern, cwd, named } of globs) {
      const matches = walkInputGlobs(fg, inputGlobs([pattern]), { cwd, dot: false, ignore: ALWAYS_IGNORED }, options.cwd);
      if (named && matches.length === 0) throw new InputError(pattern, 'No files match this glob');
      for (const match of matches) {
        const absPath = resolve(match);
        if (!found.has(absPath)) found.set(absPath, false);
      }
    }
    if (options.exclude.length > 0) {
      const excluded = inputGlobs(options.exclude);
      for (const path of [...found.keys()]) if (globsMatch(excluded, path, options.base)) found.delete(path);
    }
  }
  const files = [...found.entries()].map(([absPath, explicit]): InputFile => {
    const shown = options.shownAs?.get(absPath);
    return shown === undefined ? { absPath, explicit } : { absPath, explicit, shown };
  });
  return withoutAliases(files.sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0)));
}

/**
 * The files the globs name (absolute paths), walked as every input kind's globs are: with
 * fast-glob's synchronous walk (a project's few directories are read without a round trip through
 * the thread pool for each: the asynchronous walk took twice as long for 20 documents in two
 * directories), symbolic links followed, but a directory symlink loop (which fast-glob alone
 * walks until the path is too long, in exponential time when there are two) is an input error, as
 * is a directory that cannot be read. Paths are shown relative to `cwd`, the run's directory.
 */
export function walkInputGlobs(fg: typeof FastGlob, globs: readonly PathGlob[], walk: WalkOptions, cwd: string): string[] {
  try {
    return walkGlobs(fg, globs, walk);
  } catch (error) {
    if (error instanceof DirectorySymlinkLoop) {
      throw new InputError(
        displayPath(error.link, cwd),
        `Directory symlink loop: this link leads back to ${displayPath(error.ancestor, cwd)}, a directory that contains it, so the same files would be read again and again. ` +
          'Remove the link, or name the directories to lint so that it is not under them',
      );
    }
    const where = (error as NodeJS.ErrnoException).path;
    throw fileSystemError(displayPath(where === undefined ? walk.cwd : resolve(walk.cwd, where), cwd), error);
  }
}

/** Compiled globs of the command line or the config; one that does not compile is an input error that names it. */
function inputGlobs(patterns: readonly string[]): PathGlob[] {
  try {
    return readGlobs(patterns);
  } catch (error) {
    if (error instanceof GlobSyntaxError) throw new InputError(error.glob, `Not a valid glob: ${error.detail}`);
    throw error;
  }
}

/** One file per real path: a file reached twice through a symbolic link is read once (under its first path). */
function withoutAliases(files: InputFile[]): InputFile[] {
  const byRealPath = new Map<string, InputFile>();
  for (const file of files) {
    let real = file.absPath;
    try {
      real = realpathSync.native(file.absPath);
    } catch {
      // Gone or unreadable: reading it will say so.
    }
    const seen = byRealPath.get(real);
    if (seen) seen.explicit ||= file.explicit;
    else byRealPath.set(real, file);
  }
  return [...byRealPath.values()];
}

/** The files of a run, and the ones findings are reported for. */
export interface InputSelection {
  /** The space: every file that is read. */
  files: InputFile[];
  /** Absolute paths of the files findings are reported for; null: all of them. */
  targets: ReadonlySet<string> | null;
  /** Absolute paths of every file the paths name, in the space or not (code inputs take theirs from these). */
  named?: ReadonlySet<string>;
}

/**
 * The space and the report targets. With paths and a config `include`, the include (less
 * `exclude`) is the space and the paths only select the files findings are reported for, as
 * when pre-commit passes the staged files: named files outside the space are no targets (the
 * plan warns about them: file-ignored). Otherwise the paths (or the include, or the working
 * directory) are the space, all reported.
 */
export async function selectInputs(paths: readonly string[], options: FindInputsOptions): Promise<InputSelection> {
  if (paths.length === 0 || options.include.length === 0) return { files: await findInputs(paths, options), targets: null };
  const files = await findInputs([], options);
  const inSpace = new Set(files.map((f) => f.absPath));
  const named = await findInputs(paths, options);
  return { files, targets: new Set(named.map((f) => f.absPath).filter((p) => inSpace.has(p))), named: new Set(named.map((f) => f.absPath)) };
}
