import { ByteList, IntList, Numbering, NumberList } from '../util/compact/lists.js';
import { StringTable } from '../util/compact/string-table.js';
import type { SourceFile } from '../model/source-ref.js';
import type { AssetFile } from '../model/asset-files.js';
import type { EntryRef } from '../model/nodes.js';

/**
 * What entry-field-validation keeps across entries, in compact form: an export of millions of
 * entries holds a few typed arrays and one table of id bytes, not an object per entry. Entry ids
 * are numbered once (`EntryIds`); entries a finding may later be about are kept as rows of
 * numbers (`EntryRows`) and made into `EntryRef`s again only when reported.
 */

/** Every entry id the rule has met (as an entry or as a link target), numbered, with the content type of the entries seen. */
export class EntryIds {
  /** `table` may hold ids the rule never met (the reader's, see `SpaceModel.entryIds`): they have no type here. */
  constructor(readonly table = new StringTable()) {}

  /** Per id number: 1 + the number of its entry's content type in `types`, 0 while the entry has not been seen. */
  private readonly typeOf = new IntList();
  private readonly types = new Numbering<string>();

  /** The number of `id`, added if new. */
  add(id: string): number {
    const n = this.table.add(id);
    if (n >= this.typeOf.length) this.typeOf.extend(n + 1);
    return n;
  }

  setType(id: string, type: string): number {
    const n = this.add(id);
    if (this.typedSince && this.typeOf.get(n) === 0) this.typedSince.push(n);
    this.typeOf.set(n, this.types.of(type) + 1);
    return n;
  }

  /** The content type of entry `id`, undefined while it has not been seen. */
  type(id: string): string | undefined {
    const n = this.table.find(id);
    return n < 0 ? undefined : this.typeAt(n);
  }

  typeAt(n: number): string | undefined {
    const t = n < this.typeOf.length ? this.typeOf.get(n) : 0;
    return t === 0 ? undefined : this.types.values[t - 1];
  }

  /** Entries typed since the last `takeSeen` (tracked from the first call on). */
  private typedSince: IntList | null = null;

  /** The entries seen since the last call (every entry seen, on the first call), with their content types: a parallel run's state. */
  takeSeen(): [string, string][] {
    const seen: [string, string][] = [];
    const add = (n: number) => seen.push([this.table.get(n), this.typeAt(n)!]);
    if (this.typedSince === null) {
      for (let n = 0; n < this.table.size; n++) if (this.typeAt(n) !== undefined) add(n);
    } else for (let k = 0; k < this.typedSince.length; k++) add(this.typedSince.get(k));
    this.typedSince = new IntList();
    return seen;
  }
}

/** Bits of `EntryRows.flags`. */
export const PUBLISHED_UNCHANGED = 1;
export const HOLDS_LIVE_VALUES = 2;

/** A pointer ending in an array index (`/entries/123`) is kept as its prefix's number and the index. */
const INDEXED_POINTER = /^(.*\/)(0|[1-9]\d{0,8})$/;

/** What many entries share: file, content type, pointer prefix and the high bits of the offset. */
interface RowBase {
  file: SourceFile;
  contentTypeId: string;
  /** The pointer, or its prefix when the row's `pointerIndex` is not -1. */
  pointer: string;
  /** The offset above 2^32 (files larger than 4 GB). */
  high: number;
}

const TWO_32 = 2 ** 32;

/**
 * Entries kept for findings reported at the end, 17 bytes each: id number, a number for what
 * they share with many others (`RowBase`), the offset's low 32 bits, the index at the end of the
 * pointer, and flags.
 */
export class EntryRows {
  private readonly id = new IntList();
  private readonly base = new IntList();
  private readonly low = new IntList();
  private readonly pointerIndex = new IntList();
  private readonly flags = new ByteList();
  private readonly bases = new Numbering<string>();
  private readonly baseOf: RowBase[] = [];
  private readonly files = new Numbering<SourceFile>();

  constructor(private readonly ids: EntryIds) {}

  get size(): number {
    return this.id.length;
  }

  /** Adds a row for the entry; `id` is its id's number when the caller has it already. */
  add(ref: EntryRef, flags: number, id = this.ids.add(ref.id)): number {
    const { file, pointer, offset } = ref.source;
    const { contentTypeId } = ref;
    const indexed = INDEXED_POINTER.exec(pointer);
    const high = Math.floor(offset / TWO_32);
    const basePointer = indexed ? indexed[1]! : pointer;
    const n = this.bases.of(`${this.files.of(file)}\0${high}\0${contentTypeId}\0${basePointer}`);
    this.baseOf[n] ??= { file, contentTypeId, pointer: basePointer, high };
    this.id.push(id);
    this.base.push(n);
    this.low.push((offset - high * TWO_32) | 0);
    this.pointerIndex.push(indexed ? Number(indexed[2]) : -1);
    return this.flags.push(flags);
  }

  /** The entry as a report target (a new object each time: only for findings). */
  ref(row: number): EntryRef {
    const index = this.pointerIndex.get(row);
    const { file, contentTypeId, pointer } = this.baseOf[this.base.get(row)]!;
    return {
      kind: 'entry',
      id: this.idOf(row),
      contentTypeId,
      source: { file, pointer: index < 0 ? pointer : `${pointer}${index}`, offset: this.offset(row) },
    };
  }

