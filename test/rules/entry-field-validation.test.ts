import rule from '../../rules/entry-field-validation.js';
import { contentType, testRule, type ExpectedFinding } from '../helpers/rule-tester.js';

const EN = { code: 'en-US', default: true, optional: false, fallbackCode: null };
const DE = { code: 'de-DE', default: false, optional: false, fallbackCode: 'en-US' };

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });

function entry(id: string, fields: unknown, type = 'article', sys: Record<string, unknown> = {}) {
  return { sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } }, publishedVersion: 1, ...sys }, fields };
}

/** An entry of `article` holding `value` in field `f` (en-US). */
const holding = (id: string, value: unknown, type = 'article') => entry(id, { f: { 'en-US': value } }, type);

interface SpaceParts {
  entries?: unknown[];
  assets?: unknown[];
  others?: Record<string, unknown>[];
  locales?: unknown[];
}

/** Content type `article` with field `f` (and `others` content types), locales en-US and de-DE. */
function space(field: Record<string, unknown>, parts: SpaceParts = {}) {
  return {
    contentTypes: [contentType('article', [{ id: 'f', ...field }]), ...(parts.others ?? [])],
    locales: parts.locales ?? [EN, DE],
    assets: parts.assets ?? [],
    entries: parts.entries ?? [],
  };
}

/** `article.f` of `field` with `validations`, and entries holding each value in en-US. */
const values = (field: Record<string, unknown>, validations: unknown[], ...held: unknown[]) =>
  space({ ...field, validations }, { entries: held.map((v, i) => holding(`e${i + 1}`, v)) });

const items = (itemType: Record<string, unknown>, validations: unknown[], ...held: unknown[]) =>
  space({ type: 'Array', items: { ...itemType, validations } }, { entries: held.map((v, i) => holding(`e${i + 1}`, v)) });

const finding = (messageId: string, extra: Partial<ExpectedFinding> & { entry?: string; locale?: string; field?: string; contentType?: string } = {}) => {
  const { entry: entryId = 'e1', locale = 'en-US', field = 'f', contentType: ct = 'article', ...rest } = extra;
  return { messageId, target: { contentType: ct, field, entry: entryId, locale }, severity: 'error' as const, ...rest };
};

const SYMBOL = { type: 'Symbol' };
const doc = (...content: unknown[]) => ({ nodeType: 'document', data: {}, content });
const paragraph = (...content: unknown[]) => ({ nodeType: 'paragraph', data: {}, content });
const text = (value: string, ...marks: string[]) => ({ nodeType: 'text', value, marks: marks.map((type) => ({ type })), data: {} });
const node = (nodeType: string, content: unknown[] = [], data: Record<string, unknown> = {}) => ({ nodeType, data, content });
const embed = (nodeType: string, target: unknown) => node(nodeType, [], { target });

function asset(id: string, file: Record<string, unknown> | null, more: Record<string, unknown> = {}) {
  return { sys: { id, type: 'Asset', publishedVersion: 1 }, fields: { title: { 'en-US': id }, ...(file ? { file: { 'en-US': file } } : {}), ...more } };
}
const png = (size: number, width: number, height: number) => ({
  url: '//x/a.png',
  fileName: 'a.png',
  contentType: 'image/png',
  details: { size, image: { width, height } },
});
const pdf = { url: '//x/a.pdf', fileName: 'a.pdf', contentType: 'application/pdf', details: { size: 1000 } };

/** A field linking to assets, with the given validations, one entry linking to asset `a`. */
const assetLink = (validations: unknown[], ...assets: unknown[]) =>
  space({ type: 'Link', linkType: 'Asset', validations }, { assets, entries: [holding('e1', link('Asset', 'a'))] });

const person = contentType('person', [{ id: 'name', type: 'Symbol' }]);
const tag = contentType('tag', [{ id: 'name', type: 'Symbol' }]);
const authorField = { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] };

