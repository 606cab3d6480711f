/**
 * Pretty-printed JSON (`JSON.stringify(value, null, 2)`) written in pieces: the document around
 * one large array is printed whole, the array's elements one at a time, so that a report of
 * 200,000 findings is never one string (nor 200,000 element objects) at once. The text is
 * byte-identical to printing the whole document with the array in place.
 */

/** Stands for the array in the printed skeleton; a control character, so it cannot be a printed string of the document. */
const HOLE = '\u0000cmlint-array\u0000';
const PRINTED_HOLE = JSON.stringify(HOLE);

/** How many element texts go into one chunk (fewer, larger writes). */
const ELEMENTS_PER_CHUNK = 32;

/** `JSON.stringify(value, null, 2)` printed at `indent`: its lines after the first start with `indent`. */
export function printedAt(value: unknown, indent: string): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
}

/**
 * Yields `JSON.stringify(skeleton-with-the-array, null, 2) + '\n'` in chunks. `skeleton` is
 * the document with `hole()` where the array goes; `elements` yields the array's elements, each
 * printed by `print` at the array's inner indentation (by default as `JSON.stringify` would
 * print it at that depth; a formatter may print elements of a known shape itself, faster).
 */
export function* prettyJsonWithArray<T>(skeleton: unknown, elements: Iterable<T>, print: (element: T, indent: string) => string = printedAt): Generator<string> {
  const text = `${JSON.stringify(skeleton, null, 2)}\n`;
  const at = text.indexOf(PRINTED_HOLE);
  if (at < 0 || text.indexOf(PRINTED_HOLE, at + 1) >= 0) throw new Error('prettyJsonWithArray: the skeleton must hold the array exactly once');
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const indent = ' '.repeat(text.slice(lineStart).search(/\S/));
  const inner = `${indent}  `;
  const before = text.slice(0, at);
  const after = text.slice(at + PRINTED_HOLE.length);
  let chunk = '';
  let count = 0;
  for (const element of elements) {
    const printed = print(element, inner);
    chunk += count === 0 ? `${before}[\n${inner}${printed}` : `,\n${inner}${printed}`;
    count++;
    if (count % ELEMENTS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield count === 0 ? `${before}[]${after}` : `${chunk}\n${indent}]${after}`;
}

/** The placeholder for the array in a skeleton given to `prettyJsonWithArray`. */
export function hole(): string {
  return HOLE;
}
