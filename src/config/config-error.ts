import { readable } from '../util/safe-text.js';
/** Problems with a config file, each with the file, line and column, and key path: exit code 2. */
export class ConfigError extends Error {
  /** One problem per line; what came from the file (keys, values, globs, its name) is made visible, and long words shortened. */
  constructor(problems: string | readonly string[]) {
    super((typeof problems === 'string' ? [problems] : problems).map(readable).join('\n'));
  }
}
