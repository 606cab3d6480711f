import { defineRule } from '../src/engine/rule.js';
import { liveFields } from '../src/diff/counterpart.js';

export default defineRule({
  meta: {
    id: 'field-removed',
    description: '(diff) A field removed from a content type: the API readers and GraphQL queries that select it break.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      removed: {
        text: "Field '{{field}}' was removed from content type '{{contentType}}': GraphQL queries that select it fail, and code reading fields.{{field}} gets nothing.",
        change: 'breaking',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. Reported: a field of a content type before the change that the same
content type after it no longer has, or has as \`deleted: true\`. Its values go, GraphQL queries
selecting it stop validating, and application code reading it gets \`undefined\`. The finding
points at the content type's \`fields\` after the change, or, when a migration script removes the
field (\`deleteField\`, or \`changeFieldId\` to another id), at that call in the script. A content
type removed as a whole is reported once, by \`content-type-removed\`.

## Fix

Omit the field first (\`omitted: true\` keeps its values out of the APIs while the code still
compiles), move the code off it, then delete it in a later change.
`,
  },
  create(context) {
    const { before } = context;
    if (!before) return {};
    return {
      contentType(contentType) {
        const old = before.contentTypes.get(contentType.id);
        if (!old) return;
        const ids = new Set(liveFields(contentType).map((f) => f.id));
        for (const field of liveFields(old)) {
          if (ids.has(field.id)) continue;
          const data = { field: field.id, contentType: contentType.id };
          // Removed by a migration script: at the line that deletes (or renames) it.
          const removal = context.space.scriptRemovals.of(contentType.id, field.id);
          context.report(removal ? { node: removal.node, messageId: 'removed', data } : { node: contentType, field: field.id, path: ['fields'], messageId: 'removed', data });
        }
      },
    };
  },
});
