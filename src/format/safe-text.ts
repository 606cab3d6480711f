import type { Finding } from '../engine/findings.js';

/**
 * The one place where text from inputs (ids, values, file names, messages that quote them)
 * becomes text for people: terminals, CI logs, pull-request comments. Exports are written by
 * anyone who can edit a space; a newline in an entry id would start a line that a CI runner reads
 * as a workflow command (`::error file=…`), and escape sequences would reach the terminal. Machine
 * formats (json, sarif) keep the exact strings, which JSON escapes.
 */

/**
 * C0 controls (newline and tab included), DEL and C1 controls; the Unicode characters that reorder
 * or hide text (bidi embeddings, overrides and isolates, the Arabic letter mark, zero-width
 * characters, line and paragraph separators, the byte order mark).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Control and invisible characters shown as escapes (`\n`, `\u001b`, `\u202e`): one line, nothing hidden. */
export function visible(text: string): string {
  return text.replace(UNSAFE, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Longer than this, an id or a quoted value is shortened for people (the JSON output keeps it whole). */
export const MAX_QUOTED_LENGTH = 120;

/** `text` cut to `max` characters with an ellipsis that says how many were left out. */
export function shorten(text: string, max: number = MAX_QUOTED_LENGTH): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-US')} more characters)`;
}

/** `visible(shorten(text))`: how an id or a value from an input is shown to people. */
export function quoted(text: string): string {
  return visible(shorten(text));
}

/** Longer runs without a space in a message are quoted ids or URLs (values were shortened when the message was rendered). */
const LONG_WORD = /\S{121,}/g; // MAX_QUOTED_LENGTH + 1

/** The finding as human formats show it: message, file, pointer and target made visible, long ids shortened. */
export function readableFinding(f: Finding): Finding {
  return {
    ...f,
    message: visible(f.message.replace(LONG_WORD, (word) => shorten(word))),
    file: f.file === null ? null : visible(f.file),
    pointer: f.pointer === null ? null : visible(f.pointer),
    target: {
      contentType: f.target.contentType === null ? null : quoted(f.target.contentType),
      field: f.target.field === null ? null : quoted(f.target.field),
      entry: f.target.entry === null ? null : quoted(f.target.entry),
      locale: f.target.locale === null ? null : quoted(f.target.locale),
    },
  };
}
