import { formatGithub, formatGithubChunks } from './github.js';
import { formatJson, formatJsonChunks } from './json.js';
import { formatJunit, formatJunitChunks } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif, formatSarifChunks } from './sarif.js';
import { formatStylish } from './stylish.js';
import type { ChunkFormatter, Formatter } from './types.js';

export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  markdown: formatMarkdown,
};

/** Formatters that yield their text in chunks (the large machine formats); the others yield their one string. */
const CHUNK_FORMATTERS: Readonly<Record<string, ChunkFormatter>> = {
  json: formatJsonChunks,
  sarif: formatSarifChunks,
  junit: formatJunitChunks,
  github: formatGithubChunks,
};

/** The text of format `name` in chunks, for writing as it is printed. */
export const formatChunks: (name: string) => ChunkFormatter = (name) =>
  CHUNK_FORMATTERS[name] ?? ((result, context) => [FORMATTERS[name]!(result, context)]);

export { MACHINE_FORMATS } from './load.js';
