import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { AssetNode, EntryNode } from '../model/nodes.js';
import { SpaceModel } from '../model/space-model.js';
import { indexFile, type FileIndex } from './index-file.js';
import { InputError, InputErrors, fileSystemError } from './input-error.js';
import { diagnoseJson } from './json-diagnose.js';
import { JsonSyntaxError, bomLength } from './json-scan.js';
import { toAsset, toContentType, toEditorInterface, toEntry, toLocale, type RecordKind } from './records.js';
import { checkText } from './text-check.js';
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

/** Reads the model part of every file (pass 1). The input errors of all files are reported together. */
export async function loadSpace(inputs: readonly InputFile[], cwd: string): Promise<Space> {
  const model = new SpaceModel();
  const indexed: IndexedFile[] = [];
  const errors: InputError[] = [];
  const duplicates = new DuplicateCheck();

  for (const input of inputs) {
    const path = displayPath(input.absPath, cwd);
    let source: SourceFile | undefined;
    try {
      const opened = await openFile(input.absPath, path);
      source = opened.source;
      const index = indexFile(opened.root);
      if (!index.recognised) {
        if (input.explicit) {
          errors.push(new InputError(path, 'Not a space export: no content types, entries, assets or locales, and no resource with sys.type'));
        }
        continue;
      }
      for (const { kind, view } of records(index, MODEL_KINDS)) {
        const json = view.value();
        if (kind === 'contentType') {
          const node = toContentType(json, view.ref);
          if (duplicates.check('content type', node.id, view.ref, errors)) model.contentTypes.set(node.id, node);
        } else if (kind === 'editorInterface') {
          const node = toEditorInterface(json, view.ref);
          if (duplicates.check('editor interface of content type', node.contentTypeId, view.ref, errors)) {
            model.editorInterfaces.set(node.contentTypeId, node);
          }
        } else {
          const node = toLocale(json, view.ref);
          if (duplicates.check('locale', node.code, view.ref, errors)) model.locales.set(node.code, node);
        }
      }
      indexed.push({ source: opened.source, index });
    } catch (error) {
      errors.push(toInputError(error, path, source));
    } finally {
      source?.release();
    }
  }
  if (errors.length > 0) throw new InputErrors(errors);
  return new StreamedSpace(model, indexed);
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

const MODEL_KINDS: ReadonlySet<RecordKind> = new Set(['contentType', 'editorInterface', 'locale']);

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
  readonly files: readonly SourceFile[];

  constructor(
    readonly model: SpaceModel,
    private readonly indexed: readonly IndexedFile[],
  ) {
    this.files = indexed.map((f) => f.source);
  }

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
    // A file with an input error is read no further; the other files are, to find their input errors too.
    const errors: InputError[] = [];
    for (const { source, index } of this.indexed) {
      const before = errors.length;
      try {
        for (const { view } of records(index, kinds)) {
          const node = convert(view.value(), view.ref);
          if (duplicates.check(what, node.id, view.ref, errors)) yield node;
          if (errors.length > before) break;
        }
      } catch (error) {
        errors.push(toInputError(error, source.path, source));
      } finally {
        source.release();
      }
    }
    if (errors.length > 0) throw new InputErrors(errors);
  }
}

async function openFile(absPath: string, path: string): Promise<{ source: SourceFile; root: ValueView }> {
  checkText(absPath, path);
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
  if (typeof code === 'string' && /^(E[A-Z]+|ERR_[A-Z_]+)$/.test(code)) return fileSystemError(path, error);
  throw error;
}
