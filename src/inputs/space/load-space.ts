import { yamlValue } from '../../util/yaml-value.js';
import { constants } from 'node:buffer';
import { relative, sep } from 'node:path';
import type { AssetNode, EntryNode } from '../../model/nodes.js';
import { SpaceModel } from '../../model/space-model.js';
import { TaxonomyIndex } from '../../model/taxonomy.js';
import { indexFile, type FileIndex } from './index-file.js';
import { InputError, InputErrors, OVER_STRING_LIMIT, fileSystemError } from './input-error.js';
import { FileBytes, FileChangedError } from './file-bytes.js';
import { diagnoseJson } from './json-diagnose.js';
import { JsonSyntaxError, TooLongError, bomLength } from './json-scan.js';
import { layoutElementCount, LayoutCutter, streamElementRange } from './json-stream.js';
import { toAsset, toConcept, toConceptScheme, toContentType, toEditorInterface, toEntry, toLocale, TAXONOMY_KINDS, type RecordKind } from './records.js';
import { checkText } from './text-check.js';
import { JsonSourceFile, YamlSourceFile } from './source.js';
import type { SourceFile, SourceRef } from '../../model/source-ref.js';
import { NumberList } from '../../util/compact/lists.js';
import { StringTable } from '../../util/compact/string-table.js';
import { JsonView, PlainView, type ValueView } from './value-view.js';

export interface InputFile {
  absPath: string;
  /** Named on the command line: an unrecognised file is then an error instead of being skipped. */
  explicit: boolean;
  /** How findings and errors name it, when not by its path (standard input's copy: `<stdin>`). */
  shown?: string;
}

/**
 * A space read from files: the model (content types, editor interfaces, locales) in memory;
 * entries and assets streamed from their files one at a time, never all held at once.
 */
export interface Space {
  readonly model: SpaceModel;
  /** Files that hold any part of the space, in the order they were read. */
  readonly files: readonly SourceFile[];
  assets(): AsyncIterable<AssetNode>;
  entries(): AsyncIterable<EntryNode>;
  /**
   * For `threads` threads: the `entries` sections of large export-tool files cut into units as
   * they are asked for (`next`, in file order; undefined when all are cut), the check of the ids
   * of a unit for duplicates (`checkIds`, unit by unit), and the other entries (`rest`, for the
   * main thread, checked against the units' ids too). Null when no section can be cut.
   */
  splitEntries(threads: number): EntrySplit | null;
  /** The entries of one unit (in a worker thread that loaded the same inputs). */
  entriesIn(unit: EntryUnit): Iterable<EntryNode>;
  /**
   * How many entries (or assets) the inputs hold, for runs in which no rule visits them: from
   * the boundaries of export-tool sections, without parsing them (other layouts are read).
   */
  count(kind: 'entry' | 'asset'): Promise<number>;
}

interface IndexedFile {
  source: SourceFile;
  index: FileIndex;
}

/** Path relative to `cwd` with forward slashes, as findings show it. */
export function displayPath(absPath: string, cwd: string): string {
  return relative(cwd, absPath).split(sep).join('/') || '.';
}

export interface LoadOptions {
  /**
   * An organisation taxonomy export read besides the inputs (`--taxonomy`, the config's
   * `taxonomy`): only its taxonomy is read. Nothing more is read when it is one of the inputs.
   */
  taxonomy?: { absPath: string; namedBy: string };
}

