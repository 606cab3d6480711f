import { formatGithub, formatGithubChunks } from './github.js';
import { formatJson, formatJsonChunks } from './json.js';
import { formatJunit, formatJunitChunks } from './junit.js';
import { formatMarkdown, formatMarkdownChunks } from './markdown.js';
import { formatSarif, formatSarifChunks } from './sarif.js';
import { formatStylish, formatStylishChunks } from './stylish.js';
import type { ChunkFormatter, Formatter } from './types.js';

/** Every format yields its text in chunks, for writing as it is printed (findings read one at a time). */
const CHUNK_FORMATTERS: Readonly<Record<string, ChunkFormatter>> = {
  stylish: formatStylishChunks,
  json: formatJsonChunks,
  sarif: formatSarifChunks,
  junit: formatJunitChunks,
  github: formatGithubChunks,
  markdown: formatMarkdownChunks,
};

/** The formats as functions that return the whole text. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  markdown: formatMarkdown,
};

/** The text of format `name` in chunks, for writing as it is printed. */
export const formatChunks = (name: string): ChunkFormatter => CHUNK_FORMATTERS[name]!;

export { MACHINE_FORMATS } from './load.js';
