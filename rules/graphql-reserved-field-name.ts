import { defineRule } from '../src/engine/rule.js';
import { renameField } from '../src/fix/changes.js';
import { reservedFieldNames } from '../src/graphql/collisions.js';
import { freeFieldIds } from '../src/graphql/free-field-id.js';
import { buildSchemaModel, type SchemaField } from '../src/graphql/schema-model.js';
import type { ContentTypeNode } from '../src/model/nodes.js';

const FAILS = 'The service cannot generate the GraphQL schema (RESERVED_FIELD_NAME, HTTP 422), so every GraphQL query for the space fails.';

export default defineRule({
  meta: {
    id: 'graphql-reserved-field-name',
    description: 'A field id whose GraphQL name is sys, contentfulMetadata or linkedFrom, which every type has already.',
    enforcement: { date: '2022-08-29', postponedFrom: null, note: 'HTTP 422 from this date; before it the same failure was an HTTP 500' },
    severity: 'error',
    recommended: true,
    hasSuggestions: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      reserved: {
        text: `Field '{{field}}' of content type '{{contentType}}' would be named '{{name}}' in GraphQL, a field name the service reserves. ${FAILS}`,
      },
      reservedOmitted: {
        text:
          "Field '{{field}}' of content type '{{contentType}}' would be named '{{name}}' in GraphQL, a field name the service reserves. " +
          'The field is omitted from API responses; whether the service still checks omitted fields is not documented. ' +
          'If it does, it cannot generate the GraphQL schema (RESERVED_FIELD_NAME).',
        maxSeverity: 'warning',
      },
      reservedBeforeSuffix: {
        text:
          "Field '{{field}}' of content type '{{contentType}}' is a list of links, exposed in GraphQL as '{{exposedName}}'; " +
          "its name before the suffix, '{{name}}', is reserved. Whether the service checks the name before or after the suffix " +
          'is not documented; if before, it cannot generate the GraphQL schema (RESERVED_FIELD_NAME).',
        maxSeverity: 'warning',
      },
    },
    docs: `
Every type the service's GraphQL content API generates for a content type has the fields
\`sys\`, \`contentfulMetadata\` and \`linkedFrom\` (and \`_id\`, which no field id can produce).
A field whose id gives one of these names with lodash's \`camelCase\` — \`sys\`, \`SYS\`,
\`linked_from\`, \`LinkedFrom\`, \`contentful_metadata\` — makes schema generation fail: every
GraphQL request gets HTTP 422 (HTTP 500 before 2022-08-29) with the error code
\`RESERVED_FIELD_NAME\`.

Reported: each such field (error). As warnings, because the service does not document these
cases: an omitted field (\`omitted: true\`; whether omitted fields are part of the schema is not
documented) and a list of links, which is exposed as the name followed by \`Collection\`
(\`linkedFromCollection\`; whether the check looks at the name before or after the suffix is
not documented). Deleted fields are not checked.

## Examples

Reported:

\`\`\`json
{ "id": "linked_from", "type": "Symbol" }
{ "id": "sys", "type": "Object" }
\`\`\`

Not reported: \`system\`, \`sysId\`, \`metadata\`, \`linkedFromPage\`.

## Fix

Rename the field (its "Field ID" in the web app), for example \`sys\` → \`systemInfo\`, and
update the GraphQL queries that use it.

The suggestion \`renameField\` gives the field a free id (\`sys\` → \`sysField\`), as a migration step
(\`changeFieldId\`, with \`--fix-migration\`): the service moves the entries' values with it. It is
not applied in place: the entries on disk would keep the values under the old id.
`,
  },

  create(context) {
    const contentTypes: ContentTypeNode[] = [];
    return {
      contentType(contentType) {
        contentTypes.push(contentType);
      },
      end() {
        const model = buildSchemaModel(contentTypes);
        const found = reservedFieldNames(model);
        // New ids chosen per content type, so that no two renamed fields get one id.
        const newIds = new Map<SchemaField, string | null>();
        for (const contentType of new Set(found.map((f) => f.contentType))) {
          const fields = found.filter((f) => f.contentType === contentType).map((f) => f.field);
          freeFieldIds(contentType, fields).forEach((id, i) => newIds.set(fields[i]!, id));
        }
        for (const { contentType, field } of found) {
          const messageId = field.exposedName !== field.name ? 'reservedBeforeSuffix' : field.omitted ? 'reservedOmitted' : 'reserved';
          const newId = newIds.get(field);
          context.report({
            node: field.node,
            path: ['id'],
            messageId,
            data: { field: field.node.id, contentType: contentType.node.id, name: field.name, exposedName: field.exposedName },
            suggest: newId ? [{ id: 'renameField', desc: `Rename the field '${field.node.id}' to '${newId}'`, changes: [renameField(field.node, newId)] }] : [],
          });
        }
      },
    };
  },
});
