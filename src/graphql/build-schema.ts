import type { GraphQLArgumentConfig, GraphQLFieldConfigMap, GraphQLInputFieldConfigMap, GraphQLInputType, GraphQLNamedType, GraphQLNullableType, GraphQLOutputType, GraphQLSchema, GraphQLType } from 'graphql';
import { graphqlJs } from './graphql-js.js';
import { CONTENT_SOURCE_MAPS, descriptionText, type FieldDefinition, type InputFieldDefinition, type TypeDefinition } from './schema-definitions.js';

/**
 * graphql-js's schema of the predicted definitions, made with its type constructors: the same
 * schema as `buildASTSchema(parse(renderSchema(model)))` (test/graphql-schema-build.test.ts
 * compares them for every content model of the fixtures) without printing and parsing SDL.
 * Types are passed in the order the SDL lists them, the directive before the specified ones, as
 * buildASTSchema passes them, so that the schema's type map has the same order too. Like
 * buildASTSchema with `assumeValid`, the schema is not validated: the definitions are valid
 * (tested with validateSchema on the printed SDL). `withStandardScalars` adds the five standard
 * scalars whether the definitions use them or not (a part of the schema: reduced-schema.ts).
 */
export function buildPredictedSchema(definitions: readonly TypeDefinition[], withStandardScalars = false): GraphQLSchema {
  const graphql = graphqlJs();
  const named = new Map<string, GraphQLNamedType>(graphql.specifiedScalarTypes.map((t) => [t.name, t]));
  const typeOf = (ref: string): GraphQLType => {
    if (ref.endsWith('!')) return new graphql.GraphQLNonNull(typeOf(ref.slice(0, -1)) as GraphQLNullableType);
    if (ref.startsWith('[')) return new graphql.GraphQLList(typeOf(ref.slice(1, -1)));
    const type = named.get(ref);
    if (!type) throw new Error(`unknown type '${ref}' in the predicted schema`);
    return type;
  };
  const outputFields = (fields: readonly FieldDefinition[]) => (): GraphQLFieldConfigMap<unknown, unknown> => {
    const map: GraphQLFieldConfigMap<unknown, unknown> = Object.create(null);
    for (const f of fields) {
      const args: Record<string, GraphQLArgumentConfig> = Object.create(null);
      for (const a of f.args) args[a.name] = { type: typeOf(a.type) as GraphQLInputType, defaultValue: a.defaultValue };
      map[f.name] = { type: typeOf(f.type) as GraphQLOutputType, args };
    }
    return map;
  };
  const inputFields = (fields: readonly InputFieldDefinition[]) => (): GraphQLInputFieldConfigMap => {
    const map: GraphQLInputFieldConfigMap = Object.create(null);
    for (const f of fields) map[f.name] = { type: typeOf(f.type) as GraphQLInputType };
    return map;
  };
  const interfaces = (names: readonly string[]) => () => names.map((name) => named.get(name) as InstanceType<typeof graphql.GraphQLInterfaceType>);

  const types: GraphQLNamedType[] = withStandardScalars ? [...graphql.specifiedScalarTypes] : [];
  for (const d of definitions) {
    const type = ((): GraphQLNamedType => {
      switch (d.kind) {
        case 'object':
          return new graphql.GraphQLObjectType({
            name: d.name,
            description: d.description === null ? undefined : descriptionText(d.description),
            interfaces: interfaces(d.interfaces),
            fields: outputFields(d.fields),
          });
        case 'interface':
          return new graphql.GraphQLInterfaceType({ name: d.name, interfaces: [], fields: outputFields(d.fields) });
        case 'input':
          return new graphql.GraphQLInputObjectType({ name: d.name, fields: inputFields(d.fields) });
        case 'enum':
          return new graphql.GraphQLEnumType({ name: d.name, values: Object.fromEntries(d.values.map((value) => [value, {}])) });
        case 'union':
          return new graphql.GraphQLUnionType({ name: d.name, types: () => d.members.map((name) => named.get(name) as InstanceType<typeof graphql.GraphQLObjectType>) });
        case 'scalar':
          return new graphql.GraphQLScalarType({ name: d.name });
      }
    })();
    named.set(d.name, type);
    types.push(type);
  }
  const directive = new graphql.GraphQLDirective({ name: CONTENT_SOURCE_MAPS, locations: [graphql.DirectiveLocation.QUERY] });
  return new graphql.GraphQLSchema({
    query: named.get('Query') as InstanceType<typeof graphql.GraphQLObjectType>,
    types,
    directives: [directive, ...graphql.specifiedDirectives],
    assumeValid: true,
  });
}
