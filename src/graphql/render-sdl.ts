import { DIRECTIVES, LOCATION_DEFINITIONS, block, builtinDefinitions, collection, compareNames, orderValues, sortByName } from './builtin-sdl.js';
import { lowerFirstAscii } from './naming.js';
import {
  ASSET_FIELDS,
  LINK_ARGS,
  LINKED_FROM_ARGS,
  LOCALE_ARGS,
  PAGE_ARGS,
  SINGLE_ARGS,
  SORTABLE_FIELD_TYPES,
  USE_FALLBACK_LOCALE,
  filterOperators,
  operandType,
  type Argument,
} from './schema-facts.js';
import { entryLinkType, type SchemaContentType, type SchemaField, type SchemaModel } from './schema-model.js';

/**
 * The predicted schema as SDL: every type the service generates for the content model (types,
 * collections, filter inputs, order enums, linkedFrom types, rich text types, link unions, Query)
 * and the built-in types, each field with all its arguments. Definitions are sorted by name,
 * fields, input fields and enum values too (as the service's schemas are printed), so that the
 * output can be diffed. Expects a model without name collisions (schemaProblems finds them) and
 * throws on two different definitions of one name.
 */

const HEADER = `# The GraphQL schema the service would generate for this content model, as predicted by cmlint.
# Left out: cursor collections and the per-field filters of links to several content types
# (cf<field>MultiTypeNestedFilter, <Type><Field>Filter) that newer versions of the service generate.
`;

/** A field line: `name(a: A, b: B): Type`, arguments sorted by name, `useFallbackLocale` beside `locale`. */
function fieldLine(name: string, args: readonly Argument[], type: string): string {
  const all = sortByName(args.includes('locale: String') ? [...args, USE_FALLBACK_LOCALE] : args);
  return all.length === 0 ? `${name}: ${type}` : `${name}(${all.join(', ')}): ${type}`;
}

/** A description as a block string; `"""` inside it is escaped. */
function description(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  return `"""\n${text.trim().replaceAll('"""', '\\"""')}\n"""\n`;
}

/** The one content type a link field resolves to, when it is not a union or `Entry`. */
function singleTarget(type: SchemaContentType, field: SchemaField): SchemaContentType | null {
  const linked = entryLinkType(type, field, '');
  return field.targets.length > 0 && linked === field.targets[0]!.naming.name ? field.targets[0]! : null;
}

/** The names of a content type's sortable fields (Symbol, Integer, Number, Date, Boolean). */
function sortableNames(type: SchemaContentType): string[] {
  return type.fields.filter((f) => !f.omitted && f.shape.kind === 'scalar' && SORTABLE_FIELD_TYPES.has(f.node.json.type as string)).map((f) => f.name);
}

/**
 * The filter input of a content type (`TFilter`), or the nested filter other filters use for
 * links to it (`cfTNestedFilter`, the same less its own nested link filters). A nested link filter
 * whose name another input field has already (`sys`, or a field `foo` beside a list of links
 * `Foo`) is left out: what the service does then is unknown.
 */
function filterInput(type: SchemaContentType, name: string, nested: boolean): string {
  const lines = [`AND: [${name}]`, `OR: [${name}]`, 'contentfulMetadata: ContentfulMetadataFilter', 'sys: SysFilter'];
  const linkFilters: [string, string][] = [];
  for (const field of type.fields) {
    if (field.omitted) continue;
    const { shape } = field;
    const fieldType = shape.kind === 'scalar' ? shape.type : null;
    for (const operator of filterOperators(shape)) lines.push(`${field.exposedName}${operator.suffix}: ${operandType(operator, fieldType)}`);
    const target = !nested && (shape.kind === 'entry' || shape.kind === 'entries') ? singleTarget(type, field) : null;
    if (target) linkFilters.push([field.name, `cf${target.naming.name}NestedFilter`]);
  }
  const taken = new Set(lines.map((line) => /^\w+/.exec(line)![0]));
  for (const [fieldName, input] of linkFilters) if (!taken.has(fieldName)) lines.push(`${fieldName}: ${input}`);
  return block(`input ${name}`, lines);
}

