import { basename } from 'node:path';

export type SourceLanguage = 'javascript' | 'hash-text' | 'json-text';

const JS_EXTENSIONS = new Set(['js', 'jsx', 'mjs', 'cjs', 'ts', 'tsx', 'mts', 'cts']);
const HASH_COMMENT_EXTENSIONS = new Set(['sh', 'bash', 'zsh', 'py', 'rb', 'yml', 'yaml']);

/**
 * How a file is read as application source, by its name: JavaScript/TypeScript is parsed;
 * shell, Python, Ruby and YAML (CI workflows) and `package.json` are scanned by tokens; anything
 * else (Markdown included) is not a source. Exported for the input selection.
 */
export function sourceLanguage(path: string): SourceLanguage | null {
  const name = basename(path);
  if (name === 'package.json') return 'json-text';
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  if (JS_EXTENSIONS.has(extension)) return 'javascript';
  if (HASH_COMMENT_EXTENSIONS.has(extension)) return 'hash-text';
  return null;
}

/** A file named on the command line that is code rather than an export: JavaScript/TypeScript, shell, Python, Ruby. */
export function isCodeFile(path: string): boolean {
  const language = sourceLanguage(path);
  return language === 'javascript' || (language === 'hash-text' && !/\.ya?ml$/i.test(path));
}
