import { defineRule } from '../src/engine/rule.js';

export default defineRule({
  meta: {
    id: 'migration-invalid',
    description: 'A migration script step that the migration tool rejects (a field deleted that does not exist, a content type created twice, an invalid payload).',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    inputs: ['migrations'],
    // In `cmlint diff` too: a rejected script is not part of the "after" model, and the reviewer must know.
    diff: 'also',
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      rejected: {
        text: 'The migration tool rejects this step: {{message}} The script is not applied (the tool runs none of its steps); the scripts after it are replayed without it.',
      },
    },
    docs: `
With \`migrations\` configured, cmlint replays the project's migration scripts on the space with
the migration tool's own parser (\`contentful-migration\`), offline: the tool checks each
script's steps and payloads against the space as the earlier scripts left it, exactly as it
would before sending anything to the service. This rule reports what the tool rejects, at the
line of the script that made the step, with the tool's own message: a field edited or deleted
that does not exist, a content type created twice or edited before it exists, a field type the
service does not know, a property set twice, a required property missing, an entry
transformation that throws.

The tool runs none of a script's steps when it rejects one of them, so cmlint does not apply
that script either; the scripts after it are replayed on the model without it (and may then be
rejected in turn, as they would be in the pipeline).

The scripts are the project's own code: cmlint runs them in its own process, as ESLint runs a
configuration file. Run cmlint only on scripts you would run yourself.

## Examples

Reported (the field \`subtitle\` does not exist on \`blogPost\`):

\`\`\`js
module.exports = function (migration) {
  migration.editContentType('blogPost').deleteField('subtitle');
};
\`\`\`

## Fix

Make the step fit the model the scripts before it produce: check the content type and field
ids, and the order of the scripts (they run in file-name order).
`,
  },

  create(context) {
    return {
      end() {
        for (const issue of context.space.migrationIssues) {
          context.report({ node: issue.node, messageId: 'rejected', data: { message: withStop(issue.message) } });
        }
      },
    };
  },
});

/** The tool's message as one sentence (its messages end with or without a full stop). */
function withStop(message: string): string {
  const text = message.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
