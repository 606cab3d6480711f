import { RESERVED_FIELD_NAMES } from './naming.js';
import { typeNameOrigins, type NameOrigin, type NamePattern, type SchemaContentType, type SchemaField, type SchemaModel } from './schema-model.js';

/**
 * The name collisions of a schema model; the GraphQL rules and `cmlint graphql-schema` report them.
 * The costly ones are found once per model: the four GraphQL rules of a run and the documents'
 * predicted schema (schemaProblems) share one model (buildSchemaModel), and callers only read what
 * they get.
 */

/** `compute`, once per schema model. */
function perModel<T>(compute: (model: SchemaModel) => T): (model: SchemaModel) => T {
  const results = new WeakMap<SchemaModel, T>();
  return (model) => {
    if (!results.has(model)) results.set(model, compute(model));
    return results.get(model)!;
  };
}

/** Content types whose ids map to one type name (the service's COLLIDING_TYPE_NAMES). */
export interface TypeNameCollision {
  typeName: string;
  contentTypes: SchemaContentType[];
}

export const typeNameCollisions: (model: SchemaModel) => readonly TypeNameCollision[] = perModel((model) => {
  const byName = new Map<string, SchemaContentType[]>();
  for (const type of model.contentTypes) {
    if (!type.usable) continue;
    const group = byName.get(type.naming.name);
    if (group) group.push(type);
    else byName.set(type.naming.name, [type]);
  }
  return [...byName].filter(([, group]) => group.length > 1).map(([typeName, contentTypes]) => ({ typeName, contentTypes }));
});

/**
 * Fields of one content type with one GraphQL name. A list of links is exposed as its name with
 * `Collection` after it, and the service does not document which of the two it compares:
 * `same`: the fields have the same name and the same exposed name; `beforeSuffix`: the same
 * name, but one is a list of links (`item` and `Item`, exposed as `item` and `itemCollection`);
 * `afterSuffix`: different names, the same exposed name (`item` as a list and `itemCollection`).
 */
export interface FieldNameCollision {
  contentType: SchemaContentType;
  name: string;
  fields: SchemaField[];
  kind: 'same' | 'beforeSuffix' | 'afterSuffix';
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export const fieldNameCollisions: (model: SchemaModel) => readonly FieldNameCollision[] = perModel((model) => {
  const collisions: FieldNameCollision[] = [];
  for (const contentType of model.contentTypes) {
    const fields = contentType.fields.filter((f) => f.usable);
    for (const [name, group] of groupBy(fields, (f) => f.name)) {
      if (group.length < 2) continue;
      const exposed = groupBy(group, (f) => f.exposedName);
      for (const same of exposed.values()) if (same.length > 1) collisions.push({ contentType, name, fields: same, kind: 'same' });
      if (exposed.size > 1) collisions.push({ contentType, name, fields: group, kind: 'beforeSuffix' });
    }
    for (const [name, group] of groupBy(fields, (f) => f.exposedName)) {
      if (group.some((f) => f.name !== group[0]!.name)) collisions.push({ contentType, name, fields: group, kind: 'afterSuffix' });
    }
  }
  return collisions;
});

/** Fields whose GraphQL name is one every type has already (the service's RESERVED_FIELD_NAME). */
export function reservedFieldNames(model: SchemaModel): { contentType: SchemaContentType; field: SchemaField }[] {
  const found: { contentType: SchemaContentType; field: SchemaField }[] = [];
  for (const contentType of model.contentTypes) {
    for (const field of contentType.fields) if (RESERVED_FIELD_NAMES.has(field.name)) found.push({ contentType, field });
  }
  return found;
}

/**
 * Type names that two or more parts of the schema generate, where at least one is not simply a
 * content type's own type (those are type name collisions): a derived name equal to a content
 * type's type, to another derived name, or to a built-in type. Clashes that only repeat a type
 * or field name collision (`ACarCollection` of `A_car` and of `a_car_`) are left out, and so are
 * further clashes between the same content types and fields.
 */
export function derivedNameClashes(names: ReadonlyMap<string, readonly NameOrigin[]>): { name: string; origins: readonly NameOrigin[] }[] {
  const clashes: { name: string; origins: readonly NameOrigin[] }[] = [];
  const parties = new Set<string>();
  for (const [name, origins] of names) {
    if (origins.length < 2 || origins.every((o) => o.pattern === 'type')) continue;
    const key = (o: NameOrigin) => `${o.pattern} ${o.contentType?.naming.name} ${o.field?.typePart} ${o.linkTarget?.naming.name}`;
    if (origins.every((o) => key(o) === key(origins[0]!))) continue;
    // The same content types and fields clash once: rich text field `b_c` of `a` and `c` of `a_b`
    // clash on all eight rich text names (`ABC`, `ABCLinks`, …); the first one is enough.
    const who = origins.map((o) => `${o.contentType?.node.id}\0${o.field?.node.id}`).join('\0\0');
    if (parties.has(who)) continue;
    parties.add(who);
    clashes.push({ name, origins });
  }
  return clashes;
}

/** derivedNameClashes of the model's type names, with or without the per-field resource-link types (TypeNameOptions). */
export function derivedClashesOf(model: SchemaModel, resourceLinkTypes: boolean): readonly { name: string; origins: readonly NameOrigin[] }[] {
  return (resourceLinkTypes ? derivedClashesWithResourceLinkTypes : derivedClashesWithout)(model);
}

const derivedClashesWithResourceLinkTypes = perModel((model) => derivedNameClashes(typeNameOrigins(model, { resourceLinkTypes: true })));
const derivedClashesWithout = perModel((model) => derivedNameClashes(typeNameOrigins(model, { resourceLinkTypes: false })));

/**
 * Whether a name of `pattern` takes part in the derived-name clash the service documents (a link
 * field's union named like a content type's type), among names of the `clashing` patterns.
 */
export function isDocumentedClash(pattern: NamePattern, clashing: ReadonlySet<NamePattern>): boolean {
  return (pattern === 'linkUnion' && clashing.has('type')) || (pattern === 'type' && clashing.has('linkUnion'));
}

/** `'a', 'b', 'c'`: how the service's error messages list ids. */
export function quoteList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}
