import { grown, Numbering } from '../util/compact/lists.js';
import { decodePointer } from '../inputs/space/json-scan.js';
import type { Place, Position, SourceFile, SourceRef } from '../model/source-ref.js';
import type { EnforcementStatus } from './dates.js';
import type { Change, Severity, Target } from './rule.js';
import type { StageStatus } from './stages.js';

/**
 * Findings held compactly. A run of an audit can report hundreds of thousands of findings; each
 * is kept here as numbers in typed columns (message template, severity, file, line, column,
 * byte offset), its target's four strings, its record and pointer below the record (shared and
 * interned strings), and the values of its message's placeholders. The message, the pointer
 * and the `Finding` object are made only when a finding is read (`Findings.at`), so that a
 * report is written one finding at a time without 200,000 rendered objects at once.
 */

export interface Finding {
  ruleId: string;
  messageId: string;
  severity: Severity;
  message: string;
  /** For rules with a lifecycle of several stages, `stages` lists them all (see RuleMeta.stages). */
  enforcement: { date: string | null; status: EnforcementStatus; note: string | null; stages?: StageStatus[] };
  target: Target;
  pointer: string | null;
  file: string | null;
  line: number | null;
  column: number | null;
  /** A rule crashed: not a finding about the space. */
  internal: boolean;
  /** Findings of `cmlint diff`: what the change is (see MessageSpec.change). */
  change?: Change;
  /** Findings about code (documents, application sources): the operation or fragment they are in, for their identity (pipeline/identity.ts). */
  code?: { operation: string | null };
}

/** Findings in report order, as arrays are and as the compact `Findings` are: read one at a time. */
export interface FindingList {
  readonly length: number;
  at(index: number): Finding | undefined;
  [Symbol.iterator](): Iterator<Finding>;
  filter(predicate: (finding: Finding) => boolean): FindingList;
}

/** A message of a rule: its text split at the `{{name}}` placeholders, and what every finding with it shares. */
export interface MessageTemplate {
  readonly ruleId: string;
  readonly messageId: string;
  readonly enforcement: Finding['enforcement'];
  readonly internal: boolean;
  readonly change: Change | undefined;
  /** The text around the placeholders: one more than `keys`. */
  readonly parts: readonly string[];
  /** The placeholders' names, in the order they occur (a name used twice is listed twice). */
  readonly keys: readonly string[];
  /** Appended to every message (the rule's upcoming date or stages), or ''. */
  readonly suffix: string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Splits a message text at its placeholders (as `interpolate` fills them: `{{ name }}`). */
export function splitTemplate(text: string): { parts: string[]; keys: string[] } {
  const parts: string[] = [];
  const keys: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index));
    keys.push(match[1]!);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return { parts, keys };
}

/** Data values are kept as given (strings and numbers); anything else as its text, taken now. */
export type DataValue = string | number;

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const SEVERITY_CODE: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** Per finding in `ints`: template, severity, display file (-1: none), line and column (-1: none), first data value. */
const TEMPLATE = 0;
const SEVERITY = 1;
const FILE = 2;
const LINE = 3;
const COLUMN = 4;
const DATA = 5;
const INTS = 6;

/**
 * Strings that many findings share (content type ids, field ids, locales, pointers below the
 * record, constant parts of messages), kept once: a bounded table, emptied when full so that
 * unique strings do not pile up in it. Strings of 13 characters or more are copied when first
 * kept: a substring V8 made by slicing points into its whole original (a record's value), which
 * a finding must not keep alive.
 */
class Interned {
  private readonly table = new Map<string, string>();
  constructor(private readonly limit: number) {}

  get(text: string): string {
    const known = this.table.get(text);
    if (known !== undefined) return known;
    if (this.table.size >= this.limit) this.table.clear();
    const own = text.length >= 13 ? ownCopy(text) : text;
    this.table.set(own, own);
    return own;
  }
}

/**
 * A copy of `text` that refers to no other string (V8 keeps it as a slice of a fresh flat string
 * one character longer); V8 slices strings of 13 characters or more, shorter ones are copied.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/** What a finding is added with; its message is `template` filled with `values`. */
