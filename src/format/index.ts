import { formatJson } from './json.js';
import { formatStylish } from './stylish.js';
import type { Formatter } from './types.js';

export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
};
