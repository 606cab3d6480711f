import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';
import type { Formatter } from './types.js';

export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  markdown: formatMarkdown,
};

/** Formats that programs read: with one of them on stdout, nothing else may go to the terminal's stdout, and no progress is shown. */
export const MACHINE_FORMATS: ReadonlySet<string> = new Set(['json', 'sarif', 'junit', 'github']);
