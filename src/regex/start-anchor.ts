/**
 * Whether a JavaScript pattern can only match at the start of the text: it begins with `^` and
 * has no `|` outside groups and classes (an alternative after it would not be anchored). Read by
 * scanning the pattern's syntax (escapes, character classes, groups), never by running it. With
 * the `m` flag `^` also matches after a newline, so callers check the flags too.
 */
export function anchoredAtStart(pattern: string): boolean {
  if (!pattern.startsWith('^')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 1; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      // `[]` and `[^]`: JavaScript's empty and any-character classes end at their first `]`.
      if (pattern[i + 1] === '^') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '|' && depth === 0) return false;
  }
  return true;
}
