import { defineRule } from '../src/engine/rule.js';
import { fieldBefore } from '../src/diff/counterpart.js';
import { isObject } from '../src/util/json-value.js';
import type { FieldJson } from '../src/model/json-types.js';

/** The type of a field as the service fixes it: type, link type, and the same of its items. */
function typeOf(field: FieldJson): string {
  const one = (type: unknown, linkType: unknown) => (type === 'Link' ? `Link<${String(linkType)}>` : String(type));
  const items = isObject(field.items) ? field.items : undefined;
  return field.type === 'Array' && items ? `Array<${one(items.type, items.linkType)}>` : one(field.type, field.linkType);
}

export default defineRule({
  meta: {
    id: 'field-type-changed',
    description: "(diff) A field whose type, link type or item type changed: the service refuses to change a field's type.",
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      changed: {
        text:
          "Field '{{field}}' of content type '{{contentType}}' changes type from {{from}} to {{to}}: the service refuses to change a field's type " +
          '(create a new field, move the values, then remove the old one).',
        change: 'breaking',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. The service does not let a content type change the type of an
existing field (nor its \`linkType\`, nor the type of an Array's items): saving the content type
is refused, and the GraphQL type of the field would change under every query that selects it.
Reported: a field present before and after the change whose type, link type or item type
differs.

## Fix

Add a field with the new type, copy the values over (a migration script can transform them),
move the code to the new field, then omit and delete the old one.
`,
  },
  create(context) {
    const { before } = context;
    if (!before) return {};
    return {
      field(field) {
        const old = fieldBefore(before, field);
        if (!old || field.json.deleted === true) return;
        const from = typeOf(old);
        const to = typeOf(field.json);
        if (from === to) return;
        context.report({ node: field, path: ['type'], messageId: 'changed', data: { field: field.id, contentType: field.contentType.id, from, to } });
      },
    };
  },
});
