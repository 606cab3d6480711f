import type { AssetJson, ContentTypeJson, EditorInterfaceJson, EntryJson, FieldJson, LocaleJson } from '../../model/json-types.js';
import type { AssetNode, ConceptNode, ConceptSchemeNode, ContentTypeNode, EditorInterfaceNode, EntryNode, FieldNode, LocaleNode } from '../../model/nodes.js';
import { linkTarget } from '../../model/links.js';
import { isObject } from '../../util/json-value.js';
import { encodePointer } from './json-scan.js';
import { InputError } from './input-error.js';
import type { SourceRef } from '../../model/source-ref.js';

/** The kinds of record cmlint reads, by `sys.type` and by export section name. */
export type RecordKind = 'contentType' | 'editorInterface' | 'locale' | 'entry' | 'asset' | 'concept' | 'conceptScheme';

export const KIND_BY_SYS_TYPE: Readonly<Record<string, RecordKind>> = {
  ContentType: 'contentType',
  EditorInterface: 'editorInterface',
  Locale: 'locale',
  Entry: 'entry',
  Asset: 'asset',
  TaxonomyConcept: 'concept',
  TaxonomyConceptScheme: 'conceptScheme',
};

/** The organisation taxonomy export, `{ "taxonomy": { "concepts": [], "conceptSchemes": [] } }`: its sections. */
export const TAXONOMY_KEY = 'taxonomy';
export const KIND_BY_TAXONOMY_SECTION: Readonly<Record<string, RecordKind>> = {
  concepts: 'concept',
  conceptSchemes: 'conceptScheme',
};
export const TAXONOMY_KINDS: ReadonlySet<RecordKind> = new Set(['concept', 'conceptScheme']);

export const KIND_BY_SECTION: Readonly<Record<string, RecordKind>> = {
  contentTypes: 'contentType',
  editorInterfaces: 'editorInterface',
  locales: 'locale',
  entries: 'entry',
  assets: 'asset',
};

/** Export sections that cmlint knows but has no rule for; a file holding only these is still an export. */
export const OTHER_SECTIONS: ReadonlySet<string> = new Set([
  'tags',
  'roles',
  'webhooks',
  'designTokens',
  'components',
  'experienceTemplates',
  'dataAssemblies',
  'experienceFragments',
  'experiences',
]);

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function shapeError(ref: SourceRef, path: (string | number)[], message: string): InputError {
  const segments = path.map(String);
  return new InputError(ref.file.path, message, ref.file.locate(ref, segments), ref.pointer + encodePointer(segments));
}

/** Adds the ids of the links in `value` (an array of links) to `ids`; anything else in it is skipped. */
function linkedIds(value: unknown, ids = new Set<string>()): Set<string> {
  if (!Array.isArray(value)) return ids;
  for (const link of value) {
    const id = linkTarget(link);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

export function toContentType(json: unknown, ref: SourceRef): ContentTypeNode {
  if (!isObject(json)) throw shapeError(ref, [], 'A content type must be an object');
  const id = isObject(json.sys) ? json.sys.id : undefined;
  if (!isNonEmptyString(id)) throw shapeError(ref, ['sys'], 'A content type needs a string sys.id');
  if (!Array.isArray(json.fields)) throw shapeError(ref, [], `Content type '${id}' has no "fields" array`);
  const fields: FieldNode[] = [];
  const node: ContentTypeNode = { kind: 'contentType', id, json: json as unknown as ContentTypeJson, fields, source: ref };
  json.fields.forEach((field: unknown, index: number) => {
    if (!isObject(field)) throw shapeError(ref, ['fields', index], `Field ${index} of content type '${id}' must be an object`);
    if (!isNonEmptyString(field.id)) throw shapeError(ref, ['fields', index], `Field ${index} of content type '${id}' needs a string "id"`);
    if (!isNonEmptyString(field.type)) {
      throw shapeError(ref, ['fields', index], `Field '${field.id}' of content type '${id}' needs a string "type"`);
    }
    fields.push({ kind: 'field', id: field.id, json: field as unknown as FieldJson, index, contentType: node });
  });
  return node;
}

export function toEditorInterface(json: unknown, ref: SourceRef): EditorInterfaceNode {
  const contentTypeId = isObject(json) && isObject(json.sys) ? linkTarget(json.sys.contentType) : undefined;
  if (contentTypeId === undefined) {
    throw shapeError(ref, ['sys'], 'An editor interface needs sys.contentType.sys.id naming its content type');
  }
  return { kind: 'editorInterface', contentTypeId, json: json as unknown as EditorInterfaceJson, source: ref };
}

export function toLocale(json: unknown, ref: SourceRef): LocaleNode {
  const code = isObject(json) ? json.code : undefined;
  if (!isNonEmptyString(code)) throw shapeError(ref, [], 'A locale needs a string "code"');
  return { kind: 'locale', code, json: json as unknown as LocaleJson, source: ref };
}

export function toEntry(json: unknown, ref: SourceRef): EntryNode {
  const sys = isObject(json) ? json.sys : undefined;
  const id = isObject(sys) ? sys.id : undefined;
  if (!isObject(sys) || !isNonEmptyString(id)) throw shapeError(ref, ['sys'], 'An entry needs a string sys.id');
  const contentTypeId = linkTarget(sys.contentType);
  if (contentTypeId === undefined) {
    throw shapeError(ref, ['sys'], `Entry '${id}' needs sys.contentType.sys.id naming its content type`);
  }
  return { kind: 'entry', id, contentTypeId, json: json as unknown as EntryJson, source: ref };
}

export function toAsset(json: unknown, ref: SourceRef): AssetNode {
  const sys = isObject(json) ? json.sys : undefined;
  const id = isObject(sys) ? sys.id : undefined;
  if (!isNonEmptyString(id)) throw shapeError(ref, ['sys'], 'An asset needs a string sys.id');
  return { kind: 'asset', id, json: json as unknown as AssetJson, source: ref };
}

export function toConcept(json: unknown, ref: SourceRef): ConceptNode {
  const id = isObject(json) && isObject(json.sys) ? json.sys.id : undefined;
  if (!isObject(json) || !isNonEmptyString(id)) throw shapeError(ref, ['sys'], 'A taxonomy concept needs a string sys.id');
  return { kind: 'concept', id, broader: [...linkedIds(json.broader)], conceptSchemes: [...linkedIds(json.conceptSchemes)], source: ref };
}

export function toConceptScheme(json: unknown, ref: SourceRef): ConceptSchemeNode {
  const id = isObject(json) && isObject(json.sys) ? json.sys.id : undefined;
  if (!isObject(json) || !isNonEmptyString(id)) throw shapeError(ref, ['sys'], 'A taxonomy concept scheme needs a string sys.id');
  return { kind: 'conceptScheme', id, concepts: [...linkedIds(json.topConcepts, linkedIds(json.concepts))], source: ref };
}
