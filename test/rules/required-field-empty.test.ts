import rule from '../../rules/required-field-empty.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const EN = { code: 'en-US', default: true, optional: false, fallbackCode: null };
const DE = { code: 'de-DE', default: false, optional: false, fallbackCode: 'en-US' };

function entry(id: string, fields: unknown, sys: Record<string, unknown> = {}, type = 'article') {
  return { sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } }, publishedVersion: 1, ...sys }, fields };
}

/** One content type `article` with the given fields, locales en-US (default) and de-DE unless given. */
function space(fields: Record<string, unknown>[], entries: unknown[], locales: unknown[] = [EN, DE]) {
  return { contentTypes: [contentType('article', fields)], locales, entries };
}

const title = { id: 'title', type: 'Symbol', required: true };
const body = { id: 'body', type: 'RichText', required: true };
const doc = (...content: unknown[]) => ({ nodeType: 'document', data: {}, content });
const paragraph = (...content: unknown[]) => ({ nodeType: 'paragraph', data: {}, content });
const text = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

/** A required non-localized field of `type` holding `value` in en-US. */
const holding = (type: string, value: unknown, extra: Record<string, unknown> = {}) =>
  space([{ id: 'f', type, required: true, ...extra }], [entry('e1', { f: { 'en-US': value } })]);

const emptyFinding = (locale: string | null = 'en-US', field = 'f', entryId = 'e1') => ({
  messageId: 'empty',
  target: { contentType: 'article', field, entry: entryId, locale },
  severity: 'error' as const,
});

