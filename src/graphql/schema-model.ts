import { isObject } from '../util/json-value.js';
import type { ContentTypeNode, FieldNode } from '../model/nodes.js';
import {
  RESERVED_TYPE_NAMES,
  UNLISTED_BUILTIN_TYPE_NAMES,
  fieldNameOf,
  isGraphQLName,
  typeNameOf,
  upperFirstAscii,
  type TypeNaming,
} from './naming.js';

/**
 * The GraphQL schema the service would generate for a content model: a type per content type,
 * its fields with their GraphQL types, and every type name the schema would hold with who
 * generates it (typeNameOrigins, domain.md §3.4). Omitted fields are kept (the field rules look
 * at them) but are not part of the predicted schema; deleted fields are left out.
 */

export type ScalarType = 'String' | 'Int' | 'Float' | 'Boolean' | 'DateTime' | 'JSON' | 'Location' | '[String]';

/** What a field is, as far as its GraphQL type goes. `allowed`: the content type ids its validations allow. */
export type FieldShape =
  | { kind: 'scalar'; type: ScalarType }
  | { kind: 'richText' }
  | { kind: 'asset' }
  | { kind: 'assets' }
  | { kind: 'entry'; allowed: readonly string[] }
  | { kind: 'entries'; allowed: readonly string[] }
  | { kind: 'resource' }
  | { kind: 'resources' }
  | { kind: 'unknown' };

export interface SchemaField {
  readonly node: FieldNode;
  /** camelCase of the field id. */
  readonly name: string;
  /** The name in the schema: `name`, with `Collection` after it for lists of links. */
  readonly exposedName: string;
  /** upperFirst of `name`: the field's part in derived type names (`F` in `TF`). */
  readonly typePart: string;
  readonly usable: boolean;
  readonly omitted: boolean;
  readonly shape: FieldShape;
  /** For entry links: the allowed content types that exist in the space, in the order listed. */
  readonly targets: SchemaContentType[];
}

export interface SchemaContentType {
  readonly node: ContentTypeNode;
  readonly naming: TypeNaming;
  /** The type name is a valid GraphQL name. */
  readonly usable: boolean;
  /** Fields that are not deleted, in content type order. */
  readonly fields: readonly SchemaField[];
  /** Content types with a link field that may point here (their collections in `linkedFrom`). */
  readonly linkedFrom: SchemaContentType[];
}

/** Who generates a type name. */
export type NamePattern =
  | 'type'
  | 'collection'
  | 'filter'
  | 'order'
  | 'linkingCollections'
  | 'cursorCollection'
  | 'linkingCollectionOrder'
  | 'linkingCursorCollectionOrder'
  | 'richText'
  | 'richTextLinks'
  | 'richTextAssets'
  | 'richTextEntries'
  | 'richTextResources'
  | 'richTextResourcesBlock'
  | 'richTextResourcesHyperlink'
  | 'richTextResourcesInline'
  | 'linkUnion'
  | 'fieldCollection'
  | 'fieldCollectionItem'
  | 'fieldCollectionOrder'
  | 'nestedFilter'
  | 'resourceLink'
  | 'resourceLinkCollection'
  | 'builtin';

export interface NameOrigin {
  readonly name: string;
  readonly pattern: NamePattern;
  /** The content type that generates the name (for a field's names, the field's type); null for built-ins. */
  readonly contentType: SchemaContentType | null;
  readonly field: SchemaField | null;
  /** For linkedFrom order enums: the content type whose linkedFrom holds the collection. */
  readonly linkTarget: SchemaContentType | null;
}

export interface SchemaModel {
  readonly contentTypes: readonly SchemaContentType[];
  /** Content types with an asset link field (their collections in `Asset.linkedFrom`). */
  readonly assetLinkedFrom: readonly SchemaContentType[];
}

export interface TypeNameOptions {
  /**
   * Per-field types of resource-link fields (`TF`, `TFCollection`), generated since the change
   * after 2024-03-14; before it such fields used the shared ResourceLink types.
   */
  resourceLinkTypes: boolean;
}

const CONTENT_TYPE_SUFFIXES: readonly [NamePattern, string][] = [
  ['collection', 'Collection'],
  ['filter', 'Filter'],
  ['order', 'Order'],
  ['linkingCollections', 'LinkingCollections'],
  ['cursorCollection', 'CursorCollection'],
];

const RICH_TEXT_SUFFIXES: readonly [NamePattern, string][] = [
  ['richText', ''],
  ['richTextLinks', 'Links'],
  ['richTextAssets', 'Assets'],
  ['richTextEntries', 'Entries'],
  ['richTextResources', 'Resources'],
  ['richTextResourcesBlock', 'ResourcesBlock'],
  ['richTextResourcesHyperlink', 'ResourcesHyperlink'],
  ['richTextResourcesInline', 'ResourcesInline'],
];

