import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../util/json-value.js';

/**
 * A change of one value inside a record: `path` (below the record) set to `value`, or removed.
 * A model operation changes values as a whole (a validation replaced); its patches are the
 * leaves that differ, so that two fixes of one validation (its pattern and its flags) change
 * different bytes of a file, and a file's bytes change only where values change.
 */
export type Patch = { path: string[]; value: unknown } | { path: string[]; remove: true };

/** The patches that turn `before` into `after` (at `path`): objects by key, arrays of one length by index, anything else whole. */
export function valuePatches(before: unknown, after: unknown, path: string[] = []): Patch[] {
  if (isObject(before) && isObject(after)) {
    const patches: Patch[] = [];
    for (const key of Object.keys(after)) {
      if (Object.hasOwn(before, key)) patches.push(...valuePatches(before[key], after[key], [...path, key]));
      else patches.push({ path: [...path, key], value: after[key] });
    }
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) patches.push({ path: [...path, key], remove: true });
    return patches;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((item, i) => valuePatches(item, after[i], [...path, String(i)]));
  }
  return isDeepStrictEqual(before, after) ? [] : [{ path, value: after }];
}

/** Applies a patch to a JSON value in memory (the migration renderer's copy of a record); `-` appends to an array. */
export function applyPatch(root: Record<string, unknown>, patch: Patch): void {
  const { path } = patch;
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    parent = (parent as Record<string, unknown>)[key];
    if (!isObject(parent) && !Array.isArray(parent)) throw new Error(`no value at ${path.join('/')}`);
  }
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && last === '-') parent.push((patch as { value: unknown }).value);
  else if ('remove' in patch) delete (parent as Record<string, unknown>)[last];
  else (parent as Record<string, unknown>)[last] = structuredClone(patch.value);
}
