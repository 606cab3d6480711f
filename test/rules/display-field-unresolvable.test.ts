import rule from '../../rules/display-field-unresolvable.js';
import { describe, expect, it } from 'vitest';
import { contentType, runWithConfig, testRule } from '../helpers/rule-tester.js';

const locales = [
  { code: 'en-US', default: true },
  { code: 'de-DE', default: false, fallbackCode: 'en-US' },
];
const fields = [
  { id: 'title', type: 'Symbol', localized: true },
  { id: 'summary', type: 'Text' },
  { id: 'rank', type: 'Integer' },
  { id: 'legacy', type: 'Symbol', disabled: true },
];
const typed = (displayField: unknown, extra: Record<string, unknown> = {}) => contentType('article', fields, { displayField, ...extra });
const entry = (id: string, values: unknown, sys: Record<string, unknown> = {}) => ({
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } }, ...sys },
  fields: values,
});
const NO_ENTRIES = { reportEmptyEntries: false };

testRule(rule, {
  valid: [
    { name: 'a Symbol display field that every entry fills', space: { contentTypes: [typed('title')], locales, entries: [entry('a1', { title: { 'en-US': 'Hello' } })] } },
    { name: 'a Text display field', space: { contentTypes: [typed('summary')] } },
    {
      name: 'empty display values are not reported with reportEmptyEntries: false (the recommended setting)',
      options: NO_ENTRIES,
      space: { contentTypes: [typed('title')], locales, entries: [entry('a1', {})] },
    },
    {
      name: 'ignoreContentTypes skips the content type and its entries',
      options: { ignoreContentTypes: ['art*', 'legacy'] },
      space: { contentTypes: [typed(null)], locales, entries: [entry('a1', {})] },
    },
    {
      name: 'an empty string is a value (whether the service counts it is not stated)',
      space: { contentTypes: [typed('title')], locales, entries: [entry('a1', { title: { 'en-US': '' } })] },
    },
    {
      name: 'an archived entry is skipped',
      space: { contentTypes: [typed('title')], locales, entries: [entry('a1', {}, { archivedVersion: 2 })] },
    },
    {
      name: 'two locales marked default (import-sample-space.json): a value under either one is enough',
      space: {
        contentTypes: [typed('title')],
        locales: [
          { code: 'en-US', default: true },
          { code: 'de-DE', default: true },
        ],
        entries: [entry('a1', { title: { 'en-US': 'Hello' } }), entry('a2', { title: { 'de-DE': 'Hallo' } })],
      },
    },
    {
      name: 'no locales in the input: a value under any locale is enough',
      space: { contentTypes: [typed('title')], entries: [entry('a1', { title: { 'de-DE': 'Hallo' } })] },
    },
    {
      name: 'entries of other content types, or of content types not in the input',
      space: { contentTypes: [typed('title')], locales, entries: [{ sys: { id: 'x', contentType: { sys: { id: 'gone' } } }, fields: {} }] },
    },
  ],
  invalid: [
    {
      name: 'no displayField and no Symbol or Text field to use: the advice is to add one',
      space: { contentTypes: [contentType('pic', [{ id: 'image', type: 'Link', linkType: 'Asset' }], { displayField: null })] },
      findings: [{ messageId: 'noDisplayField', target: { contentType: 'pic' }, severity: 'warning', message: /It has no Symbol or Text field to use: add one \(a title or name\), then set displayField to it\.$/ }],
    },
    {
      // Seen on real spaces (fixtures/real-spaces: anag-versicherungpartner, stepzen-ecommerce): the advice names the fields to choose from.
      name: 'no displayField: the advice names the visible Symbol and Text fields to choose from (three, then how many more)',
      space: {
        contentTypes: [
          contentType('style', [{ id: 'font', type: 'Symbol' }, { id: 'h1', type: 'Link', linkType: 'Entry' }, { id: 'hidden', type: 'Symbol', disabled: true }, { id: 'note', type: 'Text' }], { displayField: null }),
          contentType('items', ['cost', 'id', 'orderID', 'productID', 'quantity'].map((id) => ({ id, type: 'Text' })), { displayField: null }),
        ],
      },
      findings: [
        { messageId: 'noDisplayField', target: { contentType: 'style' }, severity: 'warning', message: /Set displayField to one of its Symbol or Text fields: 'font', 'note'\.$/ },
        { messageId: 'noDisplayField', target: { contentType: 'items' }, severity: 'warning', message: /fields: 'cost', 'id', 'orderID' and 2 more\.$/ },
      ],
      // The first field the message names: the one the web app picks itself.
      output: {
        contentTypes: [
          contentType('style', [{ id: 'font', type: 'Symbol' }, { id: 'h1', type: 'Link', linkType: 'Entry' }, { id: 'hidden', type: 'Symbol', disabled: true }, { id: 'note', type: 'Text' }], { displayField: 'font' }),
          contentType('items', ['cost', 'id', 'orderID', 'productID', 'quantity'].map((id) => ({ id, type: 'Text' })), { displayField: 'cost' }),
        ],
      },
    },
    {
      // Internal labels are often omitted from the API ("Omit from API response"): the delivery and
      // preview APIs never return them, so they cannot be what fields._displayField returns.
      name: 'no displayField: a field omitted from the API response is not offered, and the fix takes the first field the API returns',
      space: {
        contentTypes: [
          contentType('promo', [{ id: 'internalName', type: 'Symbol', omitted: true }, { id: 'headline', type: 'Symbol' }], { displayField: null }),
          contentType('label', [{ id: 'internalName', type: 'Symbol', omitted: true }, { id: 'image', type: 'Link', linkType: 'Asset' }], { displayField: null }),
        ],
      },
      findings: [
        { messageId: 'noDisplayField', target: { contentType: 'promo' }, severity: 'warning', message: /Set displayField to one of its Symbol or Text fields: 'headline'\.$/ },
        {
          messageId: 'noDisplayField',
          target: { contentType: 'label' },
          severity: 'warning',
          message: /Its Symbol and Text fields \('internalName'\) are omitted from the API response, so the service never returns them: return one \(omitted: false\), then set displayField to it\.$/,
        },
      ],
      output: {
        contentTypes: [
          contentType('promo', [{ id: 'internalName', type: 'Symbol', omitted: true }, { id: 'headline', type: 'Symbol' }], { displayField: 'headline' }),
          contentType('label', [{ id: 'internalName', type: 'Symbol', omitted: true }, { id: 'image', type: 'Link', linkType: 'Asset' }], { displayField: null }),
        ],
      },
    },
    {
      name: 'no displayField, and every Symbol or Text field hidden: the advice is to show one',
      space: { contentTypes: [contentType('pic', [{ id: 'alt', type: 'Symbol', disabled: true }, { id: 'image', type: 'Link', linkType: 'Asset' }], { displayField: null })] },
      findings: [
        {
          messageId: 'noDisplayField',
          target: { contentType: 'pic' },
          severity: 'warning',
          message: /Its Symbol and Text fields \('alt'\) are hidden in the editor, .*: show one, then set displayField to it\.$/,
          // Showing a field is the team's choice: a suggestion.
          suggestions: [
            {
              id: 'setDisplayField',
              desc: "Show the field 'alt' (disabled: false) and set displayField to it",
              output: { contentTypes: [contentType('pic', [{ id: 'alt', type: 'Symbol', disabled: false }, { id: 'image', type: 'Link', linkType: 'Asset' }], { displayField: 'alt' })] },
            },
          ],
        },
      ],
    },
    {
      name: 'no displayField (null, absent, empty): a finding on the content type with the rule’s severity',
      space: {
        contentTypes: [
          contentType('a', fields, { displayField: null }),
          (({ displayField: _, ...rest }) => rest)(contentType('b', fields)),
          contentType('c', fields, { displayField: '' }),
        ],
      },
      findings: [
        {
          messageId: 'noDisplayField',
          target: { contentType: 'a' },
          severity: 'warning',
          message: "Content type 'a' has no displayField. Under select=fields._displayField the service returns its entries without fields.",
          pointer: '/contentTypes/0/displayField',
        },
        { messageId: 'noDisplayField', target: { contentType: 'b' }, severity: 'warning', pointer: '/contentTypes/1' },
        { messageId: 'noDisplayField', target: { contentType: 'c' }, severity: 'warning' },
      ],
      // An absent displayField is added after the content type's last key.
      output: {
        contentTypes: [contentType('a', fields, { displayField: 'title' }), { ...(({ displayField: _, ...rest }) => rest)(contentType('b', fields)), displayField: 'title' }, contentType('c', fields, { displayField: 'title' })],
      },
    },
    {
      name: 'a displayField naming no field, or a deleted field',
      space: {
        contentTypes: [
          contentType('a', fields, { displayField: 'headline' }),
          contentType('b', [{ id: 'old', type: 'Symbol', omitted: true, deleted: true }], { displayField: 'old' }),
        ],
      },
      findings: [
        {
          messageId: 'missingField',
          target: { contentType: 'a' },
          severity: 'warning',
          message: "names 'headline', which is not a field of it",
          pointer: '/contentTypes/0/displayField',
        },
        { messageId: 'missingField', target: { contentType: 'b' }, severity: 'warning' },
      ],
      // 'b' has no Symbol or Text field left to use: not fixed.
      output: {
        contentTypes: [contentType('a', fields, { displayField: 'title' }), contentType('b', [{ id: 'old', type: 'Symbol', omitted: true, deleted: true }], { displayField: 'old' })],
      },
    },
    {
      name: 'a displayField that is not a string names no field',
      space: { contentTypes: [contentType('a', fields, { displayField: { toString: 'title' } }), contentType('b', fields, { displayField: 7 })] },
      findings: [
        { messageId: 'missingField', target: { contentType: 'a' }, severity: 'warning', message: `names '{"toString":"title"}', which is not a field of it` },
        { messageId: 'missingField', target: { contentType: 'b' }, severity: 'warning', message: "names '7'" },
      ],
      output: { contentTypes: [contentType('a', fields, { displayField: 'title' }), contentType('b', fields, { displayField: 'title' })] },
    },
    {
      name: 'a display field that is not Symbol or Text: warning',
      space: { contentTypes: [typed('rank')] },
      findings: [
        {
          messageId: 'notTextField',
          target: { contentType: 'article' },
          severity: 'warning',
          message: "is 'rank', a field of type Integer.",
          suggestions: [{ id: 'setDisplayField', desc: "Set displayField to 'title'", output: { contentTypes: [typed('title')] } }],
        },
      ],
    },
    {
      name: 'a hidden (disabled) display field: warning',
      space: { contentTypes: [typed('legacy')] },
      findings: [{ messageId: 'hiddenField', target: { contentType: 'article' }, severity: 'warning', pointer: '/contentTypes/0/displayField', suggestions: [{ id: 'setDisplayField' }] }],
    },
    {
      name: 'before 2026-05-21 the findings are upcoming warnings',
      asOf: '2026-05-20',
      space: { contentTypes: [typed(null)] },
      findings: [{ messageId: 'noDisplayField', target: { contentType: 'article' }, severity: 'warning', message: 'enforced from 2026-05-21 (in 1 day)' }],
      output: { contentTypes: [typed('title')] },
    },
    {
      name: 'entries whose display field is empty in the default locale: info, one per entry',
      space: {
        contentTypes: [typed('title')],
        locales,
        entries: [
          entry('a1', { title: { 'en-US': 'Hello' } }),
          entry('a2', { title: { 'de-DE': 'Hallo' } }),
          entry('a3', { summary: { 'en-US': 'x' } }),
          entry('a4', { title: { 'en-US': null } }),
          entry('a5', undefined),
        ],
      },
      findings: [
        {
          messageId: 'emptyDisplayValue',
          target: { contentType: 'article', field: 'title', entry: 'a2', locale: 'en-US' },
          severity: 'info',
          message: "The display field 'title' has no value in the default locale 'en-US': under select=fields._displayField the service returns this entry without fields. Fill it in this entry, or make a field that every entry fills the display field.",
          pointer: '/entries/1/fields/title',
        },
        { messageId: 'emptyDisplayValue', target: { contentType: 'article', field: 'title', entry: 'a3', locale: 'en-US' }, severity: 'info', pointer: '/entries/2' },
        { messageId: 'emptyDisplayValue', target: { contentType: 'article', field: 'title', entry: 'a4', locale: 'en-US' }, severity: 'info' },
        { messageId: 'emptyDisplayValue', target: { contentType: 'article', field: 'title', entry: 'a5', locale: 'en-US' }, severity: 'info' },
      ],
    },
    {
      name: 'entries of a content type whose display field is of the wrong type are still checked',
      space: { contentTypes: [typed('rank')], locales, entries: [entry('a1', { rank: { 'en-US': 0 } }), entry('a2', {})] },
      findings: [
        { messageId: 'notTextField', target: { contentType: 'article' }, severity: 'warning', suggestions: [{ id: 'setDisplayField' }] },
        { messageId: 'emptyDisplayValue', target: { contentType: 'article', field: 'rank', entry: 'a2', locale: 'en-US' }, severity: 'info' },
      ],
    },
    {
      name: 'two locales marked default: reported only when empty in both, without a locale in the target',
      space: {
        contentTypes: [typed('title')],
        locales: [
          { code: 'en-US', default: true },
          { code: 'de-DE', default: true },
          { code: 'fr-FR' },
        ],
        entries: [entry('a1', { title: { 'fr-FR': 'Bonjour' } })],
      },
      findings: [{ messageId: 'emptyDisplayValue', target: { contentType: 'article', field: 'title', entry: 'a1' }, severity: 'info' }],
    },
  ],
});

describe('display-field-unresolvable in presets and at other severities', () => {
  const space = {
    contentTypes: [contentType('a', fields, { displayField: null }), contentType('b', fields, { displayField: 'rank' }), typed('title')],
    locales,
    entries: [entry('a1', {})],
  };
  const summary = (findings: { messageId: string; severity: string }[]) => findings.map((f) => `${f.messageId} ${f.severity}`);

  it('recommended leaves out the per-entry findings; all keeps them', async () => {
    expect(summary(await runWithConfig(rule, space, {}))).toEqual(['noDisplayField warning', 'notTextField warning']);
    expect(summary(await runWithConfig(rule, space, { extends: 'all' }))).toEqual(['noDisplayField warning', 'notTextField warning', 'emptyDisplayValue info']);
  });

  it('raised to error: a missing display field is an error, a field of the wrong type stays a warning, empty entries stay info', async () => {
    const findings = await runWithConfig(rule, space, { extends: 'all', rules: { 'display-field-unresolvable': 'error' } });
    expect(summary(findings)).toEqual(['noDisplayField error', 'notTextField warning', 'emptyDisplayValue info']);
  });
});