/** Reads the model part of every file (pass 1). The input errors of all files are reported together. */
export async function loadSpace(inputs: readonly InputFile[], cwd: string, options: LoadOptions = {}): Promise<Space> {
  const model = new SpaceModel();
  const indexed: IndexedFile[] = [];
  const files: SourceFile[] = [];
  const errors: InputError[] = [];
  const duplicates = new DuplicateCheck();

  /** Reads a file's records of `kinds` into the model; `check` refuses a file by saying why. */
  const read = async (absPath: string, check: (index: FileIndex) => string | null, kinds: ReadonlySet<RecordKind>, shown?: string) => {
    const path = shown ?? displayPath(absPath, cwd);
    let source: SourceFile | undefined;
    try {
      const opened = await openFile(absPath, path);
      source = opened.source;
      const index = indexFile(opened.root);
      const problem = check(index);
      if (problem !== null) {
        errors.push(new InputError(path, problem));
        return undefined;
      }
      if (!index.recognised) return undefined;
      if (index.taxonomy) model.taxonomy ??= new TaxonomyIndex();
      for (const { key, ignored, kept } of index.repeated) {
        model.repeatedKeys.push({ node: { kind: 'member', key, source: ignored.ref }, kept: source.locate(kept.ref, []) });
      }
      for (const { kind, view } of records(index, kinds)) addToModel(model, kind, view, duplicates, errors);
      files.push(source);
      return { source, index };
    } catch (error) {
      errors.push(toInputError(error, path, source));
      return undefined;
    } finally {
      source?.release();
    }
  };

  for (const input of inputs) {
    const notExport = (index: FileIndex) =>
      !index.recognised && input.explicit ? 'Not a space export: no content types, entries, assets or locales, and no resource with sys.type' : null;
    const file = await read(input.absPath, notExport, MODEL_KINDS, input.shown);
    if (file) indexed.push(file);
  }
  const { taxonomy } = options;
  if (taxonomy && !inputs.some((input) => input.absPath === taxonomy.absPath)) {
    const notTaxonomy = (index: FileIndex) =>
      index.taxonomy ? null : `Not an organisation taxonomy export (named by ${taxonomy.namedBy}): expected {"taxonomy": {"concepts": [...], "conceptSchemes": [...]}}`;
    await read(taxonomy.absPath, notTaxonomy, TAXONOMY_KINDS);
  }
  if (errors.length > 0) throw new InputErrors(errors);
  return new StreamedSpace(model, indexed, files);
}

/** True if the file reads as (part of) a space export; false for unrelated or unreadable JSON/YAML. */
export async function isSpaceExport(absPath: string): Promise<boolean> {
  let source: SourceFile | undefined;
  try {
    const opened = await openFile(absPath, absPath);
    source = opened.source;
    return indexFile(opened.root).recognised;
  } catch {
    return false;
  } finally {
    source?.release();
  }
}

const MODEL_KINDS: ReadonlySet<RecordKind> = new Set(['contentType', 'editorInterface', 'locale', ...TAXONOMY_KINDS]);

/** Adds one record of the model part to the model; a duplicate id is an input error naming both places. */
function addToModel(model: SpaceModel, kind: RecordKind, view: ValueView, duplicates: DuplicateCheck, errors: InputError[]): void {
  const json = view.value();
  if (kind === 'contentType') {
    const node = toContentType(json, view.ref);
    if (duplicates.check('content type', node.id, view.ref, errors)) model.contentTypes.set(node.id, node);
  } else if (kind === 'editorInterface') {
    const node = toEditorInterface(json, view.ref);
    if (duplicates.check('editor interface of content type', node.contentTypeId, view.ref, errors)) {
      model.editorInterfaces.set(node.contentTypeId, node);
    }
  } else if (kind === 'locale') {
    const node = toLocale(json, view.ref);
    if (duplicates.check('locale', node.code, view.ref, errors)) model.locales.set(node.code, node);
  } else if (kind === 'concept') {
    const node = toConcept(json, view.ref);
    if (duplicates.check('taxonomy concept', node.id, view.ref, errors)) model.taxonomy!.concepts.set(node.id, node);
  } else if (kind === 'conceptScheme') {
    const node = toConceptScheme(json, view.ref);
    if (duplicates.check('taxonomy concept scheme', node.id, view.ref, errors)) model.taxonomy!.schemes.set(node.id, node);
  }
}

/** The records of `kinds` in a file, in document order of records, then of sections. */
function* records(index: FileIndex, kinds: ReadonlySet<RecordKind>): Iterable<{ kind: RecordKind; view: ValueView }> {
  for (const record of index.records) if (kinds.has(record.kind)) yield record;
  for (const section of index.sections) {
    if (!kinds.has(section.kind)) continue;
    for (const view of section.view.elements()) yield { kind: section.kind, view };
  }
}

