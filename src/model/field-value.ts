import { hasRichTextContent, isRichTextDocument } from './rich-text.js';

/**
 * Whether a value of a field of type `type` counts as empty for a `required` field: absent,
 * `null`, `""` in a Symbol or Text field, `[]` in an Array field, a RichText document without
 * text, embedded or linked nodes and horizontal rules. `false` and `0` are values, and so is
 * anything of an unexpected type (what the service does with those is not known, so they are
 * not called empty).
 */
export function isEmptyValue(type: string, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (type) {
    case 'Symbol':
    case 'Text':
      return value === '';
    case 'Array':
      return Array.isArray(value) && value.length === 0;
    case 'RichText':
      return isRichTextDocument(value) && !hasRichTextContent(value);
    default:
      return false;
  }
}
