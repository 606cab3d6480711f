import { readable } from '../util/safe-text.js';
import { OutputFileError, prepareOutputFile, writeOutputFile } from './output-file.js';
import { FileKindError, readRegularFile } from '../util/regular-file.js';
import { codeIdentity, findingKey, identityKey, type PathBase } from './identity.js';
import type { Target } from '../engine/rule.js';
import type { Finding, FindingList } from '../engine/findings.js';

/**
 * A baseline: the findings a team accepts for now, counted by content identity (rule id,
 * content type, field, entry, locale), never by line, so that it survives reformatting and
 * reordering. Findings about code also record their file (from the repository root) and the
 * operation or fragment they are in (see pipeline/identity.ts). Modelled on ESLint's bulk
 * suppressions: when a key has more findings than recorded, all of them are shown again
 * (there is no telling which is new).
 */
export interface BaselineEntry extends Target {
  ruleId: string;
  /** Findings about code only: the file, relative to the repository root. */
  file?: string;
  /** Findings about code only: the operation or fragment (by name), null when none. */
  operation?: string | null;
  count: number;
}

/** A recorded key that has fewer findings than recorded (or none): the baseline is stale. */
export interface StaleEntry extends BaselineEntry {
  /** How many findings the key has now. */
  found: number;
}

export interface BaselineOutcome<L extends FindingList = FindingList> {
  /** The findings the baseline does not hide (internal errors are never hidden); an array for an array. */
  kept: L;
  suppressed: number;
  stale: StaleEntry[];
}

const FORMAT_VERSION = 1;

/** A baseline file that cannot be read or has the wrong shape: exit code 2. */
export class BaselineError extends Error {
  constructor(message: string) {
    // Paths and ids from the baseline file, made visible (long words shortened) for stderr (see util/safe-text.ts).
    super(readable(message));
  }
}

const keyOf = (entry: BaselineEntry): string =>
  identityKey(entry.ruleId, entry, entry.file === undefined ? null : { file: entry.file, operation: entry.operation ?? null });

/** Paths of findings as shown (relative to the working directory) and the repository root; by default both the process's working directory. */
const HERE: PathBase = { cwd: '.', root: '.' };

function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  const ka = keyOf(a);
  const kb = keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The baseline of a run: its findings counted by content identity; internal errors left out. */
export function buildBaseline(findings: FindingList, base: PathBase = HERE): BaselineEntry[] {
  const entries = new Map<string, BaselineEntry>();
  for (const finding of findings) {
    if (finding.internal) continue;
    const key = findingKey(finding, base);
    const entry = entries.get(key);
    if (entry) entry.count++;
    else entries.set(key, { ruleId: finding.ruleId, ...finding.target, ...codeIdentity(finding, base), count: 1 });
  }
  return [...entries.values()].sort(compareEntries);
}

/**
 * Hides the findings the baseline records. Keys of rules in `ranRules` that now have fewer
 * findings than recorded are stale, as are keys of rules that no longer exist (`knownRules`);
 * keys of rules that did not run (turned off) are left alone.
 */
export function applyBaseline(findings: readonly Finding[], entries: readonly BaselineEntry[], ranRules: ReadonlySet<string>, knownRules: ReadonlySet<string>, base?: PathBase): BaselineOutcome<Finding[]>;
export function applyBaseline(findings: FindingList, entries: readonly BaselineEntry[], ranRules: ReadonlySet<string>, knownRules: ReadonlySet<string>, base?: PathBase): BaselineOutcome;
export function applyBaseline(
  findings: FindingList,
  entries: readonly BaselineEntry[],
  ranRules: ReadonlySet<string>,
  knownRules: ReadonlySet<string>,
  base: PathBase = HERE,
): BaselineOutcome {
  const recorded = new Map<string, number>();
  for (const entry of entries) {
    const key = keyOf(entry);
    recorded.set(key, (recorded.get(key) ?? 0) + entry.count);
  }
  // Each finding's key, in list order (null: internal); the filter below reads them in the same order.
  const keys: (string | null)[] = [];
  const current = new Map<string, number>();
  for (const finding of findings) {
    const key = finding.internal ? null : findingKey(finding, base);
    keys.push(key);
    if (key !== null) current.set(key, (current.get(key) ?? 0) + 1);
  }
  let suppressed = 0;
  let next = 0;
  const kept = findings.filter(() => {
    const key = keys[next++] ?? null;
    const hidden = key !== null && (current.get(key) ?? 0) <= (recorded.get(key) ?? 0);
    if (hidden) suppressed++;
    return !hidden;
  });
  const stale: StaleEntry[] = [];
  for (const entry of entries) {
    const found = current.get(keyOf(entry)) ?? 0;
    const judged = ranRules.has(entry.ruleId) || !knownRules.has(entry.ruleId);
    if (judged && found < entry.count) stale.push({ ...entry, found });
  }
  return { kept, suppressed, stale };
}

