type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema and the schemas it stands for: its `$ref` (local, `#/definitions/…`), and its conditional and combined branches. */
function branches(root: Schema, schema: Schema, seen = new Set<Schema>()): Schema[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const found = [schema];
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    let target: unknown = root;
    for (const segment of ref.slice(2).split('/')) target = isSchema(target) ? target[segment] : undefined;
    if (isSchema(target)) found.push(...branches(root, target, seen));
  }
  for (const key of ['then', 'else', 'allOf', 'anyOf', 'oneOf']) {
    for (const branch of [schema[key]].flat()) if (isSchema(branch)) found.push(...branches(root, branch, seen));
  }
  return found;
}

/** The schemas of the member `segment` (a key, or an array index) of a value that `schema` describes. */
function members(schema: Schema, segment: string): Schema[] {
  const { properties, items, additionalProperties } = schema;
  if (isSchema(properties) && isSchema(properties[segment])) return [properties[segment]];
  if (Array.isArray(items) && /^\d+$/.test(segment)) return isSchema(items[Number(segment)]) ? [items[Number(segment)] as Schema] : [];
  if (isSchema(items) && /^\d+$/.test(segment)) return [items];
  return isSchema(additionalProperties) ? [additionalProperties] : [];
}

/**
 * The keys `schema` names for the object at `path` (its keys from the top level), in any of its
 * branches: what an unknown key there may have been meant as (`failon`: `failOn`).
 */
export function knownKeys(schema: Schema, path: readonly string[]): string[] {
  let at = [schema];
  for (const segment of path) at = at.flatMap((s) => branches(schema, s)).flatMap((s) => members(s, segment));
  const keys = at.flatMap((s) => branches(schema, s)).flatMap((s) => (isSchema(s.properties) ? Object.keys(s.properties) : []));
  return [...new Set(keys)];
}
