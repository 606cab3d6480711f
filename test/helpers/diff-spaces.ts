import { contentType } from './rule-tester.js';

/** Locales of the diff rule tests: en-US (default) and de-DE (optional). */
export const LOCALES = [
  { sys: { id: 'l1', type: 'Locale' }, code: 'en-US', name: 'English', default: true, fallbackCode: null, optional: false },
  { sys: { id: 'l2', type: 'Locale' }, code: 'de-DE', name: 'German', default: false, fallbackCode: 'en-US', optional: true },
];

export function entry(id: string, type: string, fields: Record<string, unknown>, sys: Record<string, unknown> = {}): Record<string, unknown> {
  return { sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } }, ...sys }, fields };
}

/** A space of one content type `article` with these fields, the two locales and these entries. */
export function articles(fields: Record<string, unknown>[], entries: Record<string, unknown>[] = [], more: Record<string, unknown>[] = []): Record<string, unknown> {
  return { contentTypes: [contentType('article', fields), ...more], locales: LOCALES, entries };
}