/** Adds a type definition; two different definitions of one name are a collision the caller missed. */
type Define = (name: string, text: string) => void;

/** The field's line in its type, and the types the field generates. */
function renderField(type: SchemaContentType, field: SchemaField, define: Define): string | null {
  const { shape, name, exposedName } = field;
  const tf = type.naming.name + field.typePart;
  switch (shape.kind) {
    case 'scalar':
      if (shape.type === 'Location') for (const [n, text] of LOCATION_DEFINITIONS) define(n, text);
      return fieldLine(name, LOCALE_ARGS, shape.type);
    case 'asset':
      return fieldLine(name, LINK_ARGS, 'Asset');
    case 'assets':
      return fieldLine(exposedName, PAGE_ARGS, 'AssetCollection');
    case 'richText': {
      const [links, assets, entries, resources] = [`${tf}Links`, `${tf}Assets`, `${tf}Entries`, `${tf}Resources`];
      const blocks = ['Block', 'Hyperlink', 'Inline'].map((kind) => `${resources}${kind}`);
      define(tf, `type ${tf} {\n  json: JSON!\n  links: ${links}!\n}`);
      define(links, `type ${links} {\n  assets: ${assets}!\n  entries: ${entries}!\n  resources: ${resources}!\n}`);
      define(assets, `type ${assets} {\n  block: [Asset]!\n  hyperlink: [Asset]!\n}`);
      define(entries, `type ${entries} {\n  block: [Entry]!\n  hyperlink: [Entry]!\n  inline: [Entry]!\n}`);
      define(resources, `type ${resources} {\n  block: [${blocks[0]}!]!\n  hyperlink: [${blocks[1]}!]!\n  inline: [${blocks[2]}!]!\n}`);
      for (const b of blocks) define(b, `type ${b} implements ResourceLink {\n  sys: ResourceSys!\n}`);
      return fieldLine(name, LOCALE_ARGS, tf);
    }
    case 'entry': {
      const linked = entryLinkType(type, field, '');
      if (linked === tf) define(tf, unionType(tf, field));
      const target = singleTarget(type, field);
      return fieldLine(name, target ? [...LINK_ARGS, `where: ${target.naming.name}Filter`] : LINK_ARGS, linked);
    }
    case 'entries': {
      const items = entryLinkType(type, field, 'Item');
      if (items === `${tf}Item`) define(items, unionType(items, field));
      define(`${tf}Collection`, collection(`${tf}Collection`, items));
      const target = singleTarget(type, field);
      if (!target) return fieldLine(exposedName, PAGE_ARGS, `${tf}Collection`);
      define(`${tf}CollectionOrder`, block(`enum ${tf}CollectionOrder`, orderValues(sortableNames(target))));
      return fieldLine(exposedName, [...PAGE_ARGS, `order: [${tf}CollectionOrder]`, `where: ${target.naming.name}Filter`], `${tf}Collection`);
    }
    case 'resource':
      define(tf, `type ${tf} implements ResourceLink {\n  sys: ResourceSys!\n}`);
      return fieldLine(name, LOCALE_ARGS, tf);
    case 'resources':
      define(`${tf}Collection`, collection(`${tf}Collection`, 'ResourceLink'));
      return fieldLine(exposedName, PAGE_ARGS, `${tf}Collection`);
    case 'unknown':
      return null;
  }
}

function unionType(name: string, field: SchemaField): string {
  const members = field.targets.map((t) => t.naming.name).sort(compareNames);
  return `union ${name} = ${members.join(' | ')}`;
}

/** `TLinkingCollections`: the entries that link to T, by linking content type, each with its order enum. */
function linkingCollections(target: SchemaContentType, define: Define): string {
  const name = `${target.naming.name}LinkingCollections`;
  const fields = [fieldLine('entryCollection', PAGE_ARGS, 'EntryCollection')];
  for (const source of target.linkedFrom) {
    const s = source.naming.name;
    const order = `${name}${s}CollectionOrder`;
    define(order, block(`enum ${order}`, orderValues(sortableNames(source))));
    fields.push(fieldLine(`${lowerFirstAscii(s)}Collection`, [...PAGE_ARGS, `order: [${order}]`], `${s}Collection`));
  }
  return block(`type ${name}`, fields);
}

