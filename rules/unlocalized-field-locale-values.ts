import { EntryCount } from '../src/engine/entry-count.js';
import { defineRule } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { isArchived } from '../src/model/entry-status.js';
import { plural } from '../src/util/plural.js';
import { quoted, showList } from '../src/validation/describe.js';

export default defineRule({
  meta: {
    id: 'unlocalized-field-locale-values',
    description: 'A field that is not localized but holds values under locales other than the default: the service omits them with locale=*.',
    enforcement: { date: null, postponedFrom: null, note: 'July 13 (year not stated); in effect' },
    severity: 'warning',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      nonDefaultValue: {
        text:
          "Field '{{field}}' is not localized but holds a value for locale '{{locale}}' (the default locale is {{defaultLocale}}): " +
          'with locale=* the service returns only the default locale’s value of a field that is not localized, ' +
          'so this value is invisible through the API. Remove it, or make the field localized if the value is wanted.',
      },
      noDefaultLocale: {
        text:
          'The input marks no locale as the default, so {{entries}} holding values under several locales in fields that are not localized could not be checked. ' +
          'Lint the space export together with its locales.',
        maxSeverity: 'info',
      },
    },
    docs: `
A field that is not localized (\`localized: false\`, the service's default) has one value, stored
under the space's default locale. Values under other locales appear when a localized field is
switched to not localized: the service keeps them, but since July 13 (the announcement gives no
year; cmlint treats the change as in effect) the entry endpoints no longer return them with
\`locale=*\`. They are stale data nobody sees, and they come back if the field is made localized
again. The service's web app shows such a value as "This field is not localized and should not
contain a value."

Reported: one finding per entry, field and locale, for a value (not \`null\`) under a configured
locale other than the default, in a field that is not localized and not deleted. Archived
entries are skipped.

Not reported:

- values under a locale code the space does not configure: \`unconfigured-locale\` reports those;
- values under any locale marked \`default: true\`. The service has one default locale, but an
  input can mark several (the service's own import test data does); cmlint cannot tell which
  one the service uses, so it does not report values under any of them;
- entries when the input marks no locale as the default: the rule then says once, as \`info\`,
  how many entries it could not check (those holding values under two or more locales in a
  field that is not localized).

## Examples

With the default locale \`en-US\` and the locale \`de-DE\`, and \`title\` not localized, reported:

\`\`\`json
{ "fields": { "title": { "en-US": "Hello", "de-DE": "Hallo" } } }
\`\`\`

Not reported (a localized field, and a field that is not localized with only the default value):

\`\`\`json
{ "fields": { "headline": { "en-US": "Hello", "de-DE": "Hallo" }, "title": { "en-US": "Hello" } } }
\`\`\`

## Fix

Remove the values with a script through the management API (or make the field localized again
if they are wanted). Removing them makes the data match what the API shows.
`,
  },

  create(context) {
    const { space } = context;
    const defaults = new Set(space.defaultLocales.map((l) => l.code));
    const defaultLocale = showList([...defaults], quoted, { separator: ' or ' });
    /** Per content type: the ids of its fields that are not localized (and not deleted). */
    const unlocalized = new Map<string, Set<string>>();
    const unchecked = new EntryCount();

    const holdsSeveralLocales = (values: Record<string, unknown>): boolean => {
      let count = 0;
      for (const locale in values) if (values[locale] !== null && ++count > 1) return true;
      return false;
    };

    return {
      contentType(contentType) {
        const ids = new Set<string>();
        for (const field of contentType.fields) if (field.json.localized !== true && field.json.deleted !== true) ids.add(field.id);
        if (ids.size > 0) unlocalized.set(contentType.id, ids);
      },
      entry(entry) {
        const ids = unlocalized.get(entry.contentTypeId);
        const { fields } = entry.json;
        if (ids === undefined || !isObject(fields) || isArchived(entry)) return;
        if (defaults.size === 0) {
          for (const field of ids) {
            const values = fields[field];
            if (isObject(values) && holdsSeveralLocales(values)) {
              unchecked.value++;
              return;
            }
          }
          return;
        }
        for (const field of ids) {
          const values = fields[field];
          if (!isObject(values)) continue;
          for (const locale in values) {
            if (defaults.has(locale) || !space.locales.has(locale) || values[locale] === null) continue;
            context.report({
              node: entry,
              path: ['fields', field, locale],
              field,
              locale,
              messageId: 'nonDefaultValue',
              data: { field, locale, defaultLocale },
            });
          }
        }
      },
      // Parallel runs (--jobs): the count crosses from the worker threads' copies.
      exportState: unchecked.exportState,
      importState: unchecked.importState,
      end() {
        if (unchecked.value > 0) context.report({ node: null, messageId: 'noDefaultLocale', data: { entries: plural(unchecked.value, 'entry', 'entries') } });
      },
    };
  },
});
