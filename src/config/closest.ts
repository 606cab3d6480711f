/** The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    // The lengths' difference is a lower bound of the distance: a word of megabytes costs nothing.
    if (Math.abs(word.length - candidate.length) >= bestDistance) continue;
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Words this short match too many candidates as a part of them. */
const MIN_PART = 3;

/**
 * What the user likely meant by `word`: the candidate nearest by edit distance (a typo,
 * `failon`), else up to `max` candidates that contain it, those that start with it first, the
 * shortest first (`re2` for `re2-incompatible-pattern`, `field` for the field rules).
 */
export function suggestions(word: string, candidates: readonly string[], max = 3): string[] {
  const near = closest(word, candidates);
  if (near !== undefined) return [near];
  if (word.length < MIN_PART) return [];
  const part = word.toLowerCase();
  const rank = (candidate: string) => (candidate.toLowerCase().startsWith(part) ? 0 : 1);
  return candidates
    .filter((candidate) => candidate.toLowerCase().includes(part))
    .sort((a, b) => rank(a) - rank(b) || a.length - b.length || (a < b ? -1 : 1))
    .slice(0, max);
}

/** ` (did you mean 'a'?)`, ` (did you mean 'a', 'b' or 'c'?)`, or '' for no suggestions. */
export function didYouMean(words: readonly string[]): string {
  if (words.length === 0) return '';
  const quoted = words.map((w) => `'${w}'`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return ` (did you mean ${list}?)`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
