import { describe, expect, it } from 'vitest';
import rule from '../../rules/locale-unpublished.js';
import { contentType, runRule, testRule } from '../helpers/rule-tester.js';

const locales = [
  { code: 'en-US', default: true, sys: { id: 'en', type: 'Locale', createdAt: '2024-01-10T09:00:00Z' } },
  { code: 'de-DE', default: false, fallbackCode: 'en-US', sys: { id: 'de', type: 'Locale', createdAt: '2024-01-10T09:05:00Z' } },
  { code: 'fr-FR', default: false, fallbackCode: 'en-US', optional: true, sys: { id: 'fr', type: 'Locale', createdAt: '2024-01-10T09:06:00Z' } },
];
const page = contentType('page', [
  { id: 'title', type: 'Symbol', localized: true },
  { id: 'slug', type: 'Symbol', localized: false },
]);
const settings = contentType('settings', [{ id: 'key', type: 'Symbol', localized: false }]);
const PUBLISHED = { version: 5, publishedVersion: 4, publishedAt: '2025-03-01T12:00:00Z' };

/** An entry of `page` (or `type`) with these title values and this fieldStatus. */
const entry = (id: string, title: Record<string, unknown>, fieldStatus: unknown, sys: Record<string, unknown> = PUBLISHED, type = 'page') => ({
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } }, ...sys, ...(fieldStatus === undefined ? {} : { fieldStatus }) },
  fields: type === 'page' ? { title, slug: { 'en-US': id } } : { key: { 'en-US': id } },
});
const ALL = { 'en-US': 'Home', 'de-DE': 'Startseite', 'fr-FR': 'Accueil' };
const allPublished = { '*': { 'en-US': 'published', 'de-DE': 'published', 'fr-FR': 'published' } };
const space = (...entries: unknown[]) => ({ contentTypes: [page, settings], locales, entries });

