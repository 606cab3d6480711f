import { BUILTIN_DEFINITIONS, LOCATION_DEFINITIONS, collection, filterBase, orderValues } from './builtin-definitions.js';
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
 * The predicted definitions of a content model, each made when it is first asked for: a run
 * with documents needs only the types they reach (reduced-schema.ts), often a quarter of them;
 * `cmlint graphql-schema` and the complete schema need all.
 */
export interface DefinitionIndex {
  /** The definition of a type, made on first use; undefined for a name the schema does not have. */
  get(name: string): TypeDefinition | undefined;
  /** The names of the object types that implement an interface (in no particular order). */
  implementations(name: string): readonly string[];
  /** Every definition, sorted by name: the whole schema. */
  all(): TypeDefinition[];
}

/**
 * Every type the service generates for the content model (types, collections, filter inputs,
 * order enums, linkedFrom types, rich text types, link unions, Query) and the built-in types,
 * each field with all its arguments, sorted by name: fields, input fields, arguments and enum
 * values sorted too (as the service's schemas are printed), so that the printed schema can be
 * diffed. Expects a model without name collisions (schemaProblems finds them) and throws on two
 * different definitions of one name.
 */
export function predictedDefinitions(model: SchemaModel): TypeDefinition[] {
  return definitionIndex(model).all();
}

/**
 * The definitions of predictedDefinitions, by name, each made on first use. Only their names
 * (and the interfaces of object types) are worked out here; two different definitions of one
 * name throw when that name is asked for.
 */
export function definitionIndex(model: SchemaModel): DefinitionIndex {
  const index = new LazyDefinitions();
  for (const [name, make] of Object.entries(BUILTIN_DEFINITIONS)) index.add(name, make);
  index.add('Asset', assetType);
  index.add('AssetLinkingCollections', () => assetLinkingCollections(model));
  const nestedTargets = new Set<SchemaContentType>();
  for (const type of model.contentTypes) {
    const t = type.naming.name;
    index.add(t, () => contentTypeObject(type), ENTRY_INTERFACES);
    index.add(`${t}Collection`, () => collection(`${t}Collection`, t));
    index.add(`${t}Filter`, () => filterInput(type, `${t}Filter`, false));
    index.add(`${t}Order`, () => enumType(`${t}Order`, orderValues(sortableNames(type))));
    index.add(`${t}LinkingCollections`, () => linkingCollections(type));
    for (const source of type.linkedFrom) {
      const order = linkingCollectionOrder(type, source);
      index.add(order, () => enumType(order, orderValues(sortableNames(source))));
    }
    for (const f of type.fields) {
      if (f.omitted) continue;
      addFieldTypes(index, type, f);
      const target = f.shape.kind === 'entry' || f.shape.kind === 'entries' ? singleTarget(f) : null;
      if (target) nestedTargets.add(target);
    }
  }
  for (const target of nestedTargets) {
    const name = `cf${target.naming.name}NestedFilter`;
    index.add(name, () => filterInput(target, name, true));
  }
  index.add('Query', () => queryType(model));
  return index;
}

/** Makers of definitions by name, run once each. */
class LazyDefinitions implements DefinitionIndex {
  readonly #makers = new Map<string, (() => TypeDefinition)[]>();
  readonly #made = new Map<string, TypeDefinition>();
  readonly #implementations = new Map<string, string[]>();

  /** Registers how to make the type `name`, an object type implementing `interfaces`. */
  add(name: string, make: () => TypeDefinition, interfaces: readonly string[] = []): void {
    const makers = this.#makers.get(name);
    if (makers) makers.push(make);
    else this.#makers.set(name, [make]);
    for (const i of interfaces) {
      const objects = this.#implementations.get(i);
      if (!objects) this.#implementations.set(i, [name]);
      else if (!objects.includes(name)) objects.push(name);
    }
  }

  get(name: string): TypeDefinition | undefined {
    const made = this.#made.get(name);
    if (made) return made;
    const makers = this.#makers.get(name);
    if (!makers) return undefined;
    const definition = makers[0]!();
    for (const make of makers.slice(1)) {
      const other = make();
      if (other !== definition && JSON.stringify(other) !== JSON.stringify(definition)) throw new Error(`two types named '${name}' in the predicted schema`);
    }
    if (definition.name !== name) throw new Error(`the predicted type '${definition.name}' was registered as '${name}'`);
    this.#made.set(name, definition);
    return definition;
  }