/** Remembers which file first held each id, so that a duplicate names both files. */
class DuplicateCheck {
  private readonly seen = new Map<string, string>();

  check(what: string, id: string, ref: SourceRef, errors: InputError[]): boolean {
    const key = `${what}\0${id}`;
    const first = this.seen.get(key);
    if (first === undefined) {
      this.seen.set(key, `${ref.file.path} at ${ref.pointer}`);
      return true;
    }
    errors.push(new InputError(ref.file.path, `Duplicate ${what} '${id}': also in ${first}`, ref.file.locate(ref, []), ref.pointer));
    return false;
  }
}

/**
 * Entry ids already streamed, for duplicates: kept as small numbers (file index and position in
 * the file's stream), not as paths, since a large export has millions of entries. The first
 * occurrence's pointer is worked out again only when a duplicate is found.
 */
interface StreamPlace {
  file: number;
  position: number;
}

class StreamDuplicates {
  /** Per id number: where it was first seen (file * 2^32 + position + 1), 0 while not seen here. */
  private readonly firstSeen = new NumberList();

  /** The ids as bytes (a Map of a million id strings would be most of the heap); for entries, the table the rules share (`SpaceModel.entryIds`). */
  constructor(private readonly ids = new StringTable()) {}

  /**
   * Remembers `id` at `position` of `file`; when it was seen before, the two places in input
   * order (file, then position), whatever order they were added in (threads check units, then the
   * main thread the other files).
   */
  add(id: string, file: number, position: number): { first: StreamPlace; second: StreamPlace } | null {
    const n = this.ids.add(id);
    if (n >= this.firstSeen.length) this.firstSeen.extend(n + 1);
    const here = file * 2 ** 32 + position + 1;
    const seen = this.firstSeen.get(n);
    if (seen === 0 || seen > here) this.firstSeen.set(n, here);
    if (seen === 0) return null;
    const place = (at: number) => ({ file: Math.floor((at - 1) / 2 ** 32), position: (at - 1) % 2 ** 32 });
    return { first: place(Math.min(seen, here)), second: place(Math.max(seen, here)) };
  }
}

export interface EntrySplit {
  next: () => EntryUnit | undefined;
  checkIds: (unit: EntryUnit, ids: readonly string[]) => void;
  rest: () => AsyncIterable<EntryNode>;
}

/** A run of consecutive entries of one large JSON file's `entries` section, for a worker thread. */
export interface EntryUnit {
  /** Index of the file in `Space.files`. */
  file: number;
  /** Offset of the unit's first element, and where the next unit starts (or the section's `]`). */
  start: number;
  stop: number;
  /** Index of the first element in the section. */
  firstIndex: number;
}

/**
 * Units of entries for threads: at most 8 MiB (a unit's findings and state cross threads at
 * once), at least 256 KiB (each costs a hand-over), and smaller as fewer bytes remain, so that
 * the threads finish close together.
 */
const MAX_UNIT = 8 << 20;
const MIN_UNIT = 256 << 10;

function unitBytes(remaining: number, threads: number): number {
  return Math.min(MAX_UNIT, Math.max(MIN_UNIT, Math.ceil(remaining / (threads * 4))));
}

class StreamedSpace implements Space {
  constructor(
    readonly model: SpaceModel,
    /** The files entries and assets are streamed from. */
    private readonly indexed: readonly IndexedFile[],
    readonly files: readonly SourceFile[],
  ) {}

  assets(): AsyncIterable<AssetNode> {
    return this.stream('asset', toAsset);
  }

  entries(): AsyncIterable<EntryNode> {
    return this.stream('entry', toEntry);
  }

