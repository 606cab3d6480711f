import { isObject } from '../util/json-value.js';
import type { EntryNode } from './nodes.js';

/** Archived entries (`sys.archivedVersion`) are not published and are skipped by entry checks. */
export function isArchived(entry: EntryNode): boolean {
  return entry.json.sys.archivedVersion !== undefined && entry.json.sys.archivedVersion !== null;
}

/** Has a published version (`sys.publishedVersion`). */
export function isPublished(entry: EntryNode): boolean {
  return typeof entry.json.sys.publishedVersion === 'number';
}

/** Published with no edits since (`sys.version` is `publishedVersion + 1`): what is live is what the export holds. */
export function isPublishedUnchanged(entry: EntryNode): boolean {
  const { version, publishedVersion } = entry.json.sys;
  return typeof publishedVersion === 'number' && version === publishedVersion + 1;
}

/**
 * Whether the export holds the entry's live values: published, and not known to have edits since
 * (a published record without `sys.version`, a snapshot some tools write, counts as live).
 */
export function holdsLiveValues(entry: EntryNode): boolean {
  const { version, publishedVersion } = entry.json.sys;
  return typeof publishedVersion === 'number' && (typeof version !== 'number' || version <= publishedVersion + 1);
}

/** A locale status of `sys.fieldStatus` that a publish covers: `published`, or `changed` (published, with later edits). */
export function isPublishedStatus(status: unknown): boolean {
  return status === 'published' || status === 'changed';
}

/**
 * For an entry published locale by locale (locale-based publishing): its `sys.fieldStatus["*"]`,
 * when that marks some of `locales` published (or changed) and others not. A publish of such an
 * entry covers its published locales; check a locale with `isPublishedStatus(status[code])`.
 * Null when a publish covers every locale: no `fieldStatus`, a draft in every locale, or every
 * locale published.
 */
export function localeByLocaleStatus(entry: EntryNode, locales: readonly string[]): Record<string, unknown> | null {
  const byScope = entry.json.sys.fieldStatus;
  const status = isObject(byScope) ? byScope['*'] : undefined;
  if (!isObject(status)) return null;
  let some = false;
  let all = true;
  for (const code of locales) {
    if (isPublishedStatus(status[code])) some = true;
    else all = false;
  }
  return some && !all ? status : null;
}
