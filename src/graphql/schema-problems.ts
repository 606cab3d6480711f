import type { ContentTypeNode, FieldNode } from '../model/nodes.js';
import { derivedClashesOf, fieldNameCollisions, isDocumentedClash, quoteList, reservedFieldNames, typeNameCollisions } from './collisions.js';
import { describeOrigin, type SchemaModel } from './schema-model.js';

/**
 * Why the predicted schema cannot be printed: two parts of it with one name, a reserved field
 * name, or a name GraphQL does not accept. Omitted fields are not part of the predicted schema.
 */
export interface SchemaProblem {
  /** What the service does, with its error code; null where it does not document the case. */
  service: string | null;
  /** In the service's wording where it is known. */
  message: string;
  /** Where the problem is reported: the first content type or field involved. */
  node: ContentTypeNode | FieldNode;
  /** Every content type and field whose GraphQL names take part (`node` first). */
  parties: readonly (ContentTypeNode | FieldNode)[];
}

const TYPE_NAMES = 'schema generation fails: COLLIDING_TYPE_NAMES';

export function schemaProblems(model: SchemaModel): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const type of model.contentTypes) {
    if (!type.usable) {
      problems.push({ service: null, message: `Content type id '${type.node.id}' gives no valid GraphQL type name ('${type.naming.name}')`, node: type.node, parties: [type.node] });
    }
    for (const field of type.fields) {
      if (field.usable || field.omitted) continue;
      const message = `Field id '${field.node.id}' of the content type '${type.node.id}' gives no valid GraphQL field name ('${field.name}')`;
      problems.push({ service: null, message, node: field.node, parties: [field.node] });
    }
  }
  for (const { typeName, contentTypes } of typeNameCollisions(model)) {
    const ids = quoteList(contentTypes.map((t) => t.node.id));
    const message = `Type name generated for the content types ${ids} would be the same for all of them: '${typeName}'`;
    problems.push({ service: TYPE_NAMES, message, node: contentTypes[0]!.node, parties: contentTypes.map((t) => t.node) });
  }
  for (const collision of fieldNameCollisions(model)) {
    // Names that differ only by the suffix of a list of links are both in the predicted schema.
    if (collision.kind === 'beforeSuffix') continue;
    const fields = collision.fields.filter((f) => !f.omitted);
    if (fields.length < 2) continue;
    const ids = quoteList(fields.map((f) => f.node.id));
    const of = `of the content type '${collision.contentType.node.id}'`;
    const parties = fields.map((f) => f.node);
    problems.push(
      collision.kind === 'afterSuffix'
        ? { service: null, message: `The fields ${ids} ${of} would all be '${collision.name}' (a list of links gets the suffix 'Collection')`, node: parties[0]!, parties }
        : {
            service: 'schema generation fails: COLLIDING_FIELD_NAMES',
            message: `Field name generated for the fields ${ids} ${of} would be the same for all of them: '${collision.name}'`,
            node: parties[0]!,
            parties,
          },
    );
  }
  for (const { contentType, field } of reservedFieldNames(model)) {
    if (field.omitted || field.exposedName !== field.name) continue;
    const message = `Field '${field.node.id}' of the content type '${contentType.node.id}' would be named '${field.name}', a reserved field name`;
    problems.push({ service: 'schema generation fails: RESERVED_FIELD_NAME', message, node: field.node, parties: [field.node] });
  }
  for (const { name, origins } of derivedClashesOf(model, true)) {
    const first = origins.find((o) => o.contentType !== null)!;
    const message = `Type name '${name}' would be used for ${origins.map(describeOrigin).join(' and ')}`;
    const patterns = new Set(origins.map((o) => o.pattern));
    const documented = origins.some((o) => isDocumentedClash(o.pattern, patterns));
    // A built-in type takes part by its name only; a field's names go with the field (a link field, for the linkedFrom order enums).
    const parties = origins.flatMap((o): (ContentTypeNode | FieldNode)[] => (o.field ? [o.field.node] : o.contentType ? [o.contentType.node] : []));
    problems.push({ service: documented ? 'queries fail: COLLIDING_TYPE_NAMES' : null, message, node: first.field?.node ?? first.contentType!.node, parties });
  }
  return problems;
}