  implementations(name: string): readonly string[] {
    return this.#implementations.get(name) ?? [];
  }

  all(): TypeDefinition[] {
    return [...this.#makers.keys()].sort(compareNames).map((name) => this.get(name)!);
  }
}

/** The interfaces every content type's object type implements. */
const ENTRY_INTERFACES: readonly string[] = ['Entry', '_Node'];

/** The interface of the per-field resource link types. */
const RESOURCE_LINK_INTERFACES: readonly string[] = ['ResourceLink'];

function queryType(model: SchemaModel): TypeDefinition {
  const query = [
    fieldOf('_node', NODE_ARGS, '_Node'),
    fieldOf('asset', SINGLE_ARGS, 'Asset'),
    fieldOf('assetCollection', [...PAGE_ARGS, orderArg('AssetOrder'), whereArg('AssetFilter')], 'AssetCollection'),
    fieldOf('entryCollection', [...PAGE_ARGS, orderArg('EntryOrder'), whereArg('EntryFilter')], 'EntryCollection'),
  ];
  for (const type of model.contentTypes) {
    const t = type.naming.name;
    const queryField = lowerFirstAscii(t);
    query.push(fieldOf(queryField, SINGLE_ARGS, t), fieldOf(`${queryField}Collection`, [...PAGE_ARGS, orderArg(`${t}Order`), whereArg(`${t}Filter`)], `${t}Collection`));
  }
  return objectType('Query', query);
}

/** A content type's object type: `_id`, metadata, `linkedFrom`, `sys` and its fields. */
function contentTypeObject(type: SchemaContentType): TypeDefinition {
  const t = type.naming.name;
  const fields = [field('_id', 'ID!'), field('contentfulMetadata', 'ContentfulMetadata!'), fieldOf('linkedFrom', LINKED_FROM_ARGS, `${t}LinkingCollections`), field('sys', 'Sys!')];
  for (const f of type.fields) {
    if (f.omitted) continue;
    const definition = fieldDefinition(type, f);
    if (definition !== null) fields.push(definition);
  }
  return objectType(t, fields, ENTRY_INTERFACES, description(type.node.json.description));
}

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

/** The field's definition in its type (the types it generates: addFieldTypes). */
function fieldDefinition(type: SchemaContentType, f: SchemaField): FieldDefinition | null {
  const { shape, name, exposedName } = f;
  const tf = type.naming.name + f.typePart;
  switch (shape.kind) {
    case 'scalar':
      return fieldOf(name, LOCALE_ARGS, shape.type);
    case 'asset':
      return fieldOf(name, LINK_ARGS, 'Asset');
    case 'assets':
      return fieldOf(exposedName, PAGE_ARGS, 'AssetCollection');
    case 'richText':
    case 'resource':
      return fieldOf(name, LOCALE_ARGS, tf);
    case 'entry': {
      const target = singleTarget(f);
      return fieldOf(name, target ? [...LINK_ARGS, whereArg(`${target.naming.name}Filter`)] : LINK_ARGS, entryLinkType(type, f, ''));
    }
    case 'entries': {
      const target = singleTarget(f);
      if (!target) return fieldOf(exposedName, PAGE_ARGS, `${tf}Collection`);
      return fieldOf(exposedName, [...PAGE_ARGS, orderArg(`${tf}CollectionOrder`), whereArg(`${target.naming.name}Filter`)], `${tf}Collection`);
    }
    case 'resources':
      return fieldOf(exposedName, PAGE_ARGS, `${tf}Collection`);
    case 'unknown':
      return null;
  }
}

/** Registers the types a field generates (rich text types, link unions, collections and orders of lists, resource link types, Location). */
function addFieldTypes(index: LazyDefinitions, type: SchemaContentType, f: SchemaField): void {
  const { shape } = f;
  const tf = type.naming.name + f.typePart;
  switch (shape.kind) {
    case 'scalar':
      if (shape.type === 'Location') for (const definition of LOCATION_DEFINITIONS) index.add(definition.name, () => definition);
      return;
    case 'richText': {
      const [links, assets, entries, resources] = [`${tf}Links`, `${tf}Assets`, `${tf}Entries`, `${tf}Resources`];
      const blocks = ['Block', 'Hyperlink', 'Inline'].map((kind) => `${resources}${kind}`);
      index.add(tf, () => objectType(tf, [field('json', 'JSON!'), field('links', `${links}!`)]));
      index.add(links, () => objectType(links, [field('assets', `${assets}!`), field('entries', `${entries}!`), field('resources', `${resources}!`)]));
      index.add(assets, () => objectType(assets, [field('block', '[Asset]!'), field('hyperlink', '[Asset]!')]));
      index.add(entries, () => objectType(entries, [field('block', '[Entry]!'), field('hyperlink', '[Entry]!'), field('inline', '[Entry]!')]));
      index.add(resources, () => objectType(resources, [field('block', `[${blocks[0]}!]!`), field('hyperlink', `[${blocks[1]}!]!`), field('inline', `[${blocks[2]}!]!`)]));
      for (const b of blocks) index.add(b, () => resourceLinkType(b), RESOURCE_LINK_INTERFACES);
      return;
    }
    case 'entry':
      // A single target may be named like the union would be (`page.header` linking to `pageHeader`): no union then.
      if (isLinkUnion(f)) index.add(tf, () => linkUnion(tf, f));
      return;
    case 'entries': {
      const items = entryLinkType(type, f, 'Item');
      if (isLinkUnion(f)) index.add(items, () => linkUnion(items, f));
      index.add(`${tf}Collection`, () => collection(`${tf}Collection`, items));
      const target = singleTarget(f);
      if (target) index.add(`${tf}CollectionOrder`, () => enumType(`${tf}CollectionOrder`, orderValues(sortableNames(target))));
      return;
    }
    case 'resource':
      index.add(tf, () => resourceLinkType(tf), RESOURCE_LINK_INTERFACES);
      return;
    case 'resources':
      index.add(`${tf}Collection`, () => collection(`${tf}Collection`, 'ResourceLink'));
      return;
    case 'asset':
    case 'assets':
    case 'unknown':
      return;
  }
}

function resourceLinkType(name: string): TypeDefinition {
  return objectType(name, [field('sys', 'ResourceSys!')], RESOURCE_LINK_INTERFACES);
}

function linkUnion(name: string, f: SchemaField): TypeDefinition {
  return unionType(name, f.targets.map((t) => t.naming.name));
}

/** The order enum of the collection of `source` entries in the linkedFrom type of `target`. */
function linkingCollectionOrder(target: SchemaContentType, source: SchemaContentType): string {
  return `${target.naming.name}LinkingCollections${source.naming.name}CollectionOrder`;
}

/** `TLinkingCollections`: the entries that link to T, by linking content type, each with its order enum (linkingCollectionOrder). */
function linkingCollections(target: SchemaContentType): TypeDefinition {
  const fields = [fieldOf('entryCollection', PAGE_ARGS, 'EntryCollection')];
  for (const source of target.linkedFrom) {
    const s = source.naming.name;
    fields.push(fieldOf(`${lowerFirstAscii(s)}Collection`, [...PAGE_ARGS, orderArg(linkingCollectionOrder(target, source))], `${s}Collection`));
  }
  return objectType(`${target.naming.name}LinkingCollections`, fields);
}

function assetType(): TypeDefinition {
  const fields = [field('contentfulMetadata', 'ContentfulMetadata!'), fieldOf('linkedFrom', LINKED_FROM_ARGS, 'AssetLinkingCollections'), field('sys', 'Sys!')];
  for (const f of ASSET_FIELDS) fields.push(fieldOf(f.name, f.name === 'url' ? [...LOCALE_ARGS, TRANSFORM_ARG] : LOCALE_ARGS, f.type));
  return objectType('Asset', fields, [], { text: 'Represents a binary file in a space. An asset can be any file type.', block: false });
}

function assetLinkingCollections(model: SchemaModel): TypeDefinition {
  const linking = [fieldOf('entryCollection', PAGE_ARGS, 'EntryCollection')];
  for (const source of model.assetLinkedFrom) linking.push(fieldOf(`${lowerFirstAscii(source.naming.name)}Collection`, PAGE_ARGS, `${source.naming.name}Collection`));
  return objectType('AssetLinkingCollections', linking);
}
