import type * as t from '@babel/types';
import { childNodes, isInside } from './js-facts.js';

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);
/** TypeScript nodes that hold an expression (`x as T`, `x!`): the expression is still read. */
const TS_EXPRESSIONS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);

export type FunctionNode = t.FunctionDeclaration | t.FunctionExpression | t.ArrowFunctionExpression | t.ObjectMethod | t.ClassMethod | t.ClassPrivateMethod;

export function isFunction(node: t.Node): node is FunctionNode {
  return FUNCTIONS.has(node.type);
}

/**
 * A parsed program with what Babel's tree lacks for following values and control flow: each
 * node's parent, the identifiers by name, and the functions by the name they are called by.
 * Built once per program, on first use (`syntaxTree`), by the rules that need it.
 */
export class SyntaxTree {
  private readonly parents = new Map<t.Node, t.Node>();
  private readonly identifiers = new Map<string, t.Identifier[]>();

  constructor(readonly program: t.File) {
    const stack: t.Node[] = [program];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'Identifier') {
        const list = this.identifiers.get(node.name);
        if (list) list.push(node);
        else this.identifiers.set(node.name, [node]);
      }
      for (const child of childNodes(node)) {
        this.parents.set(child, node);
        stack.push(child);
      }
    }
  }

  parent(node: t.Node): t.Node | undefined {
    return this.parents.get(node);
  }

  /** The nearest function around `node` (not `node` itself), or the program. */
  scopeOf(node: t.Node): t.Node {
    for (let p = this.parents.get(node); p; p = this.parents.get(p)) if (isFunction(p)) return p;
    return this.program;
  }

  /** The identifiers named `name` within `scope` that read a variable (not declarations, property keys, labels or types). */
  references(name: string, scope: t.Node): t.Identifier[] {
    return (this.identifiers.get(name) ?? []).filter((id) => isInside(id, scope) && this.isReference(id));
  }

  /** The initial values of the variables named `name` (`const name = …`), wherever they are declared. */
  initializers(name: string): t.Node[] {
    const values: t.Node[] = [];
    for (const id of this.identifiers.get(name) ?? []) {
      const p = this.parents.get(id);
      if (p?.type === 'VariableDeclarator' && p.id === id && p.init) values.push(p.init);
    }
    return values;
  }

  /** Whether anything assigns to a variable named `name` after its declaration (`x = …`, `x += …`, `x++`). */
  isReassigned(name: string): boolean {
    for (const id of this.identifiers.get(name) ?? []) {
      const p = this.parents.get(id);
      if ((p?.type === 'AssignmentExpression' && p.left === id) || (p?.type === 'UpdateExpression' && p.argument === id)) return true;
    }
    return false;
  }

  /** The name a function is called by: its own name, or the variable, property or method it is defined as. */
  functionName(fn: FunctionNode): string | null {
    if ((fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') && fn.id) return fn.id.name;
    if (fn.type === 'ObjectMethod' || fn.type === 'ClassMethod') return !fn.computed && fn.key.type === 'Identifier' ? fn.key.name : null;
    const p = this.parents.get(fn);
    if (p?.type === 'VariableDeclarator' && p.id.type === 'Identifier') return p.id.name;
    if ((p?.type === 'ObjectProperty' || p?.type === 'ClassProperty') && !p.computed && p.key.type === 'Identifier') return p.key.name;
    return null;
  }

  private isReference(id: t.Identifier): boolean {
    const p = this.parents.get(id);
    if (!p) return false;
    switch (p.type) {
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        return p.object === id || p.computed;
      case 'ObjectProperty':
        if (p.key === id && !p.computed) return false;
        // A value in a destructuring pattern declares it.
        return this.parents.get(p)?.type !== 'ObjectPattern';
      case 'VariableDeclarator':
        return p.init === id;
      case 'AssignmentExpression':
        // `x = …` writes x; `x += …` reads it too.
        return p.left !== id || p.operator !== '=';
      case 'AssignmentPattern':
        return p.right === id;
      case 'ArrayPattern':
      case 'RestElement':
      case 'CatchClause':
      case 'LabeledStatement':
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
      case 'ExportSpecifier':
      case 'ClassDeclaration':
      case 'ClassExpression':
      case 'ObjectMethod':
      case 'ClassMethod':
      case 'ClassProperty':
        return (p.type === 'ClassProperty' || p.type === 'ObjectMethod' || p.type === 'ClassMethod') && p.computed && p.key === id;
      default:
        // An arrow function's expression body reads; its name and parameters declare.
        if (isFunction(p)) return p.body === id;
        return !p.type.startsWith('TS') || TS_EXPRESSIONS.has(p.type);
    }
  }
}

/** Every node below `node` (itself included), depth first. */
export function* descendants(node: t.Node): Iterable<t.Node> {
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    yield current;
    stack.push(...childNodes(current));
  }
}

const trees = new WeakMap<t.File, SyntaxTree>();

/** The syntax tree of a program, built on first use and shared by the rules of a run. */
export function syntaxTree(program: t.File): SyntaxTree {
  let tree = trees.get(program);
  if (!tree) trees.set(program, (tree = new SyntaxTree(program)));
  return tree;
}