testRule(rule, {
  valid: [
    { name: 'a Symbol with text', space: holding('Symbol', 'Hello') },
    { name: 'a Symbol of spaces is a value', space: holding('Symbol', ' ') },
    { name: 'Boolean false is a value', space: holding('Boolean', false) },
    { name: 'Integer 0 is a value', space: holding('Integer', 0) },
    { name: 'Number 0 is a value', space: holding('Number', 0) },
    { name: 'an empty Object is a value', space: holding('Object', {}) },
    { name: 'an empty string in an Object field is a value (type not checked here)', space: holding('Object', '') },
    { name: 'a Location', space: holding('Location', { lat: 52.5, lon: 13.4 }) },
    { name: 'a Link', space: holding('Link', link('Entry', 'x'), { linkType: 'Entry' }) },
    { name: 'an Array with one item', space: holding('Array', ['a'], { items: { type: 'Symbol' } }) },
    { name: 'rich text with text', space: holding('RichText', doc(paragraph(text('Hi')))) },
    {
      name: 'rich text with only an embedded entry',
      space: holding('RichText', doc({ nodeType: 'embedded-entry-block', data: { target: link('Entry', 'x') }, content: [] }, paragraph(text('')))),
    },
    {
      name: 'rich text with only an inline embedded asset link',
      space: holding('RichText', doc(paragraph({ nodeType: 'asset-hyperlink', data: { target: link('Asset', 'a') }, content: [text('')] }))),
    },
    { name: 'rich text with only a horizontal rule (unverified: taken as a value)', space: holding('RichText', doc({ nodeType: 'hr', data: {}, content: [] })) },
    { name: 'a rich-text field holding something that is not a document', space: holding('RichText', 'legacy markdown') },
    { name: 'a field that is not required', space: space([{ id: 'f', type: 'Symbol' }], [entry('e1', {})]) },
    { name: 'a deleted required field', space: space([{ ...title, deleted: true, omitted: true }], [entry('e1', {})]) },
    { name: 'an archived entry', space: space([title], [entry('e1', {}, { archivedVersion: 3 })]) },
    { name: 'an entry of a content type that is not in the input', space: space([title], [entry('e1', {}, {}, 'other')]) },
    {
      name: 'a localized field filled in every locale',
      space: space([{ ...title, localized: true }], [entry('e1', { title: { 'en-US': 'Hi', 'de-DE': 'Hallo' } })]),
    },
    {
      name: 'a localized field empty in an optional locale',
      space: space([{ ...title, localized: true }], [entry('e1', { title: { 'en-US': 'Hi' } })], [EN, { ...DE, optional: true }]),
    },
    {
      name: 'a localized field empty in a locale closed to editing (unverified: not required)',
      space: space([{ ...title, localized: true }], [entry('e1', { title: { 'en-US': 'Hi' } })], [EN, { ...DE, contentManagementApi: false }]),
    },
    {
      name: 'a field that is not localized needs only the default locale',
      space: space([title], [entry('e1', { title: { 'en-US': 'Hi' } })]),
    },
    {
      name: 'two locales marked default: a value in either will do',
      space: space([title], [entry('e1', { title: { 'de-DE': 'Hallo' } })], [EN, { ...DE, default: true }]),
    },
    {
      name: 'an entry published locale by locale is checked only in its published locales',
      space: space(
        [{ ...title, localized: true }],
        [entry('e1', { title: { 'en-US': 'Hi' } }, { fieldStatus: { '*': { 'en-US': 'published', 'de-DE': 'draft' } } })],
      ),
    },
    {
      name: 'a field that is not localized, in an entry whose default locale is not published',
      space: space([title], [entry('e1', {}, { fieldStatus: { '*': { 'en-US': 'draft', 'de-DE': 'published' } } })]),
    },
    {
      name: 'no locales in the input: a value in some locale will do',
      space: space([{ ...title, localized: true }, { id: 'f', type: 'Symbol', required: true }], [entry('e1', { title: { fr: 'Salut' }, f: { xx: 'v' } })], []),
    },
    { name: 'every locale optional: nothing is required', space: space([{ ...title, localized: true }], [entry('e1', {})], [{ ...EN, optional: true }]) },
  ],
  invalid: [
    { name: 'the field is absent', space: space([title], [entry('e1', {})]), findings: [emptyFinding('en-US', 'title')] },
    {
      name: 'a published, unchanged entry (the field became required later): its next publish will be refused',
      space: space([title], [entry('e1', {}, { version: 2, publishedVersion: 1 })]),
      findings: [{ ...emptyFinding('en-US', 'title'), message: /is empty in locale 'en-US': the entry is live as published, but the next publish of this entry will be refused\./ }],
    },
    {
      name: 'a published entry with pending changes, and a draft: the publish is refused',
      space: space([title], [entry('e1', {}, { version: 5, publishedVersion: 1 }), entry('e2', {}, { version: 1, publishedVersion: undefined })]),
      findings: [
        { ...emptyFinding('en-US', 'title'), message: /: the service refuses to publish the entry\./ },
        { ...emptyFinding('en-US', 'title'), target: { contentType: 'article', field: 'title', entry: 'e2', locale: 'en-US' }, message: /: the service refuses to publish the entry\./ },
      ],
    },
    {
      name: 'the entry has no fields at all',
      space: space([title], [{ sys: { id: 'e1', type: 'Entry', contentType: { sys: { id: 'article' } } } }]),
      findings: [emptyFinding('en-US', 'title')],
    },
    { name: 'fields that is not an object', space: space([title], [entry('e1', 'oops')]), findings: [emptyFinding('en-US', 'title')] },
    { name: 'a field value that is not keyed by locale', space: space([title], [entry('e1', { title: 'Hi' })]), findings: [emptyFinding('en-US', 'title')] },
    {
      name: 'the locale is absent',
      space: space([title], [entry('e1', { title: { 'de-DE': 'Hallo' } })]),
      findings: [{ ...emptyFinding('en-US', 'title'), pointer: '/entries/0/fields/title/en-US' }],
    },
    { name: 'null', space: holding('Symbol', null), findings: [{ ...emptyFinding(), pointer: '/entries/0/fields/f/en-US' }] },
    { name: 'an empty Symbol', space: holding('Symbol', ''), findings: [emptyFinding()] },
    { name: 'an empty Text', space: holding('Text', ''), findings: [emptyFinding()] },
    { name: 'an empty Array', space: holding('Array', [], { items: { type: 'Link', linkType: 'Entry' } }), findings: [emptyFinding()] },
    { name: 'an Integer that is null', space: holding('Integer', null), findings: [emptyFinding()] },
    { name: 'the editor’s empty rich-text document', space: holding('RichText', doc(paragraph(text('')))), findings: [emptyFinding()] },
    { name: 'a rich-text document without content', space: holding('RichText', doc()), findings: [emptyFinding()] },
    {
      name: 'a rich-text document of empty headings and lists',
      space: holding(
        'RichText',
        doc({ nodeType: 'heading-1', data: {}, content: [text('')] }, { nodeType: 'unordered-list', data: {}, content: [{ nodeType: 'list-item', data: {}, content: [paragraph()] }] }),
      ),
      findings: [emptyFinding()],
    },
    {
      name: 'a required localized field, once per empty locale (findings at one place are sorted by locale)',
      space: space(
        [{ ...title, localized: true }],
        [entry('e1', { title: { 'de-DE': 'Hallo' } }), entry('e2', {})],
        [EN, DE, { code: 'fr-FR', optional: true }],
      ),
      findings: [emptyFinding('en-US', 'title', 'e1'), emptyFinding('de-DE', 'title', 'e2'), emptyFinding('en-US', 'title', 'e2')],
    },
    {
      name: 'a field that is not localized: a value in another locale does not count',
      space: space([body], [entry('e1', { body: { 'de-DE': doc(paragraph(text('Hallo'))) } })]),
      findings: [emptyFinding('en-US', 'body')],
    },
    {
      name: 'a hidden field says so',
      space: space([{ ...title, disabled: true }], [entry('e1', {})]),
      findings: [
        {
          messageId: 'emptyHidden',
          target: { contentType: 'article', field: 'title', entry: 'e1', locale: 'en-US' },
          severity: 'error',
          message: /hidden in the editor \(disabled: true\).*Giving the field a default value would not fill it either: a default value applies only when an entry is created/,
        },
      ],
    },
    {
      name: 'a field with a default value says that the default applies only on creation',
      space: space([{ ...title, defaultValue: { 'en-US': 'Untitled' } }], [entry('e1', {})]),
      findings: [{ ...emptyFinding('en-US', 'title'), message: /Its default value does not fill it: a default value applies only when an entry is created\.$/ }],
    },
    {
      name: 'a visible field without a default value has no note about defaults',
      space: space([title], [entry('e1', {})]),
      findings: [{ ...emptyFinding('en-US', 'title'), message: /^Required field 'title' is empty in locale 'en-US': the service refuses to publish the entry\.$/ }],
    },
    {
      name: 'a draft entry (draft in every locale) is checked in every locale',
      space: space([{ ...title, localized: true }], [entry('e1', {}, { publishedVersion: undefined, fieldStatus: { '*': { 'en-US': 'draft', 'de-DE': 'draft' } } })]),
      findings: [emptyFinding('de-DE', 'title'), emptyFinding('en-US', 'title')],
    },
    {
      name: 'an entry published locale by locale is checked in its published and changed locales',
      space: space(
        [{ ...title, localized: true }],
        [entry('e1', {}, { fieldStatus: { '*': { 'en-US': 'changed', 'de-DE': 'draft' } } })],
      ),
      findings: [emptyFinding('en-US', 'title')],
    },
    {
      name: 'no locales in the input: empty in every locale, reported without a locale',
      space: space([title, { id: 'tags', type: 'Array', required: true, items: { type: 'Symbol' } }], [entry('e1', { title: { fr: '' }, tags: { fr: [], de: [] } })], []),
      findings: [
        { ...emptyFinding(null, 'title'), message: /in every locale/ },
        emptyFinding(null, 'tags'),
      ],
    },
    {
      name: 'locales without a default: a field that is not localized is reported only when empty everywhere',
      space: space([title], [entry('e1', {})], [{ ...EN, default: false }]),
      findings: [emptyFinding(null, 'title')],
    },
    {
      name: 'before 2025-01-21 it is a warning',
      asOf: '2025-01-20',
      space: space([title], [entry('e1', {})]),
      findings: [{ ...emptyFinding('en-US', 'title'), severity: 'warning', message: /enforced from 2025-01-21/ }],
    },
  ],
});
