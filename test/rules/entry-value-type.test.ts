import rule from '../../rules/entry-value-type.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const locales = [{ code: 'en-US', default: true, fallbackCode: null }];
const link = (linkType: string, id = 'x') => ({ sys: { type: 'Link', linkType, id } });
const doc = { nodeType: 'document', data: {}, content: [] };
const article = contentType('article', [
  { id: 'title', type: 'Symbol' },
  { id: 'body', type: 'Text' },
  { id: 'rating', type: 'Integer' },
  { id: 'price', type: 'Number' },
  { id: 'live', type: 'Boolean' },
  { id: 'date', type: 'Date' },
  { id: 'place', type: 'Location' },
  { id: 'content', type: 'RichText' },
  { id: 'author', type: 'Link', linkType: 'Entry' },
  { id: 'image', type: 'Link', linkType: 'Asset' },
  { id: 'tags', type: 'Array', items: { type: 'Symbol' } },
  { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry' } },
  { id: 'meta', type: 'Object' },
  { id: 'gone', type: 'Integer', deleted: true },
]);
const entry = (fields: Record<string, unknown>, sys: Record<string, unknown> = {}) => ({
  sys: { id: 'e1', type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } }, ...sys },
  fields: Object.fromEntries(Object.entries(fields).map(([id, value]) => [id, { 'en-US': value }])),
});
const space = (...entries: unknown[]) => ({ contentTypes: [article], locales, entries });
const wrong = (field: string, message: RegExp, extra: Record<string, unknown> = {}) => ({
  messageId: 'wrongType',
  target: { contentType: 'article', field, entry: 'e1', locale: 'en-US' },
  severity: 'error' as const,
  message,
  ...extra,
});

testRule(rule, {
  valid: [
    {
      name: 'every field type in its shape',
      space: space(
        entry({
          title: 'Hi',
          body: 'Text',
          rating: 2,
          price: 2.5,
          live: false,
          date: '2025-04-21T09:30:00Z',
          place: { lat: 52.5, lon: 13.4 },
          content: doc,
          author: link('Entry'),
          image: link('Asset'),
          tags: ['a', 'b'],
          related: [link('Entry'), link('Entry', 'y')],
          meta: ['any', { json: 1 }],
        }),
      ),
    },
    { name: 'null values are empty, not of the wrong type (required-field-empty judges them)', space: space(entry({ rating: null, content: null, related: null })) },
    { name: 'dates without time, with minutes, with an offset', space: space(entry({ date: '2025-04-21' }), { ...entry({ date: '2025-04-21T09:30' }), sys: { ...entry({}).sys, id: 'e2' } }) },
    { name: 'an archived entry is skipped', space: space(entry({ rating: '2' }, { archivedVersion: 3 })) },
    { name: 'a deleted field is not checked', space: space(entry({ gone: 'x' })) },
    { name: 'values of fields the content type does not have are not this rule’s', space: space(entry({ unknown: 'x' })) },
  ],
  invalid: [
    { name: 'a markdown string in a RichText field', space: space(entry({ content: '# Hello' })), findings: [wrong('content', /type RichText and needs a rich text document .* but holds the string "# Hello"/)] },
    { name: '"2" in an Integer field', space: space(entry({ rating: '2' })), findings: [wrong('rating', /needs an integer, but holds the string "2"/)] },
    { name: '2.5 in an Integer field', space: space(entry({ rating: 2.5 })), findings: [wrong('rating', /needs an integer, but holds the number 2.5/)] },
    { name: 'a file name in a Link field', space: space(entry({ image: 'logo.png' })), findings: [wrong('image', /needs a link object .*"linkType": "Asset".* but holds the string "logo.png"/)] },
    { name: 'a link to an entry in an asset field', space: space(entry({ image: link('Entry') })), findings: [wrong('image', /but holds a link to Entry/)] },
    { name: 'a single link in an Array field', space: space(entry({ related: link('Entry') })), findings: [wrong('related', /needs an array of links, but holds an object/)] },
    { name: 'a Location without lat/lon', space: space(entry({ place: { latitude: 1, longitude: 2 } })), findings: [wrong('place', /needs an object with numeric lat and lon, but holds an object without numeric lat and lon/)] },
    { name: 'a Date that is not ISO 8601', space: space(entry({ date: '21/04/2025' })), findings: [wrong('date', /needs an ISO 8601 date .* but holds the string "21\/04\/2025"/)] },
    {
      // The real seed export stepzen-ecommerce (fixtures/real-spaces) holds epoch milliseconds in its Date fields.
      name: 'a Unix timestamp in a Date field: the message says which date it reads as (milliseconds, seconds); other numbers are only described',
      space: space(entry({ date: 1594736216897 }), { ...entry({ date: 1594736216 }), sys: { ...entry({}).sys, id: 'e2' } }, { ...entry({ date: 2025 }), sys: { ...entry({}).sys, id: 'e3' } }),
      findings: [
        wrong('date', /but holds the number 1594736216897 \(as milliseconds since 1970: 2020-07-14T14:16:56\.897Z\): the service refuses/),
        { ...wrong('date', /but holds the number 1594736216 \(as seconds since 1970: 2020-07-14T14:16:56\.000Z\): the service refuses/), target: { contentType: 'article', field: 'date', entry: 'e2', locale: 'en-US' } },
        { ...wrong('date', /but holds the number 2025: the service refuses/), target: { contentType: 'article', field: 'date', entry: 'e3', locale: 'en-US' } },
      ],
    },
    { name: 'a number in a Symbol field, a string in a Boolean field', space: space(entry({ title: 5, live: 'yes' })), findings: [wrong('title', /needs a string, but holds the number 5/), wrong('live', /needs true or false/)] },
    {
      name: 'an Array item of the wrong shape: the first one, at its index',
      space: space(entry({ tags: ['a', 3, 4], related: [link('Entry'), 'b'] })),
      findings: [
        { ...wrong('tags', /Item 1 of field 'tags' \(en-US\), an Array of Symbol, needs a string, but is the number 3/), messageId: 'wrongItem', pointer: '/entries/0/fields/tags/en-US/1' },
        { ...wrong('related', /Item 1 of field 'related' .* needs a link object/), messageId: 'wrongItem', pointer: '/entries/0/fields/related/en-US/1' },
      ],
    },
  ],
});
