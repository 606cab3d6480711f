import { EntryCount } from '../src/engine/entry-count.js';
import { defineRule } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { isArchived } from '../src/model/entry-status.js';
import { plural } from '../src/util/plural.js';

function looseCode(code: string): string {
  return code.toLowerCase().replaceAll('_', '-');
}

export default defineRule({
  meta: {
    id: 'unconfigured-locale',
    description: 'An entry holding a value under a locale code that the space does not configure: the service refuses to save it.',
    enforcement: { date: null, postponedFrom: null, note: 'March 20 (year not stated); in effect' },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      unconfiguredLocale: {
        text:
          "Field '{{field}}' holds a value for locale '{{locale}}', which the space does not configure{{hint}}: " +
          'the service refuses to save the entry, even with the X-Service-Skip-Transformation header. ' +
          'Remove the value, move it to a configured locale, or add the locale to the space.',
      },
      noLocales: {
        text:
          'The input has no locales, so the locale codes of {{entries}} could not be checked. ' +
          'Lint the space export together with its locales (the "locales" section, or a file of locale records).',
        maxSeverity: 'info',
      },
    },
    docs: `
Every value of an entry is stored under a locale code: \`"fields": { "title": { "en-US": "…" } }\`.
From March 20 (the service's announcement gives no year; cmlint treats the change as in
effect) the service refuses to save an entry through the management API when it holds a value
under a locale code that the space does not configure, even when the request sends the
X-Service-Skip-Transformation header. Such values usually come from an import or a script
written for another space, or from a locale that was deleted; the entry cannot be saved again
until they are gone.

Reported: one finding per entry, field and locale code that is not the \`code\` of a locale in
the input, at the value (a \`null\` value is not reported: exports never write one, and whether
the service keeps it is not stated). A code that differs from a configured one only in case or in \`_\` for \`-\`
(\`en-us\`, \`en_US\` for \`en-US\`) is named in the message. Archived entries are skipped. Assets are not checked:
the announcement is about entries.

A locale with \`contentManagementApi: false\` (editing disabled) is still configured: values
under it are not reported. Whether the service accepts them on save is not stated, and
reporting them could be a false alarm.

The rule needs the space's locales. When the input has none (a content-model-only export, or
entries linted without the file that holds the locales), it reports nothing about entries and
says once, as \`info\`, that it could not check them. With no entries in the input there is
nothing to check, and nothing is said.

## Examples

With the locales \`en-US\` and \`de-DE\`, reported:

\`\`\`json
{ "fields": { "title": { "en-US": "Hello", "fr-FR": "Bonjour" } } }
{ "fields": { "title": { "en-us": "Hello" } } }
\`\`\`

Not reported:

\`\`\`json
{ "fields": { "title": { "en-US": "Hello", "de-DE": "Hallo" } } }
\`\`\`

## Fix

Remove the values (or copy them to a configured locale) with a script through the management
API, or add the locale to the space first if the values are wanted.
`,
  },

  create(context) {
    const { locales } = context.space;
    /** Configured codes by their spelling without case and with `-` for `_`, to name a near miss. */
    const byLooseCode = new Map([...locales.keys()].map((code) => [looseCode(code), code]));
    const unchecked = new EntryCount();

    return {
      entry(entry) {
        if (isArchived(entry)) return;
        if (locales.size === 0) {
          unchecked.value++;
          return;
        }
        const { fields } = entry.json;
        if (!isObject(fields)) return;
        for (const field in fields) {
          const values = fields[field];
          if (!isObject(values)) continue;
          for (const locale in values) {
            if (locales.has(locale) || values[locale] === null) continue;
            const suggestion = byLooseCode.get(looseCode(locale));
            context.report({
              node: entry,
              path: ['fields', field, locale],
              field,
              locale,
              messageId: 'unconfiguredLocale',
              data: { field, locale, hint: suggestion ? ` (did you mean '${suggestion}'?)` : '' },
            });
          }
        }
      },
      // Parallel runs (--jobs): the count crosses from the worker threads' copies.
      exportState: unchecked.exportState,
      importState: unchecked.importState,
      end() {
        if (unchecked.value > 0) context.report({ node: null, messageId: 'noLocales', data: { entries: plural(unchecked.value, 'entry', 'entries') } });
      },
    };
  },
});
