import rule from '../../rules/input-shape.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const locale = (code: string, extra: Record<string, unknown> = {}) => ({ code, name: code, default: false, fallbackCode: null, optional: false, ...extra });
const EN = locale('en-US', { default: true });
const DE = locale('de-DE', { fallbackCode: 'en-US' });

function entry(id: string, fields: unknown, type = 'article') {
  return { sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } } }, fields };
}

const title = { id: 'title', type: 'Symbol' };
const article = contentType('article', [title]);

/** One content type `article` with a field `title`, locales en-US (default) and de-DE. */
function space(extra: Record<string, unknown>) {
  return { contentTypes: [article], locales: [EN, DE], ...extra };
}

const at = (target: Record<string, string>, messageId: string, severity: 'error' | 'warning' = 'error', more: Record<string, unknown> = {}) => ({
  messageId,
  target,
  severity,
  ...more,
});

testRule(rule, {
  valid: [
    { name: 'a consistent export', space: space({ entries: [entry('e1', { title: { 'en-US': 'Hi', 'de-DE': 'Hallo' } })] }) },
    { name: 'an entry without fields, and one with no values', space: space({ entries: [{ sys: entry('e1', {}).sys }, entry('e2', {})] }) },
    { name: 'fallback chains that end (de-CH → de-DE → en-US)', space: space({ locales: [EN, DE, locale('de-CH', { fallbackCode: 'de-DE' })] }) },
    { name: 'no locales at all (a file of content types)', space: { contentTypes: [article] } },
    { name: 'no entries and no content types (a file of locales)', space: { locales: [EN] } },
    {
      name: 'every field type, an Array of each item type, and validations as the service writes them',
      space: {
        contentTypes: [
          contentType(
            'all',
            ['Symbol', 'Text', 'RichText', 'Integer', 'Number', 'Date', 'Boolean', 'Object', 'Location', 'Link', 'ResourceLink']
              .map((type) => ({ id: `f${type}`, type, validations: [{ size: { max: 5 } }] }))
              .concat(['Symbol', 'Link', 'ResourceLink'].map((type) => ({ id: `list${type}`, type: 'Array', items: { type, validations: [] } } as never))),
          ),
        ],
      },
    },
    { name: 'an asset as the export writes it', space: space({ assets: [{ sys: { id: 'a1', type: 'Asset' }, fields: { title: { 'en-US': 'Logo' }, file: { 'en-US': { url: '//x/a.png' } } } }] }) },
    { name: 'a field whose validations are absent', space: { contentTypes: [contentType('article', [{ id: 'title', type: 'Symbol', validations: undefined }])] } },
  ],
  invalid: [
    {
      name: 'two locales marked default (as in the import tool’s sample export)',
      space: space({ locales: [EN, locale('de-DE', { default: true })] }),
      findings: [at({ locale: 'de-DE' }, 'severalDefaults', 'warning', { message: "Locale 'de-DE' is marked default, and so is 'en-US'", pointer: '/locales/1/default' })],
    },
    {
      name: 'three defaults: the second and the third are reported',
      space: space({ locales: [EN, locale('de-DE', { default: true }), locale('fr-FR', { default: true })] }),
      findings: [at({ locale: 'de-DE' }, 'severalDefaults', 'warning'), at({ locale: 'fr-FR' }, 'severalDefaults', 'warning', { message: "and so is 'en-US'" })],
    },
    {
      name: 'locales, none default',
      space: space({ locales: [locale('en-US'), DE] }),
      findings: [at({ locale: 'en-US' }, 'noDefault', 'warning', { message: 'None of the 2 locales is marked default', pointer: '/locales/0/default' })],
    },
    {
      name: 'a fallback to a locale the space does not configure, and one that is not a code',
      space: space({ locales: [EN, locale('de-DE', { fallbackCode: 'fr-FR' }), locale('it-IT', { fallbackCode: 42 })] }),
      findings: [
        at({ locale: 'de-DE' }, 'fallbackMissing', 'warning', { message: "Locale 'de-DE' falls back to 'fr-FR', which is not a locale of the space", pointer: '/locales/1/fallbackCode' }),
        at({ locale: 'it-IT' }, 'fallbackMissing', 'warning', { message: 'falls back to 42,' }),
      ],
    },
    {
      name: 'a fallback cycle of three locales is reported once, on its first locale',
      space: space({
        locales: [EN, locale('de-DE', { fallbackCode: 'de-CH' }), locale('de-AT', { fallbackCode: 'de-DE' }), locale('de-CH', { fallbackCode: 'de-AT' }), locale('lb', { fallbackCode: 'de-CH' })],
      }),
      findings: [at({ locale: 'de-DE' }, 'fallbackCycle', 'warning', { message: "('de-DE' → 'de-CH' → 'de-AT' → 'de-DE')", pointer: '/locales/1/fallbackCode' })],
    },
    {
      name: 'a locale that falls back to itself',
      space: space({ locales: [EN, locale('de-DE', { fallbackCode: 'de-DE' })] }),
      findings: [at({ locale: 'de-DE' }, 'fallbackCycle', 'warning', { message: "('de-DE' → 'de-DE')" })],
    },
    {
      name: 'an entry of a content type that is not in the input',
      space: space({ entries: [entry('e1', { title: { 'en-US': 'Hi' } }), entry('e2', { title: 'not checked either' }, 'gone')] }),
      findings: [at({ contentType: 'gone', entry: 'e2' }, 'unknownContentType', 'error', { message: "Entry 'e2' is of content type 'gone', which is not in the input", pointer: '/entries/1/sys/contentType' })],
    },
    {
      name: 'entries and no content types: one warning, on the first entry',
      space: { locales: [EN], entries: [entry('e1', {}), entry('e2', {}, 'other'), entry('e3', 'not even fields')] },
      findings: [at({ contentType: 'article', entry: 'e1' }, 'noContentTypes', 'warning', { message: /^Entries were read \(3\), but no content types/, pointer: '/entries/0' })],
    },
    {
      name: 'entry values that are not keyed by locale (a delivery API response)',
      space: space({ entries: [entry('e1', { title: 'Hello', body: null, tags: ['a'], ok: { 'en-US': 'x' } })] }),
      findings: [
        at({ contentType: 'article', entry: 'e1', field: 'title' }, 'valueNotLocalized', 'error', { message: "Field 'title' of entry 'e1' holds a string, not an object of values by locale", pointer: '/entries/0/fields/title' }),
        at({ contentType: 'article', entry: 'e1', field: 'body' }, 'valueNotLocalized', 'error', { message: 'holds null,' }),
        at({ contentType: 'article', entry: 'e1', field: 'tags' }, 'valueNotLocalized', 'error', { message: 'holds an array,' }),
      ],
    },
    {
      name: 'an entry and an asset whose fields are not an object',
      space: space({ entries: [entry('e1', ['title'])], assets: [{ sys: { id: 'a1', type: 'Asset' }, fields: 'logo.png' }] }),
      findings: [
        at({ contentType: 'article', entry: 'e1' }, 'fieldsNotObject', 'error', { message: '"fields" of entry \'e1\' is an array', pointer: '/entries/0/fields' }),
        at({}, 'fieldsNotObject', 'error', { message: '"fields" of asset \'a1\' is a string', pointer: '/assets/0/fields' }),
      ],
    },
    {
      name: 'an asset field that is not keyed by locale',
      space: space({ assets: [{ sys: { id: 'a1', type: 'Asset' }, fields: { title: 'Logo', file: { 'en-US': { url: '//x/a.png' } } } }] }),
      findings: [at({ field: 'title' }, 'valueNotLocalized', 'error', { message: "Field 'title' of asset 'a1' holds a string", pointer: '/assets/0/fields/title' })],
    },
    {
      name: 'a field type the service does not have (a typo, another product’s name)',
      space: { contentTypes: [contentType('article', [{ id: 'title', type: 'String' }, { id: 'count', type: 'integer' }])] },
      findings: [
        at({ contentType: 'article', field: 'title' }, 'unknownFieldType', 'error', { message: "Field 'title' has type 'String', which is not a field type of the service (Symbol, Text,", pointer: '/contentTypes/0/fields/0/type' }),
        at({ contentType: 'article', field: 'count' }, 'unknownFieldType', 'error', { message: "type 'integer'" }),
      ],
    },
    {
      name: 'Arrays without items, or with items of a type an Array cannot hold',
      space: { contentTypes: [contentType('article', [{ id: 'tags', type: 'Array' }, { id: 'nums', type: 'Array', items: { type: 'Integer' } }, { id: 'odd', type: 'Array', items: 'Symbol' }])] },
      findings: [
        at({ contentType: 'article', field: 'tags' }, 'unknownItemsType', 'error', { message: "Field 'tags' is an Array whose items have type none", pointer: '/contentTypes/0/fields/0/items' }),
        at({ contentType: 'article', field: 'nums' }, 'unknownItemsType', 'error', { message: "type 'Integer'", pointer: '/contentTypes/0/fields/1/items/type' }),
        at({ contentType: 'article', field: 'odd' }, 'unknownItemsType', 'error', { pointer: '/contentTypes/0/fields/2/items' }),
      ],
    },
    {
      name: 'validations that are not an array, and validations that are not objects (field and items)',
      space: {
        contentTypes: [
          contentType('article', [
            { id: 'title', type: 'Symbol', validations: { size: { max: 5 } } },
            { id: 'slug', type: 'Symbol', validations: [{ unique: true }, 'unique', null] },
            { id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [['in']] } },
            { id: 'refs', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: 'none' } },
          ]),
        ],
      },
      findings: [
        at({ contentType: 'article', field: 'title' }, 'validationsNotArray', 'error', { message: "Field 'title' has validations that are an object, not an array", pointer: '/contentTypes/0/fields/0/validations' }),
        at({ contentType: 'article', field: 'slug' }, 'validationNotObject', 'error', {
          message: "Validation 1 of field 'slug' is a string, not an object (and 1 more validation of the list): it is not checked.",
          pointer: '/contentTypes/0/fields/1/validations/1',
        }),
        at({ contentType: 'article', field: 'tags' }, 'validationNotObject', 'error', { message: "Validation 0 of field 'tags' (on its items) is an array", pointer: '/contentTypes/0/fields/2/items/validations/0' }),
        at({ contentType: 'article', field: 'refs' }, 'validationsNotArray', 'error', { message: "Field 'refs' has items validations that are a string", pointer: '/contentTypes/0/fields/3/items/validations' }),
      ],
    },
  ],
});