  private offset(row: number): number {
    return this.baseOf[this.base.get(row)]!.high * TWO_32 + (this.low.get(row) >>> 0);
  }

  idNumber(row: number): number {
    return this.id.get(row);
  }

  idOf(row: number): string {
    return this.ids.table.get(this.id.get(row));
  }

  contentTypeOf(row: number): string {
    return this.baseOf[this.base.get(row)]!.contentTypeId;
  }

  has(row: number, flag: number): boolean {
    return (this.flags.get(row) & flag) !== 0;
  }

  flagsOf(row: number): number {
    return this.flags.get(row);
  }

  /** Input order (file, then offset): the same whatever order worker threads hand their states over in. */
  compare(a: number, b: number): number {
    const fa = this.baseOf[this.base.get(a)]!.file.path;
    const fb = this.baseOf[this.base.get(b)]!.file.path;
    return fa === fb ? this.offset(a) - this.offset(b) : fa < fb ? -1 : 1;
  }
}

/**
 * Links to entries not seen yet, three numbers each: the linking entry's row, what is checked
 * where (`how`: field, locale, check and place in the value, numbered by the rule), and the
 * target's id number.
 */
export class PendingLinks {
  private readonly row = new IntList();
  private readonly how = new IntList();
  private readonly target = new IntList();

  get size(): number {
    return this.row.length;
  }

  push(row: number, how: number, target: number): void {
    this.row.push(row);
    this.how.push(how);
    this.target.push(target);
  }

  at(i: number): { row: number; how: number; target: number } {
    return { row: this.row.get(i), how: this.how.get(i), target: this.target.get(i) };
  }

  /** The links in input order of their entries (stable: one entry's links keep their order). */
  inInputOrder(rows: EntryRows): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    return order.sort((a, b) => rows.compare(this.row.get(a), this.row.get(b)) || a - b);
  }
}

/**
 * The holders of each value of a `unique` field, per field and locale (the `group`): values are
 * kept once per group in a string table (tagged with the group), holders as two numbers each.
 */
export class UniqueValues {
  private readonly values = new StringTable();
  private readonly holderValue = new IntList();
  private readonly holderRow = new IntList();

  add(group: number, value: string, row: number): void {
    this.holderValue.push(this.values.add(value, group));
    this.holderRow.push(row);
  }

  /** Each value held by two or more entries, in the order values were first added: its group, value and holders (in the order added). */
  *shared(): Iterable<{ group: number; value: string; rows: number[] }> {
    const count = new Int32Array(this.values.size);
    for (let h = 0; h < this.holderValue.length; h++) count[this.holderValue.get(h)]!++;
    const holders = new Map<number, number[]>();
    for (let h = 0; h < this.holderValue.length; h++) {
      const v = this.holderValue.get(h);
      if (count[v]! < 2) continue;
      const rows = holders.get(v);
      if (rows) rows.push(this.holderRow.get(h));
      else holders.set(v, [this.holderRow.get(h)]);
    }
    for (const v of [...holders.keys()].sort((a, b) => a - b)) yield { group: this.values.tag(v), value: this.values.get(v), rows: holders.get(v)! };
  }

  /** Every holder (for a parallel run's state). */
  *all(): Iterable<{ group: number; value: string; row: number }> {
    for (let h = 0; h < this.holderValue.length; h++) {
      const v = this.holderValue.get(h);
      yield { group: this.values.tag(v), value: this.values.get(v), row: this.holderRow.get(h) };
    }
  }
}

/**
 * The files of every asset, for link validations: per file a number for its content type and
 * groups (shared by many files) and three numbers (NaN when not recorded). `AssetFile` objects
 * are made again when a link is checked.
 */
export class AssetTable {
  private readonly ids = new StringTable();
  /** Per asset number: its first file and how many it has. */
  private readonly first = new IntList();
  private readonly count = new IntList();
  private readonly kind = new IntList();
  private readonly size = new NumberList();
  private readonly width = new NumberList();
  private readonly height = new NumberList();
  private readonly kinds = new Numbering<string>();
  private readonly kindOf: { contentType: string; groups: readonly string[] }[] = [];

  set(id: string, files: readonly AssetFile[]): void {
    const n = this.ids.add(id);
    if (n === this.first.length) {
      this.first.push(0);
      this.count.push(0);
    }
    // An id seen again (a duplicate is an input error elsewhere) takes its new files, as a Map would.
    this.first.set(n, this.kind.length);
    this.count.set(n, files.length);
    for (const file of files) {
      const k = this.kinds.of(`${file.contentType}\0${file.groups.join('\0')}`);
      this.kindOf[k] ??= { contentType: file.contentType, groups: file.groups };
      this.kind.push(k);
      this.size.push(file.size ?? NaN);
      this.width.push(file.width ?? NaN);
      this.height.push(file.height ?? NaN);
    }
  }

  get(id: string): AssetFile[] | undefined {
    const n = this.ids.find(id);
    if (n < 0) return undefined;
    const files: AssetFile[] = [];
    const first = this.first.get(n);
    for (let f = first; f < first + this.count.get(n); f++) {
      const { contentType, groups } = this.kindOf[this.kind.get(f)]!;
      files.push({ contentType, groups, size: orNull(this.size.get(f)), width: orNull(this.width.get(f)), height: orNull(this.height.get(f)) });
    }
    return files;
  }
}

function orNull(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}
