import { visible } from '../format/safe-text.js';
/** Problems with a config file, each with the file, line and column, and key path: exit code 2. */
export class ConfigError extends Error {
  /** One problem per line; what came from the file (keys, values, its name) is made visible. */
  constructor(problems: string | readonly string[]) {
    super((typeof problems === 'string' ? [problems] : problems).map(visible).join('\n'));
  }
}
