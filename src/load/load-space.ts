import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { AssetNode, EntryNode } from '../model/nodes.js';
import { SpaceModel } from '../model/space-model.js';
import { TaxonomyIndex } from '../model/taxonomy.js';
import { indexFile, type FileIndex } from './index-file.js';
import { InputError, InputErrors } from './input-error.js';
import { diagnoseJson } from './json-diagnose.js';
import { JsonSyntaxError, bomLength } from './json-scan.js';
import { toAsset, toConcept, toConceptScheme, toContentType, toEditorInterface, toEntry, toLocale, TAXONOMY_KINDS, type RecordKind } from './records.js';
import { JsonSourceFile, YamlSourceFile, type SourceFile, type SourceRef } from './source.js';
import { JsonView, PlainView, type ValueView } from './value-view.js';

export interface InputFile {
  absPath: string;
  /** Named on the command line: an unrecognised file is then an error instead of being skipped. */
  explicit: boolean;
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
  const read = async (absPath: string, check: (index: FileIndex) => string | null, kinds: ReadonlySet<RecordKind>) => {
    const path = displayPath(absPath, cwd);
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
    const file = await read(input.absPath, notExport, MODEL_KINDS);
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

class StreamedSpace implements Space {
  constructor(
    readonly model: SpaceModel,
    /** The files entries and assets are streamed from. */
    private readonly indexed: readonly IndexedFile[],
    readonly files: readonly SourceFile[],
  ) {}

  assets(): AsyncIterable<AssetNode> {
    return this.stream('asset', 'asset', toAsset);
  }

  entries(): AsyncIterable<EntryNode> {
    return this.stream('entry', 'entry', toEntry);
  }

  private async *stream<T extends { id: string }>(
    kind: RecordKind,
    what: string,
    convert: (json: unknown, ref: SourceRef) => T,
  ): AsyncGenerator<T> {
    const kinds = new Set([kind]);
    const duplicates = new DuplicateCheck();
    for (const { source, index } of this.indexed) {
      const errors: InputError[] = [];
      try {
        for (const { view } of records(index, kinds)) {
          const node = convert(view.value(), view.ref);
          if (duplicates.check(what, node.id, view.ref, errors)) yield node;
          if (errors.length > 0) break;
        }
      } catch (error) {
        errors.push(toInputError(error, source.path, source));
      } finally {
        source.release();
      }
      if (errors.length > 0) throw new InputErrors(errors);
    }
  }
}

async function openFile(absPath: string, path: string): Promise<{ source: SourceFile; root: ValueView }> {
  if (/\.ya?ml$/i.test(absPath)) {
    const { LineCounter, parseDocument, visit } = await import('yaml');
    const lineCounter = new LineCounter();
    // Without its byte order mark: the parser would count it as a column of line 1.
    const doc = parseDocument(readFileSync(absPath, 'utf8').replace(/^\uFEFF/, ''), { lineCounter, prettyErrors: false });
    const first = doc.errors[0];
    if (first) {
      const { line, col } = lineCounter.linePos(first.pos[0]);
      throw new InputError(path, `Invalid YAML: ${first.message.split('\n')[0]}`, { line, column: col });
    }
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      // An alias whose anchor is missing (or too many aliases): the parser reports it only here.
      if (!(error instanceof ReferenceError)) throw error;
      let offset = 0;
      visit(doc, {
        Alias(_, node) {
          if (node.resolve(doc) !== undefined) return undefined;
          offset = node.range?.[0] ?? 0;
          return visit.BREAK;
        },
      });
      const { line, col } = lineCounter.linePos(offset);
      throw new InputError(path, `Invalid YAML: ${error.message}`, { line, column: col });
    }
    const source = new YamlSourceFile(path, absPath, doc, lineCounter);
    return { source, root: new PlainView(source, '', data) };
  }
  const source = new JsonSourceFile(path, absPath);
  return { source, root: JsonView.root(source) };
}

/** Turns what reading a file threw into an input error with a position; rethrows bugs. */
function toInputError(error: unknown, path: string, source: SourceFile | undefined): InputError {
  if (error instanceof InputError) return error;
  if (error instanceof InputErrors) return error.errors[0]!;
  if ((error instanceof JsonSyntaxError || error instanceof SyntaxError) && source instanceof JsonSourceFile) {
    const buf = source.buffer();
    try {
      diagnoseJson(buf, bomLength(buf));
    } catch (found) {
      if (found instanceof JsonSyntaxError) return new InputError(path, `Invalid JSON: ${found.message}`, source.position(found.offset));
    }
    const offset = error instanceof JsonSyntaxError ? error.offset : 0;
    return new InputError(path, `Invalid JSON: ${error.message}`, source.position(offset));
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string') return new InputError(path, `Cannot read file (${code}): ${(error as Error).message}`);
  throw error;
}