testRule(rule, {
  valid: [
    { name: 'every configured locale translated and published', space: space(entry('p1', ALL, allPublished)) },
    { name: 'no fieldStatus (older exports, delivery API records): nothing', space: space(entry('p1', { 'en-US': 'Home' }, undefined)) },
    {
      name: 'a draft entry (no publishedVersion) is not this rule’s business',
      space: space(entry('p1', ALL, { '*': { 'en-US': 'draft', 'de-DE': 'draft' } }, { version: 1 })),
    },
    { name: 'an archived entry is skipped', space: space(entry('p1', ALL, { '*': { 'en-US': 'published' } }, { version: 6, publishedVersion: 4, archivedVersion: 5 })) },
    {
      name: 'locales the delivery API does not serve, or that cannot be edited, are not checked',
      space: {
        contentTypes: [page],
        locales: [{ code: 'en-US', default: true }, { code: 'it-IT', contentDeliveryApi: false }, { code: 'es-ES', contentManagementApi: false }],
        entries: [entry('p1', { 'en-US': 'Home', 'it-IT': 'Casa' }, { '*': { 'en-US': 'published', 'it-IT': 'draft' } })],
      },
    },
    { name: 'a changed locale is live (published, with edits since): not reported', space: space(entry('p1', ALL, { '*': { 'en-US': 'changed', 'de-DE': 'changed', 'fr-FR': 'published' } })) },
    { name: 'unknown status values are not reported', space: space(entry('p1', ALL, { '*': { 'en-US': 'published', 'de-DE': 'scheduled', 'fr-FR': 'published' } })) },
    {
      name: 'a content type without localized fields has nothing to translate: its other locales are not reported',
      space: space(entry('s1', {}, { '*': { 'en-US': 'published' } }, PUBLISHED, 'settings')),
    },
    {
      name: 'a value of a field that is not localized does not make a locale translated',
      space: { contentTypes: [page], locales: locales.slice(0, 2), entries: [{ ...entry('p1', { 'en-US': 'Home', 'de-DE': 'Start' }, { '*': { 'en-US': 'published', 'de-DE': 'published' } }), fields: { title: { 'en-US': 'Home', 'de-DE': 'Start' }, slug: { 'en-US': 'home', 'de-DE': 'stale' } } }] },
    },
    {
      name: 'a fieldStatus of the wrong shape',
      space: space(entry('p1', ALL, 'published'), entry('p2', ALL, { '*': ['en-US'] }), entry('p3', ALL, { en: { 'en-US': 'draft' } })),
    },
  ],
  invalid: [
    {
      name: 'values in a draft locale: unpublished (warning), naming the untranslated locale too; one finding for the entry',
      space: space(entry('p1', { 'en-US': 'Home', 'de-DE': 'Startseite' }, { '*': { 'en-US': 'published', 'de-DE': 'draft' } })),
      findings: [
        {
          messageId: 'unpublished',
          target: { contentType: 'page', entry: 'p1', locale: 'de-DE' },
          severity: 'warning',
          message:
            /^This published entry holds values in 'de-DE' that are not published \(sys\.fieldStatus: 'de-DE' draft\)\. .*answers 404 in it .*returns null.*a published fallback locale does not make it visible\. Publish the entry in it\. It holds no values in 'fr-FR' \(untranslated/,
          pointer: '/entries/0/sys/fieldStatus/*/de-DE',
        },
      ],
    },
    {
      name: 'values in locales without a status: unpublished; the cause is not guessed (the locales are older than the entry’s publish)',
      space: space(entry('p1', ALL, { '*': { 'en-US': 'published' } })),
      findings: [
        {
          messageId: 'unpublished',
          target: { contentType: 'page', entry: 'p1', locale: 'de-DE' },
          severity: 'warning',
          message: /^This published entry holds values in 'de-DE', 'fr-FR' that are not published \(sys\.fieldStatus: 'de-DE' absent, 'fr-FR' absent\)\. .* Publish the entry in them\.$/,
          pointer: '/entries/0/sys/fieldStatus/*',
        },
      ],
    },
    {
      name: 'no values in locales: untranslated, at most info, one finding naming both locales',
      space: space(entry('p1', { 'en-US': 'Home' }, { '*': { 'en-US': 'published' } })),
      findings: [
        {
          messageId: 'untranslated',
          target: { contentType: 'page', entry: 'p1', locale: 'de-DE' },
          severity: 'info',
          message: /^This published entry holds no values in 'de-DE', 'fr-FR', and sys\.fieldStatus records no published status for them\. Today a request in them gets the fallback locale's content; .*404.*null instead\.$/,
          pointer: '/entries/0/sys/fieldStatus/*',
        },
      ],
    },
    {
      name: 'a draft locale without values is untranslated, not unpublished content',
      space: space(entry('p1', { 'en-US': 'Home', 'fr-FR': 'Accueil' }, { '*': { 'en-US': 'published', 'de-DE': 'draft', 'fr-FR': 'published' } })),
      findings: [{ messageId: 'untranslated', target: { contentType: 'page', entry: 'p1', locale: 'de-DE' }, severity: 'info', pointer: '/entries/0/sys/fieldStatus/*/de-DE' }],
    },
    {
      name: 'the cause is stated when the input shows it: the locale was created after the entry was last published',
      space: {
        contentTypes: [page],
        locales: [locales[0], { ...locales[1], sys: { id: 'de', type: 'Locale', createdAt: '2025-06-01T08:00:00Z' } }],
        entries: [entry('p1', { 'en-US': 'Home' }, { '*': { 'en-US': 'published' } })],
      },
      findings: [
        {
          messageId: 'untranslated',
          target: { contentType: 'page', entry: 'p1', locale: 'de-DE' },
          severity: 'info',
          message: /instead\. 'de-DE' was added to the space after this entry was last published \(2025-03-01T12:00:00Z\); the service serves a locale added to a space only after the entry is republished\.$/,
        },
      ],
    },
    {
      name: 'the default locale unpublished is reported too',
      space: space(entry('p1', ALL, { '*': { 'en-US': 'draft', 'de-DE': 'published', 'fr-FR': 'published' } })),
      findings: [{ messageId: 'unpublished', target: { contentType: 'page', entry: 'p1', locale: 'en-US' }, severity: 'warning' }],
    },
    {
      name: 'no locales in the input: the locales named in fieldStatus are checked',
      space: { contentTypes: [page], entries: [entry('p1', { 'en-US': 'Home', 'de-DE': 'Start' }, { '*': { 'en-US': 'changed', 'de-DE': 'draft' } })] },
      findings: [{ messageId: 'unpublished', target: { contentType: 'page', entry: 'p1', locale: 'de-DE' }, severity: 'warning' }],
    },
    {
      name: 'a space like the real one: entries translated in part, each reported once',
      space: space(
        entry('p1', { 'en-US': 'A', 'de-DE': 'A' }, { '*': { 'en-US': 'published', 'de-DE': 'published' } }),
        entry('p2', { 'en-US': 'B' }, { '*': { 'en-US': 'published' } }),
        entry('p3', ALL, allPublished),
      ),
      findings: [
        { messageId: 'untranslated', target: { contentType: 'page', entry: 'p1', locale: 'fr-FR' }, severity: 'info' },
        { messageId: 'untranslated', target: { contentType: 'page', entry: 'p2', locale: 'de-DE' }, severity: 'info' },
      ],
    },
  ],
});

describe('a space shaped like the real one (119 published entries, 5 locales created before them, translations in part)', () => {
  it('one finding per entry that lacks a translation, naming its locales; none says a locale was added later', async () => {
    const codes = ['en-US', 'de-DE', 'fr-FR', 'it-IT', 'es-ES'];
    const fiveLocales = codes.map((code, i) => ({ code, default: i === 0, fallbackCode: i === 0 ? null : 'en-US', sys: { id: code, type: 'Locale', createdAt: '2024-01-10T09:00:00Z' } }));
    // Entry i is translated into the first (i % 5) + 1 locales, each published: fieldStatus names exactly those (as the service writes it).
    const entries = Array.from({ length: 119 }, (_, i) => {
      const held = codes.slice(0, (i % 5) + 1);
      return entry(`e${i}`, Object.fromEntries(held.map((c) => [c, `t${i}`])), { '*': Object.fromEntries(held.map((c) => [c, 'published'])) });
    });
    const findings = await runRule(rule, { contentTypes: [page], locales: fiveLocales, entries });
    const lacking = entries.filter((_, i) => i % 5 !== 4).length;
    expect(findings).toHaveLength(lacking);
    expect(new Set(findings.map((f) => f.target.entry)).size).toBe(lacking);
    expect(findings.every((f) => f.severity === 'info' && f.messageId === 'untranslated' && !f.message.includes('added to the space'))).toBe(true);
    expect(findings.find((f) => f.target.entry === 'e0')!.message).toContain("no values in 'de-DE', 'fr-FR', 'it-IT', 'es-ES'");
  });
});
