/**
 * A persistent V8 code cache for cmlint's bundles: the bin's bundle and the files it loads when a
 * run needs them (graphql.cjs, mimetype.cjs, yaml.cjs, fast-glob.cjs, babel-parser.cjs,
 * graphql-tag-pluck.cjs) are CommonJS files in dist/bundle/ (scripts/bundle.mjs), each with a
 * cache of its own, that this module compiles with `vm.Script` and V8's cached data, on every
 * Node version (Node 20 has no `module.enableCompileCache()`, and Node's cache does not see code
 * compiled here). Most of a small run's start was V8 compiling the 650 KB bundle.
 * The `--jobs` worker threads run their bundle through this module too, without the cache
 * (`compileCacheOff`).
 *
 * - The cache is written after the run (`saveCompileCaches()`, which the bin calls once `main()`
 *   has returned), so that it holds the functions the run compiled lazily too, and only when
 *   the file had no cache, V8 refused it, or it was written by a run that loaded fewer of these
 *   files (`loaded` below): a run with GraphQL documents (graphql.cjs) after runs without them
 *   compiles the documents' code of cli.cjs from source until its cache is written again, once,
 *   with that code in it. An accepted cache is otherwise never rewritten.
 * - Caches no run has used for 30 days are removed when a cache is written: those of
 *   installations, builds and Node versions gone (a run that accepts a cache marks it as used,
 *   at most once a day).
 * - It never changes what a run prints or its exit code: every cache error (no home directory, a
 *   read-only or foreign directory, a corrupt file, runs writing at once) leaves the run as it
 *   would be without a cache. NODE_DEBUG=cmlint-compile-cache tells on stderr what happened.
 * - NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch) or CMLINT_COMPILE_CACHE=0 turn it off;
 *   CMLINT_COMPILE_CACHE=<absolute directory> puts it elsewhere.
 *
 * Where the caches live and the rules for their files (per-user directory 0700, files 0600,
 * refused if another user's or writable by others, written whole) are src/cache/cache-directory.ts's,
 * shared with the documents' extraction cache (src/inputs/documents/extract-cache.ts).
 *
 * This module is bundled on its own into dist/bundle/compile-cache.cjs and required by the bin
 * and the bundles with Node's require, so that each thread has one instance (require's cache).
 */
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readFileSync, rmSync, type BigIntStats } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { debuglog } from 'node:util';
import { cachedDataVersionTag, setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { cacheBaseDirectory, contentIdentity, hash32, markUsed, ownDirectory, readOwnFile, untrusted, writeOwnFile } from './cache-directory.js';

const debug = debuglog('cmlint-compile-cache');

/** What a cache file starts with (its format; the key follows on the same line). */
const FORMAT = 'cmlint-compile-cache 3';

/** A compiled file whose cache is to be written after the run. */
interface Pending {
  script: Script;
  name: string;
  cacheFile: string;
  header: Buffer;
  /** The files the run that wrote the cache had loaded (their names; none for a file without a cache). */
  loaded: ReadonlySet<string>;
}

const modules = new Map<string, { exports: unknown }>();
/** Files to write the cache of after the run: without one, or with one V8 refused. */
const pending: Pending[] = [];
/** Files whose cache was accepted: written again after the run if this run loaded a file the cache's run had not. */
const accepted: Pending[] = [];

/**
 * Runs a CommonJS file (an absolute path), as require() would, once per thread, and returns its
 * `module.exports`: compiled from the cache when there is a valid one for this very file. Its
 * `require` resolves from the file's own location (not from the cwd); its import()s are calls of
 * `importModule` (below).
 */
export function requireCached(file: string): unknown {
  const known = modules.get(file);
  if (known) return known.exports;
  const fd = openSync(file, 'r');
  let source: string;
  let stat: BigIntStats;
  try {
    // The key comes from the descriptor the source is read from: the two cannot be of different files.
    stat = fstatSync(fd, { bigint: true });
    source = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  const name = basename(file);
  const place = cachePlace(file, stat);
  const cache = place ? readCache(name, place) : undefined;
  const cachedData = cache?.data;
  const script = withChecksums(
    cachedData !== undefined,
    () =>
      new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
        filename: file,
        cachedData,
      }),
  );
  if (place) {
    if (cache && !script.cachedDataRejected) {
      debug('%s: cache accepted', name);
      renew(place.cacheFile);
      accepted.push({ script, name, ...place, loaded: cache.loaded });
    } else {
      if (cache) debug('%s: cache rejected by V8', name);
      pending.push({ script, name, ...place, loaded: new Set() });
    }
  }
  const module = { exports: {} as unknown };
  modules.set(file, module);
  try {
    (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  } catch (error) {
    // As require() does: a file whose code threw is run again when required again.
    modules.delete(file);
    throw error;
  }
  return module.exports;
}

/**
 * import() for the files run here, which scripts/bundle.mjs makes call this instead: on Node 20,
 * code compiled by `vm.Script` runs import() only with an experimental option that warns on
 * stderr and fails once the code comes from cached data. This module is in the same directory as
 * the bundles (dist/bundle/), so a specifier resolves from here as it would from them.
 */
export function importModule(specifier: string): Promise<unknown> {
  return import(specifier);
}

/**
 * Writes the cache of each file compiled without a usable one (none, or refused), and of each
 * whose cache was written by a run that loaded fewer of these files (see `loaded`), with what the
 * run has compiled of it so far; then, if one was written, removes what no run has used for 30
 * days (`pruneStale`). Never throws; a file that cannot be written is left out.
 */
export function saveCompileCaches(): void {
  const loaded = [...modules.keys()].map((file) => basename(file));
  for (const file of accepted.splice(0)) {
    const missing = loaded.filter((name) => !file.loaded.has(name));
    if (missing.length === 0) continue;
    debug('%s: cache written by a run without %s: written again', file.name, missing.join(', '));
    pending.push(file);
  }
  let wrote = false;
  for (const { script, name, cacheFile, header, loaded: before } of pending.splice(0)) {
    try {
      // What the cache now holds: the functions of the runs that loaded these files (a function
      // deserialised from the old cache is in the new one).
      const files = Buffer.from(`${[...new Set([...before, ...loaded])].sort().join(' ')}\n`);
      const data = withChecksums(true, () => script.createCachedData());
      const refused = writeOwnFile(cacheFile, Buffer.concat([header, files, data]));
      if (refused) {
        debug('%s: cache not written: %s', name, refused);
        continue;
      }
      wrote = true;
      debug('%s: cache written to %s', name, cacheFile);
    } catch (error) {
      debug('%s: cache not written: %s', name, (error as Error).message);
    }
  }
  if (wrote && directory) pruneStale(directory);
}

/** A cache file unused this long is removed when a cache is written, and so is a Node version's directory whose caches all are. */
const STALE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A directory of one Node version's caches (`compileCacheDirectory`), and a cache file in it
 * (`cachePlace`); the directory of the documents' caches, and a file in it: an extraction cache
 * (src/inputs/documents/extract-cache.ts) or a cache of findings about code
 * (src/engine/code-results-cache.ts). Any of these files may be one being written
 * (cache-directory.ts's `writeOwnFile` names it).
 */
const VERSION_DIRECTORY = /^v\d+\.\d+\.\d+-[a-z0-9]+$/;
const CACHE_FILE = /^[\w.-]+-[0-9a-f]{8}-[0-9a-f]+\.cache(\.\d+-[0-9a-z]+\.tmp)?$/;
const DOCUMENTS_DIRECTORY = 'documents';
const DOCUMENTS_FILE = /^[0-9a-f]{8}(\.results)?\.json(\.\d+-[0-9a-z]+\.tmp)?$/;

/** Marks an accepted cache file as used now (see cache-directory.ts's `markUsed`). */
function renew(cacheFile: string): void {
  try {
    markUsed(cacheFile);
  } catch (error) {
    debug('%s: not marked as used: %s', basename(cacheFile), (error as Error).message);
  }
}

/**
 * Removes what no run has used for STALE_MS (see `renew`), so that the caches of installations,
 * builds, projects and Node versions gone do not pile up: cache files (and files left
 * half-written) in the directory of each Node version and in that of the documents' caches, and
 * the whole directory of another Node version (node's own cache in it too) when nothing in it is
 * newer. Only directories named and filled as this module
 * names and fills them, and of the user's own (see `untrusted`), are touched: CMLINT_COMPILE_CACHE
 * may name a directory that holds more. Runs only after a cache was written; never throws.
 */
function pruneStale(versionDir: string): void {
  const now = Date.now();
  const base = dirname(versionDir);
  let entries: string[];
  try {
    entries = readdirSync(base);
  } catch (error) {
    debug('stale caches not looked for: %s', (error as Error).message);
    return;
  }
  for (const entry of entries) {
    const documents = entry === DOCUMENTS_DIRECTORY;
    if (!documents && !VERSION_DIRECTORY.test(entry)) continue;
    const dir = join(base, entry);
    try {
      const stat = lstatSync(dir);
      if (untrusted(stat, 'directory')) continue;
      const files = readdirSync(dir).filter((name) => (documents ? DOCUMENTS_FILE : CACHE_FILE).test(name));
      if (files.length === 0) continue;
      const stale = files.filter((name) => now - lstatSync(join(dir, name)).mtimeMs > STALE_MS);
      if (!documents && dir !== versionDir && stale.length === files.length && now - stat.mtimeMs > STALE_MS) {
        rmSync(dir, { recursive: true, force: true });
        debug('stale caches removed: %s', dir);
        continue;
      }
      for (const name of stale) rmSync(join(dir, name), { force: true });
      if (stale.length > 0) debug('stale caches removed: %s in %s', stale.length, dir);
    } catch (error) {
      debug('stale caches not removed from %s: %s', dir, (error as Error).message);
    }
  }
}

let directory: string | null | undefined;

/**
 * Turns the cache off in this thread: for worker threads (dist/bundle/worker.js). The checksums
 * below are a V8 flag, and V8's flags are the process's: set and reset from a second thread while
 * the main thread compiles, they would race with it. A worker compiles its bundle while the main
 * thread reads the model, so compiling it from source costs the run little. (The other way round
 * is harmless: a worker thread that loads one of node's modules while the main thread has the
 * flag on finds node's cache of it made with other flags, and compiles it from source.)
 */
export function compileCacheOff(): void {
  directory = null;
}

/**
 * The directory of this Node version's caches, or null when caching is off or there is no place
 * for it: a directory of the user's own (a code cache is code the process runs, so never one
 * another user could write to). Not created here (the first write creates it, mode 0o700).
 */
function compileCacheDirectory(): string | null {
  if (directory !== undefined) return directory;
  const base = cacheBaseDirectory(process.env);
  directory = base ? join(base, `${process.version}-${process.arch}`) : null;
  if (directory === null) debug('off');
  return directory;
}

/**
 * For Node >= 22.1's own compile cache (of the modules node loads itself: the packages in
 * node_modules), `node/` in this version's directory, or null: the directory is created (0o700)
 * and checked as for cmlint's caches before node is given it.
 */
export function nodeCompileCacheDirectory(): string | null {
  const dir = compileCacheDirectory();
  if (dir === null) return null;
  try {
    const refused = ownDirectory(dir);
    if (refused === undefined) return join(dir, 'node');
    debug("node's compile cache not used: %s", refused);
  } catch (error) {
    debug("node's compile cache not used: %s", (error as Error).message);
  }
  return null;
}

/**
 * Where the cache of `file` is, and the header that says which file and which content it was
 * made for. V8 checks only the source's length, its own version and its flags: a cache of an
 * edited file of the same length would be accepted, and the new file would run with the old
 * file's compiled functions. So the header holds what identifies this content: the file's
 * device, inode, size, and modification and change times (ns), from the fstat of the descriptor
 * the source was read from. A rebuild writes the file anew (new times); copying or unpacking it
 * with its old modification time still gives it a new change time, which no tool can set. A
 * hash of the content would be stronger still, but node:crypto alone takes ~13 ms to load.
 * Also in it: Node's version and architecture, and V8's `cachedDataVersionTag()` (its version,
 * the V8 flags node runs with, from the command line or NODE_OPTIONS, and the CPU's features),
 * which also names the file: runs with other V8 flags keep caches of their own, while node's own
 * options (`--require`, `--cpu-prof-dir`, …) do not make new files.
 *
 * The file's name holds the directory the run started in (the project) too: a cache holds what
 * the runs that wrote it compiled (GraphQL documents, application sources: see `loaded`),
 * and V8 deserialises all of it at every start, so a cache shared by every project would make a
 * plain run pay for what another project's runs compiled (+14 and +49 ms in two series, for the
 * documents' and Babel's code). Each project's runs keep the code they run. Which files a run
 * loaded stands for which code it ran: a `diff` or `graphql-schema` run that loads no file the
 * writing run had not compiles its own code from source, each time.
 */
function cachePlace(file: string, stat: BigIntStats): { cacheFile: string; header: Buffer } | null {
  const dir = compileCacheDirectory();
  if (dir === null) return null;
  const v8 = cachedDataVersionTag().toString(16);
  const key = { file, ...contentIdentity(stat), node: process.version, arch: process.arch, v8 };
  return {
    cacheFile: join(dir, `${basename(file)}-${hash32(`${file}\0${projectDirectory()}`)}-${v8}.cache`),
    header: Buffer.from(`${FORMAT} ${JSON.stringify(key)}\n`),
  };
}

/** The directory the run started in ('' if it is gone). */
function projectDirectory(): string {
  try {
    return process.cwd();
  } catch {
    return '';
  }
}

/**
 * The cached data of a file's cache, if the cache is the user's own and made for this content, and
 * the files the run that wrote it had loaded (the line after the header: their names, by spaces).
 */
function readCache(name: string, { cacheFile, header }: { cacheFile: string; header: Buffer }): { data: Buffer; loaded: Set<string> } | undefined {
  try {
    const read = readOwnFile(cacheFile);
    if ('refused' in read) {
      debug('%s: %s', name, read.refused);
      return undefined;
    }
    const filesEnd = read.data.indexOf(10, header.length);
    if (filesEnd > 0 && header.equals(read.data.subarray(0, header.length))) {
      return { data: read.data.subarray(filesEnd + 1), loaded: new Set(read.data.toString('latin1', header.length, filesEnd).split(' ')) };
    }
    debug('%s: cache made for another file, content, Node or flags', name);
    return undefined;
  } catch (error) {
    debug('%s: cache not read: %s', name, (error as Error).message);
    return undefined;
  }
}

/** Whether node runs with the flag on already (then it stays on); `--no-verify-snapshot-checksum` is not that (the flag is set around the cache's compiles and writes all the same). */
const userChecksums = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => /^--verify[-_]snapshot[-_]checksum$/.test(arg));

/**
 * Runs `make` with V8's checksums of code caches on. V8 release builds neither write nor check
 * them by default, and a cache damaged on disk (a flipped byte, a cut file) is then deserialised
 * as it is: node aborts ("Check failed: ReadSingleBytecodeData"), measured on Node 20. With the
 * flag, V8 refuses such a cache (`cachedDataRejected`). The flag is turned off again at once: V8
 * flags are part of the key of every code cache, node's own built-in modules' included, which
 * then compiled from source (+5 ms for crypto, worker_threads and child_process). A user who
 * runs node with the flag keeps it.
 */
function withChecksums<T>(on: boolean, make: () => T): T {
  if (!on || userChecksums) return make();
  setFlagsFromString('--verify-snapshot-checksum');
  try {
    return make();
  } finally {
    setFlagsFromString('--no-verify-snapshot-checksum');
  }
}
