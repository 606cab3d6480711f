/**
 * Where cmlint's caches live and the rules every cache file follows, shared by the compile cache
 * (src/cache/compile-cache.ts, bundled on its own into dist/bundle/compile-cache.cjs), the documents'
 * extraction cache (src/inputs/documents/extract-cache.ts) and the cache of findings about code
 * (src/engine/code-results-cache.ts), both in the CLI's bundle:
 * - one per-user directory (XDG or ~/.cache, and the macOS and Windows equivalents), or the
 *   absolute directory CMLINT_COMPILE_CACHE names; CMLINT_COMPILE_CACHE=0 or
 *   NODE_DISABLE_COMPILE_CACHE=1 turn every cache off;
 * - directories created 0700 and files 0600; a directory or file that belongs to another user,
 *   or that group or others can write, is refused (a cache is what cmlint runs or reports);
 * - files written whole (a new file, renamed over the old one), never through a link.
 * Nothing here is ever in the project or beside an input: cmlint never writes to its inputs.
 */
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync, type BigIntStats, type Stats } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

/** The directory of all of cmlint's caches, or undefined when caching is off or there is no place for it (not created here). */
export function cacheBaseDirectory(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1' || env.CMLINT_COMPILE_CACHE === '0') return undefined;
  const base = env.CMLINT_COMPILE_CACHE || userCacheDirectory(env);
  return base && isAbsolute(base) ? base : undefined;
}

/** The platform's per-user cache directory for cmlint's caches (XDG on Linux and the like). */
function userCacheDirectory(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform === 'win32') return env.LOCALAPPDATA && join(env.LOCALAPPDATA, 'cmlint', 'compile-cache');
  if (!env.HOME) return undefined;
  if (process.platform === 'darwin') return join(env.HOME, 'Library', 'Caches', 'cmlint', 'compile-cache');
  const xdg = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(env.HOME, '.cache');
  return join(xdg, 'cmlint', 'compile-cache');
}

/** Creates `dir` (mode 0o700) if it is missing; why it must not be used (see `untrusted`), or undefined. Throws what the file system throws. */
export function ownDirectory(dir: string): string | undefined {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return untrusted(lstatSync(dir), 'directory');
}

/**
 * Why a cache file or directory must not be used, or undefined: on POSIX it must belong to this
 * user and be writable by no one else (a cache planted by someone else is their code run, or
 * their text reported, by this process). A file is checked by the descriptor it is read from, so
 * that a directory swapped after its check cannot hand over a file of someone else's.
 */
export function untrusted(stat: Stats, kind: 'file' | 'directory'): string | undefined {
  if (kind === 'file' ? !stat.isFile() : !stat.isDirectory()) return `not a ${kind}`;
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  if (stat.uid !== uid) return `${kind} owned by another user`;
  if ((stat.mode & 0o022) !== 0) return `${kind} writable by group or others`;
  return undefined;
}

/**
 * The content of a cache file, if it exists and it and its directory are the user's own (see
 * `untrusted`); otherwise why not (`refused`). Throws only what reading an opened file throws.
 */
export function readOwnFile(file: string): { data: Buffer } | { refused: string } {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return { refused: 'no cache' };
  }
  try {
    const refused = untrusted(fstatSync(fd), 'file') ?? untrusted(lstatSync(dirname(file)), 'directory');
    return refused ? { refused: `cache not used: ${refused}` } : { data: readFileSync(fd) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `data` to `file` in a directory of the user's own (created 0o700): a new file (flag
 * 'wx': never through a link planted there, mode 0o600), renamed over the old one at once, so
 * that a run reading the cache sees the old file or the new one, never a part. Returns why the
 * directory was refused, or undefined once written; throws what the file system throws (the
 * temporary file removed).
 */
export function writeOwnFile(file: string, data: Buffer | string): string | undefined {
  const refused = ownDirectory(dirname(file));
  if (refused) return refused;
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, data, { flag: 'wx', mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing more to do: the cache stays as it was.
    }
    throw error;
  }
  return undefined;
}

/**
 * The JSON of a cache file (`readOwnFile`) when `fits` accepts it, then marked as used
 * (`markUsed`: what no run used for 30 days is pruned); otherwise undefined, and why is told to
 * `debug`. Never throws.
 */
export function readCacheJson<T>(file: string, fits: (value: unknown) => value is T, debug: (format: string, ...values: unknown[]) => void): T | undefined {
  let parsed: unknown;
  try {
    const read = readOwnFile(file);
    if ('refused' in read) {
      debug(read.refused);
      return undefined;
    }
    parsed = JSON.parse(read.data.toString('utf8'));
  } catch (error) {
    debug('cache not read: %s', (error as Error).message);
    return undefined;
  }
  if (!fits(parsed)) {
    debug('cache not used: not of this format, or made for another build or project');
    return undefined;
  }
  try {
    markUsed(file);
  } catch (error) {
    debug('cache not marked as used: %s', (error as Error).message);
  }
  return parsed;
}

/** FNV-1a of a short string (a path), as 8 hex digits: part of a file name, not a check (what the file holds is the check). */
export function hash32(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A cache's modification time is its last use, renewed at most this often (a run that only reads its caches does not write each time). */
const RENEW_MS = 24 * 60 * 60 * 1000;

/** Marks a cache file as used now (its modification time), when the mark is older than RENEW_MS. Throws what the file system throws. */
export function markUsed(file: string): void {
  const now = Date.now();
  if (now - lstatSync(file).mtimeMs > RENEW_MS) utimesSync(file, now / 1000, now / 1000);
}

/**
 * What identifies a file's content without reading it all, from the fstat of the descriptor it is
 * read from: device, inode, size, and modification and change times (ns). A same-length edit with
 * the old modification time still changes the change time, which no tool can set.
 */
export function contentIdentity(stat: BigIntStats): { dev: string; ino: string; size: string; mtime: string; ctime: string } {
  return { dev: `${stat.dev}`, ino: `${stat.ino}`, size: `${stat.size}`, mtime: `${stat.mtimeNs}`, ctime: `${stat.ctimeNs}` };
}
