/**
 * The cache of the findings about code (GraphQL documents): what the rules that visit documents
 * and operations reported about them, kept between the bin's runs, so that a run whose documents,
 * content model, config and date are those of a cached run replays its findings without parsing
 * the documents or loading graphql-js (its load, parse and validation are most of what documents
 * add to a small run); with them, how many operations and fragments each code input holds (the
 * run's summary counts them). ESLint's and Ruff's caches keep results the same way; `peers.md` asks a
 * cache across files to be keyed on the whole model, and this one is:
 *
 * - The key (`CodeResultsCache.key`) is a SHA-256 of: the build (a hash of cmlint's compiled
 *   code, its rule index and graphql-js's version, fixed when the bundle is built); the runtime
 *   (Node's version, its flags and NODE_OPTIONS: how deep a document can nest before the parser
 *   runs out of stack depends on them; the version of lodash the project installed, which names
 *   the schema's types); the run's directory, the whole config, the rule severities given on the
 *   command line, the date the run is as of; every content type's and locale's JSON; the ids of
 *   the rules that visit code; and each code input's digest (each file's paths and whole text,
 *   and what extraction found in it). A change to any of them is another key: the findings are
 *   made anew, for all the code inputs together (a fragment spreads across files).
 * - What the document rules read is within the key: the documents, the content types (the
 *   predicted schema) and their options, severities and dates. A rule that visits code and
 *   reports a finding about anything else than the code inputs' documents (the model, the space)
 *   while they are walked makes the run's findings not kept; findings about application sources
 *   (zero-limit-query's) are reported by their own walk in every run. test/code-results-cache.test.ts
 *   names the rules that visit code: a new one fails it until it is checked against this list.
 *   A run with a plugin's rules, `cmlint diff` (a model before the change) and the library (the
 *   bundle alone has a build identity) do not use the cache.
 * - Only a run in which no rule that visits code crashed, and no document's parse ran out of
 *   stack, is kept. Kept per project directory (up to MAX_ENTRIES keys, the newest first), in
 *   `documents/` of the compile cache's directory, with its rules (src/cache/cache-directory.ts);
 *   CMLINT_COMPILE_CACHE=0 turns it off. Written after the run's output (src/cache/cache-saves.ts)
 *   when a key was added; this module is loaded only by runs with code inputs.
 * - A cache file is input like any other: its shape is checked, and a finding names a rule that
 *   visits code, one of its messages, and a file of the inputs, or the entry is not used. Cache
 *   errors are silent (NODE_DEBUG=cmlint-results-cache tells what happened): the output and exit
 *   code never depend on the cache. Its directory is the user's own (0700): a planted cache needs
 *   the user's own rights.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { debuglog } from 'node:util';
import { cacheBaseDirectory, hash32, readCacheJson, writeOwnFile } from '../cache/cache-directory.js';
import { saveAfterRun } from '../cache/cache-saves.js';
import type { CodeInput, DefinitionCounts } from '../inputs/code-input.js';
import { isObject } from '../util/json-value.js';
import type { SpaceModel } from '../model/space-model.js';
import type { DataValue } from './findings.js';
import type { Severity, Target } from './rule.js';
import type { FindingFixes } from '../fix/changes.js';

/** Bump when what an entry means changes (the build identity changes with the code anyway). */
const RESULTS_CACHE_VERSION = 2;
const FORMAT = `cmlint-results-cache ${RESULTS_CACHE_VERSION}`;
/** Keys kept per project: a branch switched to and back, a run with another config. */
const MAX_ENTRIES = 4;

/** The build's identity, defined by scripts/bundle.mjs (esbuild's `define`); absent outside the bundle, where the cache is off. */
declare const CMLINT_BUILD: string | undefined;

const debug = debuglog('cmlint-results-cache');

/** A finding about code as the cache keeps it: what the engine adds it with, its rule and message by id, its file by index among the input's files. */
export interface CachedFinding {
  rule: string;
  messageId: string;
  severity: Severity;
  target: Target;
  file: number;
  offset: number;
  place: string;
  values: DataValue[];
  operation: string | null;
  /** Its fix and suggestions: text edits of the documents (the rules that visit code fix nothing else). */
  fixes?: FindingFixes;
}

/** What is kept under a key: the findings about code, and each code input's operations and fragments (for the run's summary; in the inputs' order). */
export interface CodeRunResults {
  findings: readonly CachedFinding[];
  definitions: readonly DefinitionCounts[];
}

interface Entry extends CodeRunResults {
  key: string;
}

interface CacheFile {
  format: string;
  build: string;
  cwd: string;
  entries: Entry[];
}

/** What the engine needs of a cache of findings about code: the key of a run's code inputs (see the top of this file), and the results by key. */
export interface CodeResults {
  key(inputs: readonly { kind: CodeInput['kind']; digest: string }[], model: SpaceModel, ruleIds: readonly string[]): string;
  get(key: string): CodeRunResults | undefined;
  set(key: string, results: CodeRunResults): void;
}

/** The findings cached for a project (read when first asked for), and those the run adds. */
export class CodeResultsCache implements CodeResults {
  private entries: Entry[] | undefined;
  private added = false;

  private constructor(
    private readonly file: string,
    private readonly cwd: string,
    private readonly build: string,
    /** The run's settings, part of every key. */
    private readonly settings: string,
  ) {}

