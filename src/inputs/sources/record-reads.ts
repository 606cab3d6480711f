import type * as t from '@babel/types';
import { lastName } from './js-facts.js';
import { isFunction, type SyntaxTree } from './syntax-tree.js';

/**
 * What a value holds, as code reads it: an HTTP response (its body is `await res.json()` or
 * axios' `res.data`), a collection of the management API (`{ items, total, skip, limit }`), a
 * list of records, a record, or a record's `sys`.
 */
export type ValueShape = 'response' | 'collection' | 'list' | 'record' | 'sys';

export interface RecordReads {
  /** The record fields read (`email`, `sys.createdAt`), each with the offset of its first read. */
  fields: Map<string, number>;
  /**
   * The records go where the parser does not follow them: returned, passed to a function,
   * rendered, spread, or read by a computed key.
   */
  escapes: boolean;
}

/** Array methods whose callback gets the elements (the second parameter for reduce: the first is the accumulator). */
const ELEMENT_CALLBACKS = new Set(['map', 'forEach', 'filter', 'find', 'findLast', 'findIndex', 'findLastIndex', 'some', 'every', 'flatMap', 'sort', 'toSorted', 'reduce', 'reduceRight']);
/** Array methods that return elements of the same list. */
const SUBLISTS = new Set(['filter', 'slice', 'concat', 'reverse', 'toReversed', 'sort', 'toSorted']);
const WRAPPERS = new Set(['AwaitExpression', 'ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TypeCastExpression']);

function isCall(node: t.Node | undefined): node is t.CallExpression | t.OptionalCallExpression {
  return node?.type === 'CallExpression' || node?.type === 'OptionalCallExpression';
}

function isMember(node: t.Node | undefined): node is t.MemberExpression | t.OptionalMemberExpression {
  return node?.type === 'MemberExpression' || node?.type === 'OptionalMemberExpression';
}

/**
 * The fields the code reads from the records that `expression` (a call, as a rule found it)
 * gives, as far as the parser can follow them within the file: through `await`, variables and
 * destructuring, `Promise.all`, `.then` callbacks, a response's body, a collection's `items`, array callbacks,
 * `for … of` and indexing. Names are matched by scope (the function that declares them), not by
 * a full binding analysis.
 */
