import { KIND_BY_SECTION, KIND_BY_SYS_TYPE, OTHER_SECTIONS, isObject, ownValue, type RecordKind } from './records.js';
import { InputError } from './input-error.js';
import type { ValueView } from './value-view.js';

/** What one input file holds, found without parsing its entries and assets. */
export interface FileIndex {
  /** True if the file looks like (part of) a space export; false for unrelated JSON/YAML. */
  recognised: boolean;
  /** Single records (a resource file, or elements of an array of resources). */
  records: { kind: RecordKind; view: ValueView }[];
  /** Export sections (`entries`, `assets`, …): arrays whose elements are all of one kind. */
  sections: { kind: RecordKind; view: ValueView }[];
}

/**
 * Classifies the value at the root of a file: a whole export (an object with any subset of
 * the export's keys), a single resource (by `sys.type`), an array of resources, or a CMA
 * collection (`sys.type: "Array"` with `items`).
 */
export function indexFile(root: ValueView): FileIndex {
  const index: FileIndex = { recognised: false, records: [], sections: [] };
  if (root.type === 'array') {
    addResources(index, root);
    return index;
  }
  if (root.type !== 'object') {
    throw new InputError(root.ref.file.path, 'Expected a JSON/YAML object or array at the top level', root.ref.file.locate(root.ref, []));
  }
  const members = root.members();
  const type = sysType(members);
  if (type === 'Array') {
    const items = members.find(([key]) => key === 'items');
    index.recognised = true;
    if (items?.[1].type === 'array') addResources(index, items[1]);
    return index;
  }
  if (type !== undefined) {
    index.recognised = true;
    const kind = ownValue(KIND_BY_SYS_TYPE, type);
    if (kind) index.records.push({ kind, view: root });
    return index;
  }
  for (const [key, view] of members) {
    const kind = ownValue(KIND_BY_SECTION, key);
    if (kind) {
      if (view.type !== 'array') {
        throw new InputError(view.ref.file.path, `"${key}" must be an array`, view.ref.file.locate(view.ref, []), view.ref.pointer);
      }
      index.sections.push({ kind, view });
      index.recognised = true;
    } else if (OTHER_SECTIONS.has(key)) {
      index.recognised = true;
    }
  }
  return index;
}

function addResources(index: FileIndex, array: ValueView): void {
  for (const element of array.elements()) {
    if (element.type !== 'object') continue;
    const type = sysType(element.members());
    if (type === undefined) continue;
    index.recognised = true;
    const kind = ownValue(KIND_BY_SYS_TYPE, type);
    if (kind) index.records.push({ kind, view: element });
  }
}

function sysType(members: [string, ValueView][]): string | undefined {
  const sys = members.find(([key]) => key === 'sys')?.[1];
  if (!sys || sys.type !== 'object') return undefined;
  const value = sys.value();
  return isObject(value) && typeof value.type === 'string' ? value.type : undefined;
}
