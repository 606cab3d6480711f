import { defineRule } from '../src/engine/rule.js';
import { fieldBefore } from '../src/diff/counterpart.js';
import { EntryImpact } from '../src/diff/entry-impact.js';
import { isObject } from '../src/util/json-value.js';
import { isEmptyValue } from '../src/model/field-value.js';
import { quoted, showList } from '../src/validation/describe.js';

export default defineRule({
  meta: {
    id: 'field-unlocalized',
    description: '(diff) A field made non-localized while entries hold values in other locales than the default: those values disappear from locale=* responses.',
    enforcement: { date: null, postponedFrom: null, note: 'July 13 (year not stated); in effect' },
    severity: 'warning',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      unlocalized: {
        text:
          "Field '{{field}}' of content type '{{contentType}}' is no longer localized, but has values for other locales than {{defaults}} in {{entries}}: " +
          'locale=* responses stop returning them.',
        // The values stay stored and the service refuses nothing: whether a reader loses them depends on whether it asks with locale=*, which the inputs do not show.
        change: 'dangerous',
      },
      unchecked: {
        text:
          "Field '{{field}}' of content type '{{contentType}}' is no longer localized: values its entries hold for other locales than the default " +
          'stop being returned by locale=* requests (the inputs hold no entries to check).',
        change: 'dangerous',
        maxSeverity: 'warning',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. Since July 13 (year not stated) the service leaves out the values a
non-localized field holds for non-default locales from responses with \`locale=*\`. Making a
localized field non-localized keeps those values stored but hides them: readers that asked for
every locale lose them. Reported: a field localized before the change and not after it, naming
the entries (not archived) that hold a non-empty value for a locale other than the default, or,
when the inputs hold no entries at all, the change alone; when they hold entries and none has such
values, it is not reported. It is a dangerous change (a warning), not a breaking one: the values
stay stored and the service refuses nothing, and whether a reader loses them depends on whether it
asks with \`locale=*\`, which the inputs do not show. \`unlocalized-field-locale-values\` reports the same
values in a plain lint run.

## Fix

Move the values you need into the default locale first, or keep the field localized.
`,
  },
  create(context) {
    const { before, space } = context;
    if (!before) return {};
    const defaults = new Set(space.defaultLocales.map((l) => l.code));
    const defaultsText = showList([...defaults], quoted) || 'the default locale';
    const impact = new EntryImpact();
    return {
      field(field) {
        const old = fieldBefore(before, field);
        if (!old || old.localized !== true || field.json.localized === true || field.json.deleted === true) return;
        impact.add(field.contentType.id, {
          node: field,
          data: { field: field.id, contentType: field.contentType.id, defaults: defaultsText },
          breaks(entry) {
            const values = isObject(entry.json.fields) ? entry.json.fields[field.id] : undefined;
            if (!isObject(values)) return false;
            // Without a default locale in the inputs, no value can be told apart: nothing is reported.
            return defaults.size > 0 && Object.entries(values).some(([code, value]) => !defaults.has(code) && !isEmptyValue(field.json.type, value));
          },
        });
      },
      entry: (entry) => impact.visit(entry),
      end: () => impact.report(context, { broken: 'unlocalized', unchecked: 'unchecked' }),
    };
  },
});
