import { createRequire } from 'node:module';

/**
 * How the service names GraphQL types and fields (domain.md §3.1, §3.2):
 * type name = upperFirst(camelCase(content type id)), prefixed with `ContentType` when it starts
 * with a digit or is a reserved type name; field name = camelCase(field id). camelCase is
 * lodash's, whose word splitting (acronyms, digits, Latin letters with accents folded to ASCII,
 * other Unicode letters kept) the service uses; a hand-written splitter would drift from it.
 */

type StringFn = (value: string) => string;
let lodash: { camelCase: StringFn; upperFirst: StringFn } | undefined;

/** lodash is loaded on first use of an id that is not camel case already (about 5 ms). */
function loadLodash(): { camelCase: StringFn; upperFirst: StringFn } {
  if (!lodash) {
    const require = createRequire(import.meta.url);
    lodash = { camelCase: require('lodash/camelCase.js') as StringFn, upperFirst: require('lodash/upperFirst.js') as StringFn };
  }
  return lodash;
}

/**
 * Ids that lodash's camelCase returns unchanged: a lower-case ASCII word, then words of one
 * capital and lower-case letters (`title`, `pageBlogPost`). Most real ids have this shape, so a
 * run over them does not load lodash.
 */
const ALREADY_CAMEL_CASE = /^[a-z]+(?:[A-Z][a-z]+)*$/;

/** lodash's results by id: the four GraphQL rules and the schema command name the same ids. */
const camelCaseCache = new Map<string, string>();

/** lodash's camelCase. */
export function camelCase(id: string): string {
  if (ALREADY_CAMEL_CASE.test(id)) return id;
  let result = camelCaseCache.get(id);
  if (result === undefined) {
    result = loadLodash().camelCase(id);
    camelCaseCache.set(id, result);
  }
  return result;
}

/** lodash's upperFirst(camelCase(id)): the type name before any prefix. */
export function pascalCase(id: string): string {
  const camel = camelCase(id);
  return /^[a-z]/.test(camel) ? upperFirstAscii(camel) : loadLodash().upperFirst(camel);
}

/** Upper-cases the first character of a name made of ASCII letters and digits (a GraphQL name). */
export function upperFirstAscii(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Lower-cases the first character of a GraphQL name (query field names: `friendlyUser`). */
export function lowerFirstAscii(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The prefix the service puts before type names that start with a digit or are reserved. */
export const TYPE_NAME_PREFIX = 'ContentType';

/** The reserved type names, verbatim from the service's "Schema generation" documentation. */
export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Query',
  'String',
  'Int',
  'Float',
  'Boolean',
  'Location',
  'Circle',
  'Rectangle',
  'DateTime',
  'RichText',
  'Asset',
  'AssetCollection',
  'AssetLinkingCollections',
  'AssetFilter',
  'AssetOrder',
  'Entry',
  'EntryCollection',
  'EntryOrder',
  'Sys',
  'SysFilter',
  'ContentfulMetadata',
  'ContentfulTag',
  'ContentfulMetadataFilter',
  'ContentfulMetadataTagsFilter',
  'Dimension',
  'HexColor',
  'Quality',
  'ImageResizeFocus',
  'ImageResizeStrategy',
  'ImageFormat',
  'ImageTransformOptions',
  'ResourceSys',
  'ResourceLink',
  'ResourceLinkCollection',
  'Never',
]);

/**
 * Built-in type names seen in real generated schemas that the reserved list does not name
 * (domain.md §3.3). Whether the service prefixes a content type named like one of them is not
 * documented. (`_Node` cannot be produced by camelCase, which drops underscores; it is listed
 * for completeness.)
 */
export const UNLISTED_BUILTIN_TYPE_NAMES: ReadonlySet<string> = new Set([
  'ID',
  'JSON',
  '_Node',
  'CursorPages',
  'AssetCursorCollection',
  'EntryCursorCollection',
  'EntryFilter',
  'TaxonomyConcept',
  'ContentfulMetadataConceptsFilter',
  'ContentfulMetadataConceptsDescendantsFilter',
]);

/** Field names every content type's type has; a field id that maps to one fails schema generation. */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(['sys', 'contentfulMetadata', 'linkedFrom']);

/** A name GraphQL accepts. camelCase keeps non-ASCII letters and can return '' (id `---`). */
export function isGraphQLName(name: string): boolean {
  return /^[_A-Za-z][_0-9A-Za-z]*$/.test(name);
}

export interface TypeNaming {
  /** The type name in the schema. */
  name: string;
  /** upperFirst(camelCase(id)), before the prefix. */
  base: string;
  /** Why the `ContentType` prefix was added, if it was. */
  prefixed: 'digit' | 'reserved' | null;
}

/** The GraphQL type name of a content type id. */
export function typeNameOf(contentTypeId: string): TypeNaming {
  const base = pascalCase(contentTypeId);
  const prefixed = /^[0-9]/.test(base) ? 'digit' : RESERVED_TYPE_NAMES.has(base) ? 'reserved' : null;
  return { name: prefixed ? TYPE_NAME_PREFIX + base : base, base, prefixed };
}

/** The GraphQL field name of a field id (before the `Collection` suffix of lists of links). */
export function fieldNameOf(fieldId: string): string {
  return camelCase(fieldId);
}