  /**
   * The cache of the project in `cwd`, for a run with these settings (the config, the command
   * line's severities, the date), or null when caching is off (outside the bundle, or by the
   * switches). Written after the run's output (cache-saves.ts) if a key was added.
   */
  static open(cwd: string, settings: unknown, env: NodeJS.ProcessEnv): CodeResultsCache | null {
    const build = typeof CMLINT_BUILD === 'string' ? CMLINT_BUILD : undefined;
    const base = build === undefined ? undefined : cacheBaseDirectory(env);
    if (build === undefined || base === undefined) {
      debug('off');
      return null;
    }
    const file = join(base, 'documents', `${hash32(cwd)}.results.json`);
    const runtime = [process.version, process.execArgv, env.NODE_OPTIONS ?? null, lodashVersion()];
    const cache = new CodeResultsCache(file, cwd, build, JSON.stringify([build, runtime, cwd, settings]));
    saveAfterRun(() => cache.save());
    return cache;
  }

  key(inputs: readonly { kind: CodeInput['kind']; digest: string }[], model: SpaceModel, ruleIds: readonly string[]): string {
    const hash = createHash('sha256');
    hash.update(this.settings);
    hash.update(JSON.stringify([inputs.map(({ kind, digest }) => [kind, digest]), ruleIds]));
    for (const type of model.contentTypes.values()) hash.update(JSON.stringify(type.json));
    hash.update('\u0000locales');
    for (const locale of model.locales.values()) hash.update(JSON.stringify(locale.json));
    return hash.digest('hex');
  }

  /** The results cached under `key`, or undefined. */
  get(key: string): CodeRunResults | undefined {
    this.entries ??= readEntries(this.file, this.cwd, this.build);
    const entry = this.entries.find((e) => e.key === key);
    if (entry) debug('hit: %d findings', entry.findings.length);
    else debug('miss');
    return entry;
  }

  /** Keeps the results of `key`, the newest entry. */
  set(key: string, { findings, definitions }: CodeRunResults): void {
    this.entries = [{ key, findings: [...findings], definitions: [...definitions] }, ...(this.entries ?? []).filter((e) => e.key !== key)].slice(0, MAX_ENTRIES);
    this.added = true;
  }

  /** Writes the cache if a key was added. Never throws. */
  private save(): void {
    if (!this.added) return;
    const content: CacheFile = { format: FORMAT, build: this.build, cwd: this.cwd, entries: this.entries! };
    try {
      const refused = writeOwnFile(this.file, JSON.stringify(content));
      debug(refused ? `not written: ${refused}` : `written to ${this.file}`);
    } catch (error) {
      debug('not written: %s', (error as Error).message);
    }
  }
}

/**
 * The version of lodash the run loads from node_modules (src/graphql/naming.ts names the schema's
 * types and fields with it; the project's lockfile chooses it), or null.
 */
function lodashVersion(): string | null {
  try {
    return String((createRequire(import.meta.url)('lodash/package.json') as { version?: unknown }).version);
  } catch {
    return null;
  }
}

/** The entries of a cache file made for this project and build, checked in shape; none if anything is off. */
function readEntries(file: string, cwd: string, build: string): Entry[] {
  return readCacheJson(file, (value): value is CacheFile => isCacheFile(value) && value.build === build && value.cwd === cwd, debug)?.entries ?? [];
}

function isCacheFile(value: unknown): value is CacheFile {
  if (!isObject(value)) return false;
  const { format, build, cwd, entries } = value;
  if (format !== FORMAT || typeof build !== 'string' || typeof cwd !== 'string' || !Array.isArray(entries)) return false;
  return entries.every(
    (e) => isObject(e) && typeof e.key === 'string' && Array.isArray(e.findings) && e.findings.every(isCachedFinding) && Array.isArray(e.definitions) && e.definitions.every(isDefinitionCounts),
  );
}

function isDefinitionCounts(value: unknown): value is DefinitionCounts {
  return isObject(value) && isCount(value.operations) && isCount(value.fragments);
}

/** Offsets and file indexes are kept in 32-bit columns (findings.ts); counts are kept within the same bound. */
function isCount(n: unknown): boolean {
  return Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0x7fffffff;
}

const SEVERITIES: ReadonlySet<unknown> = new Set<Severity>(['error', 'warning', 'info']);

function isCachedFinding(value: unknown): value is CachedFinding {
  if (!isObject(value)) return false;
  const { rule, messageId, severity, target, file, offset, place, values, operation, fixes } = value;
  const text = (t: unknown) => t === null || typeof t === 'string';
  return (
    typeof rule === 'string' &&
    typeof messageId === 'string' &&
    SEVERITIES.has(severity) &&
    isObject(target) &&
    text(target.contentType) &&
    text(target.field) &&
    text(target.entry) &&
    text(target.locale) &&
    isCount(file) &&
    isCount(offset) &&
    typeof place === 'string' &&
    Array.isArray(values) &&
    values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) &&
    text(operation) &&
    (fixes === undefined || isTextFixes(fixes))
  );
}

/** A finding's fixes as the cache keeps them: a fix (or null) and suggestions, each made of text edits. */
function isTextFixes(value: unknown): value is FindingFixes {
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  const isEdit = (e: unknown) =>
    isObject(e) && e.kind === 'text' && typeof e.file === 'string' && typeof e.shown === 'string' && count(e.start) && count(e.end) && typeof e.expect === 'string' && typeof e.text === 'string';
  const isFix = (f: unknown) => isObject(f) && typeof f.desc === 'string' && Array.isArray(f.changes) && f.changes.every(isEdit);
  return isObject(value) && (value.fix === null || isFix(value.fix)) && Array.isArray(value.suggestions) && value.suggestions.every((s) => isFix(s) && typeof (s as { id?: unknown }).id === 'string');
}