const SCALARS: ReadonlyMap<unknown, ScalarType> = new Map([
  ['Symbol', 'String'],
  ['Text', 'String'],
  ['Integer', 'Int'],
  ['Number', 'Float'],
  ['Boolean', 'Boolean'],
  ['Date', 'DateTime'],
  ['Object', 'JSON'],
  ['Location', 'Location'],
]);

/** The content type ids that `linkContentType` validations allow, without repeats. */
function allowedContentTypes(validations: unknown): string[] {
  const allowed: string[] = [];
  if (!Array.isArray(validations)) return allowed;
  for (const validation of validations) {
    const ids: unknown = isObject(validation) ? validation.linkContentType : undefined;
    if (!Array.isArray(ids)) continue;
    for (const id of ids) if (typeof id === 'string' && !allowed.includes(id)) allowed.push(id);
  }
  return allowed;
}

export function fieldShape(json: Record<string, unknown>): FieldShape {
  const { type } = json;
  const scalar = SCALARS.get(type);
  if (scalar) return { kind: 'scalar', type: scalar };
  if (type === 'RichText') return { kind: 'richText' };
  if (type === 'ResourceLink') return { kind: 'resource' };
  if (type === 'Link') {
    if (json.linkType === 'Asset') return { kind: 'asset' };
    if (json.linkType === 'Entry') return { kind: 'entry', allowed: allowedContentTypes(json.validations) };
  }
  if (type === 'Array' && isObject(json.items)) {
    const { items } = json;
    if (items.type === 'Symbol') return { kind: 'scalar', type: '[String]' };
    if (items.type === 'ResourceLink') return { kind: 'resources' };
    if (items.type === 'Link' && items.linkType === 'Asset') return { kind: 'assets' };
    if (items.type === 'Link' && items.linkType === 'Entry') return { kind: 'entries', allowed: allowedContentTypes(items.validations) };
  }
  return { kind: 'unknown' };
}

const LIST_KINDS: ReadonlySet<FieldShape['kind']> = new Set(['assets', 'entries', 'resources']);

/** The last model built, by its content types: the four GraphQL rules of a run share it. */
let lastBuilt: { nodes: readonly ContentTypeNode[]; model: SchemaModel } | undefined;

/** Builds the model of the schema the service would generate for these content types. */
export function buildSchemaModel(contentTypes: readonly ContentTypeNode[]): SchemaModel {
  if (lastBuilt?.nodes.length === contentTypes.length && lastBuilt.nodes.every((node, i) => node === contentTypes[i])) return lastBuilt.model;
  const model = build(contentTypes);
  lastBuilt = { nodes: [...contentTypes], model };
  return model;
}

function build(contentTypes: readonly ContentTypeNode[]): SchemaModel {
  const types: SchemaContentType[] = [];
  const byId = new Map<string, SchemaContentType>();
  for (const node of contentTypes) {
    const naming = typeNameOf(node.id);
    const fields: SchemaField[] = [];
    for (const field of node.fields) {
      const json = field.json as unknown as Record<string, unknown>;
      if (json.deleted === true) continue;
      const name = fieldNameOf(field.id);
      const shape = fieldShape(json);
      fields.push({
        node: field,
        name,
        exposedName: LIST_KINDS.has(shape.kind) ? `${name}Collection` : name,
        typePart: upperFirstAscii(name),
        usable: isGraphQLName(name),
        omitted: json.omitted === true,
        shape,
        targets: [],
      });
    }
    const type: SchemaContentType = { node, naming, usable: isGraphQLName(naming.name), fields, linkedFrom: [] };
    types.push(type);
    byId.set(node.id, type);
  }

  const assetLinkedFrom = new Set<SchemaContentType>();
  for (const type of types) {
    if (!type.usable) continue;
    for (const field of type.fields) {
      if (!field.usable || field.omitted) continue;
      const { shape } = field;
      if (shape.kind === 'asset' || shape.kind === 'assets') assetLinkedFrom.add(type);
      if (shape.kind !== 'entry' && shape.kind !== 'entries') continue;
      for (const id of shape.allowed) {
        const target = byId.get(id);
        if (!target?.usable) continue;
        field.targets.push(target);
        if (!target.linkedFrom.includes(type)) target.linkedFrom.push(type);
      }
    }
  }
  return { contentTypes: types, assetLinkedFrom: [...assetLinkedFrom] };
}

/**
 * Every type name of the schema, built-ins included, with who generates it (domain.md §3.4).
 * Omitted fields generate nothing.
 */
