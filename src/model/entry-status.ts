import type { EntryNode } from './nodes.js';

/** Archived entries (`sys.archivedVersion`) are not published and are skipped by entry checks. */
export function isArchived(entry: EntryNode): boolean {
  return entry.json.sys.archivedVersion !== undefined && entry.json.sys.archivedVersion !== null;
}

/** Has a published version (`sys.publishedVersion`). */
export function isPublished(entry: EntryNode): boolean {
  return typeof entry.json.sys.publishedVersion === 'number';
}
