import { isAbsolute, relative, resolve, sep } from 'node:path';
import type FastGlob from 'fast-glob';
import { compileGlob, type CompiledGlob, type WalkSegment } from './compile-glob.js';
import { LoopGuard } from './symlink-loops.js';

/**
 * Files named by globs from a config or a command line, found in linear time. fast-glob walks
 * the directories, but never with the user's glob: its matcher is a backtracking RegExp (`*a*a*a…*c`
 * took seconds per file name). It walks with a pattern that keeps the glob's plain literal segments and
 * its `**`, and has `*` for every other segment (`.*` where the segment starts with a dot, since a
 * walk without `dot` skips such names); what it finds is then matched with the glob itself
 * (compile-glob.ts). A segment whose braces hold a `/` is walked at any depth (`**`).
 */

/** One glob: a leading `!` excludes what it matches (fast-glob's negative patterns); `./` is dropped. */
export interface PathGlob {
  negative: boolean;
  absolute: boolean;
  compiled: CompiledGlob;
}

function readGlob(pattern: string): PathGlob {
  const negative = pattern.startsWith('!');
  let glob = negative ? pattern.slice(1) : pattern;
  while (glob.startsWith('./')) glob = glob.slice(2);
  return { negative, absolute: isAbsolute(glob), compiled: compileGlob(glob, { paths: true }) };
}

/** Compiles path globs (config keys, command-line globs); throws GlobSyntaxError. */
export function readGlobs(patterns: readonly string[]): PathGlob[] {
  return patterns.map(readGlob);
}

/**
 * Characters fast-glob reads as syntax (its extglobs `+(…)`, `@(…)`, `!(…)` included). Its escapes
 * cannot be relied on (its `escapePath` drops the `\` of a name's `\*`, and its matcher reads
 * `a\\\*b` as `a\` and a star): a literal segment that holds one is walked as any name.
 */
const FAST_GLOB_SYNTAX = /[\\*?[\]{}()!+@,|]/;

/** The pattern fast-glob walks for a glob: plain literal segments kept, `**` kept, any other segment `*`. */
function walkPattern(segments: readonly WalkSegment[]): string {
  const parts: string[] = [];
  for (const segment of segments) {
    if (segment.kind === 'spans') {
      parts.push('**');
      break;
    }
    if (segment.kind === 'literal' && !FAST_GLOB_SYNTAX.test(segment.text)) parts.push(segment.text);
    else if (segment.kind === 'literal') parts.push(segment.text.startsWith('.') ? '.*' : '*');
    else if (segment.kind === 'globstar') parts.push('**');
    else parts.push(segment.dot === 'yes' ? '.*' : segment.dot === 'maybe' ? '{.*,*}' : '*');
  }
  return parts.join('/');
}

/** A path as globs see it: `/`-separated, relative to `base` (absolute for absolute globs). */
function pathFor(glob: PathGlob, absPath: string, base: string): string | null {
  if (glob.absolute) return absPath.split(sep).join('/');
  const path = relative(base, absPath).split(sep).join('/');
  // Outside `base`: only a glob that climbs out of it (`../x/*.json`) can name the file, as when fast-glob walks from `base`.
  return path.startsWith('../') && !glob.compiled.segments.some((s) => s.kind === 'literal' && s.text === '..') ? null : path;
}

function globMatches(glob: PathGlob, absPath: string, base: string): boolean {
  const path = pathFor(glob, absPath, base);
  return path !== null && glob.compiled.matches(path);
}

/** Whether the globs name the file (`base`: where relative globs start): one that does not start with `!` matches it, and none that does. */
export function globsMatch(globs: readonly PathGlob[], absPath: string, base: string): boolean {
  return globs.some((g) => !g.negative && globMatches(g, absPath, base)) && !globs.some((g) => g.negative && globMatches(g, absPath, base));
}

/** fast-glob's options that a walk passes on (`cwd` is where relative globs start). */
export type WalkOptions = Pick<FastGlob.Options, 'dot' | 'ignore'> & { cwd: string };

/**
 * The files (absolute paths, in walk order, without duplicates) that the globs name, with
 * fast-glob's synchronous walk (its errors are thrown as they are). Symbolic links are followed,
 * except one to a directory that contains it: the walk ends with a DirectorySymlinkLoop.
 */
export function walkGlobs(fg: typeof FastGlob, globs: readonly PathGlob[], options: WalkOptions): string[] {
  const negatives = globs.filter((g) => g.negative);
  const loops = new LoopGuard(options.cwd);
  const walk = { ...options, onlyFiles: true, followSymbolicLinks: true, fs: { statSync: loops.statSync } };
  const found = new Set<string>();
  for (const glob of globs) {
    if (glob.negative) continue;
    for (const path of fg.sync(walkPattern(glob.compiled.segments), walk)) {
      const absPath = resolve(options.cwd, path);
      if (globMatches(glob, absPath, options.cwd) && !negatives.some((n) => globMatches(n, absPath, options.cwd))) found.add(absPath);
    }
    if (loops.found) throw loops.found;
  }
  return [...found];
}
