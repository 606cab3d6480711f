import { defineRule } from '../src/engine/rule.js';
import { narrowedValidationVisitors } from '../src/diff/narrowed-validations.js';
import type { ValidationKind } from '../src/validation/types.js';

const KINDS: ReadonlySet<ValidationKind> = new Set(['linkContentType', 'linkMimetypeGroup']);

export default defineRule({
  meta: {
    id: 'link-narrowed',
    description: '(diff) linkContentType / linkMimetypeGroup narrowed under existing links: the entries holding them cannot be published.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      narrowed: {
        text:
          "The {{kinds}} validation of field '{{field}}' (content type '{{contentType}}') no longer accepts the links of {{entries}}: " +
          'the service refuses the next publish of each.',
        change: 'breaking',
      },
      unchecked: {
        text:
          "The {{kinds}} validation of field '{{field}}' (content type '{{contentType}}') is added or narrowed: entries linking to what it no longer accepts " +
          'cannot be published (the inputs hold no entries to check).',
        change: 'dangerous',
        maxSeverity: 'warning',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. Reported: a \`linkContentType\` or \`linkMimetypeGroup\` validation
of a link field (or of an Array's items) that the change adds or narrows, when entries of the
inputs (not archived) link to an entry of a content type, or an asset of a file group, that it
no longer accepts and that the validation before the change accepted. Links are judged with the
checks of \`entry-field-validation\`, against the entries and assets of the inputs after the
change, wherever in the inputs the linked entry is; a link to something not in the inputs is
passed over. The finding names the entries; the service refuses their next publish. When the
inputs hold no entries at all, the change is reported as dangerous. A narrowed
\`linkContentType\` also changes the field's GraphQL type: \`graphql-breaking-change\` reports
that.

## Fix

Relink or clear the named entries first, or keep the content types / file groups they use.
`,
  },
  create: (context) => narrowedValidationVisitors(context, KINDS),
});
