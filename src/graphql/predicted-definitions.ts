import { LOCATION_DEFINITIONS, builtinDefinitions, collection, filterBase, orderValues } from './builtin-definitions.js';
import { lowerFirstAscii } from './naming.js';
import {
  ASSET_FIELDS,
  LINK_ARGS,
  LINKED_FROM_ARGS,
  LOCALE_ARGS,
  NODE_ARGS,
  PAGE_ARGS,
  SINGLE_ARGS,
  SORTABLE_FIELD_TYPES,
  TRANSFORM_ARG,
  USE_FALLBACK_LOCALE,
  filterOperators,
  operandType,
  orderArg,
  takesLocale,
  whereArg,
  type Argument,
} from './schema-facts.js';
import {
  compareNames,
  enumType,
  field,
  inputType,
  objectType,
  unionType,
  type FieldDefinition,
  type InputFieldDefinition,
  type TypeDefinition,
} from './schema-definitions.js';
import { entryLinkType, isLinkUnion, type SchemaContentType, type SchemaField, type SchemaModel } from './schema-model.js';

/**
 * Every type the service generates for the content model (types, collections, filter inputs,
 * order enums, linkedFrom types, rich text types, link unions, Query) and the built-in types,
 * each field with all its arguments, sorted by name: fields, input fields, arguments and enum
 * values sorted too (as the service's schemas are printed), so that the printed schema can be
 * diffed. Expects a model without name collisions (schemaProblems finds them) and throws on two
 * different definitions of one name.
 */
export function predictedDefinitions(model: SchemaModel): TypeDefinition[] {
  const definitions = new Map<string, TypeDefinition>();
  const define: Define = (definition) => {
    const existing = definitions.get(definition.name);
    if (existing !== undefined && existing !== definition && JSON.stringify(existing) !== JSON.stringify(definition)) {
      throw new Error(`two types named '${definition.name}' in the predicted schema`);
    }
    definitions.set(definition.name, definition);
  };
  for (const definition of [...builtinDefinitions(), ...assetTypes(model)]) definitions.set(definition.name, definition);
  const query = [
    fieldOf('_node', NODE_ARGS, '_Node'),
    fieldOf('asset', SINGLE_ARGS, 'Asset'),
    fieldOf('assetCollection', [...PAGE_ARGS, orderArg('AssetOrder'), whereArg('AssetFilter')], 'AssetCollection'),
    fieldOf('entryCollection', [...PAGE_ARGS, orderArg('EntryOrder'), whereArg('EntryFilter')], 'EntryCollection'),
  ];
  const nestedTargets = new Set<SchemaContentType>();

  for (const type of model.contentTypes) {
    const t = type.naming.name;
    const fields = [field('_id', 'ID!'), field('contentfulMetadata', 'ContentfulMetadata!'), fieldOf('linkedFrom', LINKED_FROM_ARGS, `${t}LinkingCollections`), field('sys', 'Sys!')];
    for (const f of type.fields) {
      if (f.omitted) continue;
      const definition = fieldDefinition(type, f, define);
      if (definition !== null) fields.push(definition);
      const target = f.shape.kind === 'entry' || f.shape.kind === 'entries' ? singleTarget(f) : null;
      if (target) nestedTargets.add(target);
    }
    define(objectType(t, fields, ['Entry', '_Node'], description(type.node.json.description)));
    define(collection(`${t}Collection`, t));
    define(filterInput(type, `${t}Filter`, false));
    define(enumType(`${t}Order`, orderValues(sortableNames(type))));
    define(linkingCollections(type, define));
    const queryField = lowerFirstAscii(t);
    query.push(fieldOf(queryField, SINGLE_ARGS, t), fieldOf(`${queryField}Collection`, [...PAGE_ARGS, orderArg(`${t}Order`), whereArg(`${t}Filter`)], `${t}Collection`));
  }
  for (const target of nestedTargets) define(filterInput(target, `cf${target.naming.name}NestedFilter`, true));
  define(objectType('Query', query));
  return [...definitions.values()].sort((a, b) => compareNames(a.name, b.name));
}

/** Adds a type definition; two different definitions of one name are a collision the caller missed. */
type Define = (definition: TypeDefinition) => void;

/** A field of the service's API: `useFallbackLocale` beside `locale` (see schema-facts.ts). */
function fieldOf(name: string, args: readonly Argument[], type: string): FieldDefinition {
  return field(name, type, takesLocale(args) ? [...args, USE_FALLBACK_LOCALE] : args);
}

/** A content type's description, as a block string; none when it is empty. */
function description(text: unknown): { text: string; block: true } | null {
  return typeof text !== 'string' || text.trim() === '' ? null : { text: text.trim(), block: true };
}

