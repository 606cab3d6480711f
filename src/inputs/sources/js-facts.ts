import type * as t from '@babel/types';

/** A string literal or template literal; template expressions are `{}` in `value`. */
export interface StringSite {
  value: string;
  start: number;
  /** For a tagged template, the tag's name (`gql`, `graphql`); otherwise null. */
  tag: string | null;
  /** The literal's raw text between its quotes (templates: expressions as spaces; strings: escapes as spaces, see `stringRaw`), offsets kept: for parsers of embedded languages. */
  raw: string;
  /** Offset of `raw` in the file. */
  rawStart: number;
  node: t.StringLiteral | t.TemplateLiteral;
}

/** A loop statement, with the last names of what it assigns (`skip += limit`, `query.skip = …` → `skip`). */
export interface LoopSite {
  node: t.Node;
  assigned: Set<string>;
}

export interface CallSite {
  /** Names along the callee: `client.usage.getManyForSpace` → ['client', 'usage', 'getManyForSpace']; `?` for a part without a name. */
  callee: string[];
  args: t.Node[];
  start: number;
  /** The innermost loop around the call, if any. */
  loop: LoopSite | null;
  /** The variable the call's (awaited) result is stored in: `const roles = await space.getRoles()` → 'roles'. */
  boundTo: string | null;
  node: t.CallExpression | t.NewExpression;
}

/** `name.property` read from a variable (`roles.total`). */
export interface MemberRead {
  object: string;
  property: string;
  start: number;
}

export interface JsFacts {
  imports: Set<string>;
  strings: StringSite[];
  calls: CallSite[];
  memberReads: MemberRead[];
}

const SKIP_KEYS = new Set(['loc', 'start', 'end', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens', 'range', 'errors', 'type']);
const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/** The last name of an assignment target or a member expression (`a.b.skip` → 'skip'). */
export function lastName(node: t.Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') {
    if (!node.computed && node.property.type === 'Identifier') return node.property.name;
    if (node.property.type === 'StringLiteral') return node.property.value;
  }
  return null;
}

/** Names along a callee: identifiers and member properties, `?` for anything else (a call, a computed key). */
export function calleeNames(node: t.Node): string[] {
  const names: string[] = [];
  let current: t.Node = node;
  for (;;) {
    if (current.type === 'MemberExpression' || current.type === 'OptionalMemberExpression') {
      names.unshift(lastName(current) ?? '?');
      current = current.object;
    } else if (current.type === 'Identifier') {
      names.unshift(current.name);
      return names;
    } else if (current.type === 'ThisExpression') {
      names.unshift('this');
      return names;
    } else if (current.type === 'CallExpression' || current.type === 'OptionalCallExpression') {
      // `createClient(...).getEntries()`: the inner callee's names, then the outer ones.
      names.unshift(...calleeNames(current.callee), '()');
      return names;
    } else if (current.type === 'AwaitExpression' || current.type === 'TSNonNullExpression' || current.type === 'ParenthesizedExpression') {
      current = current.type === 'AwaitExpression' ? current.argument : current.expression;
    } else {
      names.unshift('?');
      return names;
    }
  }
}

/** The properties of an object literal with plain keys (spreads and computed keys are left out). */
export function objectProperties(node: t.Node | undefined): Map<string, { value: t.Node; start: number }> | null {
  if (!node || node.type !== 'ObjectExpression') return null;
  const props = new Map<string, { value: t.Node; start: number }>();
  for (const prop of node.properties) {
    if (prop.type !== 'ObjectProperty' || prop.computed) continue;
    const key = prop.key.type === 'Identifier' ? prop.key.name : prop.key.type === 'StringLiteral' ? prop.key.value : null;
    if (key !== null) props.set(key, { value: prop.value, start: prop.start ?? 0 });
  }
  return props;
}

/** The value of a literal the parser can see: strings, numbers, booleans, templates without expressions, arrays of them; undefined otherwise. */
export function literalValue(node: t.Node | undefined): string | number | boolean | null | (string | number | boolean | null)[] | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return node.value;
    case 'NullLiteral':
      return null;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      return literalValue(node.expression);
    case 'ArrayExpression': {
      const values = node.elements.map((e) => (e ? literalValue(e) : undefined));
      return values.every((v) => v !== undefined && !Array.isArray(v)) ? (values as (string | number | boolean | null)[]) : undefined;
    }
    default:
      return undefined;
  }
}

function templateValue(node: t.TemplateLiteral): string {
  let value = '';
  node.quasis.forEach((quasi, i) => {
    value += quasi.value.cooked ?? quasi.value.raw;
    if (i < node.expressions.length) value += '{}';
  });
  return value;
}

/** The raw text of a template with each `${…}` blanked to spaces of the same length (offsets kept). */
function templateRaw(node: t.TemplateLiteral, text: string): string {
  const start = node.start! + 1;
  let raw = text.slice(start, node.end! - 1);
  for (const expression of node.expressions) {
    const from = expression.start! - 2 - start;
    const to = expression.end! + 1 - start;
    raw = raw.slice(0, from) + ' '.repeat(to - from) + raw.slice(to);
  }
  return raw;
}

