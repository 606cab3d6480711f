import { lastAtOrBefore, lineStarts } from '../inputs/space/source.js';
import { visible, visibleLine } from '../util/safe-text.js';
import type { ByteEdit } from './json-edits.js';

/** Lines of context around each change, as `diff -u` gives. */
const CONTEXT = 3;

/** A text split into lines, each without its `\n` (a `\r` stays), and whether the last one ends with a newline. */
function splitLines(text: string): { lines: string[]; newlineAtEnd: boolean } {
  const newlineAtEnd = text.endsWith('\n');
  const lines = (newlineAtEnd ? text.slice(0, -1) : text).split('\n');
  return { lines: text === '' ? [] : lines, newlineAtEnd };
}

/**
 * A unified diff (`--- a/FILE`, `+++ b/FILE`, hunks with three lines of context, as `diff -u` and
 * git write it, so that `git apply` and `patch -p1` take it) of `bytes` before and after `edits`
 * (sorted, not overlapping). Edits whose context lines touch are one hunk. Control characters in
 * the lines are shown as escapes (`visibleLine`): the diff goes to a terminal.
 */
export function unifiedDiff(shown: string, bytes: Buffer, edits: readonly ByteEdit[]): string {
  if (edits.length === 0) return '';
  const starts = lineStarts(bytes);
  const lineCount = bytes.length > 0 && bytes[bytes.length - 1] === 10 ? starts.length - 1 : starts.length;
  const lineEnd = (line: number) => (line + 1 < starts.length ? starts[line + 1]! : bytes.length);
  // Groups of edits by the lines they touch, with context.
  const groups: { first: number; last: number; edits: ByteEdit[] }[] = [];
  for (const edit of edits) {
    const first = Math.max(0, lastAtOrBefore(starts, edit.start) - CONTEXT);
    const last = Math.min(lineCount - 1, lastAtOrBefore(starts, Math.max(edit.start, edit.end - 1)) + CONTEXT);
    const previous = groups[groups.length - 1];
    if (previous && first <= previous.last + 1) {
      previous.last = Math.max(previous.last, last);
      previous.edits.push(edit);
    } else groups.push({ first, last, edits: [edit] });
  }
  const out = [`--- a/${visible(shown)}`, `+++ b/${visible(shown)}`];
  let shift = 0;
  for (const group of groups) {
    const from = starts[group.first]!;
    const to = lineEnd(Math.max(group.first, group.last));
    let after = '';
    let at = from;
    for (const edit of group.edits) {
      after += bytes.toString('utf8', at, edit.start) + edit.text;
      at = edit.end;
    }
    after += bytes.toString('utf8', at, to);
    const old = splitLines(bytes.toString('utf8', from, to));
    const changed = splitLines(after);
    const atEnd = to === bytes.length;
    out.push(`@@ -${range(group.first + 1, old.lines.length)} +${range(group.first + 1 + shift, changed.lines.length)} @@`);
    out.push(...hunkLines(old.lines, changed.lines, atEnd && !old.newlineAtEnd, atEnd && !changed.newlineAtEnd));
    shift += changed.lines.length - old.lines.length;
  }
  return `${out.join('\n')}\n`;
}

/** `start,count` as a hunk header gives it (an empty range starts at the line before). */
function range(start: number, count: number): string {
  return count === 0 ? `${start - 1},0` : count === 1 ? `${start}` : `${start},${count}`;
}

/**
 * The lines of a hunk: old and new lines matched by their longest common subsequence (a hunk
 * holds a few lines), the others removed and added. The last line matches only when both sides
 * end it alike (with or without a newline).
 */
function hunkLines(old: readonly string[], changed: readonly string[], oldNoNewline: boolean, changedNoNewline: boolean): string[] {
  const key = (lines: readonly string[], i: number, noNewline: boolean) => (noNewline && i === lines.length - 1 ? `${lines[i]}\u0000` : lines[i]);
  // common[i][j]: the length of the longest common subsequence of old[i..] and changed[j..].
  const common = Array.from({ length: old.length + 1 }, () => new Int32Array(changed.length + 1));
  for (let i = old.length - 1; i >= 0; i--) {
    for (let j = changed.length - 1; j >= 0; j--) {
      common[i]![j] = key(old, i, oldNoNewline) === key(changed, j, changedNoNewline) ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const lines: string[] = [];
  const push = (prefix: string, text: string, noNewline: boolean) => {
    lines.push(`${prefix}${visibleLine(text)}`);
    if (noNewline) lines.push('\\ No newline at end of file');
  };
  let i = 0;
  let j = 0;
  while (i < old.length || j < changed.length) {
    const oldLast = oldNoNewline && i === old.length - 1;
    const changedLast = changedNoNewline && j === changed.length - 1;
    if (i < old.length && j < changed.length && key(old, i, oldNoNewline) === key(changed, j, changedNoNewline)) {
      push(' ', old[i++]!, oldLast);
      j++;
    } else if (i < old.length && (j === changed.length || common[i + 1]![j]! >= common[i]![j + 1]!)) push('-', old[i++]!, oldLast);
    else push('+', changed[j++]!, changedLast);
  }
  return lines;
}