export function recordReads(tree: SyntaxTree, expression: t.Node, shape: ValueShape, body: 'collection' | 'record'): RecordReads {
  const reads: RecordReads = { fields: new Map(), escapes: false };
  const seen = new Set<string>();

  const read = (field: string, at: number) => {
    if (!reads.fields.has(field)) reads.fields.set(field, at);
  };

  const follow = (node: t.Node, shape: ValueShape): void => {
    const key = `${node.start}:${node.end}:${shape}`;
    if (seen.has(key)) return;
    seen.add(key);
    const p = tree.parent(node);
    if (!p) return;
    if (WRAPPERS.has(p.type)) return follow(p, shape);
    switch (p.type) {
      case 'ExpressionStatement':
        return;
      case 'LogicalExpression':
        return follow(p, shape);
      case 'ConditionalExpression':
        if (p.test !== node) return follow(p, shape);
        return;
      case 'VariableDeclarator':
        if (p.init === node) return bind(p.id, shape);
        break;
      case 'AssignmentExpression':
        if (p.right === node && p.left.type === 'Identifier') return bindName(p.left, shape);
        break;
      case 'ForOfStatement':
        if (p.right === node && shape === 'list') return bindLoopVariable(p.left);
        break;
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        if (p.object === node) return member(p, shape);
        break;
      case 'ArrayExpression': {
        // One of the requests of `const [a, users] = await Promise.all([…, request])`.
        const all = tree.parent(p);
        const holder = isCall(all) && all.arguments[0] === p && isMember(all.callee) && lastName(all.callee) === 'all' ? tree.parent(all) : undefined;
        const declarator = holder?.type === 'AwaitExpression' ? tree.parent(holder) : undefined;
        if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'ArrayPattern') break;
        const element = declarator.id.elements[p.elements.indexOf(node as t.Expression)];
        // No element (a hole, or a shorter pattern): the value is not read.
        return element ? bind(element, shape) : undefined;
      }
      case 'ReturnStatement':
      case 'ArrowFunctionExpression':
        // Returned from a `.then` callback: the value of the `.then(…)` call.
        if (p.type === 'ReturnStatement' || p.body === node) {
          const callback = p.type === 'ReturnStatement' ? tree.scopeOf(p) : p;
          const then = tree.parent(callback);
          if (isCall(then) && then.arguments[0] === callback && isMember(then.callee) && lastName(then.callee) === 'then') return follow(then, shape);
        }
        break;
    }
    reads.escapes = true;
  };

  const member = (m: t.MemberExpression | t.OptionalMemberExpression, shape: ValueShape): void => {
    const name = m.computed && m.property.type !== 'StringLiteral' ? null : lastName(m);
    const gp = tree.parent(m);
    const call = isCall(gp) && gp.callee === m ? gp : null;
    if (call && name === 'then') return callback(call.arguments[0], 0, shape);
    if (call && (name === 'catch' || name === 'finally')) return follow(call, shape);
    switch (shape) {
      case 'response':
        if (name === 'json' && call) return follow(call, body);
        if (name === 'data' && !call) return follow(m, body);
        return; // status, ok, headers …
      case 'collection':
        if (name === 'items' && !call) return follow(m, 'list');
        return; // total, skip, limit, sys, includes: the same for every token
      case 'list':
        if (call && name !== null && ELEMENT_CALLBACKS.has(name)) {
          const reducer = name === 'reduce' || name === 'reduceRight';
          callback(call.arguments[0], reducer ? 1 : 0, 'record');
          if (name === 'sort' || name === 'toSorted') callback(call.arguments[0], 1, 'record');
          if (name === 'find' || name === 'findLast') follow(call, 'record');
          else if (SUBLISTS.has(name)) follow(call, 'list');
          return;
        }
        if (call && name === 'at') return follow(call, 'record');
        if (call && name !== null && SUBLISTS.has(name)) return follow(call, 'list');
        if (m.computed && name === null) return follow(m, 'record');
        if (name === 'length') return;
        break;
      case 'record':
        if (call || name === null) break;
        if (name === 'sys') return follow(m, 'sys');
        return read(name, m.start!);
      case 'sys':
        if (call || name === null) break;
        return read(`sys.${name}`, m.start!);
    }
    reads.escapes = true;
  };

  /** The parameter `index` of a function passed as a callback gets a value of `shape`; anything else passed is a value that escapes. */
  const callback = (fn: t.Node | undefined, index: number, shape: ValueShape): void => {
    if (!fn) return;
    if (!isFunction(fn)) {
      reads.escapes = true;
      return;
    }
    const param = fn.params[index];
    if (param) bind(param, shape);
  };

  const bind = (pattern: t.Node, shape: ValueShape): void => {
    switch (pattern.type) {
      case 'Identifier':
        return bindName(pattern, shape);
      case 'AssignmentPattern':
        return bind(pattern.left, shape);
      case 'ObjectPattern':
        for (const prop of pattern.properties) {
          const key = prop.type === 'RestElement' || prop.computed ? null : prop.key.type === 'Identifier' ? prop.key.name : prop.key.type === 'StringLiteral' ? prop.key.value : null;
          if (prop.type === 'RestElement' || key === null) {
            if (shape === 'record' || shape === 'sys') reads.escapes = true;
            continue;
          }
          if (shape === 'record') {
            if (key === 'sys') bind(prop.value, 'sys');
            else read(key, prop.start!);
          } else if (shape === 'sys') read(`sys.${key}`, prop.start!);
          else if (shape === 'collection' && key === 'items') bind(prop.value, 'list');
          else if (shape === 'response' && key === 'data') bind(prop.value, body);
        }
        return;
      case 'ArrayPattern':
        if (shape !== 'list') reads.escapes = true;
        else for (const element of pattern.elements) if (element) bind(element, 'record');
        return;
      default:
        reads.escapes = true;
    }
  };

  const bindName = (declared: t.Identifier, shape: ValueShape): void => {
    // `export const users = …`: read elsewhere.
    const declaration = tree.parent(tree.parent(declared) ?? declared);
    if (declaration?.type === 'VariableDeclaration' && tree.parent(declaration)?.type === 'ExportNamedDeclaration') reads.escapes = true;
    for (const ref of tree.references(declared.name, tree.scopeOf(declared))) if (ref.start !== declared.start) follow(ref, shape);
  };

  const bindLoopVariable = (left: t.Node): void => {
    if (left.type === 'VariableDeclaration') {
      const first = left.declarations[0];
      if (first) bind(first.id, 'record');
    } else bind(left, 'record');
  };

  follow(expression, shape);
  return reads;
}
