import { createRequire } from 'node:module';
import { requireBundleFile } from '../bundle-file.js';
import { PACKAGE_LAYOUT } from '../package-root.js';

type GraphQLJs = Pick<
  typeof import('graphql'),
  | 'Kind'
  | 'Source'
  | 'parse'
  | 'visit'
  | 'GraphQLSchema'
  | 'GraphQLObjectType'
  | 'GraphQLInterfaceType'
  | 'GraphQLInputObjectType'
  | 'GraphQLEnumType'
  | 'GraphQLUnionType'
  | 'GraphQLScalarType'
  | 'GraphQLList'
  | 'GraphQLNonNull'
  | 'GraphQLDirective'
  | 'DirectiveLocation'
  | 'specifiedDirectives'
  | 'specifiedScalarTypes'
  | 'TypeInfo'
  | 'visitWithTypeInfo'
  | 'getNamedType'
  | 'validate'
  | 'specifiedRules'
  | 'NoUnusedFragmentsRule'
  | 'UniqueOperationNamesRule'
  | 'LoneAnonymousOperationRule'
  | 'GraphQLError'
  | 'findBreakingChanges'
>;

let loaded: GraphQLJs | undefined;

/**
 * The parts of graphql-js cmlint uses, loaded on first use: runs without GraphQL rules or
 * documents never load it. Its modules are required one by one rather than through its index,
 * which loads execution, subscriptions and utilities cmlint does not need (about 40 % of its
 * load time: documents add to the cold start of a small run).
 */
export function graphqlJs(): GraphQLJs {
  if (loaded) return loaded;
  // In the bundle, graphql-js's modules are in one file beside it (scripts/bundle.mjs).
  const require = PACKAGE_LAYOUT === 'bundle' ? (requireBundleFile('graphql.cjs') as NodeJS.Require) : createRequire(import.meta.url);
  const typeInfo = require('graphql/utilities/TypeInfo.js') as typeof import('graphql');
  const definition = require('graphql/type/definition.js') as typeof import('graphql');
  const directives = require('graphql/type/directives.js') as typeof import('graphql');
  loaded = {
    Kind: (require('graphql/language/kinds.js') as typeof import('graphql')).Kind,
    Source: (require('graphql/language/source.js') as typeof import('graphql')).Source,
    parse: (require('graphql/language/parser.js') as typeof import('graphql')).parse,
    visit: (require('graphql/language/visitor.js') as typeof import('graphql')).visit,
    GraphQLSchema: (require('graphql/type/schema.js') as typeof import('graphql')).GraphQLSchema,
    GraphQLObjectType: definition.GraphQLObjectType,
    GraphQLInterfaceType: definition.GraphQLInterfaceType,
    GraphQLInputObjectType: definition.GraphQLInputObjectType,
    GraphQLEnumType: definition.GraphQLEnumType,
    GraphQLUnionType: definition.GraphQLUnionType,
    GraphQLScalarType: definition.GraphQLScalarType,
    GraphQLList: definition.GraphQLList,
    GraphQLNonNull: definition.GraphQLNonNull,
    GraphQLDirective: directives.GraphQLDirective,
    DirectiveLocation: (require('graphql/language/directiveLocation.js') as typeof import('graphql')).DirectiveLocation,
    specifiedDirectives: directives.specifiedDirectives,
    specifiedScalarTypes: (require('graphql/type/scalars.js') as typeof import('graphql')).specifiedScalarTypes,
    TypeInfo: typeInfo.TypeInfo,
    visitWithTypeInfo: typeInfo.visitWithTypeInfo,
    getNamedType: definition.getNamedType,
    validate: (require('graphql/validation/validate.js') as typeof import('graphql')).validate,
    specifiedRules: (require('graphql/validation/specifiedRules.js') as typeof import('graphql')).specifiedRules,
    NoUnusedFragmentsRule: (require('graphql/validation/rules/NoUnusedFragmentsRule.js') as typeof import('graphql')).NoUnusedFragmentsRule,
    UniqueOperationNamesRule: (require('graphql/validation/rules/UniqueOperationNamesRule.js') as typeof import('graphql')).UniqueOperationNamesRule,
    LoneAnonymousOperationRule: (require('graphql/validation/rules/LoneAnonymousOperationRule.js') as typeof import('graphql')).LoneAnonymousOperationRule,
    GraphQLError: (require('graphql/error/GraphQLError.js') as typeof import('graphql')).GraphQLError,
    get findBreakingChanges() {
      return (require('graphql/utilities/findBreakingChanges.js') as typeof import('graphql')).findBreakingChanges;
    },
  };
  return loaded;
}