/** The one content type a link field resolves to, when it is not a union or `Entry`. */
function singleTarget(f: SchemaField): SchemaContentType | null {
  return f.targets.length > 0 && !isLinkUnion(f) ? f.targets[0]! : null;
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
function filterInput(type: SchemaContentType, name: string, nested: boolean): TypeDefinition {
  const fields = filterBase(name);
  const linkFilters: InputFieldDefinition[] = [];
  for (const f of type.fields) {
    if (f.omitted) continue;
    const { shape } = f;
    const fieldType = shape.kind === 'scalar' ? shape.type : null;
    for (const operator of filterOperators(shape)) fields.push({ name: `${f.exposedName}${operator.suffix}`, type: operandType(operator, fieldType) });
    const target = !nested && (shape.kind === 'entry' || shape.kind === 'entries') ? singleTarget(f) : null;
    if (target) linkFilters.push({ name: f.name, type: `cf${target.naming.name}NestedFilter` });
  }
  const taken = new Set(fields.map((f) => f.name));
  for (const linkFilter of linkFilters) if (!taken.has(linkFilter.name)) fields.push(linkFilter);
  return inputType(name, fields);
}

/** The field's definition in its type, and the types the field generates. */
function fieldDefinition(type: SchemaContentType, f: SchemaField, define: Define): FieldDefinition | null {
  const { shape, name, exposedName } = f;
  const tf = type.naming.name + f.typePart;
  switch (shape.kind) {
    case 'scalar':
      if (shape.type === 'Location') for (const definition of LOCATION_DEFINITIONS) define(definition);
      return fieldOf(name, LOCALE_ARGS, shape.type);
    case 'asset':
      return fieldOf(name, LINK_ARGS, 'Asset');
    case 'assets':
      return fieldOf(exposedName, PAGE_ARGS, 'AssetCollection');
    case 'richText': {
      const [links, assets, entries, resources] = [`${tf}Links`, `${tf}Assets`, `${tf}Entries`, `${tf}Resources`];
      const blocks = ['Block', 'Hyperlink', 'Inline'].map((kind) => `${resources}${kind}`);
      define(objectType(tf, [field('json', 'JSON!'), field('links', `${links}!`)]));
      define(objectType(links, [field('assets', `${assets}!`), field('entries', `${entries}!`), field('resources', `${resources}!`)]));
      define(objectType(assets, [field('block', '[Asset]!'), field('hyperlink', '[Asset]!')]));
      define(objectType(entries, [field('block', '[Entry]!'), field('hyperlink', '[Entry]!'), field('inline', '[Entry]!')]));
      define(objectType(resources, [field('block', `[${blocks[0]}!]!`), field('hyperlink', `[${blocks[1]}!]!`), field('inline', `[${blocks[2]}!]!`)]));
      for (const b of blocks) define(resourceLinkType(b));
      return fieldOf(name, LOCALE_ARGS, tf);
    }
    case 'entry': {
      // A single target may be named like the union would be (`page.header` linking to `pageHeader`): no union then.
      if (isLinkUnion(f)) define(linkUnion(tf, f));
      const target = singleTarget(f);
      return fieldOf(name, target ? [...LINK_ARGS, whereArg(`${target.naming.name}Filter`)] : LINK_ARGS, entryLinkType(type, f, ''));
    }
    case 'entries': {
      const items = entryLinkType(type, f, 'Item');
      if (isLinkUnion(f)) define(linkUnion(items, f));
      define(collection(`${tf}Collection`, items));
      const target = singleTarget(f);
      if (!target) return fieldOf(exposedName, PAGE_ARGS, `${tf}Collection`);
      define(enumType(`${tf}CollectionOrder`, orderValues(sortableNames(target))));
      return fieldOf(exposedName, [...PAGE_ARGS, orderArg(`${tf}CollectionOrder`), whereArg(`${target.naming.name}Filter`)], `${tf}Collection`);
    }
    case 'resource':
      define(resourceLinkType(tf));
      return fieldOf(name, LOCALE_ARGS, tf);
    case 'resources':
      define(collection(`${tf}Collection`, 'ResourceLink'));
      return fieldOf(exposedName, PAGE_ARGS, `${tf}Collection`);
    case 'unknown':
      return null;
  }
}

function resourceLinkType(name: string): TypeDefinition {
  return objectType(name, [field('sys', 'ResourceSys!')], ['ResourceLink']);
}

function linkUnion(name: string, f: SchemaField): TypeDefinition {
  return unionType(name, f.targets.map((t) => t.naming.name));
}

/** `TLinkingCollections`: the entries that link to T, by linking content type, each with its order enum. */
function linkingCollections(target: SchemaContentType, define: Define): TypeDefinition {
  const name = `${target.naming.name}LinkingCollections`;
  const fields = [fieldOf('entryCollection', PAGE_ARGS, 'EntryCollection')];
  for (const source of target.linkedFrom) {
    const s = source.naming.name;
    const order = `${name}${s}CollectionOrder`;
    define(enumType(order, orderValues(sortableNames(source))));
    fields.push(fieldOf(`${lowerFirstAscii(s)}Collection`, [...PAGE_ARGS, orderArg(order)], `${s}Collection`));
  }
  return objectType(name, fields);
}

function assetTypes(model: SchemaModel): TypeDefinition[] {
  const fields = [field('contentfulMetadata', 'ContentfulMetadata!'), fieldOf('linkedFrom', LINKED_FROM_ARGS, 'AssetLinkingCollections'), field('sys', 'Sys!')];
  for (const f of ASSET_FIELDS) fields.push(fieldOf(f.name, f.name === 'url' ? [...LOCALE_ARGS, TRANSFORM_ARG] : LOCALE_ARGS, f.type));
  const linking = [fieldOf('entryCollection', PAGE_ARGS, 'EntryCollection')];
  for (const source of model.assetLinkedFrom) linking.push(fieldOf(`${lowerFirstAscii(source.naming.name)}Collection`, PAGE_ARGS, `${source.naming.name}Collection`));
  return [
    objectType('Asset', fields, [], { text: 'Represents a binary file in a space. An asset can be any file type.', block: false }),
    objectType('AssetLinkingCollections', linking),
  ];
}
