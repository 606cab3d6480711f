import { defineRule } from '../src/engine/rule.js';
import { narrowedValidationVisitors } from '../src/diff/narrowed-validations.js';
import type { ValidationKind } from '../src/validation/types.js';

/** The value validations this rule compares; links are link-narrowed's, `unique` is left to entry-field-validation. */
const KINDS: ReadonlySet<ValidationKind> = new Set([
  'size',
  'range',
  'in',
  'regexp',
  'prohibitRegexp',
  'dateRange',
  'assetFileSize',
  'assetImageDimensions',
  'enabledMarks',
  'enabledNodeTypes',
  'nodes',
]);

export default defineRule({
  meta: {
    id: 'validation-narrowed',
    description: '(diff) A validation added or narrowed so that existing entries break it: their next publish is refused.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      narrowed: {
        text:
          "The {{kinds}} validation of field '{{field}}' (content type '{{contentType}}') changes so that values of {{entries}} no longer pass it: " +
          'the service refuses the next publish of each.',
        change: 'breaking',
      },
      unchecked: {
        text:
          "The {{kinds}} validation of field '{{field}}' (content type '{{contentType}}') is added or changed: entries whose values it no longer allows " +
          'cannot be published (the inputs hold no entries to check).',
        change: 'dangerous',
        maxSeverity: 'warning',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. Reported: a validation of a field (or of its items) that the change
adds or alters, when entries of the inputs (not archived) hold values that break it after the
change and did not break the field's validations of that kind before it: an \`in\` list that
drops a value in use, a \`size\` or \`range\` made smaller, a new \`regexp\`. The values are
checked with the checks of \`entry-field-validation\` (same locales, same reading of what the
service does not document). The finding names the entries; the service refuses their next
publish. A validation widened, or narrowed where no entry is affected, is not reported. When the
inputs hold no entries at all, the change is reported as dangerous. Links (\`linkContentType\`,
\`linkMimetypeGroup\`) are \`link-narrowed\`'s; \`unique\` is left to \`entry-field-validation\`.

## Fix

Change the named entries first, or keep the validation as wide as the content needs.
`,
  },
  create: (context) => narrowedValidationVisitors(context, KINDS),
});