/** The baseline without its stale part: counts lowered to what is found, keys with none removed. */
export function pruneBaseline(entries: readonly BaselineEntry[], stale: readonly StaleEntry[]): BaselineEntry[] {
  const found = new Map(stale.map((s) => [keyOf(s), s.found]));
  const pruned: BaselineEntry[] = [];
  for (const entry of entries) {
    const now = found.get(keyOf(entry));
    if (now === undefined) pruned.push(entry);
    else if (now > 0) pruned.push({ ...entry, count: now });
  }
  return pruned;
}

/** The file's text: one entry per line, sorted, so that changes read well in a diff. */
export function serializeBaseline(entries: readonly BaselineEntry[]): string {
  const lines = [...entries].sort(compareEntries).map((e) =>
    JSON.stringify({
      ruleId: e.ruleId,
      contentType: e.contentType,
      field: e.field,
      entry: e.entry,
      locale: e.locale,
      ...(e.file === undefined ? {} : { file: e.file, operation: e.operation ?? null }),
      count: e.count,
    }),
  );
  const body = lines.length === 0 ? '[]' : `[\n    ${lines.join(',\n    ')}\n  ]`;
  return `{\n  "version": ${FORMAT_VERSION},\n  "findings": ${body}\n}\n`;
}

const TARGET_KEYS = ['contentType', 'field', 'entry', 'locale'] as const;

/**
 * More than a baseline holds (an entry is a line of about 150 bytes: this is some 1.8 million
 * recorded keys): a larger file is refused before it is read.
 */
const BASELINE_MAX_BYTES = 256 << 20;

/** Reads and checks a baseline file; `shown` is its path as messages show it. */
export function readBaseline(absPath: string, shown: string): BaselineEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(readRegularFile(absPath, BASELINE_MAX_BYTES).toString('utf8'));
  } catch (error) {
    if (error instanceof FileKindError) throw new BaselineError(`${shown}: cannot read baseline: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BaselineError(`${shown}: baseline file not found (create it with --baseline-write ${shown})`);
    throw new BaselineError(`${shown}: cannot read baseline: ${code ?? (error as Error).message}`);
  }
  const root = data as { version?: unknown; findings?: unknown } | null;
  if (typeof root !== 'object' || root === null || root.version !== FORMAT_VERSION || !Array.isArray(root.findings)) {
    throw new BaselineError(`${shown}: not a cmlint baseline (expected { "version": ${FORMAT_VERSION}, "findings": [...] })`);
  }
  return root.findings.map((item: unknown, i) => {
    const e = item as Record<string, unknown> | null;
    const bad = (what: string) => new BaselineError(`${shown}: findings[${i}]: ${what}`);
    if (typeof e !== 'object' || e === null || Array.isArray(e)) throw bad('must be an object');
    if (typeof e.ruleId !== 'string' || e.ruleId === '') throw bad('ruleId must be a rule id');
    for (const key of TARGET_KEYS) if (e[key] !== null && typeof e[key] !== 'string') throw bad(`${key} must be a string or null`);
    if (e.file !== undefined && (typeof e.file !== 'string' || e.file === '')) throw bad('file must be a path');
    if (e.operation !== undefined && (e.file === undefined || (e.operation !== null && typeof e.operation !== 'string'))) {
      throw bad(e.file === undefined ? 'operation needs a file' : 'operation must be a string or null');
    }
    if (!Number.isInteger(e.count) || (e.count as number) < 1) throw bad('count must be a whole number of at least 1');
    const code = e.file === undefined ? {} : { file: e.file, operation: e.operation ?? null };
    return { ruleId: e.ruleId, contentType: e.contentType, field: e.field, entry: e.entry, locale: e.locale, ...code, count: e.count } as BaselineEntry;
  });
}

/** Checks before the run that the baseline file can be written (see prepareOutputFile). */
export async function prepareBaselineFile(absPath: string, shown: string): Promise<void> {
  try {
    await prepareOutputFile(absPath, shown);
  } catch (error) {
    throw asBaselineError(error);
  }
}

/** Writes the baseline so that readers see the old or the new file, never a part of one. */
export async function writeBaseline(absPath: string, shown: string, entries: readonly BaselineEntry[]): Promise<void> {
  await writeOutputFile(absPath, shown, serializeBaseline(entries)).catch((error: unknown) => {
    throw asBaselineError(error);
  });
}

function asBaselineError(error: unknown): unknown {
  return error instanceof OutputFileError ? new BaselineError(error.message) : error;
}