  splitEntries(threads: number): EntrySplit | null {
    const cutters: { file: number; cutter: LayoutCutter }[] = [];
    this.indexed.forEach(({ source, index }, file) => {
      const streams = [...index.records.filter((r) => r.kind === 'entry'), ...index.sections.filter((s) => s.kind === 'entry')];
      const section = index.sections.find((s) => s.kind === 'entry');
      if (!(source instanceof JsonSourceFile) || !source.large || streams.length !== 1 || !(section?.view instanceof JsonView)) return;
      const cutter = LayoutCutter.open(source.bytes, ...section.view.range());
      if (cutter) cutters.push({ file, cutter });
    });
    if (cutters.length === 0) return null;
    const split = new Set(cutters.map((c) => c.file));
    let current = 0;
    const next = (): EntryUnit | undefined => {
      for (; current < cutters.length; current++) {
        const { file, cutter } = cutters[current]!;
        const remaining = cutters.slice(current).reduce((sum, c) => sum + c.cutter.remaining, 0);
        const unit = cutter.next(unitBytes(remaining, threads));
        if (unit) return { file, start: unit.start, stop: unit.stop, firstIndex: unit.index };
      }
      return undefined;
    };
    const seen = new StreamDuplicates(this.model.entryIds);
    const checkIds = (unit: EntryUnit, ids: readonly string[]) =>
      ids.forEach((id, k) => {
        const duplicate = seen.add(id, unit.file, unit.firstIndex + k);
        if (duplicate) throw new InputErrors([this.duplicateError('entry', id, duplicate)]);
      });
    return { next, checkIds, rest: () => this.stream('entry', toEntry, (file) => !split.has(file), seen) };
  }

  *entriesIn(unit: EntryUnit): Iterable<EntryNode> {
    const { source, index } = this.indexed[unit.file]!;
    const section = index.sections.find((s) => s.kind === 'entry')!;
    let i = unit.firstIndex;
    try {
      for (const element of streamElementRange((source as JsonSourceFile).bytes, unit.start, unit.stop)) {
        (source as JsonSourceFile).streaming(element.start, element.bytes, element.base);
        yield toEntry(element.value, { file: source, pointer: `${section.view.ref.pointer}/${i++}`, offset: element.start });
      }
    } catch (error) {
      throw new InputErrors([toInputError(error, source.path, source)]);
    }
  }

  async count(kind: 'entry' | 'asset'): Promise<number> {
    let count = 0;
    for (const { source, index } of this.indexed) {
      try {
        count += index.records.filter((r) => r.kind === kind).length;
        for (const section of index.sections) {
          if (section.kind !== kind) continue;
          const bounded = section.view instanceof JsonView && source instanceof JsonSourceFile ? layoutElementCount(source.bytes, section.view.range()[0]) : null;
          if (bounded !== null) count += bounded;
          else for (const _ of section.view.elements()) count++;
        }
      } catch (error) {
        throw new InputErrors([toInputError(error, source.path, source)]);
      } finally {
        source.release();
      }
    }
    return count;
  }

  /** The error for the second place of a duplicate id, naming the first. */
  private duplicateError(kind: RecordKind, id: string, { first, second }: { first: StreamPlace; second: StreamPlace }): InputError {
    const where = (f: number, p: number) => {
      let n = 0;
      for (const { view } of records(this.indexed[f]!.index, new Set([kind]))) if (n++ === p) return view.ref;
      throw new Error(`no record ${p} in ${this.files[f]!.path}`);
    };
    const a = where(first.file, first.position);
    const b = where(second.file, second.position);
    return new InputError(b.file.path, `Duplicate ${kind} '${id}': also in ${a.file.path} at ${a.pointer}`, b.file.locate(b, []), b.pointer);
  }

  private async *stream<T extends { id: string }>(
    kind: RecordKind,
    convert: (json: unknown, ref: SourceRef) => T,
    include: (file: number) => boolean = () => true,
    duplicates = new StreamDuplicates(kind === 'entry' ? this.model.entryIds : undefined),
  ): AsyncGenerator<T> {
    const kinds = new Set([kind]);
    // A file with an input error is read no further; the other files are, to find their input errors too.
    const errors: InputError[] = [];
    for (const [file, { source, index }] of this.indexed.entries()) {
      if (!include(file)) continue;
      let position = 0;
      try {
        for (const { view } of records(index, kinds)) {
          const node = convert(view.value(), view.ref);
          const duplicate = duplicates.add(node.id, file, position);
          if (duplicate) {
            errors.push(this.duplicateError(kind, node.id, duplicate));
            break;
          }
          position++;
          yield node;
        }
      } catch (error) {
        errors.push(...(error instanceof InputErrors ? error.errors : [toInputError(error, source.path, source)]));
      } finally {
        source.release();
      }
    }
    if (errors.length > 0) throw new InputErrors(errors);
  }
}