export interface NewFinding {
  template: number;
  severity: Severity;
  target: Target;
  /** The record the finding is in (its file and offset place it), or null. */
  ref: SourceRef | null;
  /** The display file, or null. */
  file: string | null;
  /** The pointer below the record (encoded), or the whole pointer when `ref` is null; null: no pointer. */
  pointer: string | null;
  /** The path below the record to place the finding at, encoded as a pointer (also for code, whose findings show no pointer). */
  place: string;
  /** The byte offset of the place, when it was found while the record was in memory. */
  at: number | undefined;
  line?: number | null;
  column?: number | null;
  values: readonly DataValue[];
  /** Findings about code only: the operation or fragment they are in (null: none). */
  operation?: string | null;
}

/**
 * A batch of findings as plain data, for handing from a worker thread to the main thread (see
 * parallel.ts). The strings many findings share (pointers, target ids, message values) are sent
 * once, in `strings`, and given per finding as their index there (-1: null).
 */
export interface WireFindings {
  /** The sending store's templates by number (rule id, message id, internal): threads may run different rules, so numbers are mapped by these. */
  templates: [string, string, boolean][];
  ints: Int32Array;
  at: Float64Array;
  strings: string[];
  /** The record of each finding: file index in the space, pointer and offset; file -1 for none. */
  refFile: Int32Array;
  refPointer: Int32Array;
  refOffset: Float64Array;
  files: Int32Array;
  pointers: Int32Array;
  places: Int32Array;
  contentTypes: Int32Array;
  fields: Int32Array;
  entries: Int32Array;
  locales: Int32Array;
  /** The values of the findings' placeholders, in order: a string's index, or -1 and the number in `numbers`. */
  values: Int32Array;
  numbers: Float64Array;
  /** The findings about code among them (few): index in this batch, operation. */
  operations: [number, string | null][];
}

/** The findings of a run, compact, in the order they were reported (see `Findings` for the report order). */
export class FindingStore {
  readonly templates: MessageTemplate[] = [];
  private count = 0;
  private ints = new Int32Array(0);
  private atColumn = new Float64Array(0);
  private readonly refs: (SourceRef | null)[] = [];
  /** Pointer below the record (or the whole pointer without a record); null: none. */
  private readonly pointers: (string | null)[] = [];
  /** Where to place a finding below its record, encoded as a pointer. */
  private readonly places: string[] = [];
  private readonly contentTypes: (string | null)[] = [];
  private readonly fields: (string | null)[] = [];
  private readonly entries: (string | null)[] = [];
  private readonly locales: (string | null)[] = [];
  private readonly values: DataValue[] = [];
  /** Findings about code (few): their operation or fragment, by finding index. */
  private operations = new Map<number, string | null>();
  private readonly files = new Numbering<string>();
  private readonly shared = new Interned(4096);
  /** Findings left out of the report (see `keepUpToFirstEntryError`). */
  private readonly dropped = new Set<number>();

  get length(): number {
    return this.count;
  }

  addTemplate(template: MessageTemplate): number {
    this.templates.push(template);
    return this.templates.length - 1;
  }

  add(finding: NewFinding): void {
    const i = this.count++;
    this.ints = grown(this.ints, this.count * INTS, (n) => new Int32Array(n));
    this.atColumn = grown(this.atColumn, this.count, (n) => new Float64Array(n));
    const base = i * INTS;
    const ints = this.ints;
    ints[base + TEMPLATE] = finding.template;
    ints[base + SEVERITY] = SEVERITY_CODE[finding.severity];
    ints[base + FILE] = finding.file === null ? -1 : this.files.of(finding.file);
    ints[base + LINE] = finding.line ?? -1;
    ints[base + COLUMN] = finding.column ?? -1;
    ints[base + DATA] = this.values.length;
    this.atColumn[i] = finding.at ?? Number.NaN;
    this.refs.push(finding.ref);
    this.pointers.push(finding.pointer === null ? null : this.shared.get(finding.pointer));
    this.places.push(finding.place === finding.pointer ? this.pointers[i]! : this.shared.get(finding.place));
    const { target } = finding;
    this.contentTypes.push(target.contentType === null ? null : this.shared.get(target.contentType));
    this.fields.push(target.field === null ? null : this.shared.get(target.field));
    this.entries.push(target.entry);
    this.locales.push(target.locale === null ? null : this.shared.get(target.locale));
    for (const value of finding.values) this.values.push(typeof value === 'string' ? this.shared.get(value) : value);
    if (finding.operation !== undefined) this.operations.set(i, finding.operation);
  }

