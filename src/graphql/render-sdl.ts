import { lowerFirstAscii } from './naming.js';
import { entryLinkType, type SchemaContentType, type SchemaField, type SchemaModel } from './schema-model.js';

/**
 * The predicted schema as SDL: types in name order, fields in name order (as the service's
 * schemas are usually printed), so that the output can be diffed. Expects a model without name
 * collisions (schemaProblems finds them) and throws on two types of one name. Filter inputs,
 * order enums and cursor collections are left out, and with them the `where` and `order`
 * arguments.
 */

const HEADER = `# The GraphQL schema the service would generate for this content model, as predicted by cmlint.
# Left out: filter inputs (<Type>Filter, cf<Type>NestedFilter), order enums (<Type>Order and others),
# cursor collections, the arguments that use them, and most of the built-in types' details.
`;

const PAGE_ARGS = '(limit: Int = 100, locale: String, preview: Boolean, skip: Int = 0)';

/** Built-in types, as in a real generated schema (abridged); `Location` is added when a field uses it. */
const BUILTINS: readonly [string, string][] = [
  [
    'Asset',
    `"""Represents a binary file in a space. An asset can be any file type."""
type Asset {
  contentType(locale: String): String
  contentfulMetadata: ContentfulMetadata!
  description(locale: String): String
  fileName(locale: String): String
  height(locale: String): Int
  linkedFrom(allowedLocales: [String]): AssetLinkingCollections
  size(locale: String): Int
  sys: Sys!
  title(locale: String): String
  url(locale: String): String
  width(locale: String): Int
}`,
  ],
  ['AssetCollection', collectionType('AssetCollection', 'Asset')],
  ['ContentfulMetadata', 'type ContentfulMetadata {\n  tags: [ContentfulTag]!\n}'],
  ['ContentfulTag', 'type ContentfulTag {\n  id: String\n  name: String\n}'],
  ['DateTime', 'scalar DateTime'],
  ['Entry', 'interface Entry {\n  contentfulMetadata: ContentfulMetadata!\n  sys: Sys!\n}'],
  ['EntryCollection', collectionType('EntryCollection', 'Entry')],
  ['JSON', 'scalar JSON'],
  ['ResourceLink', 'interface ResourceLink {\n  sys: ResourceSys!\n}'],
  ['ResourceSys', 'type ResourceSys {\n  linkType: String!\n  urn: String!\n}'],
  [
    'Sys',
    `type Sys {
  environmentId: String!
  firstPublishedAt: DateTime
  id: String!
  locale: String
  publishedAt: DateTime
  publishedVersion: Int
  spaceId: String!
}`,
  ],
  ['_Node', 'interface _Node {\n  _id: ID!\n}'],
];

function collectionType(name: string, items: string): string {
  return `type ${name} {\n  items: [${items}]!\n  limit: Int!\n  skip: Int!\n  total: Int!\n}`;
}

function objectType(header: string, fields: string[]): string {
  return `${header} {\n${[...fields].sort(compareFieldLines).map((f) => `  ${f}`).join('\n')}\n}`;
}