/**
 * The raw text of a string literal between its quotes with each escape sequence blanked to spaces
 * of its length, but for the character an escaped quote or backslash stands for (`\\"` becomes
 * ` "`): the value, as far as an embedded language's parser cares, at the offsets of the file.
 */
export function stringRaw(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const next = raw[i + 1];
    if (raw[i] !== '\\' || next === undefined) {
      out += raw[i];
      continue;
    }
    let length = 2;
    if (next === 'x') length = 4;
    else if (next === 'u') length = raw[i + 2] === '{' ? raw.indexOf('}', i) + 1 - i : 6;
    // An escaped quote, backslash or line break stands for itself; any other escape becomes spaces.
    const keep = length === 2 && (next === '"' || next === "'" || next === '\\' || next === '\n' || next === '\r');
    out += keep ? ` ${next}` : ' '.repeat(length);
    i += length - 1;
  }
  return out;
}

/** The variable an expression's value is stored in, when its parent stores it (`const x = …`, `x = …`). */
function boundName(parent: t.Node | undefined): string | null {
  if (!parent) return null;
  if (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if (parent.type === 'AssignmentExpression' && parent.left.type === 'Identifier') return parent.left.name;
  return null;
}

/**
 * One walk over a parsed program that gathers what the source rules read: module imports
 * (`import`, `require`, `import()`), string and template literals (comments are not part of
 * the tree, so text in comments is never seen), calls with their callee names, enclosing loop
 * and the variable they are stored in, and reads of a variable's properties.
 */
export function jsFacts(program: t.File, text: string): JsFacts {
  const facts: JsFacts = { imports: new Set(), strings: [], calls: [], memberReads: [] };
  type Frame = { node: t.Node; parent: t.Node | undefined; grand: t.Node | undefined; loop: LoopSite | null };
  const stack: Frame[] = [{ node: program, parent: undefined, grand: undefined, loop: null }];
  const loops: LoopSite[] = [];
  while (stack.length > 0) {
    const { node, parent, grand, loop: outer } = stack.pop()!;
    let loop = outer;
    if (LOOPS.has(node.type)) {
      loop = { node, assigned: new Set() };
      loops.push(loop);
    }
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
        facts.imports.add(node.source.value);
        break;
      case 'ExportNamedDeclaration':
        if (node.source) facts.imports.add(node.source.value);
        break;
      case 'StringLiteral':
        if (parent?.type !== 'ImportDeclaration') {
          facts.strings.push({ value: node.value, start: node.start!, tag: null, raw: stringRaw(text.slice(node.start! + 1, node.end! - 1)), rawStart: node.start! + 1, node });
        }
        break;
      case 'TemplateLiteral': {
        const tag = parent?.type === 'TaggedTemplateExpression' ? (calleeNames(parent.tag).pop() ?? null) : null;
        facts.strings.push({ value: templateValue(node), start: node.start!, tag, raw: templateRaw(node, text), rawStart: node.start! + 1, node });
        break;
      }
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression': {
        const callee = node.callee.type === 'Import' ? ['import'] : calleeNames(node.callee);
        const first = node.arguments[0];
        if ((callee.length === 1 && (callee[0] === 'require' || callee[0] === 'import')) && first?.type === 'StringLiteral') facts.imports.add(first.value);
        const holder = parent?.type === 'AwaitExpression' ? grand : parent;
        facts.calls.push({ callee, args: node.arguments, start: node.start!, loop, boundTo: boundName(holder), node: node as t.CallExpression });
        break;
      }
      case 'ImportExpression':
        if (node.source.type === 'StringLiteral') facts.imports.add(node.source.value);
        break;
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        if (node.object.type === 'Identifier') {
          const property = lastName(node);
          if (property !== null) facts.memberReads.push({ object: node.object.name, property, start: node.start! });
        }
        break;
      case 'AssignmentExpression': {
        const name = lastName(node.left);
        if (name !== null) for (const l of loops) if (isInside(node, l.node)) l.assigned.add(name);
        break;
      }
      case 'UpdateExpression': {
        const name = lastName(node.argument);
        if (name !== null) for (const l of loops) if (isInside(node, l.node)) l.assigned.add(name);
        break;
      }
    }
    // Children in reverse, so that they are visited in source order.
    const children = childNodes(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, parent: node, grand: parent, loop });
  }
  return facts;
}

/** A node's child nodes, in source order (positions, comments and tokens left out). */
export function childNodes(node: t.Node): t.Node[] {
  const children: t.Node[] = [];
  for (const key in node) {
    if (SKIP_KEYS.has(key)) continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) children.push(item);
    } else if (isNode(value)) children.push(value);
  }
  return children;
}

function isNode(value: unknown): value is t.Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Whether `node` lies within `outer` (or is it). */
export function isInside(node: t.Node, outer: t.Node): boolean {
  return node.start! >= outer.start! && node.end! <= outer.end!;
}
