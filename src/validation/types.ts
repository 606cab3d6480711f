import type { AssetFile } from '../model/asset-files.js';

/** The kinds of field validation that entry values are checked against. */
export const VALIDATION_KINDS = [
  'size',
  'range',
  'in',
  'regexp',
  'prohibitRegexp',
  'unique',
  'linkContentType',
  'linkMimetypeGroup',
  'assetFileSize',
  'assetImageDimensions',
  'dateRange',
  'enabledMarks',
  'enabledNodeTypes',
  'nodes',
] as const;

export type ValidationKind = (typeof VALIDATION_KINDS)[number];

export type Path = readonly (string | number)[];

/** A value that breaks a validation: the message to report, and where below the value. */
export interface Violation {
  messageId: string;
  data: Record<string, string | number>;
  path: Path;
}

/** What checks know beyond the value itself: the assets and entries of the input. */
export interface CheckContext {
  /** The files of an asset; undefined when the asset is not in the input. */
  assetFiles(id: string): readonly AssetFile[] | undefined;
  /** The content type of an entry seen so far; undefined when it has not been seen (yet). */
  entryType(id: string): string | undefined;
  /** A link to an entry not seen yet: `check.judgeEntry` decides once every entry has been seen. */
  defer(check: EntryLinkCheck, targetId: string, path: Path): void;
}

/** One validation of a field (or of its items), compiled once per content type. */
export interface ValueCheck {
  run(value: unknown, context: CheckContext): Violation | null;
}

/** A check on links to entries, which may have to wait until the target has been seen. */
export interface EntryLinkCheck {
  /** Verdict on a link to entry `id`, whose content type is `type` (undefined: not in the input). */
  judgeEntry(id: string, type: string | undefined, path: Path): Violation | null;
  /** The check as plain data, for a parallel run's state. */
  toWire(): unknown;
}

export const HERE: Path = [];
