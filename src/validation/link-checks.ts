import { isObject } from '../util/json-value.js';
import type { AssetFile } from '../model/asset-files.js';
import { quoted, showBounds, showList } from './describe.js';
import { boundsOf } from './value-checks.js';
import { HERE, type CheckContext, type EntryLinkCheck, type Path, type ValueCheck, type Violation } from './types.js';

/**
 * Checks of links (a Link field, or an item of an Array of links) against the entries and
 * assets of the input: linkContentType, linkMimetypeGroup, assetFileSize,
 * assetImageDimensions, and whether the target is in the input at all. A target that is not
 * in the input is passed over unless `reportMissing` (default exports leave drafts out).
 */

/** The id a link of `linkType` points to (`{sys: {type: "Link", linkType, id}}`). */
export function linkedId(value: unknown, linkType: 'Entry' | 'Asset'): string | undefined {
  if (!isObject(value) || !isObject(value.sys)) return undefined;
  const { sys } = value;
  return sys.type === 'Link' && sys.linkType === linkType && typeof sys.id === 'string' ? sys.id : undefined;
}

export function missingEntry(id: string, path: Path = HERE): Violation {
  return { messageId: 'missingEntry', data: { target: id }, path };
}

export function missingAsset(id: string, path: Path = HERE): Violation {
  return { messageId: 'missingAsset', data: { target: id }, path };
}

/**
 * A link to an entry: with `allowed`, the target's content type must be one of them
 * (`linkContentType`); without, only its presence is checked. The target may come later in
 * the input than the entry that links to it: then the verdict waits until the end.
 */
export type EntryLinkWire = [string[] | null, boolean, string, { messageId: string; nodeType: string } | null];

export class EntryLinkRule implements ValueCheck, EntryLinkCheck {
  private readonly shownAllowed: string;

  constructor(
    private readonly allowed: ReadonlySet<string> | null,
    private readonly reportMissing: boolean,
    private readonly custom: string,
    /** Message id and node type when the link is a rich-text node (a `nodes` validation). */
    private readonly node: { messageId: string; nodeType: string } | null = null,
  ) {
    this.shownAllowed = allowed ? showList([...allowed], quoted) : '';
  }

  run(value: unknown, context: CheckContext): Violation | null {
    const id = linkedId(value, 'Entry');
    return id === undefined ? null : this.check(id, context, HERE);
  }

  /** Judges a link to `id` now if its target has been seen, else defers it. `path` may be reused by the caller: it is copied when kept. */
  check(id: string, context: CheckContext, path: Path): Violation | null {
    const type = context.entryType(id);
    if (type !== undefined) return this.judgeEntry(id, type, path);
    context.defer(this, id, [...path]);
    return null;
  }

  /** The rule as plain data (for a parallel run's state), and back. */
  toWire(): EntryLinkWire {
    return [this.allowed ? [...this.allowed] : null, this.reportMissing, this.custom, this.node];
  }

  static fromWire([allowed, reportMissing, custom, node]: EntryLinkWire): EntryLinkRule {
    return new EntryLinkRule(allowed ? new Set(allowed) : null, reportMissing, custom, node);
  }

  judgeEntry(id: string, type: string | undefined, path: Path): Violation | null {
    if (type === undefined) return this.reportMissing ? missingEntry(id, [...path]) : null;
    if (this.allowed === null || this.allowed.has(type)) return null;
    const data = { target: id, targetType: type, allowed: this.shownAllowed, custom: this.custom };
    return this.node
      ? { messageId: this.node.messageId, data: { ...data, nodeType: this.node.nodeType }, path: [...path] }
      : { messageId: 'linkContentType', data, path: [...path] };
  }
}

/**
 * A link to an asset, judged on the asset's files. An asset can have a file per locale; which
 * one the service judges is not documented, so the link passes when any file passes, and a
 * file whose size or dimensions processing has not recorded passes too.
 */
class AssetLinkRule implements ValueCheck {
  constructor(
    private readonly reportMissing: boolean,
    /** How to judge a file (true: passes, false: breaks the validation, null: cannot tell); null: only presence is checked. */
    private readonly validation: {
      passes: (file: AssetFile) => boolean | null;
      describe: (file: AssetFile, id: string) => Violation;
    } | null,
  ) {}

  run(value: unknown, context: CheckContext): Violation | null {
    const id = linkedId(value, 'Asset');
    if (id === undefined) return null;
    const files = context.assetFiles(id);
    if (files === undefined) return this.reportMissing ? missingAsset(id) : null;
    if (this.validation === null || files.length === 0) return null;
    for (const file of files) if (this.validation.passes(file) !== false) return null;
    return this.validation.describe(files[0]!, id);
  }
}

/** Only that the asset is in the input (for `reportMissing`). */
export function assetPresenceCheck(): ValueCheck {
  return new AssetLinkRule(true, null);
}

export function linkContentTypeCheck(spec: unknown, reportMissing: boolean, custom: string): EntryLinkRule | null {
  if (!Array.isArray(spec)) return null;
  return new EntryLinkRule(new Set(spec.filter((id): id is string => typeof id === 'string')), reportMissing, custom);
}

export function linkMimetypeGroupCheck(spec: unknown, reportMissing: boolean, custom: string): ValueCheck | null {
  if (!Array.isArray(spec)) return null;
  const allowed = new Set(spec);
  const shown = showList(spec, quoted);
  return new AssetLinkRule(reportMissing, {
    passes: (file) => file.groups.some((group) => allowed.has(group)),
    describe: (file, id) => ({
      messageId: 'linkMimetypeGroup',
      data: { target: id, fileType: file.contentType || '(no type given)', groups: showList(file.groups, quoted), allowed: shown, custom },
      path: HERE,
    }),
  });
}

function within(value: number, min: number | null, max: number | null): boolean {
  return (min === null || value >= min) && (max === null || value <= max);
}

export function assetFileSizeCheck(spec: unknown, reportMissing: boolean, custom: string): ValueCheck | null {
  const bounds = boundsOf(spec);
  if (!bounds) return null;
  const { min, max } = bounds;
  return new AssetLinkRule(reportMissing, {
    passes: (file) => (file.size === null ? null : within(file.size, min, max)),
    describe: (file, id) => ({ messageId: 'assetFileSize', data: { target: id, size: file.size!, bounds: showBounds(min, max, 'bytes'), custom }, path: HERE }),
  });
}

export function assetImageDimensionsCheck(spec: unknown, reportMissing: boolean, custom: string): ValueCheck | null {
  if (!isObject(spec)) return null;
  const width = boundsOf(spec.width);
  const height = boundsOf(spec.height);
  if (!width && !height) return null;
  const shown = [width && `width ${showBounds(width.min, width.max)}`, height && `height ${showBounds(height.min, height.max)}`].filter(Boolean).join(' and ');
  return new AssetLinkRule(reportMissing, {
    passes: (file) => {
      if ((width && file.width === null) || (height && file.height === null)) return null;
      return (!width || within(file.width!, width.min, width.max)) && (!height || within(file.height!, height.min, height.max));
    },
    describe: (file, id) => ({
      messageId: 'assetImageDimensions',
      data: { target: id, width: file.width ?? '?', height: file.height ?? '?', bounds: shown, custom },
      path: HERE,
    }),
  });
}
