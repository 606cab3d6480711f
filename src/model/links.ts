import { isObject } from '../util/json-value.js';

/** The id a link (`{ "sys": { "id": … } }`) points to, if it is a non-empty string. */
export function linkTarget(value: unknown): string | undefined {
  const id = isObject(value) && isObject(value.sys) ? value.sys.id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