/** Field lines sorted by field name (the text before `(` or `:`). */
function compareFieldLines(a: string, b: string): number {
  const name = (line: string) => /^\w+/.exec(line)![0];
  return compareNames(name(a), name(b));
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A description as a block string; `"""` inside it is escaped. */
function description(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  return `"""\n${text.trim().replaceAll('"""', '\\"""')}\n"""\n`;
}

function linkingCollections(name: string, linkedFrom: readonly SchemaContentType[]): string {
  const fields = [`entryCollection${PAGE_ARGS}: EntryCollection`];
  for (const source of linkedFrom) fields.push(`${lowerFirstAscii(source.naming.name)}Collection${PAGE_ARGS}: ${source.naming.name}Collection`);
  return objectType(`type ${name}`, fields);
}

/** The field's line in its type, and the types the field generates. */
function renderField(type: SchemaContentType, field: SchemaField, define: Define): string | null {
  const { shape, name, exposedName } = field;
  const tf = type.naming.name + field.typePart;
  switch (shape.kind) {
    case 'scalar':
      if (shape.type === 'Location') define('Location', 'type Location {\n  lat: Float\n  lon: Float\n}');
      return `${name}(locale: String): ${shape.type}`;
    case 'asset':
      return `${name}(locale: String, preview: Boolean): Asset`;
    case 'assets':
      return `${exposedName}${PAGE_ARGS}: AssetCollection`;
    case 'richText': {
      const [links, assets, entries, resources] = [`${tf}Links`, `${tf}Assets`, `${tf}Entries`, `${tf}Resources`];
      const blocks = ['Block', 'Hyperlink', 'Inline'].map((kind) => `${resources}${kind}`);
      define(tf, `type ${tf} {\n  json: JSON!\n  links: ${links}!\n}`);
      define(links, `type ${links} {\n  assets: ${assets}!\n  entries: ${entries}!\n  resources: ${resources}!\n}`);
      define(assets, `type ${assets} {\n  block: [Asset]!\n  hyperlink: [Asset]!\n}`);
      define(entries, `type ${entries} {\n  block: [Entry]!\n  hyperlink: [Entry]!\n  inline: [Entry]!\n}`);
      define(resources, `type ${resources} {\n  block: [${blocks[0]}!]!\n  hyperlink: [${blocks[1]}!]!\n  inline: [${blocks[2]}!]!\n}`);
      for (const block of blocks) define(block, `type ${block} implements ResourceLink {\n  sys: ResourceSys!\n}`);
      return `${name}(locale: String): ${tf}`;
    }
    case 'entry': {
      const linked = entryLinkType(type, field, '');
      if (linked === tf) define(tf, unionType(tf, field));
      return `${name}(locale: String, preview: Boolean): ${linked}`;
    }
    case 'entries': {
      const items = entryLinkType(type, field, 'Item');
      if (items === `${tf}Item`) define(items, unionType(items, field));
      define(`${tf}Collection`, collectionType(`${tf}Collection`, items));
      return `${exposedName}${PAGE_ARGS}: ${tf}Collection`;
    }
    case 'resource':
      define(tf, `type ${tf} implements ResourceLink {\n  sys: ResourceSys!\n}`);
      return `${name}(locale: String): ${tf}`;
    case 'resources':
      define(`${tf}Collection`, collectionType(`${tf}Collection`, 'ResourceLink'));
      return `${exposedName}${PAGE_ARGS}: ${tf}Collection`;
    case 'unknown':
      return null;
  }
}

function unionType(name: string, field: SchemaField): string {
  const members = field.targets.map((t) => t.naming.name).sort(compareNames);
  return `union ${name} = ${members.join(' | ')}`;
}

/** Adds a type definition; two different definitions of one name are a collision the caller missed. */
type Define = (name: string, text: string) => void;

export function renderSchema(model: SchemaModel): string {
  const definitions = new Map<string, string>(BUILTINS);
  const define: Define = (name, text) => {
    const existing = definitions.get(name);
    if (existing !== undefined && existing !== text) throw new Error(`two types named '${name}' in the predicted schema`);
    definitions.set(name, text);
  };
  const query = [
    `_node(id: ID!, locale: String, preview: Boolean): _Node`,
    `asset(id: String!, locale: String, preview: Boolean): Asset`,
    `assetCollection${PAGE_ARGS}: AssetCollection`,
    `entryCollection${PAGE_ARGS}: EntryCollection`,
  ];
  define('AssetLinkingCollections', linkingCollections('AssetLinkingCollections', model.assetLinkedFrom));

  for (const type of model.contentTypes) {
    const t = type.naming.name;
    const fields = ['_id: ID!', 'contentfulMetadata: ContentfulMetadata!', `linkedFrom(allowedLocales: [String]): ${t}LinkingCollections`, 'sys: Sys!'];
    for (const field of type.fields) {
      if (field.omitted) continue;
      const line = renderField(type, field, define);
      if (line !== null) fields.push(line);
    }
    define(t, description(type.node.json.description) + objectType(`type ${t} implements Entry & _Node`, fields));
    define(`${t}Collection`, collectionType(`${t}Collection`, t));
    define(`${t}LinkingCollections`, linkingCollections(`${t}LinkingCollections`, type.linkedFrom));
    const queryField = lowerFirstAscii(t);
    query.push(`${queryField}(id: String!, locale: String, preview: Boolean): ${t}`, `${queryField}Collection${PAGE_ARGS}: ${t}Collection`);
  }
  define('Query', objectType('type Query', query));

  const sorted = [...definitions].sort(([a], [b]) => compareNames(a, b)).map(([, text]) => text);
  return `${HEADER}\n${sorted.join('\n\n')}\n`;
}
