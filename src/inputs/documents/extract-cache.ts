/**
 * The documents' extraction cache: what extraction (extract.ts) found in each JS/TS/JSX/TSX and
 * Vue/Svelte/Astro document file, kept between runs, so that a run whose embedded documents did
 * not change loads neither Babel nor graphql-tag-pluck (their start-up alone is ~115 ms, and
 * parsing ~1.5 ms per file). It holds what the file's content gives, never a result: every rule
 * runs every time, against every document, so cross-file rules see what they would without it.
 *
 * - An entry is used only for the very file it was made from: its absolute path, and the fstat
 *   of the descriptor its text was read from (device, inode, size, modification and change times
 *   in ns; the change time cannot be set by any tool, so a same-length edit with the old
 *   modification time is seen). The whole cache is made for one extractor: cmlint's version, the
 *   versions of graphql-tag-pluck, @babel/parser and @babel/traverse, a hash of the extraction
 *   code, all fixed when the bundle is built, and EXTRACT_CACHE_VERSION. A component's entry
 *   also names the version of the package that finds its script blocks (an optional peer,
 *   installed or not in each project): a cache never stands in for a parser that is missing.
 * - Not kept: .graphql files (nothing to extract), scripts and components that name no gql,
 *   graphql or query (extract.ts skips them unparsed), files that could not be read or parsed.
 *   Kept for generated code: why it is (generated.ts), and no text.
 * - One file per project directory (the run's cwd), in `documents/` of the compile cache's
 *   directory, with the same rules (src/cache/cache-directory.ts); CMLINT_COMPILE_CACHE=0 turns it off
 *   too. Written after the run (src/cache/cache-saves.ts: after the output), only when an entry
 *   changed; entries of files no longer found are dropped then.
 * - A cache is input like any other: read back, its shape is checked, and each text must be the
 *   file's own characters at its offset (interpolations and escapes blanked to spaces, as
 *   extract.ts does), so a damaged or planted cache can hold only the file's own text; what
 *   fails a check is extracted anew. Every cache error is silent (NODE_DEBUG=cmlint-extract-cache
 *   tells what happened): the output and exit code never depend on the cache.
 * - Only in the bundle (the bin's runs): the library and tsc's output (CMLINT_UNBUNDLED=1) run
 *   without it.
 */
import { fstatSync, lstatSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { debuglog } from 'node:util';
import { cacheBaseDirectory, contentIdentity, hash32, readCacheJson, writeOwnFile } from '../../cache/cache-directory.js';
import { saveAfterRun } from '../../cache/cache-saves.js';
import { isObject } from '../../util/json-value.js';
import type { Extraction } from './extract.js';

/** Bump when what an entry means changes (the bundle's hash of the extraction code changes with the code anyway). */
const EXTRACT_CACHE_VERSION = 2;
const FORMAT = `cmlint-extract-cache ${EXTRACT_CACHE_VERSION}`;

/** The extractor's identity, defined by scripts/bundle.mjs (esbuild's `define`); absent outside the bundle, where the cache is off. */
declare const CMLINT_EXTRACTOR: string | undefined;

const debug = debuglog('cmlint-extract-cache');

interface Entry {
  /** `dev:ino:size:mtimeNs:ctimeNs` of the file the texts were extracted from (and, for a component, its parser: see `withParser`). */
  stat: string;
  /** Each text's offset and body, and the URL it is sent to when extraction saw one (see GraphQLText). */
  texts: ([number, string] | [number, string, string])[];
  /** Why the file is generated code (then no text), or null. */
  generated: string | null;
}

interface CacheFile {
  format: string;
  extractor: string;
  cwd: string;
  files: Record<string, Entry>;
}

/** The cache of one run: what was read, what the run used or made, and whether it must be written. */
export class ExtractionCache {
  private readonly used = new Map<string, Entry>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly cwd: string,
    private readonly extractor: string,
    private readonly read: Record<string, Entry>,
  ) {}

  /** The cache of the project in `cwd`, or null when caching is off (outside the bundle, or by the switches); saved after the run (cache-saves.ts). */
  static open(cwd: string, env: NodeJS.ProcessEnv = process.env): ExtractionCache | null {
    const extractor = typeof CMLINT_EXTRACTOR === 'string' ? CMLINT_EXTRACTOR : undefined;
    const base = extractor === undefined ? undefined : cacheBaseDirectory(env);
    if (extractor === undefined || base === undefined) {
      debug('off');
      return null;
    }
    const file = join(base, 'documents', `${hash32(cwd)}.json`);
    const cache = new ExtractionCache(file, cwd, extractor, readEntries(file, cwd, extractor));
    saveAfterRun(() => cache.save());
    return cache;
  }

  /** The fstat key of a file's descriptor (see cache-directory.ts's `contentIdentity`). */
  static statKey(fd: number): string {
    return Object.values(contentIdentity(fstatSync(fd, { bigint: true }))).join(':');
  }

  /** What extraction found in `absPath` when its text was `text` with this `stat`, or undefined (then extract, and `set`). */
  get(absPath: string, stat: string, text: string): Extraction | undefined {
    const entry = Object.hasOwn(this.read, absPath) ? this.read[absPath] : undefined;
    if (entry === undefined || entry.stat !== withParser(absPath, stat)) return undefined;
    if (!entry.texts.every(([offset, body]) => ownText(text, offset, body))) {
      debug('%s: entry does not match the file', absPath);
      return undefined;
    }
    this.used.set(absPath, entry);
    return { texts: entry.texts.map(([offset, body, sentTo]) => ({ body, offset, ...(sentTo === undefined ? {} : { sentTo }) })), generated: entry.generated };
  }

  /** Records what extraction found in `absPath`. */
  set(absPath: string, stat: string, { texts, generated }: Extraction): void {
    this.used.set(absPath, { stat: withParser(absPath, stat), texts: texts.map(({ offset, body, sentTo }) => (sentTo === undefined ? [offset, body] : [offset, body, sentTo])), generated });
    this.changed = true;
  }

  /**
   * Writes the cache if an entry changed: the entries this run used or made, and those of files
   * it did not read that still exist (a run of fewer files keeps the rest). Never throws.
   */
  save(): void {
    if (!this.changed) {
      debug('unchanged: %d entries used', this.used.size);
      return;
    }
    const files: Record<string, Entry> = {};
    for (const [absPath, entry] of Object.entries(this.read)) if (!this.used.has(absPath) && exists(absPath)) files[absPath] = entry;
    for (const [absPath, entry] of this.used) files[absPath] = entry;
    const content: CacheFile = { format: FORMAT, extractor: this.extractor, cwd: this.cwd, files };
    try {
      const refused = writeOwnFile(this.file, JSON.stringify(content));
      if (refused) debug('not written: %s', refused);
      else debug('written to %s: %d entries', this.file, Object.keys(files).length);
    } catch (error) {
      debug('not written: %s', (error as Error).message);
    }
  }
}

