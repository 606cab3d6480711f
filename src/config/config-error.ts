/** Problems with a config file, each with the file, line and column, and key path: exit code 2. */
export class ConfigError extends Error {}
