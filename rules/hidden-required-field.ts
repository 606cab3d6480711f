import { defineRule } from '../src/engine/rule.js';
import { setFieldProperty, type Suggestion } from '../src/fix/changes.js';
import { isObject } from '../src/util/json-value.js';

/** Field types that can have a `defaultValue` (besides Array of Symbol). */
const DEFAULTABLE = new Set(['Symbol', 'Text', 'Integer', 'Number', 'Date', 'Boolean']);

/** Default values a suggestion can give without guessing what the team means: none for text, dates and lists. */
const NEUTRAL_DEFAULTS: Readonly<Record<string, unknown>> = { Boolean: false, Integer: 0, Number: 0 };

export default defineRule({
  meta: {
    id: 'hidden-required-field',
    description: 'A field that is hidden in the editor (disabled) and required, with no default value.',
    enforcement: { date: '2025-01-21', postponedFrom: '2024-11-14', note: null },
    severity: 'error',
    recommended: true,
    fixable: true,
    hasSuggestions: true,
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

\`--fix\` sets \`required: false\`. Suggestions: \`showField\` (\`disabled: false\`), and for Boolean,
Integer and Number fields \`defaultValue\` (\`false\` or \`0\` in the default locale; a text or a
date cannot be chosen for the team).
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
        const suggest: Suggestion[] = [{ id: 'showField', desc: 'Show the field in the editor (disabled: false)', changes: [setFieldProperty(field, 'disabled', false)] }];
        const neutral = NEUTRAL_DEFAULTS[String(json.type)];
        const locale = context.space.defaultLocales.length === 1 ? context.space.defaultLocales[0]!.code : null;
        if (neutral !== undefined && locale !== null) {
          const value = { [locale]: neutral };
          suggest.push({ id: 'defaultValue', desc: `Give the field the default value ${JSON.stringify(value)}`, changes: [setFieldProperty(field, 'defaultValue', value)] });
        }
        context.report({
          node: field,
          path: ['disabled'],
          messageId: 'hiddenRequired',
          data: { field: field.id, advice },
          fix: { desc: 'Set required: false (the service’s advice)', changes: [setFieldProperty(field, 'required', false)] },
          suggest,
        });
      },
    };
  },
});
