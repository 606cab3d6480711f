import {
  COMMA,
  NL,
  OPEN_BRACE,
  OPEN_BRACKET,
  arrayElements,
  bomLength,
  objectMembers,
  parseSlice,
  skipWs,
  utf8Text,
  valueEnd,
} from '../inputs/space/json-scan.js';
import { valuePatches, type Patch } from './patches.js';

/** Bytes `[start, end)` of a file replaced by `text`. */
export interface ByteEdit {
  start: number;
  end: number;
  text: string;
}

/** A change the file cannot take as asked (the value is not where the record says, or not of the kind expected). */
export class EditError extends Error {}

/**
 * Edits of a JSON record that set `path` (below the record starting at `recordStart` in `buf`) to
 * `value`, or remove it: the bytes of the values that change, and nothing else. A value set where
 * one is becomes the patches of its leaves (src/fix/patches.ts); a member that is not there is
 * inserted after the last member of its object, in the style of that member (its indentation, line
 * ending and spacing after the colon). Offsets are in `buf`; the JSON is scanned with the tokenizer
 * the loader uses (src/inputs/space/json-scan.ts).
 */
export function jsonEdits(buf: Buffer, recordStart: number, change: Patch): ByteEdit[] {
  const start = skipWs(buf, Math.max(recordStart, bomLength(buf)));
  if ('remove' in change) return leafEdits(buf, start, change);
  const found = locate(buf, start, change.path);
  if (found === null) return leafEdits(buf, start, change);
  const current = parseSlice(buf, found, valueEnd(buf, found));
  return valuePatches(current, change.value, change.path).flatMap((patch) => leafEdits(buf, start, patch));
}

/** Where the value at `path` starts, or null when it is not there. */
function locate(buf: Buffer, start: number, path: readonly string[]): number | null {
  let at = start;
  for (const segment of path) {
    const child = childOf(buf, at, segment);
    if (child === null) return null;
    at = child;
  }
  return at;
}

/** Where a member (of an object at `at`) or an element (of an array) starts, or null. */
function childOf(buf: Buffer, at: number, segment: string): number | null {
  if (buf[at] === OPEN_BRACE) return objectMembers(buf, at).find((m) => m.key === segment)?.valueStart ?? null;
  if (buf[at] === OPEN_BRACKET && /^\d+$/.test(segment)) return [...arrayElements(buf, at)][Number(segment)]?.[0] ?? null;
  return null;
}

function leafEdits(buf: Buffer, start: number, patch: Patch): ByteEdit[] {
  const parentPath = patch.path.slice(0, -1);
  const key = patch.path[patch.path.length - 1]!;
  const parent = locate(buf, start, parentPath);
  if (parent === null) throw new EditError(`nothing at /${parentPath.join('/')}`);
  if (buf[parent] === OPEN_BRACE) {
    const members = objectMembers(buf, parent);
    const i = members.findIndex((m) => m.key === key);
    if ('remove' in patch) return i < 0 ? [] : [removeMember(buf, parent, members, i)];
    if (i >= 0) {
      const gap = i > 0 ? gapBefore(buf, members[i - 1]!.valueEnd, members[i]!.keyStart) : utf8Text(buf, parent + 1, members[0]!.keyStart);
      return [{ start: members[i]!.valueStart, end: members[i]!.valueEnd, text: render(patch.value, buf, members[i]!.keyStart, gap) }];
    }
    return [insertMember(buf, parent, members, key, patch.value)];
  }
  if (buf[parent] === OPEN_BRACKET && !('remove' in patch)) {
    const elements = [...arrayElements(buf, parent)];
    if (key === '-') return [appendElement(buf, parent, elements, patch.value)];
    const i = /^\d+$/.test(key) ? Number(key) : -1;
    const element = elements[i];
    if (element) {
      const gap = i > 0 ? gapBefore(buf, elements[i - 1]![1], element[0]) : utf8Text(buf, parent + 1, element[0]);
      return [{ start: element[0], end: element[1], text: render(patch.value, buf, element[0], gap) }];
    }
  }
  throw new EditError(`cannot change /${patch.path.join('/')}`);
}

