import { compileGlob, GlobSyntaxError } from '../util/glob/compile-glob.js';
import { CODE_INPUT_KINDS } from '../inputs/kinds.js';
import { encodePointer } from '../inputs/space/json-scan.js';
import { isObject } from '../util/json-value.js';

/** Config keys that hold globs of files. */
const FILE_GLOB_KEYS = ['include', 'exclude', 'migrations', 'sources', ...CODE_INPUT_KINDS.map((kind) => kind.key)];

/** Rule options that hold content type id globs (display-field-unresolvable's, and a plugin rule's of the same name). */
const ID_GLOB_OPTIONS = ['ignoreContentTypes'];

/**
 * The config's globs that do not compile (an unclosed `{`, a `}` that closes nothing), as JSON
 * pointers and what is wrong, so that each is a config error at its line. Values of the wrong
 * shape are left to the schema.
 */
export function globProblems(config: unknown): { pointer: string; message: string }[] {
  if (!isObject(config)) return [];
  const problems: { pointer: string; message: string }[] = [];
  const check = (globs: unknown, path: readonly (string | number)[], paths: boolean): void => {
    if (!Array.isArray(globs)) return;
    globs.forEach((glob: unknown, i) => {
      if (typeof glob !== 'string') return;
      try {
        // A leading `!` excludes what a file glob matches (see util/glob/walk-globs.ts).
        compileGlob(paths && glob.startsWith('!') ? glob.slice(1) : glob, { paths });
      } catch (error) {
        if (!(error instanceof GlobSyntaxError)) throw error;
        problems.push({ pointer: encodePointer([...path, i]), message: `not a valid glob: ${error.detail}` });
      }
    });
  };
  for (const key of FILE_GLOB_KEYS) check(config[key], [key], true);
  if (Array.isArray(config.overrides)) {
    config.overrides.forEach((override: unknown, i) => {
      if (isObject(override)) check(override.contentTypes, ['overrides', i, 'contentTypes'], false);
    });
  }
  if (isObject(config.rules)) {
    for (const [id, setting] of Object.entries(config.rules)) {
      // `[severity, options]` or `{ severity, options }`.
      const [options, at] = Array.isArray(setting) ? [setting[1], '1'] : isObject(setting) ? [setting.options, 'options'] : [undefined, ''];
      if (!isObject(options)) continue;
      for (const name of ID_GLOB_OPTIONS) check(options[name], ['rules', id, at, name], false);
    }
  }
  return problems;
}
