import type { ASTNode, DocumentNode, FieldNode as GraphQLFieldNode, GraphQLSchema } from 'graphql';
import { removedBy, type ScriptRemoval, type ScriptRemovals } from '../model/script-removals.js';
import { fieldNameOf, lowerFirstAscii, typeNameOf } from './naming.js';
import type { SchemaContentType, SchemaField, SchemaModel } from './schema-model.js';
import { graphqlJs } from './graphql-js.js';

/**
 * Where a selection of a GraphQL document stands in the predicted schema, and what in the content
 * model makes an error there: the content type and field a query asks for that the model no
 * longer has (or has with another type), in the model's words.
 */

/** The type a selection is made on, and the field selection that holds it (with that field's own parent type). */
export interface Place {
  parentType: string | null;
  enclosing: { name: string; parentType: string | null } | null;
}

/** Places of the fields, fragments and type names of a document, found with graphql-js's TypeInfo. */
export function placesOf(schema: GraphQLSchema, document: DocumentNode): Map<ASTNode, Place> {
  const { TypeInfo, getNamedType, visit, visitWithTypeInfo } = graphqlJs();
  const typeInfo = new TypeInfo(schema);
  const places = new Map<ASTNode, Place>();
  const fields: { name: string; parentType: string | null }[] = [];
  const record = (node: ASTNode): void => {
    places.set(node, { parentType: typeInfo.getParentType()?.name ?? null, enclosing: fields[fields.length - 1] ?? null });
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field: {
        enter(node: GraphQLFieldNode) {
          record(node);
          fields.push({ name: node.name.value, parentType: typeInfo.getParentType()?.name ?? null });
        },
        leave() {
          fields.pop();
        },
      },
      FragmentDefinition: { enter: () => void fields.splice(0), leave: () => void fields.splice(0) },
      InlineFragment: record,
      FragmentSpread: record,
      NamedType: record,
      // A key of a `where` filter, and a value of an `order` enum: the input type they are checked against.
      ObjectField(node) {
        places.set(node, { parentType: typeInfo.getParentInputType() ? getNamedType(typeInfo.getParentInputType()!).name : null, enclosing: null });
      },
      EnumValue(node) {
        const type = typeInfo.getInputType();
        places.set(node, { parentType: type ? getNamedType(type).name : null, enclosing: null });
      },
    }),
  );
  return places;
}

/** Filter keys are a field's name, or its name and an operator (`slug_contains`); order values its name and a direction. */
const FILTER_OPERATORS = /_(exists|not|in|not_in|contains|not_contains|gt|gte|lt|lte|within_circle|within_rectangle)$/;
const ORDER_DIRECTIONS = /_(ASC|DESC)$/;

/** The content type a filter input or order enum belongs to, and the field name a key or value stands for. */
function filterOrOrderField(node: ASTNode, place: Place, model: SchemaModel): { type: SchemaContentType; name: string } | null {
  const typeName = place.parentType;
  if (typeName === null) return null;
  let type: SchemaContentType | undefined;
  let name: string;
  if (node.kind === 'ObjectField') {
    const base = /^(?:cf)?(\w+?)(?:Nested)?Filter$/.exec(typeName)?.[1];
    type = base === undefined ? undefined : typeByName(model, base);
    name = node.name.value.replace(FILTER_OPERATORS, '');
  } else if (node.kind === 'EnumValue') {
    type = typeByName(model, /^(\w+)Order$/.exec(typeName)?.[1] ?? null);
    name = node.value.replace(ORDER_DIRECTIONS, '');
  } else return null;
  return type && !['sys', 'contentfulMetadata', 'AND', 'OR'].includes(name) ? { type, name } : null;
}

/** A content type and field a GraphQL error comes from, with what happened to them. */
export interface ModelCause {
  contentType: string;
  field: string | null;
  text: string;
}

/** What a field is, in the model's words: "a link to an asset", "a list of links to entries (Author, Person)". */
export function describeField(field: SchemaField): string {
  const { shape } = field;
  const targets = field.targets.length > 0 ? ` (${field.targets.map((t) => t.naming.name).join(', ')})` : '';
  switch (shape.kind) {
    case 'scalar':
      return `a ${String(field.node.json.type)} field (${shape.type})`;
    case 'richText':
      return 'a rich text field';
    case 'asset':
      return 'a link to an asset';
    case 'assets':
      return 'a list of links to assets';
    case 'entry':
      return `a link to entries${targets}`;
    case 'entries':
      return `a list of links to entries${targets}`;
    case 'resource':
      return 'a link to resources of other spaces';
    case 'resources':
      return 'a list of links to resources of other spaces';
    case 'unknown':
      return `a ${String(field.node.json.type)} field`;
  }
}

function typeByName(model: SchemaModel, name: string | null): SchemaContentType | undefined {
  return name === null ? undefined : model.contentTypes.find((t) => t.naming.name === name);
}

/** The field of a type that a selection named `name` asks for (or that had that name before: `heroImage` → `heroImageCollection`). */
function fieldNamed(type: SchemaContentType, name: string): SchemaField | undefined {
  return type.fields.find((f) => f.exposedName === name) ?? type.fields.find((f) => f.name === name);
}

/** " by migrations/0042-x.js:7" when a migration script last set `prop` of the field (without `prop`: made the field); "" otherwise. */
function setByScript(field: SchemaField, prop?: string): string {
  const { source } = field.node.contentType;
  const site = source.file.scriptSite?.(source, ['fields', String(field.node.index), ...(prop === undefined ? [] : [prop])]);
  return site ? ` by ${site.file}:${site.line}` : '';
}

