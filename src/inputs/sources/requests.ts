import type * as t from '@babel/types';
import { objectProperties, type CallSite } from './js-facts.js';

export type Properties = NonNullable<ReturnType<typeof objectProperties>>;

/**
 * The query object of an SDK call, where the parser can see it: the plain client's
 * `{ …, query: { … } }` parameter (`client.role.getMany({ spaceId, query: { skip } })`), else
 * the first argument object of the legacy client (`space.getRoles({ skip })`).
 */
export function sdkQuery(call: CallSite): Properties | null {
  const first = objectProperties(call.args[0]);
  if (first === null) return null;
  const nested = first.get('query');
  if (nested) return objectProperties(nested.value);
  return first;
}

/** Whether `names` (a callee) ends with `suffix` (`['client', 'usage', 'getManyForSpace']` ends with `['usage', 'getManyForSpace']`). */
export function endsWith(names: readonly string[], suffix: readonly string[]): boolean {
  if (names.length < suffix.length) return false;
  return suffix.every((name, i) => names[names.length - suffix.length + i] === name);
}

/** A numeric literal 0 (or the string '0'): a limit the parser can see is zero. A variable is never one. */
export function isZeroLiteral(node: t.Node | undefined): boolean {
  if (!node) return false;
  if (node.type === 'NumericLiteral') return node.value === 0;
  if (node.type === 'StringLiteral') return node.value.trim() === '0';
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return isZeroLiteral(node.expression);
  return false;
}
