import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLSchema,
} from 'graphql';

/**
 * A GraphQL schema as a set of items, for structural comparison of two schemas (the predicted
 * one and one the service generated): each item is a string that names what it is and where,
 * with its type where it has one, so that an item of the wrong type counts as missing.
 */

export type ItemKind = 'type' | 'field' | 'argument' | 'inputField' | 'enumValue' | 'interface' | 'unionMember';

export const ITEM_KINDS: readonly ItemKind[] = ['type', 'field', 'argument', 'inputField', 'enumValue', 'interface', 'unionMember'];

/** Items by kind: `type Query`, `field Query.asset: Asset`, `argument Query.asset(id: String!)`, … */
export function schemaItems(schema: GraphQLSchema): Map<string, ItemKind> {
  const items = new Map<string, ItemKind>();
  const add = (kind: ItemKind, text: string) => items.set(`${kind} ${text}`, kind);
  const addArgs = (owner: string, args: readonly GraphQLArgument[]) => {
    for (const arg of args) add('argument', `${owner}(${arg.name}: ${String(arg.type)})`);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    add('type', type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        add('field', `${type.name}.${field.name}: ${String(field.type)}`);
        addArgs(`${type.name}.${field.name}`, field.args);
      }
      for (const iface of type.getInterfaces()) add('interface', `${type.name} implements ${iface.name}`);
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) add('inputField', `${type.name}.${field.name}: ${String(field.type)}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) add('enumValue', `${type.name}.${value.name}`);
    } else if (isUnionType(type)) {
      for (const member of type.getTypes()) add('unionMember', `${type.name} = ${member.name}`);
    }
  }
  return items;
}

export interface KindCoverage {
  readonly total: number;
  readonly present: number;
}

export interface SchemaCoverage {
  /** Per kind: how many items the real schema has and how many of them the predicted one has. */
  readonly byKind: Readonly<Record<ItemKind, KindCoverage>>;
  readonly total: number;
  readonly present: number;
  /** The real schema's items the predicted one lacks, sorted. */
  readonly missing: readonly string[];
  /** The predicted schema's items the real one lacks (newer additions, or mistakes), sorted. */
  readonly extra: readonly string[];
}

/** How much of `real` the `predicted` schema holds, item by item. */
export function schemaCoverage(real: GraphQLSchema, predicted: GraphQLSchema): SchemaCoverage {
  const realItems = schemaItems(real);
  const predictedItems = schemaItems(predicted);
  const byKind = Object.fromEntries(ITEM_KINDS.map((kind) => [kind, { total: 0, present: 0 }])) as Record<ItemKind, { total: number; present: number }>;
  const missing: string[] = [];
  for (const [item, kind] of realItems) {
    byKind[kind].total++;
    if (predictedItems.has(item)) byKind[kind].present++;
    else missing.push(item);
  }
  const extra = [...predictedItems.keys()].filter((item) => !realItems.has(item));
  const total = realItems.size;
  return { byKind, total, present: total - missing.length, missing: missing.sort(), extra: extra.sort() };
}
