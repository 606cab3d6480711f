import rule from '../../rules/unconfigured-locale.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const locales = [
  { code: 'en-US', default: true, fallbackCode: null },
  { code: 'de-DE', default: false, fallbackCode: 'en-US' },
];
const article = contentType('article', [
  { id: 'title', type: 'Symbol', localized: true },
  { id: 'body', type: 'Text', localized: true },
]);
const entry = (id: string, fields: unknown, sys: Record<string, unknown> = {}) => ({
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } }, ...sys },
  fields,
});
const space = (...entries: unknown[]) => ({ contentTypes: [article], locales, entries });
const offered = [{ id: 'removeValue' }, { id: 'addLocale' }];
/** A locale as the suggestion adds it: optional, falling back to the default locale. */
const added = (code: string) => ({ name: code, code, fallbackCode: 'en-US', default: false, contentManagementApi: true, contentDeliveryApi: true, optional: true });

testRule(rule, {
  valid: [
    { name: 'values under configured locales only', space: space(entry('a1', { title: { 'en-US': 'Hello', 'de-DE': 'Hallo' }, body: { 'en-US': 'Text' } })) },
    { name: 'an entry without fields', space: space(entry('a1', undefined), entry('a2', {})) },
    {
      name: 'an archived entry is skipped',
      space: space(entry('a1', { title: { 'fr-FR': 'Bonjour' } }, { archivedVersion: 3 })),
    },
    {
      name: 'a locale with editing disabled (contentManagementApi: false) is still configured',
      space: {
        contentTypes: [article],
        locales: [...locales, { code: 'fr-FR', default: false, contentManagementApi: false }],
        entries: [entry('a1', { title: { 'fr-FR': 'Bonjour' } })],
      },
    },
    {
      name: 'field values of the wrong shape are not read as locales',
      space: space(entry('a1', { title: 'Hello', body: ['en-US'], other: null })),
    },
    { name: 'no locales and no entries: nothing to check, nothing said', space: { contentTypes: [article] } },
    {
      name: 'locales in one section and entries in another of the same file (order does not matter)',
      space: { entries: [entry('a1', { title: { 'de-DE': 'Hallo' } })], locales, contentTypes: [article] },
    },
    {
      name: 'an entry whose content type is not in the input is still checked, and passes',
      space: { locales, entries: [{ sys: { id: 'x', type: 'Entry', contentType: { sys: { id: 'gone' } } }, fields: { title: { 'en-US': 'x' } } }] },
    },
  ],
  invalid: [
    {
      name: 'a value under a locale the space does not configure: one finding per (entry, field, locale)',
      space: space(
        entry('a1', { title: { 'en-US': 'Hello', 'fr-FR': 'Bonjour', 'it-IT': 'Ciao' }, body: { 'fr-FR': 'Texte' } }),
        entry('a2', { title: { 'en-US': 'Hi' } }),
        entry('a3', { title: { 'es-ES': 'Hola' } }),
      ),
      findings: [
        {
          messageId: 'unconfiguredLocale',
          target: { contentType: 'article', field: 'title', entry: 'a1', locale: 'fr-FR' },
          severity: 'error',
          message: "Field 'title' holds a value for locale 'fr-FR', which the space does not configure: the service refuses to save the entry",
          pointer: '/entries/0/fields/title/fr-FR',
          // In place only: the migration tool creates no locales, and transforms only the space's.
          suggestions: [
            {
              id: 'removeValue',
              desc: "Remove the value of 'title' in 'fr-FR'",
              output: space(
                entry('a1', { title: { 'en-US': 'Hello', 'it-IT': 'Ciao' }, body: { 'fr-FR': 'Texte' } }),
                entry('a2', { title: { 'en-US': 'Hi' } }),
                entry('a3', { title: { 'es-ES': 'Hola' } }),
              ),
            },
            {
              id: 'addLocale',
              desc: "Add the locale 'fr-FR' to the space",
              output: {
                contentTypes: [article],
                locales: [...locales, added('fr-FR')],
                entries: [
                  entry('a1', { title: { 'en-US': 'Hello', 'fr-FR': 'Bonjour', 'it-IT': 'Ciao' }, body: { 'fr-FR': 'Texte' } }),
                  entry('a2', { title: { 'en-US': 'Hi' } }),
                  entry('a3', { title: { 'es-ES': 'Hola' } }),
                ],
              },
            },
          ],
        },
        { messageId: 'unconfiguredLocale', target: { contentType: 'article', field: 'title', entry: 'a1', locale: 'it-IT' }, severity: 'error', suggestions: offered },
        {
          messageId: 'unconfiguredLocale',
          target: { contentType: 'article', field: 'body', entry: 'a1', locale: 'fr-FR' },
          severity: 'error',
          pointer: '/entries/0/fields/body/fr-FR',
          suggestions: offered,
        },
        { messageId: 'unconfiguredLocale', target: { contentType: 'article', field: 'title', entry: 'a3', locale: 'es-ES' }, severity: 'error', suggestions: offered },
      ],
    },
    {
      name: 'a code that differs only in case or `_` is named in the message, another one is not; a null value is not reported',
      space: space(entry('a1', { title: { 'en-us': 'Hello', 'fr-FR': null, 'es-ES': 'Hola' }, body: { 'DE_de': 'Hallo' } })),
      findings: [
        {
          messageId: 'unconfiguredLocale',
          target: { contentType: 'article', field: 'title', entry: 'a1', locale: 'en-us' },
          severity: 'error',
          message: "(did you mean 'en-US'?)",
          // A misspelt code is not a locale to add.
          suggestions: [{ id: 'removeValue' }],
        },
        {
          messageId: 'unconfiguredLocale',
          target: { contentType: 'article', field: 'title', entry: 'a1', locale: 'es-ES' },
          severity: 'error',
          message: /^Field 'title' holds a value for locale 'es-ES', which the space does not configure: /,
          suggestions: offered,
        },
        {
          messageId: 'unconfiguredLocale',
          target: { contentType: 'article', field: 'body', entry: 'a1', locale: 'DE_de' },
          severity: 'error',
          message: "(did you mean 'de-DE'?)",
          suggestions: [{ id: 'removeValue' }],
        },
      ],
    },
    {
      name: 'draft and published entries are both checked (the save is refused)',
      space: space(entry('draft', { title: { 'xx-XX': 'x' } }, { version: 1 }), entry('pub', { title: { 'xx-XX': 'x' } }, { version: 3, publishedVersion: 2 })),
      findings: [
        { messageId: 'unconfiguredLocale', target: { contentType: 'article', field: 'title', entry: 'draft', locale: 'xx-XX' }, severity: 'error', suggestions: offered },
        { messageId: 'unconfiguredLocale', target: { contentType: 'article', field: 'title', entry: 'pub', locale: 'xx-XX' }, severity: 'error', suggestions: offered },
      ],
    },
    {
      name: 'no locales in the input: one info finding about the space, and nothing else',
      space: { contentTypes: [article], entries: [entry('a1', { title: { 'fr-FR': 'Bonjour' } }), entry('a2', { title: { 'en-US': 'Hi' } })] },
      findings: [
        {
          messageId: 'noLocales',
          target: {},
          severity: 'info',
          message: 'The input has no locales, so the locale codes of 2 entries could not be checked.',
          pointer: null,
        },
      ],
    },
  ],
});
