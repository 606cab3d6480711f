import { isObject } from '../util/json-value.js';
import { mimetypeGroups } from './mimetype-groups.js';
import type { AssetNode } from './nodes.js';

/** What link validations need of an asset's file in one locale: a few numbers, not the record. */
export interface AssetFile {
  /** MIME type as the file gives it ('' when it gives none). */
  contentType: string;
  /** Mimetype groups the file can belong to. */
  groups: readonly string[];
  /** Bytes, when processing has recorded them. */
  size: number | null;
  /** Pixels, for images whose dimensions processing has recorded. */
  width: number | null;
  height: number | null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The files of an asset, one per locale that has one (`fields.file.<locale>`). */
export function assetFiles(asset: AssetNode): AssetFile[] {
  const fields = asset.json.fields;
  const byLocale = isObject(fields) && isObject(fields.file) ? fields.file : undefined;
  const files: AssetFile[] = [];
  if (!byLocale) return files;
  for (const code in byLocale) {
    const file = byLocale[code];
    if (!isObject(file)) continue;
    const contentType = typeof file.contentType === 'string' ? file.contentType : '';
    const fileName = typeof file.fileName === 'string' ? file.fileName : '';
    const details = isObject(file.details) ? file.details : undefined;
    const image = details && isObject(details.image) ? details.image : undefined;
    files.push({
      contentType,
      groups: mimetypeGroups(contentType, fileName),
      size: finite(details?.size),
      width: finite(image?.width),
      height: finite(image?.height),
    });
  }
  return files;
}
