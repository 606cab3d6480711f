import { fieldNameOf, isGraphQLName, RESERVED_FIELD_NAMES } from './naming.js';
import type { SchemaContentType, SchemaField } from './schema-model.js';

/** A field id as the service's migration tool accepts it: a letter, then letters, digits and `_`. */
const FIELD_ID = /^[a-zA-Z][a-zA-Z0-9_]*$/;

/**
 * New ids for fields of a content type whose GraphQL names clash (with each other, or with a
 * reserved name): for each, its GraphQL name followed by a number (2, 3 …; `Field` after a reserved
 * name), chosen so that neither the id nor the GraphQL name it gives is taken by another field of
 * the type, reserved, or given to another field of `fields`. Null for a field without a usable name.
 */
export function freeFieldIds(contentType: SchemaContentType, fields: readonly SchemaField[]): (string | null)[] {
  const renamed = new Set(fields);
  const ids = new Set(contentType.node.fields.map((f) => f.id));
  const names = new Set(contentType.fields.filter((f) => !renamed.has(f)).flatMap((f) => [f.name, f.exposedName]));
  return fields.map((field) => {
    if (!isGraphQLName(field.name)) return null;
    const base = RESERVED_FIELD_NAMES.has(field.name) ? `${field.name}Field` : field.name;
    const suffix = field.exposedName.slice(field.name.length);
    for (let n = base === field.name ? 2 : 1; n < 1000; n++) {
      const id = n === 1 ? base : `${base}${n}`;
      const name = fieldNameOf(id);
      if (!FIELD_ID.test(id) || ids.has(id) || names.has(name) || names.has(name + suffix) || RESERVED_FIELD_NAMES.has(name)) continue;
      ids.add(id);
      names.add(name).add(name + suffix);
      return id;
    }
    return null;
  });
}
