/** How values, bounds and lists appear in messages. */

const MAX_SHOWN = 60;
const MAX_ITEMS = 10;

/** A value as JSON, cut to a readable length. */
export function showValue(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_SHOWN ? `${json.slice(0, MAX_SHOWN - 1)}…` : json;
}

/**
 * `a, b, c` (at most ten, then "and N more"), each as `show` gives it; without the item at index
 * `except` (a finding's own, when each item of a group has a finding that names the others: a
 * message that named them all would make the report, and the time to build it, grow with the
 * square of the group).
 */
export function showList<T>(items: readonly T[], show: (item: T) => string = showValue, { separator = ', ', except = -1 } = {}): string {
  const count = except < 0 ? items.length : items.length - 1;
  const shown = items.slice(0, MAX_ITEMS + 1).filter((_, i) => i !== except).slice(0, MAX_ITEMS).map(show);
  const more = count - shown.length;
  return more > 0 ? `${shown.join(separator)}, and ${more.toLocaleString('en-US')} more` : shown.join(separator);
}

/** A string in quotes; anything else as JSON (`String()` throws on an object whose toString is not a function). */
export function quoted(item: unknown): string {
  return typeof item === 'string' ? `'${item}'` : showValue(item);
}

/** A min/max pair as words: "at least 2", "at most 5", "2 to 5", "exactly 2". */
export function showBounds(min: number | string | null, max: number | string | null, unit = ''): string {
  const u = unit ? ` ${unit}` : '';
  if (min !== null && min === max) return `exactly ${min}${u}`;
  if (min !== null && max !== null) return `${min} to ${max}${u}`;
  if (min !== null) return `at least ${min}${u}`;
  return `at most ${max}${u}`;
}

/** The validation's own message (the one the service shows editors), as a sentence to append. */
export function customMessage(message: unknown): string {
  return typeof message === 'string' && message.trim() !== '' ? ` The content type's message: "${message.trim()}".` : '';
}