type Members = ReturnType<typeof objectMembers>;

/** A member removed with the comma before it (or after it, for the first), so that the rest keeps its layout. */
function removeMember(buf: Buffer, object: number, members: Members, i: number): ByteEdit {
  if (i > 0) return { start: members[i - 1]!.valueEnd, end: members[i]!.valueEnd, text: '' };
  if (members.length > 1) return { start: members[0]!.keyStart, end: members[1]!.keyStart, text: '' };
  return { start: object + 1, end: valueEnd(buf, object) - 1, text: '' };
}

function insertMember(buf: Buffer, object: number, members: Members, key: string, value: unknown): ByteEdit {
  const last = members[members.length - 1];
  if (!last) {
    const end = valueEnd(buf, object);
    return { start: object, end, text: `{ ${JSON.stringify(key)}: ${JSON.stringify(value)} }` };
  }
  // The whitespace before the last member (after the comma or brace before it), and the text between its key and value.
  const gap = members.length > 1 ? gapBefore(buf, members[members.length - 2]!.valueEnd, last.keyStart) : utf8Text(buf, object + 1, last.keyStart);
  const colon = utf8Text(buf, valueEnd(buf, last.keyStart), last.valueStart);
  return { start: last.valueEnd, end: last.valueEnd, text: `,${gap}${JSON.stringify(key)}${colon}${render(value, buf, last.keyStart, gap)}` };
}

function appendElement(buf: Buffer, array: number, elements: [number, number][], value: unknown): ByteEdit {
  const last = elements[elements.length - 1];
  if (!last) return { start: array, end: valueEnd(buf, array), text: `[${JSON.stringify(value)}]` };
  const gap = elements.length > 1 ? gapBefore(buf, elements[elements.length - 2]![1], last[0]) : utf8Text(buf, array + 1, last[0]);
  return { start: last[1], end: last[1], text: `,${gap}${render(value, buf, last[0], gap)}` };
}

/** The whitespace between the comma after a value ending at `end` and the next item at `next`. */
function gapBefore(buf: Buffer, end: number, next: number): string {
  const comma = skipWs(buf, end);
  if (buf[comma] !== COMMA) throw new EditError('expected a comma');
  return utf8Text(buf, comma + 1, next);
}

/**
 * A value as JSON for the item at `at`, whose container puts `gap` before it: scalars as JSON
 * writes them; objects and arrays on one line in a container on one line, else one member per
 * line, one step deeper than the line of `at` (the step and line ending the file uses there).
 */
function render(value: unknown, buf: Buffer, at: number, gap: string): string {
  if (value === null || typeof value !== 'object' || !gap.includes('\n')) return JSON.stringify(value);
  const lineStart = buf.lastIndexOf(NL, at) + 1;
  const indent = utf8Text(buf, lineStart, skipIndent(buf, lineStart, at));
  const newline = gap.includes('\r\n') ? '\r\n' : '\n';
  const step = indentStep(buf, lineStart, indent) || '  ';
  return JSON.stringify(value, null, step).split('\n').join(newline + indent);
}

/** The end of the spaces and tabs that start the line at `lineStart` (at most up to `limit`). */
function skipIndent(buf: Buffer, lineStart: number, limit: number): number {
  let i = lineStart;
  while (i < limit && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
  return i;
}

/** The file's indentation step: how much deeper the line at `lineStart` is than the line before it that is less indented. */
function indentStep(buf: Buffer, lineStart: number, indent: string): string {
  for (let end = lineStart - 1; end > 0; ) {
    const start = buf.lastIndexOf(NL, end - 1) + 1;
    const outer = utf8Text(buf, start, skipIndent(buf, start, end));
    if (outer.length < indent.length && indent.startsWith(outer)) return indent.slice(outer.length);
    end = start - 1;
  }
  return '';
}
