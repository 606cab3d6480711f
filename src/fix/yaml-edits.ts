import { isAlias, isMap, isScalar, isSeq, stringify, type Document, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { EditError } from './json-edits.js';
import { valuePatches, type Patch } from './patches.js';

/** Characters `[start, end)` of a text replaced by `text`. */
export interface TextRange {
  start: number;
  end: number;
  text: string;
}

type Collection = YAMLMap<unknown, unknown> | YAMLSeq<unknown>;

/** A node found by path, with whether a flow collection (`{…}`, `[…]`) holds it. */
interface Found {
  node: Node | null;
  inFlow: boolean;
}

/**
 * Edits of a YAML document's text that set `change.path` (from the document's root) to a value or
 * remove it, made on the text, so that everything else (comments, quoting, indentation, key
 * order) stays as written: a value set where one is becomes the patches of its leaves; a scalar
 * keeps its quoting where the new value allows it; a key that is not there is added after the
 * last key of its map, at its indentation; a collection is written as flow JSON, which YAML reads.
 * `doc` is the text parsed with the `yaml` package (its ranges are offsets in `text`).
 */
export function yamlEdits(text: string, doc: Document, change: Patch): TextRange[] {
  if ('remove' in change) return leafEdits(text, doc, change);
  const found = find(doc, change.path);
  if (!found?.node) return leafEdits(text, doc, change);
  return valuePatches(found.node.toJS(doc), change.value, change.path).flatMap((patch) => leafEdits(text, doc, patch));
}

function find(doc: Document, path: readonly string[]): Found | null {
  let node = doc.contents as Node | null;
  let inFlow = false;
  for (const segment of path) {
    if (isAlias(node)) throw new EditError(`/${path.join('/')} goes through an alias, which other places share`);
    if (isMap(node)) {
      const pair = pairOf(node, segment);
      if (!pair) return null;
      inFlow ||= node.flow === true;
      node = pair.value as Node | null;
    } else if (isSeq(node) && /^\d+$/.test(segment) && Number(segment) < node.items.length) {
      inFlow ||= node.flow === true;
      node = node.items[Number(segment)] as Node;
    } else return null;
  }
  if (isAlias(node)) throw new EditError(`/${path.join('/')} is an alias, which other places share`);
  return { node, inFlow };
}

function pairOf(map: YAMLMap<unknown, unknown>, key: string): Pair<unknown, unknown> | undefined {
  return map.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === key);
}

function leafEdits(text: string, doc: Document, patch: Patch): TextRange[] {
  const parentPath = patch.path.slice(0, -1);
  const key = patch.path[patch.path.length - 1]!;
  const parent = find(doc, parentPath);
  const container = parent?.node;
  if (!container || !(isMap(container) || isSeq(container))) throw new EditError(`no map or list at /${parentPath.join('/')}`);
  const inFlow = parent.inFlow || container.flow === true;
  if (isMap(container)) {
    const pair = pairOf(container, key);
    if ('remove' in patch) return pair ? [removePair(text, container, pair)] : [];
    if (!pair) return [addPair(text, container, key, patch.value)];
    const value = pair.value as Node | null;
    if (!value?.range) throw new EditError(`/${patch.path.join('/')} has no value to replace`);
    return [{ start: value.range[0], end: value.range[1], text: renderValue(patch.value, value, inFlow) }];
  }
  if ('remove' in patch) throw new EditError(`cannot remove an item of /${parentPath.join('/')}`);
  if (key === '-') return [appendItem(text, container, patch.value)];
  const item = container.items[Number(key)] as Node | undefined;
  if (!/^\d+$/.test(key) || !item?.range) throw new EditError(`no item /${patch.path.join('/')}`);
  return [{ start: item.range[0], end: item.range[1], text: renderValue(patch.value, item, inFlow) }];
}

/** A value for the place of `node`: a string keeps the node's quoting where it can, a collection is flow JSON. */
function renderValue(value: unknown, node: Node | null, inFlow: boolean): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  const type = isScalar(node) ? (node as Scalar).type : undefined;
  if (type === 'QUOTE_SINGLE' && !/[\p{Cc}\u2028\u2029]/u.test(value)) return `'${value.replaceAll("'", "''")}'`;
  if ((type === 'PLAIN' || type === undefined) && !inFlow) {
    // As the yaml package writes it plain, if it does: then it reads back as this string.
    const plain = stringify(value, { lineWidth: 0 }).trimEnd();
    if (!plain.includes('\n') && !/^["'|>]/.test(plain)) return plain;
  }
  return JSON.stringify(value);
}

function renderKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) ? key : JSON.stringify(key);
}

function newlineOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The offset of the start of the line that holds `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Where to insert a line after the content ending at `end`: before the newline that ends its line (after a comment on it). */
function insertionPoint(text: string, end: number): number {
  let at = text[end - 1] === '\n' ? end - 1 : text.indexOf('\n', end);
  if (at < 0) at = text.length;
  return text[at - 1] === '\r' ? at - 1 : at;
}

/** Where a flow collection's closing bracket is (its range ends after it). */
function closingBracket(text: string, node: Collection): number {
  let at = node.range![1] - 1;
  while (at > node.range![0] && text[at] !== '}' && text[at] !== ']') at--;
  return at;
}

function addPair(text: string, map: YAMLMap<unknown, unknown>, key: string, value: unknown): TextRange {
  const entry = `${renderKey(key)}: ${renderValue(value, null, map.flow === true)}`;
  if (map.flow || map.items.length === 0) {
    if (!map.flow) throw new EditError('cannot add to an empty block map');
    const at = closingBracket(text, map);
    return { start: at, end: at, text: map.items.length > 0 ? `, ${entry}` : entry };
  }
  const firstKey = map.items[0]!.key as Node;
  const last = map.items[map.items.length - 1]!;
  const lastEnd = ((last.value as Node | null) ?? (last.key as Node)).range![1];
  const indent = firstKey.range![0] - lineStart(text, firstKey.range![0]);
  const at = insertionPoint(text, lastEnd);
  return { start: at, end: at, text: `${newlineOf(text)}${' '.repeat(indent)}${entry}` };
}

function removePair(text: string, map: YAMLMap<unknown, unknown>, pair: Pair<unknown, unknown>): TextRange {
  const index = map.items.indexOf(pair);
  const key = pair.key as Node;
  const end = ((pair.value as Node | null) ?? key).range![1];
  if (map.flow) {
    const next = map.items[index + 1]?.key as Node | undefined;
    if (next) return { start: key.range![0], end: next.range![0], text: '' };
    const previous = map.items[index - 1];
    const start = previous ? ((previous.value as Node | null) ?? (previous.key as Node)).range![1] : key.range![0];
    return { start, end, text: '' };
  }
  // The map's only key: the map is left empty, as `{}` (an empty block would read as null).
  if (map.items.length === 1) return { start: key.range![0], end: insertionPoint(text, end), text: '{}' };
  const start = lineStart(text, key.range![0]);
  if (text.slice(start, key.range![0]).trim() !== '') throw new EditError('the key shares its line with a list item');
  const next = map.items[index + 1]?.key as Node | undefined;
  const stop = next ? lineStart(text, next.range![0]) : Math.min(text.length, insertionPoint(text, end) + newlineOf(text).length);
  return { start, end: stop, text: '' };
}

function appendItem(text: string, seq: YAMLSeq<unknown>, value: unknown): TextRange {
  if (seq.flow || seq.items.length === 0) {
    if (!seq.flow) throw new EditError('cannot add to an empty block list');
    const at = closingBracket(text, seq);
    return { start: at, end: at, text: `${seq.items.length > 0 ? ', ' : ''}${JSON.stringify(value)}` };
  }
  const first = seq.items[0] as Node;
  const dash = text.lastIndexOf('-', first.range![0]) - lineStart(text, first.range![0]);
  const newline = newlineOf(text);
  // An object as a block under the dash, as lists of records are written.
  const lines = value !== null && typeof value === 'object' ? stringify(value, { lineWidth: 0 }).trimEnd().split('\n') : [JSON.stringify(value)];
  const item = lines.map((line, i) => (i === 0 ? line : `${' '.repeat(dash + 2)}${line}`)).join(newline);
  const at = insertionPoint(text, (seq.items[seq.items.length - 1] as Node).range![1]);
  return { start: at, end: at, text: `${newline}${' '.repeat(dash)}- ${item}` };
}
