import { defineRule } from '../src/engine/rule.js';
import { EntryImpact } from '../src/diff/entry-impact.js';
import { isObject } from '../src/util/json-value.js';

export default defineRule({
  meta: {
    id: 'locale-removed',
    description: '(diff) A locale removed while entries hold values for it: their values are lost to readers and saving them is refused.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      removed: {
        text: "Locale '{{locale}}' was removed, but values for it remain in {{entries}}: readers of that locale get nothing, and the service refuses to save each as it is.",
        change: 'breaking',
      },
      unchecked: {
        text: "Locale '{{locale}}' was removed: requests for it fail, and entries holding values for it cannot be saved as they are (the inputs hold no entries to check).",
        change: 'dangerous',
        maxSeverity: 'warning',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. Reported: a locale of the space before the change that the space
after it does not configure, naming the entries (not archived) that hold a value for it in any
field. Requests for the locale fail, and the service refuses to save an entry with values for a
locale it does not configure (\`unconfigured-locale\` reports those entries in a plain lint run).
When the inputs hold no entries at all, the removal is reported as dangerous. The finding
points at the locale in the inputs before the change.

## Fix

Move or drop the locale's values first, and the requests and fallbacks that use it.
`,
  },
  create(context) {
    const { before, space } = context;
    if (!before) return {};
    const impact = new EntryImpact();
    for (const locale of before.locales.values()) {
      if (space.locales.has(locale.code)) continue;
      impact.add(null, {
        node: locale,
        locale: locale.code,
        data: { locale: locale.code },
        breaks: (entry) => isObject(entry.json.fields) && Object.values(entry.json.fields).some((values) => isObject(values) && locale.code in values),
      });
    }
    return {
      entry: (entry) => impact.visit(entry),
      end: () => impact.report(context, { broken: 'removed', unchecked: 'unchecked' }),
    };
  },
});
