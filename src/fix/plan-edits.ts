import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import type { Document } from 'yaml';
import type { Finding } from '../engine/findings.js';
import { codeText } from '../inputs/code-file.js';
import { JsonSyntaxError, bomLength, decodePointer, skipWs, valueEnd } from '../inputs/space/json-scan.js';
import { wholeFileLimit } from '../inputs/space/source.js';
import type { Fix, ModelOperation, RecordAt, TextEdit } from './changes.js';
import { EditError, jsonEdits, type ByteEdit } from './json-edits.js';
import type { Patch } from './patches.js';

/**
 * Fixes planned as edits in place: each fix's changes become byte edits of the files its records
 * and code came from (JSON through the loader's tokenizer, YAML through the `yaml` package's
 * ranges, code as text), all of a fix or none. A fix whose edits overlap a fix planned before it
 * waits for the next pass (`--fix` lints again, as ESLint does); identical edits of two fixes are
 * made once.
 */

/** A fix chosen to apply, with the finding it clears (for messages and the migration's comments). */
export interface ChosenFix {
  finding: Finding;
  fix: Fix;
}

/** One file's edits, on its bytes as they were read (`stat`). */
export interface FilePlan {
  absPath: string;
  shown: string;
  stat: Stats;
  /** Byte edits, sorted, none overlapping. */
  edits: ByteEdit[];
}

export interface EditPlan {
  files: FilePlan[];
  applied: ChosenFix[];
  /** Fixes not planned, and why (`deferred`: they overlap an applied fix, and may apply on the next pass). */
  skipped: { chosen: ChosenFix; reason: string; deferred: boolean }[];
  /** Each planned fix's edits, by file (for SARIF's `fixes`). */
  editsOf: Map<Fix, { file: FilePlan; edits: ByteEdit[] }[]>;
}

/** Why a model operation has no edit in place, or its patches of records. */
export function inPlacePatches(op: ModelOperation): { at: RecordAt; patch: Patch }[] | string {
  if (op.kind === 'renameField') return 'a field id is renamed by a migration script (--fix-migration): in place, the entries on disk would keep their values under the old id';
  if (op.at === null) return 'the record is not in an export file of its own (migration scripts changed it): use --fix-migration';
  const { at } = op;
  switch (op.kind) {
    case 'setFieldProperty':
      return [{ at, patch: { path: ['fields', String(op.fieldIndex), op.property], value: op.value } }];
    case 'replaceValidation':
      return [{ at, patch: { path: ['fields', String(op.fieldIndex), ...(op.items ? ['items'] : []), 'validations', String(op.index)], value: op.validation } }];
    case 'setDisplayField':
      return [{ at, patch: { path: ['displayField'], value: op.field } }];
    case 'removeEntryValue':
      return [{ at, patch: { path: ['fields', op.field, op.locale], remove: true } }];
    case 'addLocale':
      return [{ at, patch: { path: ['locales', '-'], value: op.locale } }];
  }
}

/** The largest record of a file over the whole-file limit that is read to change it (an export's top level holds all its entries). */
const MAX_RECORD = 256 << 20;
/** The first window read of a file over the whole-file limit: many records. */
const WINDOW = 1 << 20;

/** Whether `buf` holds the whole JSON value at `start`. */
function holdsValue(buf: Buffer, start: number): boolean {
  try {
    valueEnd(buf, skipWs(buf, start));
    return true;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return false;
    throw error;
  }
}

/** A file read for planning: its bytes (whole, or windows of a large JSON file), as first read. */
class PlannedFile {
  readonly plan: FilePlan;
  private whole: Buffer | undefined;
  private yaml: { text: string; doc: Document; bom: number } | undefined;
  private code: { text: string; bom: number } | undefined;
  private readonly fd: number;
  /** The last window of a large file read. */
  private window: { buf: Buffer; base: number } | undefined;

  constructor(absPath: string, shown: string) {
    this.fd = openSync(absPath, 'r');
    this.plan = { absPath, shown, stat: fstatSync(this.fd), edits: [] };
  }

  get large(): boolean {
    return this.plan.stat.size > wholeFileLimit();
  }

  read(start: number, end: number): Buffer {
    const buf = Buffer.alloc(Math.max(0, Math.min(end, this.plan.stat.size) - start));
    let done = 0;
    while (done < buf.length) {
      const n = readSync(this.fd, buf, done, buf.length - done, start + done);
      if (n === 0) break;
      done += n;
    }
    return buf.subarray(0, done);
  }

  bytes(): Buffer {
    return (this.whole ??= this.read(0, this.plan.stat.size));
  }

  /**
   * The JSON record at `offset`: the whole file with the offset, or for a large file a window that
   * holds the record (the last window is kept: records planned in file order share it).
   */
  record(at: RecordAt): { buf: Buffer; base: number; start: number } {
    if (!this.large) return { buf: this.bytes(), base: 0, start: at.offset };
    const held = this.window;
    if (held && at.offset >= held.base && holdsValue(held.buf, at.offset - held.base)) return { buf: held.buf, base: held.base, start: at.offset - held.base };
    for (let length = WINDOW; ; length *= 2) {
      if (length > MAX_RECORD) throw new EditError(`the record is over ${MAX_RECORD >> 20} MiB: too large to change in place`);
      const buf = this.read(at.offset, at.offset + length);
      if (holdsValue(buf, 0) || buf.length < length) {
        this.window = { buf, base: at.offset };
        return { buf, base: at.offset, start: 0 };
      }
    }
  }

