import { createRequire } from 'node:module';
import { requireBundleFile } from '../cache/bundle-file.js';
import { PACKAGE_LAYOUT } from '../util/package-root.js';

/**
 * Mimetype groups (`image`, `pdfdocument`, `attachment`, …), the names `linkMimetypeGroup`
 * validations use. The table is the one the service publishes as an npm package
 * (`@contentful/mimetype`), loaded on first use.
 */
interface MimetypeTable {
  getGroupLabels(): string[];
  getTypesForGroup(label: string): string[] | null;
  getGroupLabel(params: { type?: string; fallbackFileName?: string }): string;
}

let table: MimetypeTable | undefined;
let groupsByType: Map<string, string[]> | undefined;
const cache = new Map<string, readonly string[]>();

function load(): { table: MimetypeTable; groupsByType: Map<string, string[]> } {
  if (!table || !groupsByType) {
    // In the bundle, the package is in a file beside it, with the four lodash functions it uses instead of all of lodash (scripts/bundle.mjs).
    table = (PACKAGE_LAYOUT === 'bundle' ? requireBundleFile('mimetype.cjs') : createRequire(import.meta.url)('@contentful/mimetype')) as MimetypeTable;
    groupsByType = new Map();
    for (const label of table.getGroupLabels()) {
      for (const type of table.getTypesForGroup(label) ?? []) {
        const groups = groupsByType.get(type);
        if (groups) groups.push(label);
        else groupsByType.set(type, [label]);
      }
    }
  }
  return { table, groupsByType };
}

function extension(fileName: string): string {
  return /\.\w+$/.exec(fileName)?.[0] ?? '';
}

/**
 * Every group a file can belong to: each group that lists its content type (some types, such
 * as text/plain, are in several), and the group of its file name's extension; `attachment` when
 * neither is known. The result is shared: do not change it.
 */
export function mimetypeGroups(contentType: string, fileName: string): readonly string[] {
  const ext = extension(fileName);
  const key = `${contentType}\0${ext}`;
  let groups = cache.get(key);
  if (!groups) {
    const { table, groupsByType } = load();
    const set = new Set(groupsByType.get(contentType));
    if (ext !== '' || set.size === 0) set.add(table.getGroupLabel({ fallbackFileName: `file${ext}` }));
    groups = [...set];
    cache.set(key, groups);
  }
  return groups;
}
