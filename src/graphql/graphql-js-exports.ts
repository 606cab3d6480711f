/**
 * The names of graphql-js that cmlint uses, each with the module of the package that defines it
 * (its path in the package, without extension): the one list of them.
 * - src/graphql/graphql-js.ts gives these names (graphqlJs()); in tsc's output it requires each
 *   module from node_modules (`<module>.js`), not graphql-js's index, which loads execution,
 *   subscriptions and utilities cmlint does not need.
 * - scripts/bundle.mjs builds dist/bundle/graphql.cjs from graphql-js's ES modules
 *   (`<module>.mjs`) with exactly these exports, tree-shaken: the build fails if a module does
 *   not export its name. graphql-tag-pluck.cjs takes the two names it imports (Source, parse)
 *   from graphql.cjs too.
 * A name used elsewhere must be added here (the type GraphQLJs is made from this list).
 */
export const GRAPHQL_JS_EXPORTS = {
  Kind: 'language/kinds',
  Source: 'language/source',
  parse: 'language/parser',
  print: 'language/printer',
  visit: 'language/visitor',
  DirectiveLocation: 'language/directiveLocation',
  GraphQLSchema: 'type/schema',
  GraphQLObjectType: 'type/definition',
  GraphQLInterfaceType: 'type/definition',
  GraphQLInputObjectType: 'type/definition',
  GraphQLEnumType: 'type/definition',
  GraphQLUnionType: 'type/definition',
  GraphQLScalarType: 'type/definition',
  GraphQLList: 'type/definition',
  GraphQLNonNull: 'type/definition',
  getNamedType: 'type/definition',
  GraphQLDirective: 'type/directives',
  specifiedDirectives: 'type/directives',
  specifiedScalarTypes: 'type/scalars',
  TypeInfo: 'utilities/TypeInfo',
  visitWithTypeInfo: 'utilities/TypeInfo',
  validate: 'validation/validate',
  specifiedRules: 'validation/specifiedRules',
  NoUnusedFragmentsRule: 'validation/rules/NoUnusedFragmentsRule',
  UniqueOperationNamesRule: 'validation/rules/UniqueOperationNamesRule',
  LoneAnonymousOperationRule: 'validation/rules/LoneAnonymousOperationRule',
  GraphQLError: 'error/GraphQLError',
  findBreakingChanges: 'utilities/findBreakingChanges',
} as const;

/** The parts of graphql-js cmlint uses. */
export type GraphQLJs = Pick<typeof import('graphql'), keyof typeof GRAPHQL_JS_EXPORTS>;
