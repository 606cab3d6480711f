import { KIND_BY_SECTION, KIND_BY_SYS_TYPE, KIND_BY_TAXONOMY_SECTION, OTHER_SECTIONS, TAXONOMY_KEY, TAXONOMY_KINDS, type RecordKind } from './records.js';
import { isObject, ownValue } from '../../util/json-value.js';
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
  /** The file holds (part of) the organisation's taxonomy: a taxonomy export (even an empty one) or concept records. */
  taxonomy: boolean;
  /** Values of repeated keys that are not read: all but the last (see `asParsed`). */
  repeated: RepeatedKey[];
}

/** A value of a repeated key, not read: the key's last value (at `kept`) is. */
export interface RepeatedKey {
  key: string;
  ignored: ValueView;
  kept: ValueView;
}

/**
 * Classifies the value at the root of a file: a whole export (an object with any subset of
 * the export's keys), a single resource (by `sys.type`), an array of resources, or a CMA
 * collection (`sys.type: "Array"` with `items`).
 */
export function indexFile(root: ValueView): FileIndex {
  const index: FileIndex = { recognised: false, records: [], sections: [], taxonomy: false, repeated: [] };
  if (root.type === 'array') {
    addResources(index, root);
    return index;
  }
  if (root.type !== 'object') {
    throw shapeError(root, 'Expected a JSON/YAML object or array at the top level');
  }
  const members = asParsed(root, index);
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
    if (kind) addRecord(index, kind, root);
    return index;
  }
  for (const [key, view] of members) {
    const kind = ownValue(KIND_BY_SECTION, key);
    if (kind) {
      addSection(index, kind, view, key);
    } else if (key === TAXONOMY_KEY) {
      addTaxonomy(index, view);
    } else if (OTHER_SECTIONS.has(key)) {
      index.recognised = true;
    }
  }
  return index;
}

function addRecord(index: FileIndex, kind: RecordKind, view: ValueView): void {
  index.records.push({ kind, view: view.detached() });
  if (TAXONOMY_KINDS.has(kind)) index.taxonomy = true;
}

function addSection(index: FileIndex, kind: RecordKind, view: ValueView, name: string): void {
  if (view.type !== 'array') throw shapeError(view, `"${name}" must be an array`);
  index.sections.push({ kind, view });
  index.recognised = true;
}

/** `"taxonomy": { "concepts": [...], "conceptSchemes": [...] }`, either list may be missing. */
function addTaxonomy(index: FileIndex, view: ValueView): void {
  if (view.type !== 'object') throw shapeError(view, `"${TAXONOMY_KEY}" must be an object with "concepts" and "conceptSchemes" arrays`);
  index.recognised = true;
  index.taxonomy = true;
  for (const [key, section] of asParsed(view, index)) {
    const kind = ownValue(KIND_BY_TAXONOMY_SECTION, key);
    if (kind) addSection(index, kind, section, `${TAXONOMY_KEY}.${key}`);
  }
}

function shapeError(view: ValueView, message: string): InputError {
  return new InputError(view.ref.file.path, message, view.ref.file.locate(view.ref, []), view.ref.pointer);
}

function addResources(index: FileIndex, array: ValueView): void {
  for (const element of array.elements()) {
    if (element.type !== 'object') continue;
    const type = sysType(asParsed(element, index));
    if (type === undefined) continue;
    index.recognised = true;
    const kind = ownValue(KIND_BY_SYS_TYPE, type);
    if (kind) addRecord(index, kind, element);
  }
}

/**
 * The members of an object as JSON.parse reads it (and so the service's import tool): a repeated
 * key has its last value, in the place of its first. The values not read are noted in the index.
 */
function asParsed(object: ValueView, index: FileIndex): [string, ValueView][] {
  const values = new Map<string, ValueView[]>();
  for (const [key, view] of object.members()) {
    const list = values.get(key);
    if (list) list.push(view);
    else values.set(key, [view]);
  }
  const members: [string, ValueView][] = [];
  for (const [key, list] of values) {
    const kept = list[list.length - 1]!;
    for (const ignored of list.slice(0, -1)) index.repeated.push({ key, ignored, kept });
    members.push([key, kept]);
  }
  return members;
}

function sysType(members: [string, ValueView][]): string | undefined {
  const sys = members.find(([key]) => key === 'sys')?.[1];
  if (!sys || sys.type !== 'object') return undefined;
  const value = sys.value();
  return isObject(value) && typeof value.type === 'string' ? value.type : undefined;
}
