import type { ContentTypeNode, FieldNode } from '../model/nodes.js';
import { definitionIndex } from './predicted-definitions.js';
import { buildSchemaModel, fieldShape, type SchemaModel } from './schema-model.js';
import { schemaProblems, type SchemaProblem } from './schema-problems.js';

/**
 * A content model whose GraphQL names collide has no schema: the service refuses to generate one
 * (422) for the documented collisions, and cmlint cannot predict one for the others. Its GraphQL
 * documents are still checked, against the schema of the model without the parts that take part:
 * the content types and fields of each problem (schemaProblems), and the link fields that may
 * point to a content type left out (their types would not be the service's). An error there that
 * names something the complete model generates (a field, type, filter key or order value left
 * out) is the collision's, not the document's (`generates`).
 */
export interface Collisions {
  /** The problems of the complete model, in schemaProblems' order. */
  readonly problems: readonly SchemaProblem[];
  /** The model without the parts that collide: it has no problems. */
  readonly model: SchemaModel;
  /**
   * Whether the complete model generates the type `typeName` (two parts of it may), or a field,
   * input field or enum value `member` of it. A type that two parts generate has every member.
   */
  generates(typeName: string, member?: string): boolean;
}

/** The collisions of a model built from `contentTypes`, or null when it has no problems. */
export function collisionsOf(contentTypes: readonly ContentTypeNode[], model: SchemaModel): Collisions | null {
  const problems = schemaProblems(model);
  if (problems.length === 0) return null;
  const without = modelWithout(contentTypes, problems);
  const complete = definitionIndex(model);
  return {
    problems,
    model: without,
    generates(typeName, member) {
      let definition;
      try {
        definition = complete.get(typeName);
      } catch {
        return true; // two different types of this name
      }
      if (!definition) return false;
      if (member === undefined) return true;
      switch (definition.kind) {
        case 'object':
        case 'interface':
        case 'input':
          return definition.fields.some((f) => f.name === member);
        case 'enum':
          return definition.values.includes(member);
        default:
          return false;
      }
    },
  };
}

/**
 * The model without the content types and fields that take part in `problems`, and without what
 * that leaves with problems of its own, until none is left (each round leaves out more, so that
 * it ends: at the latest with no content type).
 */
function modelWithout(contentTypes: readonly ContentTypeNode[], problems: readonly SchemaProblem[]): SchemaModel {
  const types = new Set<string>();
  const fields = new Set<FieldNode>();
  let found = problems;
  for (;;) {
    for (const { parties } of found) {
      for (const party of parties) {
        if (party.kind === 'contentType') types.add(party.id);
        else fields.add(party);
      }
    }
    const kept: ContentTypeNode[] = [];
    for (const type of contentTypes) {
      if (!types.has(type.id)) kept.push({ ...type, fields: type.fields.filter((f) => !fields.has(f) && !linksTo(f, types)) });
    }
    const model = buildSchemaModel(kept);
    found = schemaProblems(model);
    if (found.length === 0) return model;
  }
}

/** Whether an entry link field (or list) may point to one of the content types `ids`. */
function linksTo(field: FieldNode, ids: ReadonlySet<string>): boolean {
  const shape = fieldShape(field.json as unknown as Record<string, unknown>);
  return (shape.kind === 'entry' || shape.kind === 'entries') && shape.allowed.some((id) => ids.has(id));
}
