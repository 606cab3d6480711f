import { createRequire } from 'node:module';
import type { GraphQLSchema } from 'graphql';
import type { SpaceModel } from '../model/space-model.js';
import { renderSchema } from './render-sdl.js';
import { buildSchemaModel, type SchemaModel } from './schema-model.js';
import { schemaProblems } from './schema-problems.js';

/** graphql-js, loaded on first use: runs without GraphQL rules or documents never load it. */
export function graphqlJs(): typeof import('graphql') {
  return createRequire(import.meta.url)('graphql') as typeof import('graphql');
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
    schemas.set(space, predicted && { model: predicted.model, schema: graphqlJs().buildSchema(predicted.sdl) });
  }
  return schemas.get(space)!;
}
