import { createRequire } from 'node:module';
import type { GraphQLSchema } from 'graphql';
import type { SpaceModel } from '../model/space-model.js';
import { PACKAGE_LAYOUT } from '../package-root.js';
import { renderSchema } from './render-sdl.js';
import { buildSchemaModel, type SchemaModel } from './schema-model.js';
import { schemaProblems } from './schema-problems.js';

type GraphQLJs = Pick<
  typeof import('graphql'),
  | 'Kind'
  | 'Source'
  | 'parse'
  | 'visit'
  | 'buildSchema'
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
  loaded = {
    Kind: (require('graphql/language/kinds.js') as typeof import('graphql')).Kind,
    Source: (require('graphql/language/source.js') as typeof import('graphql')).Source,
    parse: (require('graphql/language/parser.js') as typeof import('graphql')).parse,
    visit: (require('graphql/language/visitor.js') as typeof import('graphql')).visit,
    buildSchema: (require('graphql/utilities/buildASTSchema.js') as typeof import('graphql')).buildSchema,
    TypeInfo: typeInfo.TypeInfo,
    visitWithTypeInfo: typeInfo.visitWithTypeInfo,
    getNamedType: (require('graphql/type/definition.js') as typeof import('graphql')).getNamedType,
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

/** The predicted schema as SDL, or null when GraphQL names collide (the graphql-* collision rules report that). */
export function predictedSdl(space: SpaceModel): { model: SchemaModel; sdl: string } | null {
  const model = schemaModelOf(space);
  return schemaProblems(model).length === 0 ? { model, sdl: renderSchema(model) } : null;
}

export interface PredictedSchema {
  model: SchemaModel;
  schema: GraphQLSchema;
}

const schemas = new WeakMap<SpaceModel, PredictedSchema | null>();

/**
 * The schema the service would generate for the space's content types, as graphql-js builds it
 * from the predicted SDL (`cmlint graphql-schema`); built once per space model and shared by the
 * rules of a run. Null when GraphQL names collide: no schema can be generated then.
 */
export function predictedSchema(space: SpaceModel): PredictedSchema | null {
  if (!schemas.has(space)) {
    const predicted = predictedSdl(space);
    // cmlint prints this SDL itself (its validity is tested with the renderer): checking it again on every run would cost more than validating the documents.
    schemas.set(space, predicted && { model: predicted.model, schema: graphqlJs().buildSchema(predicted.sdl, { assumeValidSDL: true, assumeValid: true, noLocation: true }) });
  }
  return schemas.get(space)!;
}
