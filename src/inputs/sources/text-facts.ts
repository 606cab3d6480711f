/** A word of a command line (quotes removed), with its offset in the file. */
export interface Token {
  text: string;
  start: number;
}

/** URLs, paths and command lines found in a text file (or in a string of code) by exact tokens. */
export interface TextFacts {
  /** `http(s)://…` and quoted absolute paths (`"/spaces/…"`), with their offsets. */
  urls: { text: string; start: number }[];
  /** Command lines: words split at white space and at `;`, `&&`, `||`, `|`, comments left out. */
  commands: Token[][];
}

/** Characters that end a URL in text: white space, quotes, brackets that hold it, a backslash. */
const URL_END = new Set([' ', '\t', '\n', '\r', '"', "'", '`', '<', '>', '(', ')', '\\']);
const QUOTES = new Set(['"', "'", '`']);
const SEPARATORS = new Set([';', '|', '&']);
const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** Where the text in a quoted string starting at `open` ends (its closing quote, or the line's end). */
function closingQuote(text: string, open: number): number {
  const quote = text[open]!;
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote || text[i] === '\n') return i;
  }
  return text.length;
}

export function scanUrls(text: string, offset = 0): { text: string; start: number }[] {
  const urls: { text: string; start: number }[] = [];
  for (const scheme of ['http://', 'https://']) {
    for (let i = text.indexOf(scheme); i >= 0; i = text.indexOf(scheme, i + scheme.length)) {
      let end = i + scheme.length;
      while (end < text.length && !URL_END.has(text[end]!)) end++;
      urls.push({ text: text.slice(i, end), start: offset + i });
    }
  }
  // Absolute paths in quotes: "/spaces/x/roles?skip=100".
  for (let i = 0; i < text.length; i++) {
    if (!QUOTES.has(text[i]!) || text[i + 1] !== '/' || text[i + 2] === '/') continue;
    const end = closingQuote(text, i);
    urls.push({ text: text.slice(i + 1, end), start: offset + i + 1 });
    i = end;
  }
  return urls.sort((a, b) => a.start - b.start);
}

/**
 * Command lines of a script-like text: each line split into words at white space, with quotes
 * removed from words, cut at `;`, `&&`, `||` and `|`; a word starting with `#` (when `hashComments`)
 * ends the line. Line continuations (`\` at a line's end) join lines.
 */
export function scanCommands(text: string, hashComments: boolean, offset = 0): Token[][] {
  const commands: Token[][] = [];
  let current: Token[] = [];
  const flush = () => {
    if (current.length > 0) commands.push(current);
    current = [];
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      flush();
      i++;
    } else if (c === '\\' && text[i + 1] === '\n') i += 2;
    else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (SEPARATORS.has(c)) {
      flush();
      i++;
    } else if (c === '#' && hashComments) {
      while (i < text.length && text[i] !== '\n') i++;
    } else {
      const start = i;
      let word = '';
      while (i < text.length && !' \t\r\n;|&'.includes(text[i]!)) {
        if (QUOTES.has(text[i]!)) {
          const end = closingQuote(text, i);
          word += text.slice(i + 1, end);
          i = Math.min(end + 1, text.length);
        } else word += text[i++];
      }
      current.push({ text: word, start: offset + start });
    }
  }
  flush();
  return commands;
}

/** URLs and command lines of a text file; `#` starts a comment in shell, YAML, Python and Ruby files. */
export function textFacts(text: string, hashComments: boolean): TextFacts {
  const commands = scanCommands(text, hashComments);
  // Command lines inside quoted strings too: package.json scripts, `bash -c "…"`, subprocess.run("…").
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n' || !QUOTES.has(c)) {
      if (c === '#' && hashComments && (i === 0 || isBlank(text[i - 1]))) while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    const end = closingQuote(text, i);
    commands.push(...scanCommands(text.slice(i + 1, end), false, i + 1));
    i = end;
  }
  // URLs in comment lines are left out too: only lines that hold a command word are scanned.
  let urls = scanUrls(text);
  if (hashComments) urls = urls.filter((u) => !inHashComment(text, u.start));
  return { urls, commands };
}

/** Whether `offset` lies after a `#` that starts a comment on its line (a `#` at a word's start, outside quotes). */
function inHashComment(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let quote: string | null = null;
  for (let i = lineStart; i < offset; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (QUOTES.has(c)) quote = c;
    else if (c === '#' && (i === lineStart || isBlank(text[i - 1]))) return true;
  }
  return false;
}