  async yamlText(): Promise<{ text: string; doc: Document; bom: number }> {
    if (!this.yaml) {
      const bytes = this.bytes();
      const bom = bomLength(bytes);
      const text = bytes.toString('utf8', bom);
      const { parseDocument } = await import('yaml');
      this.yaml = { text, doc: parseDocument(text, { merge: true }), bom };
    }
    return this.yaml;
  }

  codeText(): { text: string; bom: number } {
    return (this.code ??= { text: codeText(this.bytes()), bom: bomLength(this.bytes()) });
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Char offsets of a text made byte offsets of the file it was decoded from (after a BOM of `bom` bytes). */
function toBytes(text: string, bom: number, start: number, end: number, replacement: string): ByteEdit {
  const from = bom + Buffer.byteLength(text.slice(0, start));
  return { start: from, end: from + Buffer.byteLength(text.slice(start, end)), text: replacement };
}

/**
 * Plans `chosen` (in order) as edits in place. `independent`: each fix on its own (for SARIF,
 * which lists every fix and suggestion), none deferred for overlapping another. Throws only for
 * files that cannot be opened.
 */
export async function planEdits(chosen: readonly ChosenFix[], independent = false): Promise<EditPlan> {
  const files = new Map<string, PlannedFile>();
  const fileOf = (absPath: string, shown: string) => {
    let file = files.get(absPath);
    if (!file) files.set(absPath, (file = new PlannedFile(absPath, shown)));
    return file;
  };
  const textEdit = (change: TextEdit): ByteEdit => {
    const { text, bom } = fileOf(change.file, change.shown).codeText();
    if (text.slice(change.start, change.end) !== change.expect) throw new EditError(`${change.shown} no longer reads ${JSON.stringify(change.expect)} there`);
    return toBytes(text, bom, change.start, change.end, change.text);
  };
  const modelEdits = async (at: RecordAt, patch: Patch): Promise<ByteEdit[]> => {
    const file = fileOf(at.file, at.shown);
    if (at.format === 'yaml') {
      const { text, doc, bom } = await file.yamlText();
      const { yamlEdits } = await import('./yaml-edits.js');
      return yamlEdits(text, doc, { ...patch, path: [...decodePointer(at.pointer), ...patch.path] }).map((e) => toBytes(text, bom, e.start, e.end, e.text));
    }
    const { buf, base, start } = file.record(at);
    return jsonEdits(buf, start, patch).map((e) => ({ ...e, start: e.start + base, end: e.end + base }));
  };

  const plan: EditPlan = { files: [], applied: [], skipped: [], editsOf: new Map() };
  try {
    for (const item of chosen) {
      const byFile = new Map<string, ByteEdit[]>();
      const add = (absPath: string, edits: ByteEdit[]) => byFile.set(absPath, [...(byFile.get(absPath) ?? []), ...edits]);
      let reason: string | null = null;
      for (const change of item.fix.changes) {
        try {
          if (change.kind === 'text') {
            add(change.file, [textEdit(change)]);
            continue;
          }
          const patches = inPlacePatches(change);
          if (typeof patches === 'string') {
            reason = patches;
            break;
          }
          for (const { at, patch } of patches) add(at.file, await modelEdits(at, patch));
        } catch (error) {
          if (!(error instanceof EditError) && !(error instanceof JsonSyntaxError)) throw error;
          reason = `the file does not take the change as the finding describes it (${error.message})`;
          break;
        }
      }
      if (reason !== null) {
        plan.skipped.push({ chosen: item, reason, deferred: false });
        continue;
      }
      const overlapping = !independent && [...byFile].some(([absPath, edits]) => edits.some((edit) => files.get(absPath)!.plan.edits.some((other) => overlaps(edit, other))));
      if (overlapping) {
        plan.skipped.push({ chosen: item, reason: 'it changes what another fix changes: it applies on the next pass', deferred: true });
        continue;
      }
      plan.applied.push(item);
      const planned: { file: FilePlan; edits: ByteEdit[] }[] = [];
      for (const [absPath, edits] of byFile) {
        const file = files.get(absPath)!.plan;
        for (const edit of edits) if (!file.edits.some((other) => same(edit, other))) file.edits.push(edit);
        planned.push({ file, edits });
      }
      plan.editsOf.set(item.fix, planned);
    }
  } finally {
    for (const file of files.values()) file.close();
  }
  for (const file of files.values()) {
    if (file.plan.edits.length === 0) continue;
    file.plan.edits.sort((a, b) => a.start - b.start || a.end - b.end);
    plan.files.push(file.plan);
  }
  return plan;
}

function same(a: ByteEdit, b: ByteEdit): boolean {
  return a.start === b.start && a.end === b.end && a.text === b.text;
}

/** Edits that touch the same bytes (two insertions at one place are not: they are made in order). */
function overlaps(a: ByteEdit, b: ByteEdit): boolean {
  if (same(a, b)) return false;
  if (a.start === a.end && b.start === b.end) return false;
  return a.start < b.end && b.start < a.end;
}
