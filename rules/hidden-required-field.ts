import { defineRule } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';

/** Field types that can have a `defaultValue` (besides Array of Symbol). */
const DEFAULTABLE = new Set(['Symbol', 'Text', 'Integer', 'Number', 'Date', 'Boolean']);

export default defineRule({
  meta: {
    id: 'hidden-required-field',
    description: 'A field that is hidden in the editor (disabled) and required, with no default value.',
    enforcement: { date: '2025-01-21', postponedFrom: '2024-11-14', note: null },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      hiddenRequired: {
        text:
          "Field '{{field}}' is required but hidden in the editor (disabled: true) and has no default value: " +
          'editors cannot see it, and entries that leave it empty cannot be published. {{advice}}',
      },
    },
    docs: `
A field with \`disabled: true\` ("Hide field when editing") is not shown in the entry editor,
but \`required: true\` still applies to it. From 2025-01-21 (postponed from 2024-11-14) the
service refuses to publish an entry whose required field is empty even when the field is
hidden: the editor then reveals the field so that a value can be entered. Scheduled publishing
fails the same way. Editors cannot fill a field they cannot see, so such a content type blocks
its own entries.

Reported: a field (not \`deleted\`) with \`disabled: true\` and \`required: true\` and no
\`defaultValue\`. A field with a default value for at least one locale is not reported: the
service does not count it as empty. A default value is applied only when an entry is created,
so existing entries can still be empty: \`required-field-empty\` checks the entries themselves.

## Examples

Reported:

\`\`\`json
{ "id": "legacyCode", "type": "Symbol", "required": true, "disabled": true }
\`\`\`

Not reported:

\`\`\`json
{ "id": "legacyCode", "type": "Symbol", "required": true, "disabled": true, "defaultValue": { "en-US": "none" } }
{ "id": "legacyCode", "type": "Symbol", "required": false, "disabled": true }
\`\`\`

## Fix

Set \`required: false\` (the service's own advice), show the field again, or give it a default
value and fill the existing entries. Only Symbol, Text, Integer, Number, Date, Boolean and Array
of Symbol fields can have a default value; for the others the message leaves that advice out.
`,
  },

  create(context) {
    return {
      field(field) {
        const { json } = field;
        if (json.disabled !== true || json.required !== true || json.deleted === true) return;
        const defaults = json.defaultValue;
        if (isObject(defaults) && Object.values(defaults).some((v) => v !== null && v !== undefined)) return;
        // Only these field types can have a default value (Array: of Symbol).
        const canDefault = DEFAULTABLE.has(String(json.type)) || (json.type === 'Array' && isObject(json.items) && json.items.type === 'Symbol');
        const advice = canDefault
          ? 'Set required: false, show the field, or give it a default value.'
          : `Set required: false or show the field (a ${json.type === 'Array' ? 'list of links' : String(json.type)} field cannot have a default value).`;
        context.report({ node: field, path: ['disabled'], messageId: 'hiddenRequired', data: { field: field.id, advice } });
      },
    };
  },
});
