import { defineRule } from '../src/engine/rule.js';
import { literalValue } from '../src/inputs/sources/js-facts.js';
import { endsWith, sdkQuery } from '../src/inputs/sources/requests.js';
import type { SourceFileNode } from '../src/inputs/sources/source-node.js';
import { displayFieldState } from '../src/model/display-field.js';

const TOKEN = 'fields._displayField';
const WITHOUT_FIELDS = `Under select=${TOKEN} the service returns such entries without fields.`;
/** SDK methods that list entries: the delivery and legacy management clients' getEntries, the plain client's entry.getMany. */
const ENTRY_LISTS = new Set(['getEntries']);

/** The select tokens of a query value: a comma-separated string or an array of strings. */
function selectTokens(value: unknown): string[] {
  if (typeof value === 'string') return value.split(',').map((t) => t.trim());
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? selectTokens(v) : []));
  return [];
}

export default defineRule({
  meta: {
    id: 'display-field-select',
    description: 'Requests with select=fields._displayField for a content type without a usable display field: its entries come back without fields.',
    enforcement: { date: '2026-05-21', postponedFrom: null, note: null },
    severity: 'warning',
    recommended: true,
    inputs: ['sources'],
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      noDisplayField: { text: `This request selects ${TOKEN} for content type '{{contentType}}', which has no displayField. ${WITHOUT_FIELDS} Set its displayField, or select fields by name.` },
      missingField: { text: `This request selects ${TOKEN} for content type '{{contentType}}', whose displayField '{{field}}' is not one of its fields. ${WITHOUT_FIELDS} Fix its displayField, or select fields by name.` },
      optionalField: {
        text: `This request selects ${TOKEN} for content type '{{contentType}}', whose display field '{{field}}' is not required: entries that leave it empty come back without fields. Make the field required, or handle entries without fields.`,
        maxSeverity: 'info',
      },
      unknownContentType: { text: `This request selects ${TOKEN} for content type '{{contentType}}', which is not in the content model of this run: could not check its display field.`, maxSeverity: 'info' },
      noModel: { text: `This request selects ${TOKEN} for content type '{{contentType}}', but no content model is part of this run: could not check its display field (lint the space's export with the sources).`, maxSeverity: 'info' },
    },
    docs: `
From 2026-05-21 the entries endpoints accept the select token \`fields._displayField\`: each entry's
display field is resolved from its content type and returned under the field's real name. An
entry whose content type has **no displayField**, or whose display field **has no value**, is
returned without fields.

This rule reads application sources together with the content model linted in the same run.
Where the code states the content type of a request that selects \`fields._displayField\` — in
the query string of a URL (\`content_type=post\`) or in the query object of an SDK call
(\`getEntries({ content_type: 'post', select: ['fields._displayField'] })\`, the plain client's
\`entry.getMany({ …, query: { … } })\`) — it looks the content type up in the model:

- no displayField, or one naming no field of the type: reported with the rule's severity;
- a display field that is not required (entries may leave it empty): reported as \`info\`;
- the content type is not in the model, or no model is part of the run (only sources were linted):
  \`info\`, saying that it could not check.

Not reported: requests without \`content_type\` (they resolve across content types; the model rule
\`display-field-unresolvable\` reports the content types themselves), a content type passed as a
variable (the parser cannot see it), comments. What makes a display field unusable is shared with
\`display-field-unresolvable\`.

## Examples

Reported (when \`promo\` has no displayField):

\`\`\`ts
await client.getEntries({ content_type: 'promo', select: 'sys.id,fields._displayField' });
\`\`\`

## Fix

In the content model, set the content type's \`displayField\` to a Symbol or Text field that every
entry fills, and make that field required (\`display-field-unresolvable\` reports what is left).
Or, in the code, select the fields by name (\`select: 'sys.id,fields.title'\`), or handle entries
that come back without fields.
`,
  },

  create(context) {
    const model = context.space.contentTypes;
    /** Checks the content type a request names, reporting at `start` in `file`. */
    const check = (contentType: string, start: number, file: SourceFileNode) => {
      const at = (field: string | null = null) => file.at(start, { contentType, field });
      if (model.size === 0) return context.report({ node: at(), messageId: 'noModel', data: { contentType } });
      const type = model.get(contentType);
      if (type === undefined) return context.report({ node: at(), messageId: 'unknownContentType', data: { contentType } });
      const state = displayFieldState(type);
      if (state.problem === 'none') context.report({ node: at(), messageId: 'noDisplayField', data: { contentType } });
      else if (state.problem === 'missing') context.report({ node: at(), messageId: 'missingField', data: { contentType, field: state.name } });
      else if (state.field.json.required !== true) context.report({ node: at(state.field.id), messageId: 'optionalField', data: { contentType, field: state.field.id } });
    };
    return {
      sourceFile(file) {
        for (const { url, start } of file.urls) {
          if (url.host !== null && url.kind === null) continue;
          if (!selectTokens(url.query.get('select')).includes(TOKEN)) continue;
          const contentType = url.query.get('content_type')?.[0];
          if (contentType && !contentType.includes('{}')) check(contentType, start, file);
        }
        for (const call of file.calls) {
          const method = call.callee[call.callee.length - 1]!;
          if (!(ENTRY_LISTS.has(method) && call.callee.length > 1) && !endsWith(call.callee, ['entry', 'getMany'])) continue;
          const query = sdkQuery(call);
          if (!query || !selectTokens(literalValue(query.get('select')?.value)).includes(TOKEN)) continue;
          const contentType = literalValue(query.get('content_type')?.value);
          if (typeof contentType === 'string') check(contentType, query.get('content_type')!.start, file);
        }
      },
    };
  },
});
