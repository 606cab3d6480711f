/** Output for people is wrapped to this many columns unless the terminal says otherwise. */
export const DEFAULT_WIDTH = 100;

/** Below this, wrapping would put a word or two on each line: text this narrow is wrapped at this width. */
const MIN_WIDTH = 20;

/**
 * `text` in lines of at most `width` characters, broken at spaces only: a word longer than a line
 * (a URL, an id: human formats shorten such words to 120 characters first) is a line of its own,
 * never split. Spaces between the words of a line are kept as they are.
 */
export function wrapText(text: string, width: number): string[] {
  const max = Math.max(width, MIN_WIDTH);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= max) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}
