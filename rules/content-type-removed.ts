import { defineRule } from '../src/engine/rule.js';
import { typeNameOf } from '../src/graphql/naming.js';

export default defineRule({
  meta: {
    id: 'content-type-removed',
    description: '(diff) A content type present before the change and gone after it: its entries, API readers and GraphQL queries break.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      removed: {
        text:
          "Content type '{{contentType}}' was removed: its entries go with it, and the API requests and GraphQL queries that read it " +
          '(type {{typeName}} and its collection) fail.',
        change: 'breaking',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. Reported: a content type of the model before the change that the
model after it does not have. The service deletes a content type only once it has no entries,
and every delivery request, GraphQL query and application type that names it breaks. The
finding points at the content type in the inputs before the change, or, when a migration script
deletes it, at the script's \`deleteContentType\` call.

## Fix

Keep the content type until no code reads it, or remove the code first. When the type is being
renamed, create the new one, move the entries, then remove the old one in a later change.
`,
  },
  create(context) {
    const { before } = context;
    if (!before) return {};
    return {
      end() {
        for (const contentType of before.contentTypes.values()) {
          if (context.space.contentTypes.has(contentType.id)) continue;
          // Removed by a migration script: at its `deleteContentType` call; else where it was before the change.
          const node = context.space.scriptRemovals.of(contentType.id)?.node ?? contentType;
          context.report({ node, messageId: 'removed', data: { contentType: contentType.id, typeName: typeNameOf(contentType.id).name } });
        }
      },
    };
  },
});
