import rule from '../../rules/locale-unpublished.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const locales = [
  { code: 'en-US', default: true },
  { code: 'de-DE', default: false, fallbackCode: 'en-US' },
  { code: 'fr-FR', default: false, fallbackCode: 'en-US', optional: true },
];
const page = contentType('page', [{ id: 'title', type: 'Symbol', localized: true }]);
const entry = (id: string, fieldStatus: unknown, sys: Record<string, unknown> = { version: 5, publishedVersion: 4 }) => ({
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'page' } }, ...sys, ...(fieldStatus === undefined ? {} : { fieldStatus }) },
  fields: { title: { 'en-US': 'Home' } },
});
const allPublished = { '*': { 'en-US': 'published', 'de-DE': 'published', 'fr-FR': 'published' } };
const space = (...entries: unknown[]) => ({ contentTypes: [page], locales, entries });

testRule(rule, {
  valid: [
    { name: 'every configured locale published', space: space(entry('p1', allPublished)) },
    { name: 'no fieldStatus (older exports, delivery API records): nothing', space: space(entry('p1', undefined)) },
    {
      name: 'a draft entry (no publishedVersion) is not this rule’s business',
      space: space(entry('p1', { '*': { 'en-US': 'draft', 'de-DE': 'draft' } }, { version: 1 })),
    },
    {
      name: 'an archived entry is skipped',
      space: space(entry('p1', { '*': { 'en-US': 'published' } }, { version: 6, publishedVersion: 4, archivedVersion: 5 })),
    },
    {
      name: 'locales the delivery API does not serve, or that cannot be edited, are not checked',
      space: {
        contentTypes: [page],
        locales: [{ code: 'en-US', default: true }, { code: 'it-IT', contentDeliveryApi: false }, { code: 'es-ES', contentManagementApi: false }],
        entries: [entry('p1', { '*': { 'en-US': 'published', 'it-IT': 'draft' } })],
      },
    },
    {
      name: 'a changed locale is live (published, with edits since): not reported',
      space: space(entry('p1', { '*': { 'en-US': 'changed', 'de-DE': 'changed', 'fr-FR': 'published' } })),
    },
    { name: 'unknown status values are not reported', space: space(entry('p1', { '*': { 'en-US': 'published', 'de-DE': 'scheduled', 'fr-FR': 'published' } })) },
    {
      name: 'a fieldStatus of the wrong shape',
      space: space(entry('p1', 'published'), entry('p2', { '*': ['en-US'] }), entry('p3', { en: { 'en-US': 'draft' } })),
    },
  ],
  invalid: [
    {
      name: 'draft and missing locales: one finding per (entry, locale); changed is live',
      space: space(
        entry('p1', { '*': { 'en-US': 'published', 'de-DE': 'draft', 'fr-FR': 'changed' } }),
        entry('p2', { '*': { 'en-US': 'published', 'de-DE': 'published' } }),
        entry('p3', allPublished),
      ),
      findings: [
        {
          messageId: 'draft',
          target: { contentType: 'page', entry: 'p1', locale: 'de-DE' },
          severity: 'warning',
          message: /Locale 'de-DE' of this published entry is a draft .*answers 404 .*GraphQL API returns null.*a published fallback locale does not make it visible/,
          pointer: '/entries/0/sys/fieldStatus/*/de-DE',
        },
        {
          messageId: 'missing',
          target: { contentType: 'page', entry: 'p2', locale: 'fr-FR' },
          severity: 'warning',
          message: /no publishing status .*A newly added locale needs the entry to be republished/,
          pointer: '/entries/1/sys/fieldStatus/*',
        },
      ],
    },
    {
      name: 'the default locale unpublished is reported too',
      space: space(entry('p1', { '*': { 'en-US': 'draft', 'de-DE': 'published', 'fr-FR': 'published' } })),
      findings: [{ messageId: 'draft', target: { contentType: 'page', entry: 'p1', locale: 'en-US' }, severity: 'warning' }],
    },
    {
      name: 'no locales in the input: the locales named in fieldStatus are checked',
      space: { contentTypes: [page], entries: [entry('p1', { '*': { 'en-US': 'changed', 'de-DE': 'draft' } })] },
      findings: [{ messageId: 'draft', target: { contentType: 'page', entry: 'p1', locale: 'de-DE' }, severity: 'warning' }],
    },
  ],
});