testRule(rule, {
  valid: [
    // size
    { name: 'size: a Symbol within bounds', space: values(SYMBOL, [{ size: { min: 2, max: 5 } }], 'abc') },
    { name: 'size: bounds are inclusive', space: values(SYMBOL, [{ size: { min: 3, max: 3 } }], 'abc') },
    { name: 'size: the maximum counts code points (an emoji is one character)', space: values(SYMBOL, [{ size: { max: 3 } }], 'ab😀') },
    { name: 'size: the minimum counts UTF-16 units', space: values(SYMBOL, [{ size: { min: 4 } }], 'ab😀') },
    { name: 'size: null bounds are no bounds', space: values(SYMBOL, [{ size: { min: null, max: 3 } }], 'abc') },
    { name: 'size: an empty value is left to required-field-empty', space: values(SYMBOL, [{ size: { min: 1 } }], '') },
    { name: 'size: Array items within bounds', space: items(SYMBOL, [], ['a', 'b']) },
    { name: 'size: an Array with two items, max 2', space: values({ type: 'Array', items: SYMBOL }, [{ size: { max: 2 } }], ['a', 'b']) },
    { name: 'size: Object properties', space: values({ type: 'Object' }, [{ size: { max: 2 } }], { a: 1, b: 2 }) },
    { name: 'size: rich text characters', space: values({ type: 'RichText' }, [{ size: { max: 5 } }], doc(paragraph(text('abc'), text('de')))) },
    // range
    { name: 'range: within, bounds included', space: values({ type: 'Integer' }, [{ range: { min: 1, max: 10 } }], 1, 10, 5) },
    { name: 'range: a Number', space: values({ type: 'Number' }, [{ range: { max: 1.5 } }], 1.5, -3) },
    // in
    { name: 'in: a listed Symbol', space: values(SYMBOL, [{ in: ['a', 'b'] }], 'b') },
    { name: 'in: a listed Integer', space: values({ type: 'Integer' }, [{ in: [1, 2] }], 2) },
    { name: 'in: listed Array items', space: items(SYMBOL, [{ in: ['x', 'y'] }], ['x', 'y', 'x']) },
    // regexp, prohibitRegexp
    { name: 'regexp: an unanchored search', space: values(SYMBOL, [{ regexp: { pattern: 'b+' } }], 'abbc') },
    { name: 'regexp: with the i flag', space: values(SYMBOL, [{ regexp: { pattern: '^abc$', flags: 'i' } }], 'ABC') },
    { name: 'regexp: \\w is ASCII in RE2, but \\p{L} is not', space: values(SYMBOL, [{ regexp: { pattern: '^\\p{L}+$', flags: null } }], 'Ünïcödé') },
    { name: 'regexp: on a long Text (matched by node re2)', space: values({ type: 'Text' }, [{ regexp: { pattern: 'end$' } }], `${'x'.repeat(5000)}end`) },
    { name: 'regexp: every Array item matches', space: items(SYMBOL, [{ regexp: { pattern: '^https://' } }], ['https://a', 'https://b']) },
    { name: 'prohibitRegexp: no match', space: values(SYMBOL, [{ prohibitRegexp: { pattern: 'admin', flags: 'i' } }], 'editor') },
    {
      name: 'regexp: a pattern the service’s engine refuses is left to re2-incompatible-pattern',
      space: values(SYMBOL, [{ regexp: { pattern: '^(?!admin).*$' } }], 'admin'),
    },
    { name: 'regexp: flags the service refuses are left to re2-incompatible-pattern', space: values(SYMBOL, [{ regexp: { pattern: '^a$', flags: 'y' } }], 'b') },
    // values of the wrong shape
    { name: "a value of the wrong shape is entry-value-type's: no validation is guessed", space: values({ type: 'Integer' }, [{ range: { max: 1 } }], '5') },
    { name: 'a string where an Array of Symbol is expected: its size is not judged', space: values({ type: 'Array', items: { type: 'Symbol' } }, [{ size: { max: 1 } }], 'abc') },
    // unique
    { name: 'unique: different values', space: values(SYMBOL, [{ unique: true }], 'a', 'b') },
    { name: 'unique: values compared exactly (case matters)', space: values(SYMBOL, [{ unique: true }], 'a', 'A') },
    {
      name: 'unique: the same value in two locales of one entry',
      space: space({ type: 'Symbol', localized: true, validations: [{ unique: true }] }, { entries: [entry('e1', { f: { 'en-US': 'x', 'de-DE': 'x' } })] }),
    },
    {
      name: 'unique: the same value in another content type',
      space: space(
        { type: 'Symbol', validations: [{ unique: true }] },
        { others: [contentType('other', [{ id: 'f', type: 'Symbol', validations: [{ unique: true }] }])], entries: [holding('e1', 'x'), holding('e2', 'x', 'other')] },
      ),
    },
    {
      name: 'unique: a live entry is never reported because of a draft, and drafts only clash with live values',
      space: space(
        { type: 'Symbol', validations: [{ unique: true }] },
        {
          entries: [
            entry('live', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: 3, version: 4 }),
            entry('draft', { f: { 'en-US': 'y' } }, 'article', { publishedVersion: undefined, version: 2 }),
            entry('draft2', { f: { 'en-US': 'y' } }, 'article', { publishedVersion: undefined, version: 7 }),
          ],
        },
      ),
    },
    {
      name: 'unique: a published entry with pending changes shares a value only with a draft (its live value is not in the export)',
      space: space(
        { type: 'Symbol', validations: [{ unique: true }] },
        { entries: [entry('changed', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: 3, version: 6 }), entry('draft', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: undefined, version: 1 })] },
      ),
    },
    {
      name: 'unique: an archived entry does not count',
      space: space({ type: 'Symbol', validations: [{ unique: true }] }, { entries: [holding('e1', 'x'), entry('e2', { f: { 'en-US': 'x' } }, 'article', { archivedVersion: 2 })] }),
    },
    // linkContentType
    {
      name: 'linkContentType: a link to an allowed type, before and after the target',
      space: space(authorField, { others: [person], entries: [holding('e1', link('Entry', 'p')), entry('p', { name: { 'en-US': 'P' } }, 'person'), holding('e2', link('Entry', 'p'))] }),
    },
    {
      name: 'linkContentType: a target not in the input is skipped by default',
      space: space(authorField, { others: [person], entries: [holding('e1', link('Entry', 'draft'))] }),
    },
    {
      name: 'linkContentType: items of an Array of links',
      space: space(
        { type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person', 'tag'] }] } },
        { others: [person, tag], entries: [entry('p', {}, 'person'), entry('t', {}, 'tag'), holding('e1', [link('Entry', 'p'), link('Entry', 't')])] },
      ),
    },
    {
      name: 'linkContentType: an archived target of an allowed type',
      space: space(authorField, { others: [person], entries: [entry('p', {}, 'person', { archivedVersion: 3 }), holding('e1', link('Entry', 'p'))] }),
    },
    // asset validations
    { name: 'linkMimetypeGroup: an image', space: assetLink([{ linkMimetypeGroup: ['image'] }], asset('a', png(10, 1, 1))) },
    {
      name: 'linkMimetypeGroup: a MIME type in several groups passes any of them (text/plain is also code)',
      space: assetLink([{ linkMimetypeGroup: ['code'] }], asset('a', { fileName: 'notes.txt', contentType: 'text/plain', details: { size: 3 } })),
    },
    {
      name: 'linkMimetypeGroup: an asset with a file per locale passes when one file passes',
      space: assetLink([{ linkMimetypeGroup: ['image'] }], { ...asset('a', pdf), fields: { file: { 'en-US': pdf, 'de-DE': png(1, 1, 1) } } }),
    },
    { name: 'linkMimetypeGroup: an asset not in the input is skipped by default', space: assetLink([{ linkMimetypeGroup: ['image'] }]) },
    { name: 'linkMimetypeGroup: an asset without a file', space: assetLink([{ linkMimetypeGroup: ['image'] }], asset('a', null)) },
    { name: 'assetFileSize: within bounds', space: assetLink([{ assetFileSize: { min: 10, max: 100 } }], asset('a', png(100, 1, 1))) },
    {
      name: 'assetFileSize: a file whose size is not recorded yet',
      space: assetLink([{ assetFileSize: { max: 1 } }], asset('a', { fileName: 'a.png', contentType: 'image/png', upload: 'https://x' })),
    },
    {
      name: 'assetImageDimensions: within bounds',
      space: assetLink([{ assetImageDimensions: { width: { min: 100, max: 200 }, height: { min: 50 } } }], asset('a', png(1, 150, 50))),
    },
    { name: 'assetImageDimensions: a file that is not an image', space: assetLink([{ assetImageDimensions: { width: { min: 100 } } }], asset('a', pdf)) },
    // dateRange
    {
      name: 'dateRange: within, bounds included, date-only and zoned values',
      space: values({ type: 'Date' }, [{ dateRange: { min: '2020-01-01', max: '2020-12-31T23:59:59Z' } }], '2020-01-01', '2020-06-15T10:00+02:00', '2020-12-31T23:59:59Z'),
    },
    {
      name: 'dateRange: a time without an offset may be up to 14 hours off',
      space: values({ type: 'Date' }, [{ dateRange: { min: '2020-01-01T00:00:00Z' } }], '2019-12-31T11:00'),
    },
    { name: 'dateRange: a value that is not a date is not judged', space: values({ type: 'Date' }, [{ dateRange: { min: '2020-01-01' } }], 'soon') },
    // rich text
    {
      name: 'enabledMarks: only enabled marks',
      space: values({ type: 'RichText' }, [{ enabledMarks: ['bold', 'italic'] }], doc(paragraph(text('a', 'bold'), text('b', 'bold', 'italic'), text('c')))),
    },
    {
      name: 'enabledNodeTypes: paragraphs, list items and text are always allowed',
      space: values({ type: 'RichText' }, [{ enabledNodeTypes: ['ordered-list'] }], doc(paragraph(text('a')), node('ordered-list', [node('list-item', [paragraph(text('b'))])]))),
    },
    {
      name: 'nodes: within size, embedded entries of an allowed type',
      space: space(
        { type: 'RichText', validations: [{ nodes: { 'embedded-entry-block': [{ size: { max: 2 } }, { linkContentType: ['person'] }] } }] },
        { others: [person], entries: [entry('p', {}, 'person'), holding('e1', doc(embed('embedded-entry-block', link('Entry', 'p')), paragraph(text('x'))))] },
      ),
    },
    { name: 'nodes: an empty nodes validation', space: values({ type: 'RichText' }, [{ nodes: {} }], doc(embed('embedded-asset-block', link('Asset', 'a')))) },
    // scope
    { name: 'kinds: a kind that is not chosen is not checked', options: { kinds: ['regexp'] }, space: values(SYMBOL, [{ size: { max: 1 } }], 'abc') },
    {
      name: 'archived entries are skipped',
      space: space({ type: 'Symbol', validations: [{ size: { max: 1 } }] }, { entries: [entry('e1', { f: { 'en-US': 'abc' } }, 'article', { archivedVersion: 2 })] }),
    },
    {
      name: 'a field that is not localized: values left in other locales are not checked',
      space: space({ type: 'Symbol', validations: [{ size: { max: 1 } }] }, { entries: [entry('e1', { f: { 'en-US': 'a', 'de-DE': 'abc' } })] }),
    },
    {
      name: 'a localized field: values of unconfigured locales are not checked',
      space: space({ type: 'Symbol', localized: true, validations: [{ size: { max: 1 } }] }, { entries: [entry('e1', { f: { 'en-US': 'a', 'xx-XX': 'abc' } })] }),
    },
    {
      name: 'an entry published locale by locale: its draft locales are not checked',
      space: space(
        { type: 'Symbol', localized: true, validations: [{ size: { max: 1 } }] },
        { entries: [entry('e1', { f: { 'en-US': 'a', 'de-DE': 'abc' } }, 'article', { fieldStatus: { '*': { 'en-US': 'published', 'de-DE': 'draft' } } })] },
      ),
    },
    { name: 'a deleted field', space: values({ type: 'Symbol', deleted: true, omitted: true }, [{ size: { max: 1 } }], 'abc') },
    {
      name: 'values of unexpected types and malformed validations are passed over',
      space: space(
        {
          type: 'Symbol',
          validations: [{ size: 'x' }, { in: 'a' }, { regexp: { pattern: 5 } }, { range: { min: 1 } }, 'odd', null, { dateRange: {} }, { unknownRule: 1 }],
        },
        { entries: [holding('e1', 42), holding('e2', { a: 1 }), holding('e3', ['a']), entry('e4', { f: 'not by locale' }), entry('e5', []), { sys: { id: 'e6', contentType: { sys: { id: 'article' } } } }] },
      ),
    },
    {
      name: 'link fields holding something that is not a link',
      space: space(authorField, { others: [person], entries: [holding('e1', 'p'), holding('e2', { sys: { id: 'p' } }), holding('e3', link('Asset', 'p'))] }),
    },
  ],
  invalid: [
    // size
    {
      name: 'size: a Symbol too long, counted in code points',
      space: values(SYMBOL, [{ size: { max: 2 } }], 'ab😀'),
      findings: [finding('size', { message: "Field 'f' (en-US) has 3 characters; its size validation allows at most 2.", pointer: '/entries/0/fields/f/en-US' })],
    },
    { name: 'size: a Text too short', space: values({ type: 'Text' }, [{ size: { min: 10 } }], 'short'), findings: [finding('size', { message: 'has 5 characters; its size validation allows at least 10' })] },
    {
      name: 'size: too many Array items',
      space: values({ type: 'Array', items: { type: 'Link', linkType: 'Entry' } }, [{ size: { min: 1, max: 2 } }], [link('Entry', 'a'), link('Entry', 'b'), link('Entry', 'c')]),
      findings: [finding('size', { message: 'has 3 items; its size validation allows 1 to 2' })],
    },
    { name: 'size: an Object with too many properties', space: values({ type: 'Object' }, [{ size: { max: 1 } }], { a: 1, b: 2 }), findings: [finding('size', { message: '2 properties' })] },
    {
      name: 'size: rich text with too much text',
      space: values({ type: 'RichText' }, [{ size: { max: 4 } }], doc(paragraph(text('abc')), paragraph(text('de')))),
      findings: [finding('size', { message: 'has 5 characters of text' })],
    },
    {
      name: 'size: an Array item (items.validations), pointing at the item',
      space: items(SYMBOL, [{ size: { min: 2, max: 2 } }], ['US', 'USA', 'X']),
      findings: [finding('size', { message: "Field 'f' (en-US), item at index 1, has 3 characters; its size validation allows exactly 2.", pointer: '/entries/0/fields/f/en-US/1' })],
    },
    // range
    { name: 'range: below the minimum', space: values({ type: 'Integer' }, [{ range: { min: 1 } }], 0), findings: [finding('range', { message: 'is 0; its range validation allows at least 1' })] },
    { name: 'range: above the maximum', space: values({ type: 'Number' }, [{ range: { min: 0, max: 1 } }], 1.01), findings: [finding('range', { message: 'allows 0 to 1' })] },
    // in
    { name: 'in: a Symbol not listed', space: values(SYMBOL, [{ in: ['a', 'b'] }], 'c'), findings: [finding('in', { message: 'is "c", which is not one of its allowed values: "a", "b"' })] },
    { name: 'in: numbers compare strictly', space: values({ type: 'Integer' }, [{ in: [1, 2] }], 3), findings: [finding('in')] },
    {
      name: 'in: an Array item not listed',
      space: items(SYMBOL, [{ in: ['general', 'javascript'] }], ['general', 'rust']),
      findings: [finding('in', { pointer: '/entries/0/fields/f/en-US/1', message: 'item at index 1' })],
    },
    // regexp, prohibitRegexp
    {
      name: 'regexp: no match (with the validation’s own message)',
      space: values(SYMBOL, [{ regexp: { pattern: '^[a-z0-9-]+$', flags: null }, message: 'Lowercase slugs only' }], 'Hello World'),
      findings: [finding('regexp', { message: `does not match the pattern /^[a-z0-9-]+$/. The content type's message: "Lowercase slugs only".` })],
    },
    { name: 'regexp: case matters without the i flag', space: values(SYMBOL, [{ regexp: { pattern: '^abc$' } }], 'ABC'), findings: [finding('regexp')] },
    { name: 'regexp: \\w does not match é in RE2', space: values(SYMBOL, [{ regexp: { pattern: '^\\w+$' } }], 'café'), findings: [finding('regexp')] },
    { name: 'regexp: no match in a long Text (node re2)', space: values({ type: 'Text' }, [{ regexp: { pattern: '^x+$' } }], `${'x'.repeat(5000)}!`), findings: [finding('regexp')] },
    { name: 'regexp: an Array item', space: items(SYMBOL, [{ regexp: { pattern: '^https://' } }], ['https://a', 'http://b']), findings: [finding('regexp', { pointer: '/entries/0/fields/f/en-US/1' })] },
    { name: 'prohibitRegexp: a match', space: values(SYMBOL, [{ prohibitRegexp: { pattern: 'admin', flags: 'i' } }], 'The ADMIN'), findings: [finding('prohibitRegexp', { message: 'matches the prohibited pattern /admin/i' })] },
    // unique
    {
      name: 'unique: every entry involved is reported, naming the others',
      space: values(SYMBOL, [{ unique: true }], 'x', 'y', 'x', 'x'),
      findings: [
        finding('unique', { entry: 'e1', message: "is \"x\", which must be unique among the entries of content type 'article', but entries 'e3', 'e4' also have it." }),
        finding('unique', { entry: 'e3', message: "entries 'e1', 'e4' also have it" }),
        finding('unique', { entry: 'e4' }),
      ],
    },
    {
      name: 'unique: a value held by twelve entries names ten others and counts the rest',
      space: values(SYMBOL, [{ unique: true }], ...Array<string>(12).fill('same')),
      findings: Array.from({ length: 12 }, (_, i) =>
        finding('unique', { entry: `e${i + 1}`, ...(i === 0 ? { message: "but entries 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10', 'e11', and 1 more also have it" } : {}) }),
      ),
    },
    {
      name: 'a published, unchanged entry (the validation came later) is live: its next publish will be refused; a changed entry cannot be published',
      space: space(
        { type: 'Symbol', validations: [{ size: { max: 2 } }] },
        { entries: [entry('live', { f: { 'en-US': 'long' } }, 'article', { publishedVersion: 3, version: 4 }), entry('changed', { f: { 'en-US': 'long' } }, 'article', { publishedVersion: 3, version: 6 })] },
      ),
      findings: [
        finding('size', { entry: 'live', message: / The entry is live as published, but its next publish will be refused\.$/ }),
        finding('size', { entry: 'changed', message: / Publishing the entry fails\.$/ }),
      ],
    },
    {
      name: 'unique: a draft or changed entry whose pending value equals a live value is reported, naming the live entries; the live entry is not',
      space: space(
        { type: 'Symbol', validations: [{ unique: true }] },
        {
          entries: [
            entry('live', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: 3, version: 4 }),
            entry('draft', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: undefined, version: 2 }),
            entry('changed', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: 1, version: 5 }),
          ],
        },
      ),
      findings: [finding('unique', { entry: 'draft', message: "but entry 'live' also has it" }), finding('unique', { entry: 'changed', message: "but entry 'live' also has it" })],
    },
    {
      name: 'unique: two live entries with one value are both reported (the validation came later); a draft with it names both',
      space: space(
        { type: 'Symbol', validations: [{ unique: true }] },
        {
          entries: [
            entry('a', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: 3, version: 4 }),
            entry('b', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: 1, version: 2 }),
            entry('d', { f: { 'en-US': 'x' } }, 'article', { publishedVersion: undefined, version: 1 }),
          ],
        },
      ),
      findings: [
        finding('unique', { entry: 'a', message: "but entry 'b' also has it" }),
        finding('unique', { entry: 'b', message: "but entry 'a' also has it" }),
        finding('unique', { entry: 'd', message: "but entries 'a', 'b' also have it" }),
      ],
    },
    {
      name: 'unique: per locale',
      space: space(
        { type: 'Symbol', localized: true, validations: [{ unique: true }] },
        { entries: [entry('e1', { f: { 'en-US': 'x', 'de-DE': 'y' } }), entry('e2', { f: { 'en-US': 'z', 'de-DE': 'y' } })] },
      ),
      findings: [finding('unique', { entry: 'e1', locale: 'de-DE', message: "but entry 'e2' also has it" }), finding('unique', { entry: 'e2', locale: 'de-DE' })],
    },
    {
      name: 'unique: an entry whose value breaks another validation is reported once, for that',
      space: values(SYMBOL, [{ unique: true }, { size: { max: 1 } }], 'xx', 'xx'),
      findings: [finding('size', { entry: 'e1' }), finding('size', { entry: 'e2' })],
    },
    // linkContentType
    {
      name: 'linkContentType: a target seen before, of a type not allowed',
      space: space(authorField, { others: [person, tag], entries: [entry('t', {}, 'tag'), holding('e1', link('Entry', 't'))] }),
      findings: [finding('linkContentType', { message: "links to entry 't' of content type 'tag'; the field accepts only 'person'." })],
    },
    {
      name: 'linkContentType: a target later in the input (decided at the end)',
      space: space(authorField, { others: [person, tag], entries: [holding('e1', link('Entry', 't')), entry('t', {}, 'tag')] }),
      findings: [finding('linkContentType', { pointer: '/entries/0/fields/f/en-US' })],
    },
    {
      name: 'linkContentType: items of an Array, once per entry, field and locale',
      space: space(
        { type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] } },
        { others: [person, tag], entries: [holding('e1', [link('Entry', 'p'), link('Entry', 't1'), link('Entry', 't2')]), entry('p', {}, 'person'), entry('t1', {}, 'tag'), entry('t2', {}, 'tag')] },
      ),
      findings: [finding('linkContentType', { pointer: '/entries/0/fields/f/en-US/1', message: "item at index 1, links to entry 't1'" })],
    },
    {
      name: 'reportMissingLinks: links to an entry and an asset that are not in the input (at most warnings)',
      options: { reportMissingLinks: true },
      space: {
        contentTypes: [
          contentType('article', [
            { id: 'f', type: 'Link', linkType: 'Entry' },
            { id: 'g', type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [{ linkMimetypeGroup: ['image'] }] } },
            { id: 'h', type: 'RichText' },
          ]),
        ],
        locales: [EN],
        assets: [asset('a', png(1, 1, 1))],
        entries: [
          entry('e1', {
            f: { 'en-US': link('Entry', 'gone') },
            g: { 'en-US': [link('Asset', 'a'), link('Asset', 'lost')] },
            h: { 'en-US': doc(paragraph(text('see'), embed('embedded-entry-inline', link('Entry', 'e1')), embed('asset-hyperlink', link('Asset', 'nope')))) },
          }),
        ],
      },
      findings: [
        { ...finding('missingEntry', { message: "links to entry 'gone', which is not in the input" }), severity: 'warning' },
        { ...finding('missingAsset', { field: 'g', pointer: '/entries/0/fields/g/en-US/1' }), severity: 'warning' },
        { ...finding('missingAsset', { field: 'h', pointer: '/entries/0/fields/h/en-US/content/0/content/2' }), severity: 'warning' },
      ],
    },
    // asset validations
    {
      name: 'linkMimetypeGroup: a PDF where images are required',
      space: assetLink([{ linkMimetypeGroup: ['image'] }], asset('a', pdf)),
      findings: [finding('linkMimetypeGroup', { message: "links to asset 'a', a file of type application/pdf (group 'pdfdocument'); the field accepts only 'image'." })],
    },
    {
      name: 'linkMimetypeGroup: an unknown MIME type is grouped by its extension, else attachment',
      space: space(
        { type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [{ linkMimetypeGroup: ['image'] }] } },
        { assets: [asset('a', { fileName: 'x.png', contentType: 'binary/weird' }), asset('b', { fileName: 'x', contentType: 'binary/weird' })], entries: [holding('e1', [link('Asset', 'a'), link('Asset', 'b')])] },
      ),
      findings: [finding('linkMimetypeGroup', { message: "item at index 1, links to asset 'b', a file of type binary/weird (group 'attachment')" })],
    },
    {
      name: 'assetFileSize: too large',
      space: assetLink([{ assetFileSize: { max: 1048576 } }], asset('a', png(2_000_000, 1, 1))),
      findings: [finding('assetFileSize', { message: 'a file of 2000000 bytes; the field allows at most 1048576 bytes' })],
    },
    {
      name: 'assetImageDimensions: too narrow',
      space: assetLink([{ assetImageDimensions: { width: { min: 800 }, height: { max: 2000 } } }], asset('a', png(1, 640, 480))),
      findings: [finding('assetImageDimensions', { message: 'an image of 640×480 pixels; the field allows width at least 800 and height at most 2000' })],
    },
    // dateRange
    {
      name: 'dateRange: before the minimum',
      space: values({ type: 'Date' }, [{ dateRange: { min: '2020-01-01T00:00:00Z', max: '2021-01-01T00:00:00Z' } }], '2019-12-31T23:00:00Z'),
      findings: [finding('dateRange', { message: 'is 2019-12-31T23:00:00Z; its date range allows 2020-01-01T00:00:00Z to 2021-01-01T00:00:00Z' })],
    },
    {
      name: 'dateRange: an offset counts (01:00+02:00 is 23:00 UTC the day before)',
      space: values({ type: 'Date' }, [{ dateRange: { min: '2020-01-01T00:00:00Z' } }], '2020-01-01T01:00:00+02:00', '2020-01-01T01:00:00-02:00'),
      findings: [finding('dateRange', { message: 'is 2020-01-01T01:00:00+02:00' })],
    },
    {
      name: 'dateRange: a date-only value a day past the maximum',
      space: values({ type: 'Date' }, [{ dateRange: { max: '2020-12-31' } }], '2021-01-02'),
      findings: [finding('dateRange')],
    },
    // rich text
    {
      name: 'enabledMarks: a mark that is not enabled, pointing at the text node',
      space: values({ type: 'RichText' }, [{ enabledMarks: ['bold'] }], doc(paragraph(text('a', 'bold')), paragraph(text('b'), text('c', 'code')))),
      findings: [finding('enabledMarks', { message: "uses the mark 'code'", pointer: '/entries/0/fields/f/en-US/content/1/content/1' })],
    },
    {
      name: 'enabledNodeTypes: a node type that is not enabled',
      space: values({ type: 'RichText' }, [{ enabledNodeTypes: ['heading-1', 'hyperlink'] }], doc(node('heading-1', [text('T')]), node('table', []))),
      findings: [finding('enabledNodeTypes', { message: "contains a 'table' node", pointer: '/entries/0/fields/f/en-US/content/1' })],
    },
    {
      name: 'enabledNodeTypes: nothing enabled',
      space: values({ type: 'RichText' }, [{ enabledNodeTypes: [] }], doc(paragraph(node('hyperlink', [text('x')], { uri: 'https://x' })))),
      findings: [finding('enabledNodeTypes', { message: "'hyperlink' node, which the field does not enable (enabled: none)" })],
    },
    {
      name: 'nodes: too many nodes of a type',
      space: values(
        { type: 'RichText' },
        [{ nodes: { 'embedded-asset-block': [{ size: { max: 1 }, message: 'One picture' }] } }],
        doc(embed('embedded-asset-block', link('Asset', 'a')), embed('embedded-asset-block', link('Asset', 'b'))),
      ),
      findings: [finding('nodesSize', { message: `has 2 'embedded-asset-block' nodes; the field allows at most 1. The content type's message: "One picture".` })],
    },
    {
      name: 'nodes: too few resource nodes ({validations: [{size}]})',
      space: values({ type: 'RichText' }, [{ nodes: { 'embedded-resource-block': { validations: [{ size: { min: 1 } }], allowedResources: [] } } }], doc(paragraph(text('x')))),
      findings: [finding('nodesSize', { message: "has 0 'embedded-resource-block' nodes" })],
    },
    {
      name: 'nodes: an embedded entry of a type not allowed, seen later in the input',
      space: space(
        { type: 'RichText', validations: [{ nodes: { 'entry-hyperlink': [{ linkContentType: ['person'] }] } }] },
        { others: [person, tag], entries: [holding('e1', doc(paragraph(node('entry-hyperlink', [text('t')], { target: link('Entry', 't') })))), entry('t', {}, 'tag')] },
      ),
      findings: [finding('nodesLinkContentType', { message: "has a 'entry-hyperlink' node linking to entry 't' of content type 'tag'", pointer: '/entries/0/fields/f/en-US/content/0/content/0' })],
    },
    // one finding per entry, field and locale
    {
      name: 'linkContentType: the first item that breaks it, when its target comes later in the input than a later item’s',
      space: space(
        { type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] } },
        { others: [person, tag], entries: [entry('t1', {}, 'tag'), holding('e1', [link('Entry', 't2'), link('Entry', 't1')]), entry('t2', {}, 'tag')] },
      ),
      findings: [finding('linkContentType', { pointer: '/entries/1/fields/f/en-US/0', message: "item at index 0, links to entry 't2'" })],
    },
    {
      name: 'the first validation broken, when a link before it in the field’s order waits for a target later in the input: the link',
      space: space(
        { type: 'RichText', validations: [{ nodes: { 'entry-hyperlink': [{ linkContentType: ['person'] }] } }, { enabledMarks: ['bold'] }] },
        { others: [person, tag], entries: [holding('e1', doc(paragraph(node('entry-hyperlink', [text('t')], { target: link('Entry', 't') }), text('x', 'italic')))), entry('t', {}, 'tag')] },
      ),
      findings: [finding('nodesLinkContentType', { pointer: '/entries/0/fields/f/en-US/content/0/content/0' })],
    },
    {
      name: 'the first validation broken, when a link before it in the field’s order waits for a target later in the input: the next, if the link passes',
      space: space(
        { type: 'RichText', validations: [{ nodes: { 'entry-hyperlink': [{ linkContentType: ['person'] }] } }, { enabledMarks: ['bold'] }] },
        { others: [person, tag], entries: [holding('e1', doc(paragraph(node('entry-hyperlink', [text('t')], { target: link('Entry', 'p') }), text('x', 'italic')))), entry('p', {}, 'person')] },
      ),
      findings: [finding('enabledMarks', { message: "uses the mark 'italic'" })],
    },
    {
      name: 'the first validation broken, in the field’s order',
      space: values(SYMBOL, [{ regexp: { pattern: '^[a-z]+$' } }, { size: { max: 2 } }], 'ABCD'),
      findings: [finding('regexp')],
    },
    {
      name: 'one finding per locale of a localized field',
      space: space(
        { type: 'Symbol', localized: true, validations: [{ size: { max: 2 } }] },
        { entries: [entry('e1', { f: { 'en-US': 'long', 'de-DE': 'lang' } })] },
      ),
      findings: [finding('size', { locale: 'en-US' }), finding('size', { locale: 'de-DE' })],
    },
    {
      name: 'an entry published locale by locale: its published locales are checked',
      space: space(
        { type: 'Symbol', localized: true, validations: [{ size: { max: 1 } }] },
        { entries: [entry('e1', { f: { 'en-US': 'ab', 'de-DE': 'abc' } }, 'article', { fieldStatus: { '*': { 'en-US': 'changed', 'de-DE': 'draft' } } })] },
      ),
      findings: [finding('size', { locale: 'en-US' })],
    },
    {
      name: 'kinds: only the chosen kinds',
      options: { kinds: ['size'] },
      space: values(SYMBOL, [{ regexp: { pattern: '^[a-z]+$' } }, { size: { max: 2 } }], 'ABCD'),
      findings: [finding('size')],
    },
    {
      name: 'no locales in the input: every value is checked',
      space: space({ type: 'Symbol', validations: [{ size: { max: 1 } }] }, { locales: [], entries: [entry('e1', { f: { fr: 'abc' } })] }),
      findings: [finding('size', { locale: 'fr' })],
    },
  ],
});