  severity(i: number): Severity {
    return SEVERITIES[this.ints[i * INTS + SEVERITY]!]!;
  }

  template(i: number): MessageTemplate {
    return this.templates[this.ints[i * INTS + TEMPLATE]!]!;
  }

  file(i: number): string | null {
    const n = this.ints[i * INTS + FILE]!;
    return n < 0 ? null : this.files.values[n]!;
  }

  line(i: number): number | null {
    const n = this.ints[i * INTS + LINE]!;
    return n < 0 ? null : n;
  }

  column(i: number): number | null {
    const n = this.ints[i * INTS + COLUMN]!;
    return n < 0 ? null : n;
  }

  message(i: number): string {
    const template = this.template(i);
    const { parts } = template;
    let start = this.ints[i * INTS + DATA]!;
    let text = parts[0]!;
    for (let k = 1; k < parts.length; k++) text += String(this.values[start++]) + parts[k]!;
    return text + template.suffix;
  }

  pointer(i: number): string | null {
    const tail = this.pointers[i]!;
    if (tail === null) return null;
    const ref = this.refs[i];
    return ref ? ref.pointer + tail : tail;
  }

  target(i: number): Target {
    return { contentType: this.contentTypes[i]!, field: this.fields[i]!, entry: this.entries[i]!, locale: this.locales[i]! };
  }

  finding(i: number): Finding {
    const template = this.template(i);
    return {
      ruleId: template.ruleId,
      messageId: template.messageId,
      severity: this.severity(i),
      message: this.message(i),
      enforcement: template.enforcement,
      target: this.target(i),
      pointer: this.pointer(i),
      file: this.file(i),
      line: this.line(i),
      column: this.column(i),
      internal: template.internal,
      ...(template.change ? { change: template.change } : {}),
      ...(this.operations.has(i) ? { code: { operation: this.operations.get(i) ?? null } } : {}),
    };
  }

  /**
   * Line and column of every finding that has a record: grouped by file, each file placed in one
   * pass (`SourceFile.place`), or record by record for files without one; the file is then released.
   */
  placeAll(): void {
    const byFile = new Map<SourceFile, number[]>();
    for (let i = 0; i < this.count; i++) {
      const ref = this.refs[i];
      if (!ref) continue;
      const list = byFile.get(ref.file);
      if (list) list.push(i);
      else byFile.set(ref.file, [i]);
    }
    const none: readonly string[] = [];
    for (const [file, list] of byFile) {
      const places: Place[] = list.map((i) => {
        const at = this.atColumn[i]!;
        return { ref: this.refs[i]!, path: Number.isNaN(at) ? decodePointer(this.places[i]!) : none, at: Number.isNaN(at) ? undefined : at };
      });
      const positions: Position[] = file.place ? file.place(places) : list.map((i) => file.locate(this.refs[i]!, decodePointer(this.places[i]!)));
      list.forEach((i, k) => {
        this.ints[i * INTS + LINE] = positions[k]!.line;
        this.ints[i * INTS + COLUMN] = positions[k]!.column;
      });
      file.release();
    }
  }

  /** The findings as plain data, for another thread; the store is emptied (its templates stay). */
  takeWire(fileIndex: ReadonlyMap<SourceFile, number>): WireFindings {
    const n = this.count;
    const strings = new Numbering<string>();
    const indices = (texts: readonly (string | null)[]) => Int32Array.from(texts, (t) => (t === null ? -1 : strings.of(t)));
    const refs = this.refs.splice(0);
    const values = this.values.splice(0);
    const wire: WireFindings = {
      templates: this.templates.map((t) => [t.ruleId, t.messageId, t.internal]),
      ints: this.ints.slice(0, n * INTS),
      at: this.atColumn.slice(0, n),
      strings: strings.values,
      refFile: Int32Array.from(refs, (r) => (r ? fileIndex.get(r.file)! : -1)),
      refPointer: indices(refs.map((r) => r?.pointer ?? null)),
      refOffset: Float64Array.from(refs, (r) => r?.offset ?? 0),
      files: indices(Array.from({ length: n }, (_, i) => this.file(i))),
      pointers: indices(this.pointers.splice(0)),
      places: indices(this.places.splice(0)),
      contentTypes: indices(this.contentTypes.splice(0)),
      fields: indices(this.fields.splice(0)),
      entries: indices(this.entries.splice(0)),
      locales: indices(this.locales.splice(0)),
      values: Int32Array.from(values, (v) => (typeof v === 'string' ? strings.of(v) : -1)),
      numbers: Float64Array.from(values, (v) => (typeof v === 'number' ? v : 0)),
      operations: [...this.operations],
    };
    this.operations = new Map();
    this.count = 0;
    return wire;
  }