export function typeNameOrigins(model: SchemaModel, options: TypeNameOptions): Map<string, NameOrigin[]> {
  const names = new Map<string, NameOrigin[]>();
  const add = (name: string, pattern: NamePattern, contentType: SchemaContentType | null, field: SchemaField | null = null, linkTarget: SchemaContentType | null = null): void => {
    const origin: NameOrigin = { name, pattern, contentType, field, linkTarget };
    const list = names.get(name);
    if (list) list.push(origin);
    else names.set(name, [origin]);
  };
  for (const name of [...RESERVED_TYPE_NAMES, ...UNLISTED_BUILTIN_TYPE_NAMES]) add(name, 'builtin', null);
  // Content types that a link to exactly one content type points to: other filters filter them with their nested filter.
  const nestedFilterTargets = new Set<SchemaContentType>();

  for (const type of model.contentTypes) {
    if (!type.usable) continue;
    const t = type.naming.name;
    add(t, 'type', type);
    for (const [pattern, suffix] of CONTENT_TYPE_SUFFIXES) add(t + suffix, pattern, type);
    for (const field of type.fields) {
      if (!field.usable || field.omitted) continue;
      const tf = t + field.typePart;
      const { shape } = field;
      if (shape.kind === 'richText') {
        for (const [pattern, suffix] of RICH_TEXT_SUFFIXES) add(tf + suffix, pattern, type, field);
      } else if (shape.kind === 'resource') {
        if (options.resourceLinkTypes) add(tf, 'resourceLink', type, field);
      } else if (shape.kind === 'resources') {
        if (options.resourceLinkTypes) add(`${tf}Collection`, 'resourceLinkCollection', type, field);
      } else if (shape.kind === 'entry' || shape.kind === 'entries') {
        // A union when the validation lists two or more content types, even if only one exists.
        const union = isLinkUnion(field);
        if (shape.kind === 'entry') {
          if (union) add(tf, 'linkUnion', type, field);
        } else {
          add(`${tf}Collection`, 'fieldCollection', type, field);
          if (union) add(`${tf}Item`, 'fieldCollectionItem', type, field);
          else if (field.targets.length === 1) add(`${tf}CollectionOrder`, 'fieldCollectionOrder', type, field);
        }
        if (!union && field.targets.length === 1) nestedFilterTargets.add(field.targets[0]!);
        for (const target of field.targets) {
          // Once per linking content type, from its first field that links here.
          if (type.fields.find((f) => f.targets.includes(target)) !== field) continue;
          const prefix = `${target.naming.name}LinkingCollections${t}`;
          add(`${prefix}CollectionOrder`, 'linkingCollectionOrder', type, field, target);
          add(`${prefix}CursorCollectionOrder`, 'linkingCursorCollectionOrder', type, field, target);
        }
      }
    }
  }
  for (const target of nestedFilterTargets) add(`cf${target.naming.name}NestedFilter`, 'nestedFilter', target);
  return names;
}

/** Whether an entry link field's value (or a list's items) is a union of its own: its validation lists two or more content types, and one exists. */
export function isLinkUnion(field: SchemaField): boolean {
  const { shape, targets } = field;
  return (shape.kind === 'entry' || shape.kind === 'entries') && shape.allowed.length >= 2 && targets.length > 0;
}

/** The GraphQL type of an entry link field's value (or of a list's items): a content type's type, a union, or Entry. */
export function entryLinkType(type: SchemaContentType, field: SchemaField, unionSuffix: '' | 'Item'): string {
  if (field.targets.length === 0) return 'Entry';
  if (isLinkUnion(field)) return type.naming.name + field.typePart + unionSuffix;
  return field.targets[0]!.naming.name;
}

const PATTERN_LABELS: Readonly<Record<Exclude<NamePattern, 'type' | 'builtin' | 'linkingCollectionOrder' | 'linkingCursorCollectionOrder'>, string>> = {
  collection: 'the collection type',
  filter: 'the filter input',
  order: 'the order enum',
  linkingCollections: 'the linkedFrom type',
  cursorCollection: 'the cursor collection type',
  richText: 'the rich text type',
  richTextLinks: 'the rich text links type',
  richTextAssets: 'the rich text assets type',
  richTextEntries: 'the rich text entries type',
  richTextResources: 'the rich text resources type',
  richTextResourcesBlock: 'the rich text resources block type',
  richTextResourcesHyperlink: 'the rich text resources hyperlink type',
  richTextResourcesInline: 'the rich text resources inline type',
  linkUnion: 'the union type',
  fieldCollection: 'the collection type',
  fieldCollectionItem: 'the item union',
  fieldCollectionOrder: 'the collection order enum',
  nestedFilter: 'the nested filter input (for links to it)',
  resourceLink: 'the resource link type',
  resourceLinkCollection: 'the resource link collection type',
};

/** Who generates a name, for messages: "the union type of field 'content' of content type 'blogPost'". */
export function describeOrigin(origin: NameOrigin): string {
  const { pattern, contentType, field, linkTarget } = origin;
  if (pattern === 'builtin' || !contentType) return 'a built-in type of the service';
  const ct = `content type '${contentType.node.id}'`;
  if (pattern === 'type') return `the type of ${ct}`;
  if (pattern === 'linkingCollectionOrder' || pattern === 'linkingCursorCollectionOrder') {
    const which = pattern === 'linkingCollectionOrder' ? 'order enum' : 'cursor order enum';
    return `the ${which} for ${ct} in the linkedFrom type of content type '${linkTarget!.node.id}'`;
  }
  const label = PATTERN_LABELS[pattern];
  return field ? `${label} of field '${field.node.id}' of ${ct}` : `${label} of ${ct}`;
}