/** The packages that find the script blocks of components (extract.ts), by extension. */
const COMPONENT_PARSERS: Readonly<Record<string, string>> = { '.vue': '@vue/compiler-sfc', '.svelte': 'svelte', '.astro': '@astrojs/compiler' };
const parserKeys = new Map<string, string>();

/**
 * A file's key: its fstat key, and for a component the name and version of its parser's package
 * as cmlint would load it (`<name>@none` when it is not installed), read once per run.
 */
function withParser(absPath: string, stat: string): string {
  const name = COMPONENT_PARSERS[extname(absPath).toLowerCase()];
  if (name === undefined) return stat;
  let key = parserKeys.get(name);
  if (key === undefined) {
    key = `${name}@none`;
    for (const dir of createRequire(import.meta.url).resolve.paths(name) ?? []) {
      try {
        key = `${name}@${String((JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version?: unknown }).version)}`;
        break;
      } catch {
        // Not installed there.
      }
    }
    parserKeys.set(name, key);
  }
  return `${stat} ${key}`;
}

function exists(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** The entries of a cache file made for this project and extractor, checked in shape; none if anything is off. */
function readEntries(file: string, cwd: string, extractor: string): Record<string, Entry> {
  const files = readCacheJson(file, (value): value is CacheFile => isCacheFile(value) && value.extractor === extractor && value.cwd === cwd, debug)?.files;
  if (files) debug('cache read: %d entries', Object.keys(files).length);
  return files ?? {};
}

function isCacheFile(value: unknown): value is CacheFile {
  if (!isObject(value)) return false;
  const { format, extractor, cwd, files } = value;
  if (format !== FORMAT || typeof extractor !== 'string' || typeof cwd !== 'string') return false;
  if (!isObject(files) || Object.getPrototypeOf(files) !== Object.prototype) return false;
  return Object.values(files).every(isEntry);
}

function isEntry(value: unknown): value is Entry {
  if (!isObject(value)) return false;
  const { stat, texts, generated } = value;
  return (
    typeof stat === 'string' &&
    (generated === null || typeof generated === 'string') &&
    Array.isArray(texts) &&
    texts.every(
      (t) => Array.isArray(t) && (t.length === 2 || (t.length === 3 && typeof t[2] === 'string')) && Number.isSafeInteger(t[0]) && t[0] >= 0 && typeof t[1] === 'string' && t[1].trim() !== '',
    )
  );
}

/**
 * Whether `body` is the file's text at `offset`, but for characters blanked to spaces (what
 * extract.ts blanks: interpolations, the backslash of an escaped backtick): within the file.
 */
function ownText(text: string, offset: number, body: string): boolean {
  if (offset + body.length > text.length) return false;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c !== 0x20 && c !== text.charCodeAt(offset + i)) return false;
  }
  return true;
}
