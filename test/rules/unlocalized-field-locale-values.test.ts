import rule from '../../rules/unlocalized-field-locale-values.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const locales = [
  { code: 'en-US', default: true, fallbackCode: null },
  { code: 'de-DE', default: false, fallbackCode: 'en-US' },
  { code: 'fr-FR', default: false, fallbackCode: 'en-US' },
];
const article = contentType('article', [
  { id: 'title', type: 'Symbol', localized: false },
  { id: 'headline', type: 'Symbol', localized: true },
  { id: 'code', type: 'Symbol' },
]);
const entry = (id: string, fields: unknown, sys: Record<string, unknown> = {}) => ({
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } }, ...sys },
  fields,
});
const space = (...entries: unknown[]) => ({ contentTypes: [article], locales, entries });
const offered = [{ id: 'removeValue' }, { id: 'localizeField' }];

testRule(rule, {
  valid: [
    {
      name: 'a field that is not localized with only the default value; a localized field with several',
      space: space(entry('a1', { title: { 'en-US': 'Hello' }, headline: { 'en-US': 'Hi', 'de-DE': 'Hallo', 'fr-FR': 'Salut' } })),
    },
    {
      name: 'a value under an unconfigured locale is left to unconfigured-locale',
      space: space(entry('a1', { title: { 'en-US': 'Hello', 'xx-XX': 'x' } })),
    },
    { name: 'a null value under another locale holds nothing', space: space(entry('a1', { title: { 'en-US': 'Hello', 'de-DE': null } })) },
    { name: 'an archived entry is skipped', space: space(entry('a1', { title: { 'en-US': 'Hello', 'de-DE': 'Hallo' } }, { archivedVersion: 2 })) },
    {
      name: 'a deleted field is not checked',
      space: {
        contentTypes: [contentType('article', [{ id: 'title', type: 'Symbol', omitted: true, deleted: true }])],
        locales,
        entries: [entry('a1', { title: { 'de-DE': 'Hallo' } })],
      },
    },
    {
      name: 'two locales marked default (as in the service’s import fixture): values under either are not reported',
      space: {
        contentTypes: [article],
        locales: [
          { code: 'en-US', default: true },
          { code: 'de-DE', default: true },
        ],
        entries: [entry('a1', { title: { 'en-US': 'Hello', 'de-DE': 'Hallo' } }), entry('a2', { title: { 'de-DE': 'Hallo' } })],
      },
    },
    { name: 'entries of a content type that is not in the input', space: { locales, entries: [{ ...entry('x', { title: { 'de-DE': 'x' } }), sys: { id: 'x', contentType: { sys: { id: 'gone' } } } }] } },
    { name: 'fields of the wrong shape', space: space(entry('a1', { title: 'Hello', code: ['de-DE'] }), entry('a2', 'nope')) },
    {
      name: 'no default locale, but no field that is not localized holds values under several locales: nothing to say',
      space: { contentTypes: [article], entries: [entry('a1', { title: { 'en-US': 'Hello' }, headline: { 'en-US': 'a', 'de-DE': 'b' } })] },
    },
  ],
  invalid: [
    {
      name: 'values under configured non-default locales: one finding per (entry, field, locale); `localized` absent means not localized',
      space: space(
        entry('a1', { title: { 'en-US': 'Hello', 'de-DE': 'Hallo', 'fr-FR': 'Bonjour' }, headline: { 'de-DE': 'ok' } }),
        entry('a2', { code: { 'de-DE': 'X-1' } }),
      ),
      findings: [
        {
          messageId: 'nonDefaultValue',
          target: { contentType: 'article', field: 'title', entry: 'a1', locale: 'de-DE' },
          severity: 'warning',
          message: "Field 'title' is not localized but holds a value for locale 'de-DE' (the default locale is 'en-US'): with locale=*",
          pointer: '/entries/0/fields/title/de-DE',
          suggestions: [
            {
              id: 'removeValue',
              desc: "Remove the value of 'title' in 'de-DE'",
              // In place, and as a transformEntries step of a migration.
              output: space(entry('a1', { title: { 'en-US': 'Hello', 'fr-FR': 'Bonjour' }, headline: { 'de-DE': 'ok' } }), entry('a2', { code: { 'de-DE': 'X-1' } })),
            },
            {
              id: 'localizeField',
              desc: "Make the field 'title' localized",
              output: {
                contentTypes: [
                  contentType('article', [
                    { id: 'title', type: 'Symbol', localized: true },
                    { id: 'headline', type: 'Symbol', localized: true },
                    { id: 'code', type: 'Symbol' },
                  ]),
                ],
                locales,
                entries: [entry('a1', { title: { 'en-US': 'Hello', 'de-DE': 'Hallo', 'fr-FR': 'Bonjour' }, headline: { 'de-DE': 'ok' } }), entry('a2', { code: { 'de-DE': 'X-1' } })],
              },
            },
          ],
        },
        { messageId: 'nonDefaultValue', target: { contentType: 'article', field: 'title', entry: 'a1', locale: 'fr-FR' }, severity: 'warning', suggestions: offered },
        {
          messageId: 'nonDefaultValue',
          target: { contentType: 'article', field: 'code', entry: 'a2', locale: 'de-DE' },
          severity: 'warning',
          pointer: '/entries/1/fields/code/de-DE',
          suggestions: [
            {
              id: 'removeValue',
              // The field's only value: its locales are left empty.
              output: space(entry('a1', { title: { 'en-US': 'Hello', 'de-DE': 'Hallo', 'fr-FR': 'Bonjour' }, headline: { 'de-DE': 'ok' } }), entry('a2', { code: {} })),
            },
            { id: 'localizeField' },
          ],
        },
      ],
    },
    {
      name: 'draft entries are checked too (the values are in the management API’s answers)',
      space: space(entry('draft', { title: { 'de-DE': 'Hallo' } }, { version: 1 })),
      findings: [{ messageId: 'nonDefaultValue', target: { contentType: 'article', field: 'title', entry: 'draft', locale: 'de-DE' }, severity: 'warning', suggestions: offered }],
    },
    {
      name: 'no locale marked default: one info finding counting the entries with values under several locales',
      space: {
        contentTypes: [article],
        locales: [{ code: 'en-US' }, { code: 'de-DE' }],
        entries: [entry('a1', { title: { 'en-US': 'Hello', 'de-DE': 'Hallo' } }), entry('a2', { title: { 'en-US': 'x' } }), entry('a3', { code: { 'en-US': 'a', 'fr-FR': 'b' } })],
      },
      findings: [
        {
          messageId: 'noDefaultLocale',
          target: {},
          severity: 'info',
          message: 'The input marks no locale as the default, so 2 entries holding values',
          pointer: null,
        },
      ],
    },
  ],
});
