import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { SpaceModel } from '../model/space-model.js';
import { buildPredictedSchema } from './build-schema.js';
import { definitionIndex, type DefinitionIndex } from './predicted-definitions.js';
import { reducedDefinitions } from './reduced-schema.js';
import { buildSchemaModel, type SchemaModel } from './schema-model.js';
import { schemaProblems } from './schema-problems.js';

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

/**
 * The predicted definitions of a space, one index per space model (each definition made once, when
 * first used); null when GraphQL names collide (no schema can be generated then).
 */
function definitionsOf(space: SpaceModel): { model: SchemaModel; definitions: DefinitionIndex } | null {
  if (!definitions.has(space)) {
    const model = schemaModelOf(space);
    definitions.set(space, schemaProblems(model).length === 0 ? { model, definitions: definitionIndex(model) } : null);
  }
  return definitions.get(space)!;
}

const definitions = new WeakMap<SpaceModel, { model: SchemaModel; definitions: DefinitionIndex } | null>();
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
    schemas.set(space, predicted && { model: predicted.model, schema: buildPredictedSchema(predicted.definitions.all()) });
  }
  return schemas.get(space)!;
}

/**
 * The part of the predicted schema that the documents reach (see reduced-schema.ts): valid
 * against it means valid against the complete schema; an error against it means nothing until
 * the documents are validated against the complete schema. Null when GraphQL names collide.
 */
export function reducedPredictedSchema(space: SpaceModel, document: DocumentNode): GraphQLSchema | null {
  const predicted = definitionsOf(space);
  return predicted && buildPredictedSchema(reducedDefinitions(predicted.definitions, document), true);
}
