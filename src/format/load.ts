import type { ChunkFormatter } from './types.js';

/**
 * Each format's chunked formatter, loaded when a run asks for it (a run loads only the formats
 * it writes: cold start). The same formatters as FORMATTERS and formatChunks of index.ts.
 */
const LOADERS: Readonly<Record<string, () => Promise<ChunkFormatter>>> = {
  stylish: async () => (await import('./stylish.js')).formatStylishChunks,
  json: async () => (await import('./json.js')).formatJsonChunks,
  sarif: async () => (await import('./sarif.js')).formatSarifChunks,
  junit: async () => (await import('./junit.js')).formatJunitChunks,
  github: async () => (await import('./github.js')).formatGithubChunks,
  markdown: async () => (await import('./markdown.js')).formatMarkdownChunks,
};

/** The names of the formats, in the order help and messages list them. */
export const FORMAT_NAMES: readonly string[] = Object.keys(LOADERS);

/** The chunked formatter of format `name` (one of FORMAT_NAMES). */
export function loadFormatChunks(name: string): Promise<ChunkFormatter> {
  return LOADERS[name]!();
}

/** Formats that programs read: with one of them on stdout, nothing else may go to the terminal's stdout, and no progress is shown. */
export const MACHINE_FORMATS: ReadonlySet<string> = new Set(['json', 'sarif', 'junit', 'github']);