function assetTypes(model: SchemaModel): [string, string][] {
  const fields = ['contentfulMetadata: ContentfulMetadata!', fieldLine('linkedFrom', LINKED_FROM_ARGS, 'AssetLinkingCollections'), 'sys: Sys!'];
  for (const field of ASSET_FIELDS) fields.push(fieldLine(field.name, field.name === 'url' ? [...LOCALE_ARGS, 'transform: ImageTransformOptions'] : LOCALE_ARGS, field.type));
  const linking = [fieldLine('entryCollection', PAGE_ARGS, 'EntryCollection')];
  for (const source of model.assetLinkedFrom) linking.push(fieldLine(`${lowerFirstAscii(source.naming.name)}Collection`, PAGE_ARGS, `${source.naming.name}Collection`));
  return [
    ['Asset', `"""Represents a binary file in a space. An asset can be any file type."""\n${block('type Asset', fields)}`],
    ['AssetLinkingCollections', block('type AssetLinkingCollections', linking)],
  ];
}

export function renderSchema(model: SchemaModel): string {
  const definitions = new Map<string, string>([...builtinDefinitions(), ...assetTypes(model)]);
  const define: Define = (name, text) => {
    const existing = definitions.get(name);
    if (existing !== undefined && existing !== text) throw new Error(`two types named '${name}' in the predicted schema`);
    definitions.set(name, text);
  };
  const query = [
    fieldLine('_node', ['id: ID!', 'locale: String', 'preview: Boolean'], '_Node'),
    fieldLine('asset', SINGLE_ARGS, 'Asset'),
    fieldLine('assetCollection', [...PAGE_ARGS, 'order: [AssetOrder]', 'where: AssetFilter'], 'AssetCollection'),
    fieldLine('entryCollection', [...PAGE_ARGS, 'order: [EntryOrder]', 'where: EntryFilter'], 'EntryCollection'),
  ];
  const nestedTargets = new Set<SchemaContentType>();

  for (const type of model.contentTypes) {
    const t = type.naming.name;
    const fields = ['_id: ID!', 'contentfulMetadata: ContentfulMetadata!', fieldLine('linkedFrom', LINKED_FROM_ARGS, `${t}LinkingCollections`), 'sys: Sys!'];
    for (const field of type.fields) {
      if (field.omitted) continue;
      const line = renderField(type, field, define);
      if (line !== null) fields.push(line);
      const target = field.shape.kind === 'entry' || field.shape.kind === 'entries' ? singleTarget(type, field) : null;
      if (target) nestedTargets.add(target);
    }
    define(t, description(type.node.json.description) + block(`type ${t} implements Entry & _Node`, fields));
    define(`${t}Collection`, collection(`${t}Collection`, t));
    define(`${t}Filter`, filterInput(type, `${t}Filter`, false));
    define(`${t}Order`, block(`enum ${t}Order`, orderValues(sortableNames(type))));
    define(`${t}LinkingCollections`, linkingCollections(type, define));
    const queryField = lowerFirstAscii(t);
    query.push(fieldLine(queryField, SINGLE_ARGS, t), fieldLine(`${queryField}Collection`, [...PAGE_ARGS, `order: [${t}Order]`, `where: ${t}Filter`], `${t}Collection`));
  }
  for (const target of nestedTargets) define(`cf${target.naming.name}NestedFilter`, filterInput(target, `cf${target.naming.name}NestedFilter`, true));
  define('Query', block('type Query', query));

  const sorted = [...definitions].sort(([a], [b]) => compareNames(a, b)).map(([, text]) => text);
  return `${HEADER}\n${DIRECTIVES}\n\n${sorted.join('\n\n')}\n`;
}
