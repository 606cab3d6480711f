const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one Base64 VLQ field of a source map segment; returns the value and the next position. */
function vlq(text: string, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (;;) {
    const digit = BASE64.indexOf(text[at++] ?? '');
    if (digit < 0) throw new Error('invalid source map');
    value += (digit & 31) << shift;
    shift += 5;
    if ((digit & 32) === 0) break;
  }
  return [value & 1 ? -(value >>> 1) : value >>> 1, at];
}

/**
 * For a compiled script: the line of the source (1-based) that each line of the output comes
 * from, read from the compiler's source map (its `mappings`, version 3). A line with no mapping
 * takes the line of the nearest mapped line above it.
 */
export function sourceLines(mappings: string): (generatedLine: number) => number {
  const lines: number[] = [];
  let original = 0;
  let last = 1;
  for (const [index, group] of mappings.split(';').entries()) {
    let first: number | undefined;
    for (const segment of group.split(',')) {
      if (segment === '') continue;
      let at = 0;
      const fields: number[] = [];
      while (at < segment.length) {
        const [value, next] = vlq(segment, at);
        fields.push(value);
        at = next;
      }
      if (fields.length >= 4) {
        original += fields[2]!;
        first ??= original + 1;
      }
    }
    if (first !== undefined) last = first;
    lines[index] = last;
  }
  return (generatedLine) => lines[generatedLine - 1] ?? last;
}
