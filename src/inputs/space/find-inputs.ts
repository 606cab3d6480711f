import { realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { GlobSyntaxError } from '../../util/glob/compile-glob.js';
import { globsMatch, readGlobs, walkGlobs, type PathGlob } from '../../util/glob/walk-globs.js';
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
    } catch {
      if (isGlob(path)) {
        globs.push({ pattern: path, cwd: options.cwd, named: true });
        continue;
      }
      throw new InputError(path, missingReason(path));
    }
    if (stats.isDirectory()) globs.push({ pattern: EXPORT_FILES, cwd: absPath, named: false });
    else found.set(absPath, true);
  }

  if (globs.length > 0 || options.exclude.length > 0) {
    const { default: fg } = await import('fast-glob');
    const loops = new LoopGuard(options.cwd);
    // fast-glob's synchronous walk: a project's few directories are read without a round trip
    // through the thread pool for each (the asynchronous walk took twice as long for 20 documents
    // in two directories); the files are read synchronously after it anyway.
    const walk = { dot: false, ignore: ALWAYS_IGNORED, followSymbolicLinks: true, fs: { statSync: loops.statSync } };
    for (const { pattern, cwd, named } of globs) {
      // cmlint's own glob as it is; a user's so that it cannot backtrack (util/glob/walk-globs.ts).
      const userGlobs = pattern === EXPORT_FILES ? null : inputGlobs([pattern]);
      let matches: string[];
      try {
        matches = userGlobs ? walkGlobs(fg, userGlobs, { cwd, ...walk }) : fg.sync(pattern, { cwd, absolute: true, onlyFiles: true, ...walk });
      } catch (error) {
        const where = (error as NodeJS.ErrnoException).path;
        throw fileSystemError(displayPath(where === undefined ? cwd : resolve(cwd, where), options.cwd), error);
      }
      if (loops.found) throw loops.found;
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

/**
 * Stops fast-glob from following a symbolic link to a directory that contains the link (a
 * directory symlink loop), which it would otherwise walk until the path is too long, taking
 * exponential time when there are two. Used as fast-glob's `statSync`, which it calls for symbolic
 * links: a loop is recorded as an input error, and its link is not followed.
 */
class LoopGuard {
  found: InputError | null = null;
  private readonly realPaths = new Map<string, string>();

  constructor(private readonly cwd: string) {}

  readonly statSync = (path: string): Stats => {
    const stats = statSync(path);
    if (!stats.isDirectory()) return stats;
    const ancestor = this.loopAncestor(resolve(this.cwd, path));
    if (ancestor === null) return stats;
    const link = displayPath(resolve(this.cwd, path), this.cwd);
    this.found ??= new InputError(
      link,
      `Directory symlink loop: this link leads back to ${displayPath(ancestor, this.cwd)}, a directory that contains it, so the same files would be read again and again. ` +
        'Remove the link, or name the directories to lint so that it is not under them',
    );
    const loop: NodeJS.ErrnoException = new Error('directory symlink loop');
    loop.code = 'ELOOP';
    throw loop;
  };

  /** The directory above `path` (on its way from the root) that is the same directory as `path`, if any. */
  private loopAncestor(path: string): string | null {
    const real = this.realPath(path);
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      if (this.realPath(dir) === real) return dir;
      if (dirname(dir) === dir) return null;
    }
  }

  private realPath(path: string): string {
    let real = this.realPaths.get(path);
    if (real === undefined) {
      try {
        real = realpathSync.native(path);
      } catch {
        real = path;
      }
      this.realPaths.set(path, real);
    }
    return real;
  }
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
 * when pre-commit passes the staged files: named files outside the space are skipped quietly.
 * Otherwise the paths (or the include, or the working directory) are the space, all reported.
 */
export async function selectInputs(paths: readonly string[], options: FindInputsOptions): Promise<InputSelection> {
  if (paths.length === 0 || options.include.length === 0) return { files: await findInputs(paths, options), targets: null };
  const files = await findInputs([], options);
  const inSpace = new Set(files.map((f) => f.absPath));
  const named = await findInputs(paths, options);
  return { files, targets: new Set(named.map((f) => f.absPath).filter((p) => inSpace.has(p))), named: new Set(named.map((f) => f.absPath)) };
}
