import { createRequire } from 'node:module';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { SpaceModel } from '../model/space-model.js';
import { PACKAGE_LAYOUT } from '../package-root.js';
import { buildPredictedSchema } from './build-schema.js';
import { predictedDefinitions } from './predicted-definitions.js';
import { reducedDefinitions } from './reduced-schema.js';
import type { TypeDefinition } from './schema-definitions.js';
import { buildSchemaModel, type SchemaModel } from './schema-model.js';
import { schemaProblems } from './schema-problems.js';

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
  const require = PACKAGE_LAYOUT === 'bundle' ? (createRequire(import.meta.url)('./graphql.cjs') as NodeJS.Require) : createRequire(import.meta.url);
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

/** The schema model of a space, built once per space model. */
export function schemaModelOf(space: SpaceModel): SchemaModel {
  let model = models.get(space);
  if (!model) models.set(space, (model = buildSchemaModel([...space.contentTypes.values()])));
  return model;
}

const models = new WeakMap<SpaceModel, SchemaModel>();

export interface PredictedSchema {
  model: SchemaModel;
  schema: GraphQLSchema;
}

/** The predicted definitions of a space, made once per space model; null when GraphQL names collide (no schema can be generated then). */
function definitionsOf(space: SpaceModel): { model: SchemaModel; definitions: TypeDefinition[] } | null {
  if (!definitions.has(space)) {
    const model = schemaModelOf(space);
    definitions.set(space, schemaProblems(model).length === 0 ? { model, definitions: predictedDefinitions(model) } : null);
  }
  return definitions.get(space)!;
}

const definitions = new WeakMap<SpaceModel, { model: SchemaModel; definitions: TypeDefinition[] } | null>();
const schemas = new WeakMap<SpaceModel, PredictedSchema | null>();

/**
 * The schema the service would generate for the space's content types (the one
 * `cmlint graphql-schema` prints), made by graphql-js's type constructors from the predicted
 * definitions; built once per space model and shared by the rules of a run. Null when GraphQL
 * names collide: no schema can be generated then.
 */
export function predictedSchema(space: SpaceModel): PredictedSchema | null {
  if (!schemas.has(space)) {
    const predicted = definitionsOf(space);
    schemas.set(space, predicted && { model: predicted.model, schema: buildPredictedSchema(graphqlJs(), predicted.definitions) });
  }
  return schemas.get(space)!;
}

/**
 * The part of the predicted schema that the documents reach (see reduced-schema.ts): valid
 * against it means valid against the complete schema; an error against it means nothing until
 * the documents are validated against the complete schema. Null when GraphQL names collide.
 */
export function reducedPredictedSchema(space: SpaceModel, document: DocumentNode): PredictedSchema | null {
  const predicted = definitionsOf(space);
  return predicted && { model: predicted.model, schema: buildPredictedSchema(graphqlJs(), reducedDefinitions(predicted.definitions, document), true) };
}