/** "T.f is now X, not Y" when the model before says it was something else (`changed`); else "T.f is X". Names the script that made it, if one did. */
function describeChange(type: SchemaContentType, name: string, field: SchemaField, before: SchemaModel | null): { text: string; changed: boolean } {
  const now = describeField(field);
  const old = before?.contentTypes.find((t) => t.node.id === type.node.id)?.fields.find((f) => f.node.id === field.node.id);
  if (field.omitted) return { text: `${type.naming.name}.${name} is omitted from the APIs (the field is set to omitted${setByScript(field, 'omitted')})`, changed: old !== undefined && !old.omitted };
  const was = old && !old.omitted ? describeField(old) : null;
  const by = setByScript(field);
  if (was !== null && was !== now) return { text: `${type.naming.name}.${name} is now ${now}, not ${was}${by ? ` (changed${by})` : ''}`, changed: true };
  const queried = field.exposedName !== name ? ` (queried as ${field.exposedName})` : '';
  return { text: `${type.naming.name}.${name} is ${now}${queried}`, changed: false };
}

/** The field of a content type, named `name` in the API, that a migration script removes. */
function removedField(removals: ScriptRemovals | null, contentType: string, name: string): ScriptRemoval | undefined {
  return removals?.fields(contentType).find((r) => [fieldNameOf(r.node.id), `${fieldNameOf(r.node.id)}Collection`].includes(name));
}

/** The content type that a migration script removes whose type name, or query field (`post`, `postCollection`), is `name`. */
function removedType(removals: ScriptRemovals | null, name: string, as: 'type' | 'query'): ScriptRemoval | undefined {
  return removals?.contentTypes().find((r) => {
    const typeName = typeNameOf(r.node.id).name;
    return as === 'type' ? typeName === name : [lowerFirstAscii(typeName), `${lowerFirstAscii(typeName)}Collection`].includes(name);
  });
}

/** A field a query names that the content type does not have (now): removed (by a script, if one did), omitted, or never there. */
function missingField(type: SchemaContentType, name: string, before: SchemaModel | null, removals: ScriptRemovals | null): ModelCause {
  const field = fieldNamed(type, name);
  if (field) return { contentType: type.node.id, field: field.node.id, text: describeChange(type, name, field, before).text };
  const old = before?.contentTypes.find((t) => t.node.id === type.node.id);
  const removed = old && fieldNamed(old, name);
  const script = removedField(removals, type.node.id, name);
  if (removed) {
    const by = script ? `; ${removedBy(script)}` : '';
    return { contentType: type.node.id, field: removed.node.id, text: `${type.naming.name}.${name} was removed (field '${removed.node.id}' of content type '${type.node.id}'${by})` };
  }
  if (script) return { contentType: type.node.id, field: script.node.id, text: `field '${script.node.id}' of content type '${type.node.id}' is ${removedBy(script)}` };
  return { contentType: type.node.id, field: null, text: `content type '${type.node.id}' has no field that the API names ${name}` };
}

/**
 * The cause in the model of an error at `node` (a field, fragment or type name of the document),
 * or null when the error is not about the model (a misspelt argument, an unknown variable).
 * `before` (in `cmlint diff`) names the change: a field or content type removed, a field's type
 * changed. An error inside a link's selection is the link field's when that field changed.
 * `removals` (with migration scripts) names the script line that removes a field or content type.
 */
export function modelCause(node: ASTNode, place: Place | undefined, after: SchemaModel, before: SchemaModel | null, removals: ScriptRemovals | null = null): ModelCause | null {
  if (!place) return null;
  if (node.kind === 'NamedType') {
    const name = node.name.value;
    if (typeByName(after, name)) return null;
    const gone = before ? typeByName(before, name) : undefined;
    const script = removedType(removals, name, 'type');
    if (gone) return { contentType: gone.node.id, field: null, text: `content type '${gone.node.id}' (${name}) was removed${script ? ` (${removedBy(script)})` : ''}` };
    return script ? { contentType: script.node.id, field: null, text: `content type '${script.node.id}' (${name}) is ${removedBy(script)}` } : null;
  }
  // The field whose value the selection is made on (a link, a rich text, a collection).
  const holderType = place.enclosing && typeByName(after, place.enclosing.parentType);
  const holderField = holderType && fieldNamed(holderType, place.enclosing!.name);
  const holder = holderType && holderField ? { contentType: holderType.node.id, field: holderField.node.id, ...describeChange(holderType, place.enclosing!.name, holderField, before) } : null;
  if (holder?.changed) return holder;
  const keyed = filterOrOrderField(node, place, after);
  if (keyed) return missingField(keyed.type, keyed.name, before, removals);
  if (node.kind === 'Field') {
    const name = node.name.value;
    const type = typeByName(after, place.parentType);
    if (type) {
      const field = fieldNamed(type, name);
      if (field) return { contentType: type.node.id, field: field.node.id, text: describeChange(type, name, field, before).text };
      const cause = missingField(type, name, before, removals);
      return holder && cause.field === null ? { ...cause, text: `${cause.text} (${holder.text})` } : cause;
    }
    if (place.parentType === 'Query') {
      const gone = before?.contentTypes.find((t) => [lowerFirstAscii(t.naming.name), `${lowerFirstAscii(t.naming.name)}Collection`].includes(name));
      const script = removedType(removals, name, 'query');
      if (gone && !after.contentTypes.some((t) => t.node.id === gone.node.id)) {
        return { contentType: gone.node.id, field: null, text: `content type '${gone.node.id}' was removed${script ? ` (${removedBy(script)})` : ''}` };
      }
      if (script && !after.contentTypes.some((t) => t.node.id === script.node.id)) return { contentType: script.node.id, field: null, text: `content type '${script.node.id}' is ${removedBy(script)}` };
    }
  }
  return holder && { contentType: holder.contentType, field: holder.field, text: holder.text };
}
