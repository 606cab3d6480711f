import type { FieldJson } from '../model/json-types.js';
import type { ContentTypeNode, FieldNode } from '../model/nodes.js';
import type { SpaceModel } from '../model/space-model.js';

/** The fields of a content type that are not deleted (`deleted: true` is a field on its way out). */
export function liveFields(contentType: ContentTypeNode): FieldNode[] {
  return contentType.fields.filter((f) => f.json.deleted !== true);
}

/** The same field in the model before the change (not deleted), or undefined when it was not there. */
export function fieldBefore(before: SpaceModel, field: FieldNode): FieldJson | undefined {
  const contentType = before.contentTypes.get(field.contentType.id);
  return contentType && liveFields(contentType).find((f) => f.id === field.id)?.json;
}
