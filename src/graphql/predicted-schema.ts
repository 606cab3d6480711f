import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { SpaceModel } from '../model/space-model.js';
import { buildPredictedSchema } from './build-schema.js';
import { definitionIndex, type DefinitionIndex } from './predicted-definitions.js';
import { reducedDefinitions } from './reduced-schema.js';
import { buildSchemaModel, type SchemaModel } from './schema-model.js';
import { collisionsOf, type Collisions } from './without-collisions.js';

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

/** The definitions documents are checked against, with the model they are made from and its collisions (see documentSchema). */
interface DocumentDefinitions {
  model: SchemaModel;
  definitions: DefinitionIndex;
  collisions: Collisions | null;
}

/**
 * The predicted definitions of a space, one index per space model (each definition made once, when
 * first used); when GraphQL names collide, those of the model without the parts that collide.
 */
function definitionsOf(space: SpaceModel): DocumentDefinitions {
  let found = definitions.get(space);
  if (!found) {
    const complete = schemaModelOf(space);
    const collisions = collisionsOf([...space.contentTypes.values()], complete);
    const model = collisions?.model ?? complete;
    definitions.set(space, (found = { model, definitions: definitionIndex(model), collisions }));
  }
  return found;
}

const definitions = new WeakMap<SpaceModel, DocumentDefinitions>();
const schemas = new WeakMap<SpaceModel, DocumentSchema>();

/** The schema GraphQL documents are checked against, and the collisions of the model when its names collide. */
export interface DocumentSchema extends PredictedSchema {
  /** Null when no GraphQL names collide: `schema` is then the predicted schema. */
  collisions: Collisions | null;
}

/**
 * The schema GraphQL documents are checked against: the predicted schema; when GraphQL names
 * collide (no schema can be generated then), the schema of the model without the parts that
 * collide, with the collisions (without-collisions.ts). Made by graphql-js's type constructors from
 * the predicted definitions, once per space model, and shared by the rules of a run.
 */
export function documentSchema(space: SpaceModel): DocumentSchema {
  let found = schemas.get(space);
  if (!found) {
    const { model, definitions, collisions } = definitionsOf(space);
    schemas.set(space, (found = { model, schema: buildPredictedSchema(definitions.all()), collisions }));
  }
  return found;
}

/** The collisions of the space's GraphQL names (without-collisions.ts), or null: known without building a schema. */
export function documentCollisions(space: SpaceModel): Collisions | null {
  return definitionsOf(space).collisions;
}

/**
 * The schema the service would generate for the space's content types (the one
 * `cmlint graphql-schema` prints); null when GraphQL names collide: no schema can be generated then.
 */
export function predictedSchema(space: SpaceModel): PredictedSchema | null {
  if (documentCollisions(space)) return null;
  const { model, schema } = documentSchema(space);
  return { model, schema };
}

/**
 * The part of the documents' schema (documentSchema) that the documents reach (see
 * reduced-schema.ts): valid against it means valid against the complete schema; an error against
 * it means nothing until the documents are validated against the complete schema.
 */
export function reducedPredictedSchema(space: SpaceModel, document: DocumentNode): GraphQLSchema {
  return buildPredictedSchema(reducedDefinitions(definitionsOf(space).definitions, document), true);
}
