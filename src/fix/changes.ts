import { decodePointer } from '../inputs/space/json-scan.js';
import { JsonSourceFile, YamlSourceFile } from '../inputs/space/source.js';
import type { SourceFile, SourceRef } from '../model/source-ref.js';
import type { ContentTypeNode, EntryRef, FieldNode, LocaleNode } from '../model/nodes.js';

/**
 * The vocabulary of fixes. A rule reports a fix (applied by `--fix`) or suggestions (applied when
 * asked) as changes: operations on the model, which both appliers render (edits in place of the
 * files the records came from: src/fix/plan-edits.ts; a script for the service's migration tool:
 * src/fix/migration-script.ts), or text edits of code and documents. Everything here is plain
 * data: it crosses worker threads, goes into the code results cache and into the JSON output.
 */

/** Where a record is on disk, for edits in place; null when it is no record of an export file (a content type that migration scripts changed). */
export interface RecordAt {
  /** Absolute path of the file. */
  file: string;
  /** The file as shown to users (relative to the working directory). */
  shown: string;
  format: 'json' | 'yaml';
  /** The record's JSON pointer in the file. */
  pointer: string;
  /** The record's byte offset in a JSON file. */
  offset: number;
}

/** Field properties that a fix sets (each one a method of the migration tool's `editField`). */
export type FieldProperty = 'required' | 'disabled' | 'localized' | 'defaultValue';

export type ModelOperation =
  | { kind: 'setFieldProperty'; contentType: string; field: string; fieldIndex: number; at: RecordAt | null; property: FieldProperty; value: unknown }
  | {
      kind: 'replaceValidation';
      contentType: string;
      field: string;
      fieldIndex: number;
      at: RecordAt | null;
      /** The field's `items` (its validations included) when the validation is one of the items', else null. */
      items: Record<string, unknown> | null;
      /** The list of validations the validation is in, as the rule read it. */
      validations: unknown[];
      index: number;
      validation: Record<string, unknown>;
    }
  | { kind: 'setDisplayField'; contentType: string; field: string; at: RecordAt | null }
  | { kind: 'renameField'; contentType: string; field: string; fieldIndex: number; at: RecordAt | null; newId: string }
  | {
      kind: 'removeEntryValue';
      contentType: string;
      entry: string;
      field: string;
      locale: string;
      /** Whether the space configures the locale: the migration tool transforms only values of the space's locales. */
      configured: boolean;
      at: RecordAt | null;
    }
  | {
      kind: 'addLocale';
      code: string;
      locale: Record<string, unknown>;
      /** The record that holds the space's `locales` list (an export's top level), or null when the locales are files of their own. */
      at: RecordAt | null;
    };

/** A text edit of a code file: `[start, end)` (UTF-16 offsets in its text, as code findings' offsets are) replaced with `text`, if it still reads `expect`. */
export interface TextEdit {
  kind: 'text';
  file: string;
  shown: string;
  start: number;
  end: number;
  expect: string;
  text: string;
}

export type FixChange = ModelOperation | TextEdit;

/** A fix: what `--fix` applies. `desc` is the short description the JSON output gives. */
export interface Fix {
  desc: string;
  changes: FixChange[];
}

/** A suggestion: offered, applied only when asked (`--apply-suggestion RULE:ID`). */
export interface Suggestion extends Fix {
  /** Stable among the rule's suggestions: what `--apply-suggestion` names. */
  id: string;
}

/** The fix and the suggestions of one finding. */
export interface FindingFixes {
  fix: Fix | null;
  suggestions: Suggestion[];
}

/** What a change touches, for `--fix-type`: the content model, entry values, or code and documents. */
export type FixType = 'model' | 'entries' | 'code';

export const FIX_TYPES: readonly FixType[] = ['model', 'entries', 'code'];

export function fixTypeOf(change: FixChange): FixType {
  if (change.kind === 'text') return 'code';
  return change.kind === 'removeEntryValue' ? 'entries' : 'model';
}

/** Where a record is, when it is a record of an export file (JSON or YAML) that can be edited in place. */
function recordAt(source: SourceRef): RecordAt | null {
  const { file } = source;
  // Records of content types that migration scripts changed, and of entries they changed, are in no file of their own.
  const format = file instanceof JsonSourceFile ? 'json' : file instanceof YamlSourceFile ? 'yaml' : null;
  if (format === null) return null;
  return { file: file.absPath, shown: file.path, format, pointer: source.pointer, offset: source.offset };
}

export function setFieldProperty(field: FieldNode, property: FieldProperty, value: unknown): ModelOperation {
  return { kind: 'setFieldProperty', contentType: field.contentType.id, field: field.id, fieldIndex: field.index, at: recordAt(field.contentType.source), property, value };
}

/** Validation `index` of the field (`items`: of its items) replaced by `validation`. */
export function replaceValidation(field: FieldNode, items: boolean, index: number, validation: Record<string, unknown>): ModelOperation {
  const itemsJson = items ? (field.json.items as unknown as Record<string, unknown>) : null;
  const validations = ((items ? itemsJson!.validations : field.json.validations) ?? []) as unknown[];
  return {
    kind: 'replaceValidation',
    contentType: field.contentType.id,
    field: field.id,
    fieldIndex: field.index,
    at: recordAt(field.contentType.source),
    items: itemsJson,
    validations,
    index,
    validation,
  };
}

export function setDisplayField(contentType: ContentTypeNode, field: string): ModelOperation {
  return { kind: 'setDisplayField', contentType: contentType.id, field, at: recordAt(contentType.source) };
}

export function renameField(field: FieldNode, newId: string): ModelOperation {
  return { kind: 'renameField', contentType: field.contentType.id, field: field.id, fieldIndex: field.index, at: recordAt(field.contentType.source), newId };
}

export function removeEntryValue(entry: EntryRef, field: string, locale: string, configured = true): ModelOperation {
  return { kind: 'removeEntryValue', contentType: entry.contentTypeId, entry: entry.id, field, locale, configured, at: recordAt(entry.source) };
}

/** A locale added beside `sibling` (a locale of the space): to the `locales` list of the export that holds it. */
export function addLocale(sibling: LocaleNode | undefined, locale: Record<string, unknown> & { code: string }): ModelOperation {
  const at = sibling ? recordAt(sibling.source) : null;
  // Only a locale that is an element of an export's top-level `locales` list has a list to add to.
  const path = at ? decodePointer(at.pointer) : [];
  const inList = at !== null && path.length === 2 && path[0] === 'locales';
  return { kind: 'addLocale', code: locale.code, locale, at: inList ? { ...at, pointer: '', offset: 0 } : null };
}

/** `[start, end)` of a code file's text replaced by `text`; `expect` is what the range must read for the edit to apply. */
export function textEdit(file: Pick<SourceFile, 'absPath' | 'path'>, start: number, end: number, expect: string, text: string): TextEdit {
  return { kind: 'text', file: file.absPath, shown: file.path, start, end, expect, text };
}