  /** Adds findings a worker thread sent; `files` are the space's files, by the index the worker used. */
  addWire(wire: WireFindings, files: readonly SourceFile[]): void {
    const n = wire.at.length;
    const operations = new Map(wire.operations);
    const key = (ruleId: string, messageId: string, internal: boolean) => JSON.stringify([ruleId, messageId, internal]);
    const own = new Map(this.templates.map((t, i) => [key(t.ruleId, t.messageId, t.internal), i]));
    const templateOf = wire.templates.map(([ruleId, messageId, internal]) => {
      const i = own.get(key(ruleId, messageId, internal));
      if (i === undefined) throw new Error(`a worker thread reported for ${ruleId} (${messageId}), which this thread does not run`);
      return i;
    });
    // A string the batch holds many times is one string object here: `add` looks it up in the shared strings once, by its cached hash after that.
    const { strings } = wire;
    const text = (index: number) => (index < 0 ? null : strings[index]!);
    for (let k = 0; k < n; k++) {
      const base = k * INTS;
      const file = wire.refFile[k]!;
      const ref: SourceRef | null = file < 0 ? null : { file: files[file]!, pointer: text(wire.refPointer[k]!)!, offset: wire.refOffset[k]! };
      const at = wire.at[k]!;
      const start = wire.ints[base + DATA]!;
      const number = templateOf[wire.ints[base + TEMPLATE]!]!;
      const template = this.templates[number]!;
      const line = wire.ints[base + LINE]!;
      const column = wire.ints[base + COLUMN]!;
      const values: DataValue[] = [];
      for (let v = start; v < start + template.keys.length; v++) values.push(wire.values[v]! < 0 ? wire.numbers[v]! : strings[wire.values[v]!]!);
      this.add({
        template: number,
        severity: SEVERITIES[wire.ints[base + SEVERITY]!]!,
        target: { contentType: text(wire.contentTypes[k]!), field: text(wire.fields[k]!), entry: text(wire.entries[k]!), locale: text(wire.locales[k]!) },
        ref,
        file: text(wire.files[k]!),
        pointer: text(wire.pointers[k]!),
        place: text(wire.places[k]!)!,
        at: Number.isNaN(at) ? undefined : at,
        line: line < 0 ? null : line,
        column: column < 0 ? null : column,
        values,
        ...(operations.has(k) ? { operation: operations.get(k) ?? null } : {}),
      });
    }
  }

  /**
   * Per rule, only what it reported up to its first internal error about an entry, in input order
   * (`fileOrder`, then offset): the rule stopped there. Findings about entries after it, and later
   * internal errors, are dropped. Returns the ids of the rules that had such an error.
   */
  keepUpToFirstEntryError(fileOrder: ReadonlyMap<SourceFile, number>): Set<string> {
    const ruleOf = (i: number) => this.template(i).ruleId;
    const before = (a: SourceRef, b: SourceRef) => fileOrder.get(a.file)! - fileOrder.get(b.file)! || a.offset - b.offset;
    /** Per rule, its first internal error about an entry. */
    const first = new Map<string, number>();
    for (let i = 0; i < this.count; i++) {
      if (!this.template(i).internal || this.entries[i] === null || !this.refs[i]) continue;
      const known = first.get(ruleOf(i));
      if (known === undefined || before(this.refs[i]!, this.refs[known]!) < 0) first.set(ruleOf(i), i);
    }
    for (let i = 0; i < this.count; i++) {
      const stop = first.get(ruleOf(i));
      if (stop === undefined || i === stop || this.entries[i] === null || !this.refs[i]) continue;
      if (this.template(i).internal || before(this.refs[i]!, this.refs[stop]!) > 0) this.dropped.add(i);
    }
    return new Set(first.keys());
  }

