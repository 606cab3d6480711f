import type { ContentTypeNode, FieldNode } from './nodes.js';

/**
 * What keeps a content type's display field from resolving under `select=fields._displayField`:
 * shared by the model rule (display-field-unresolvable) and the code rule (display-field-select).
 * - `none`: no displayField (absent, null or empty);
 * - `missing`: it names no field of the type (or a deleted one);
 * - `notText` / `hidden`: a field the service's web app does not accept as display field;
 * - null: a usable display field (`field`).
 */
export type DisplayFieldState =
  | { problem: 'none'; field: null }
  | { problem: 'missing'; field: null; name: string }
  | { problem: 'notText' | 'hidden' | null; field: FieldNode; name: string };

export function displayFieldState(contentType: ContentTypeNode): DisplayFieldState {
  const { displayField } = contentType.json;
  if (displayField === undefined || displayField === null || displayField === '') return { problem: 'none', field: null };
  const name = typeof displayField === 'string' ? displayField : JSON.stringify(displayField);
  const field = contentType.fields.find((f) => f.id === displayField && f.json.deleted !== true);
  if (field === undefined) return { problem: 'missing', field: null, name };
  if (field.json.type !== 'Symbol' && field.json.type !== 'Text') return { problem: 'notText', field, name };
  if (field.json.disabled === true) return { problem: 'hidden', field, name };
  return { problem: null, field, name };
}
