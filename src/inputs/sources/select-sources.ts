import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { globsMatch, readGlobs } from '../../util/glob/walk-globs.js';
import { walkInputGlobs } from '../space/find-inputs.js';
import { displayPath } from '../space/load-space.js';
import { isCodeFile, sourceLanguage } from './language.js';

export interface SourceSelection {
  /** The source files to read (absolute and display paths), sorted. */
  files: { absPath: string; path: string }[];
  /** Display paths of the source files findings are reported for; null: all of them. */
  targets: ReadonlySet<string> | null;
  /** The command-line paths that are not source files: the space's inputs. */
  spacePaths: string[];
}

const NEVER = ['**/node_modules/**', '**/.git/**', '**/dist/**', '**/*.min.js'];

/** Whether the path is a file; one that cannot be stat'ed (EACCES, ELOOP) is left to the space's inputs, which say why. */
function isReachableFile(absPath: string): boolean {
  try {
    return statSync(absPath, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/**
 * The application sources of a run. Without paths: the config's `sources` globs (less
 * `exclude`). With paths, as pre-commit passes staged files: named code files are the report
 * targets among the sources (with `sources` globs, named files outside them are not read, as for
 * the space's `include`: the plan warns about them); named YAML or package.json files count as
 * sources when the globs cover them. Only the named sources are read then. The other paths are
 * the space's inputs.
 */
export async function selectSources(
  paths: readonly string[],
  options: { cwd: string; base: string; globs: readonly string[]; exclude: readonly string[] },
): Promise<SourceSelection> {
  const configured = new Set<string>();
  if (options.globs.length > 0) {
    const { default: fg } = await import('fast-glob');
    const exclude = readGlobs(options.exclude);
    for (const match of walkInputGlobs(fg, readGlobs(options.globs), { cwd: options.base, dot: true, ignore: NEVER }, options.cwd)) {
      if (sourceLanguage(match) !== null && !globsMatch(exclude, match, options.base)) configured.add(match);
    }
  }
  const named = new Set<string>();
  const spacePaths: string[] = [];
  for (const path of paths) {
    const absPath = isAbsolute(path) ? path : resolve(options.cwd, path);
    const isFile = isReachableFile(absPath);
    if (isFile && (configured.has(absPath) || (options.globs.length === 0 && isCodeFile(absPath)))) named.add(absPath);
    else if (isFile && isCodeFile(absPath)) continue; // outside the configured sources: not read, like files outside `include`
    else spacePaths.push(path);
  }
  // With paths, only the named sources are read: no source rule looks across files.
  const chosen = paths.length === 0 ? configured : named;
  const files = [...chosen].sort().map((absPath) => ({ absPath, path: displayPath(absPath, options.cwd) }));
  const targets = paths.length === 0 ? null : new Set(files.map((f) => f.path));
  return { files, targets, spacePaths };
}
