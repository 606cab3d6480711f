import { defineRule } from '../src/engine/rule.js';
import { fieldBefore } from '../src/diff/counterpart.js';
import { EntryImpact } from '../src/diff/entry-impact.js';
import { isObject } from '../src/util/json-value.js';
import { isEmptyValue } from '../src/model/field-value.js';
import { PublishLocales } from '../src/model/publish-locales.js';

export default defineRule({
  meta: {
    id: 'required-added',
    description: '(diff) A field made required (or a new required field) where entries are empty: their next publish is refused.',
    enforcement: { date: '2025-01-21', postponedFrom: '2024-11-14', note: null },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      required: {
        text: "Field '{{field}}' of content type '{{contentType}}' becomes required, but is empty in {{entries}}: the service refuses the next publish of each.",
        change: 'breaking',
      },
      unchecked: {
        text: "Field '{{field}}' of content type '{{contentType}}' becomes required: entries that leave it empty cannot be published (the inputs hold no entries to check).",
        change: 'dangerous',
        maxSeverity: 'warning',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. Reported: a field that is \`required\` after the change and was not
before it (or did not exist, on a content type that did), naming the entries (not archived) that
leave it empty where a value is required: in the default locale for a field that is not localized,
in every locale that is not optional for a localized one (as \`required-field-empty\` judges them).
The service refuses to publish such an entry (for hidden fields too, since 2025-01-21). When the
inputs hold no entries at all, the change is reported as dangerous; when they hold entries and
none is empty, it is not reported.

## Fix

Give the field a \`defaultValue\` (applied to new entries only) and fill the existing entries
first (a migration's \`transformEntries\`), or keep the field optional.
`,
  },
  create(context) {
    const { before, space } = context;
    if (!before) return {};
    const locales = new PublishLocales(space);
    const impact = new EntryImpact();
    return {
      field(field) {
        const { json } = field;
        if (json.required !== true || json.deleted === true || !before.contentTypes.has(field.contentType.id)) return;
        if (fieldBefore(before, field)?.required === true) return;
        const codes = json.localized === true ? locales.requiredLocalized : locales.requiredDefaults;
        impact.add(field.contentType.id, {
          node: field,
          data: { field: field.id, contentType: field.contentType.id },
          breaks(entry) {
            const values = isObject(entry.json.fields) ? entry.json.fields[field.id] : undefined;
            return codes.some((code) => isEmptyValue(String(json.type), isObject(values) ? values[code] : undefined));
          },
        });
      },
      entry: (entry) => impact.visit(entry),
      end: () => impact.report(context, { broken: 'required', unchecked: 'unchecked' }),
    };
  },
});