  /**
   * The findings in report order (see compareFindings): by file, line, column, rule id, target,
   * message, message id, severity, pointer. Findings equal in all of these print the same, so the
   * order does not depend on the order they were added in (a parallel run adds the workers'
   * findings as they arrive).
   */
  sorted(): Findings {
    const fileRank = rankOf(this.files.values);
    const ruleRank = rankOf(this.templates.map((t) => t.ruleId));
    const ints = this.ints;
    const rank = (i: number) => {
      const n = ints[i * INTS + FILE]!;
      return n < 0 ? -1 : fileRank[n]!;
    };
    const order = Array.from({ length: this.count }, (_, i) => i).filter((i) => !this.dropped.has(i));
    order.sort(
      (a, b) =>
        rank(a) - rank(b) ||
        Math.max(ints[a * INTS + LINE]!, 0) - Math.max(ints[b * INTS + LINE]!, 0) ||
        Math.max(ints[a * INTS + COLUMN]!, 0) - Math.max(ints[b * INTS + COLUMN]!, 0) ||
        ruleRank[ints[a * INTS + TEMPLATE]!]! - ruleRank[ints[b * INTS + TEMPLATE]!]! ||
        compareText(this.contentTypes[a]!, this.contentTypes[b]!) ||
        compareText(this.fields[a]!, this.fields[b]!) ||
        compareText(this.entries[a]!, this.entries[b]!) ||
        compareText(this.locales[a]!, this.locales[b]!) ||
        compareText(this.message(a), this.message(b)) ||
        compareText(this.template(a).messageId, this.template(b).messageId) ||
        ints[a * INTS + SEVERITY]! - ints[b * INTS + SEVERITY]! ||
        compareText(this.pointer(a), this.pointer(b)) ||
        a - b,
    );
    return new Findings(this, Uint32Array.from(order));
  }
}

/** For each string, its rank in sorted order (equal strings share a rank). */
function rankOf(texts: readonly string[]): Int32Array {
  const order = texts.map((_, i) => i).sort((a, b) => compareText(texts[a]!, texts[b]!));
  const rank = new Int32Array(texts.length);
  let r = 0;
  order.forEach((i, k) => {
    if (k > 0 && texts[i] !== texts[order[k - 1]!]) r++;
    rank[i] = r;
  });
  return rank;
}

export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** Findings of a store in an order (report order, then filtered): each made into a `Finding` when it is read. */
export class Findings implements FindingList {
  constructor(
    private readonly store: FindingStore,
    private readonly order: Uint32Array,
  ) {}

  get length(): number {
    return this.order.length;
  }

  at(index: number): Finding | undefined {
    const i = this.order[index < 0 ? this.order.length + index : index];
    return i === undefined ? undefined : this.store.finding(i);
  }

  *[Symbol.iterator](): Iterator<Finding> {
    for (const i of this.order) yield this.store.finding(i);
  }

  filter(predicate: (finding: Finding) => boolean): Findings {
    const kept: number[] = [];
    for (const i of this.order) if (predicate(this.store.finding(i))) kept.push(i);
    return new Findings(this.store, Uint32Array.from(kept));
  }

  /** How many findings of each severity (without making the findings). */
  countBySeverity(): { error: number; warning: number; info: number } {
    const counts = { error: 0, warning: 0, info: 0 };
    for (const i of this.order) counts[this.store.severity(i)]++;
    return counts;
  }

  /** The internal findings, made (the others are not). */
  internal(): Finding[] {
    const found: Finding[] = [];
    for (const i of this.order) if (this.store.template(i).internal) found.push(this.store.finding(i));
    return found;
  }
}

/** The internal findings of a list (rule crashes, input errors), in order. */
export function internalFindings(findings: FindingList): Finding[] {
  if (findings instanceof Findings) return findings.internal();
  return [...findings].filter((f) => f.internal);
}

/** The findings of a list as an array (the API's `Finding[]`). */
export function toArray(findings: FindingList): Finding[] {
  return Array.isArray(findings) ? (findings as Finding[]) : [...findings];
}
