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

/** One whitespace character, as `\s` counts them (no quantifier: each search is linear, however long the text). */
const SPACE = /\s/g;

/**
 * `text` with every word (a run without whitespace) longer than MAX_QUOTED_LENGTH shortened:
 * such words in a message are quoted ids, keys or URLs (values were shortened when the message
 * was rendered). Found by searching for the spaces between words, so that one word of megabytes
 * costs one pass (a pattern with a quantifier over the word would backtrack over all of it).
 */
export function shortenWords(text: string): string {
  if (text.length <= MAX_QUOTED_LENGTH) return text;
  let result = '';
  /** Start of the text not yet copied, and of the current word. */
  let copied = 0;
  let word = 0;
  SPACE.lastIndex = 0;
  for (;;) {
    const space = SPACE.exec(text);
    const end = space ? space.index : text.length;
    if (end - word > MAX_QUOTED_LENGTH) {
      result += text.slice(copied, word) + shorten(text.slice(word, end));
      copied = end;
    }
    if (!space) return result + text.slice(copied);
    word = end + 1;
  }
}

/** `visible(shortenWords(text))`: how a message that quotes inputs (a finding's, an input or config error's) is shown to people. */
export function readable(text: string): string {
  return visible(shortenWords(text));
}

/** What of a finding (engine/findings.ts) people read: its text from inputs. */
interface ShownFinding {
  message: string;
  file: string | null;
  pointer: string | null;
  target: { contentType: string | null; field: string | null; entry: string | null; locale: string | null };
}

/** The finding as human formats show it: message, file, pointer and target made visible, long ids, keys and words shortened. */
export function readableFinding<F extends ShownFinding>(f: F): F {
  return {
    ...f,
    message: readable(f.message),
    file: f.file === null ? null : visible(f.file),
    // Each key of the pointer shortened on its own (a deep pointer of short keys is kept whole).
    pointer: f.pointer === null ? null : visible(f.pointer.split('/').map((key) => shorten(key)).join('/')),
    target: {
      contentType: f.target.contentType === null ? null : quoted(f.target.contentType),
      field: f.target.field === null ? null : quoted(f.target.field),
      entry: f.target.entry === null ? null : quoted(f.target.entry),
      locale: f.target.locale === null ? null : quoted(f.target.locale),
    },
  };
}