async function openFile(absPath: string, path: string): Promise<{ source: SourceFile; root: ValueView }> {
  const yaml = /\.ya?ml$/i.test(absPath);
  // A JSON file's text is checked as it is decoded (and whole when anything goes wrong: toInputError).
  checkText(absPath, path, yaml ? 'whole' : 'start');
  if (yaml) {
    const { LineCounter, parseDocument } = await import('yaml');
    const lineCounter = new LineCounter();
    // Read as JSON files are, so that a worker thread checks that it reads what the main thread read.
    const bytes = new FileBytes(absPath, path);
    const doc = parseDocument(yamlText(bytes), { lineCounter, prettyErrors: false, merge: true });
    const first = doc.errors[0];
    if (first) {
      const { line, col } = lineCounter.linePos(first.pos[0]);
      throw new InputError(path, `Invalid YAML: ${first.message.split('\n')[0]}`, { line, column: col });
    }
    const data = await yamlValue(doc, lineCounter);
    if (!data.ok) throw new InputError(path, `Invalid YAML: ${data.message}`, { line: data.line, column: data.column });
    const source = new YamlSourceFile(path, absPath, doc, lineCounter, bytes.identity);
    return { source, root: new PlainView(source, '', data.value) };
  }
  const source = new JsonSourceFile(path, absPath);
  return { source, root: JsonView.root(source) };
}

/** A YAML file's text, without its byte order mark (the parser would count it as a column of line 1). */
function yamlText(bytes: FileBytes): string {
  const tooLong = () => new InputError(bytes.path, `Cannot read: YAML files are read whole, and this one is ${OVER_STRING_LIMIT}: use JSON for large exports (read in windows, at any size)`);
  // More bytes than UTF-8 takes for the longest string (three a UTF-16 code unit at most): refused before it is read.
  if (bytes.size > 3 * constants.MAX_STRING_LENGTH) throw tooLong();
  try {
    return bytes.read(0, bytes.size).toString('utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STRING_TOO_LONG') throw tooLong();
    throw error;
  } finally {
    bytes.close();
  }
}

/** Turns what reading a file threw into an input error with a position; rethrows bugs. */
function toInputError(error: unknown, path: string, source: SourceFile | undefined): InputError {
  // Whatever the file holds now is not what was read: that is the problem, not its text.
  if (error instanceof FileChangedError) return error;
  // Text problems first, as when every file was checked whole before it was read.
  if (source instanceof JsonSourceFile) {
    try {
      checkText(source.absPath, path);
    } catch (problem) {
      if (problem instanceof InputError) return problem;
    }
  }
  if (error instanceof InputError) return error;
  if (error instanceof InputErrors) return error.errors[0]!;
  if (error instanceof TooLongError && source instanceof JsonSourceFile) return new InputError(path, error.message, source.position(error.offset));
  if ((error instanceof JsonSyntaxError || error instanceof SyntaxError) && source instanceof JsonSourceFile) {
    // A small file is diagnosed whole, for the first error in document order and its exact
    // reason; a large one keeps the offset found while streaming (already exact for records).
    if (!source.large) {
      const buf = source.whole();
      try {
        diagnoseJson(buf, bomLength(buf));
      } catch (found) {
        if (found instanceof JsonSyntaxError) return new InputError(path, `Invalid JSON: ${found.message}`, source.position(found.offset));
      }
    }
    const offset = error instanceof JsonSyntaxError ? error.offset : 0;
    return new InputError(path, `Invalid JSON: ${error.message}`, source.position(offset));
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^(E[A-Z]+|ERR_[A-Z_]+)$/.test(code)) return fileSystemError(path, error);
  throw error;
}
