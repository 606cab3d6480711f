import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, relative, sep } from 'node:path';
import { escapeGlob } from '../../util/glob/compile-glob.js';

/** What a migration script calls on the `migration` object it is given (the migration tool's API). */
const MIGRATION_METHODS = new Set([
  'createContentType',
  'editContentType',
  'deleteContentType',
  'transformEntries',
  'deriveLinkedEntries',
  'transformEntriesToType',
  'createTag',
  'editTag',
  'deleteTag',
  'setTagsForEntries',
]);

/** Larger files are not migration scripts (and are not parsed). */
const MAX_BYTES = 512 * 1024;

interface AstNode {
  type: string;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Every node below `node`, depth first. */
function* walk(node: AstNode): Iterable<AstNode> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra' || key === 'leadingComments' || key === 'trailingComments') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

/** An expression without TypeScript casts and parentheses (`(fn) as MigrationFunction`). */
function unwrap(node: unknown): AstNode | undefined {
  let current = isNode(node) ? node : undefined;
  while (current && ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'ParenthesizedExpression', 'TypeCastExpression'].includes(current.type)) {
    current = isNode(current.expression) ? current.expression : undefined;
  }
  return current;
}

function memberPath(node: unknown): string | undefined {
  const n = unwrap(node);
  if (n?.type === 'Identifier') return n.name as string;
  if (n?.type === 'MemberExpression' && !n.computed && isNode(n.property) && n.property.type === 'Identifier') {
    const object = memberPath(n.object);
    return object === undefined ? undefined : `${object}.${n.property.name as string}`;
  }
  return undefined;
}

const EXPORT_TARGETS = new Set(['module.exports', 'module.exports.up', 'exports.up', 'module.exports.default', 'exports.default']);

/** The functions a module exports the way migration scripts do (CommonJS, `export default`, `export =`, `up`). */
function exportedFunctions(program: AstNode): AstNode[] {
  const declared = new Map<string, AstNode>();
  for (const node of walk(program)) {
    if (node.type === 'FunctionDeclaration' && isNode(node.id)) declared.set(node.id.name as string, node);
    if (node.type === 'VariableDeclarator' && isNode(node.id) && node.id.type === 'Identifier') {
      const init = unwrap(node.init);
      if (init) declared.set(node.id.name as string, init);
    }
  }
  const resolve = (node: unknown): AstNode | undefined => {
    const n = unwrap(node);
    return n?.type === 'Identifier' ? declared.get(n.name as string) : n;
  };
  const found: (AstNode | undefined)[] = [];
  for (const statement of (program.body as AstNode[]) ?? []) {
    if (statement.type === 'ExpressionStatement' && isNode(statement.expression) && statement.expression.type === 'AssignmentExpression') {
      const target = memberPath(statement.expression.left);
      if (target && EXPORT_TARGETS.has(target)) found.push(resolve(statement.expression.right));
    } else if (statement.type === 'ExportDefaultDeclaration' || statement.type === 'TSExportAssignment') {
      found.push(resolve(statement.declaration ?? statement.expression));
    } else if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) {
      const declaration = statement.declaration;
      if (declaration.type === 'FunctionDeclaration' && isNode(declaration.id) && declaration.id.name === 'up') found.push(declaration);
    }
  }
  return found.filter((f): f is AstNode => f !== undefined && ['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration'].includes(f.type));
}

/**
 * Whether a file is a migration script: it exports a function (as the migration tools load
 * them) whose first parameter it calls the migration API on (`migration.createContentType(…)`).
 * The file is parsed (Babel, with TypeScript syntax), never run.
 */
export async function isMigrationScript(absPath: string): Promise<boolean> {
  let text: string;
  try {
    if (statSync(absPath).size > MAX_BYTES) return false;
    text = readFileSync(absPath, 'utf8');
  } catch {
    return false;
  }
  // Only files that name a method of the migration API are parsed.
  if (![...MIGRATION_METHODS].some((method) => text.includes(method))) return false;
  const { parse } = await import('@babel/parser');
  let program: AstNode;
  try {
    const typescript = /^\.[cm]?ts$/.test(extname(absPath));
    program = parse(text, { sourceType: 'unambiguous', plugins: typescript ? ['typescript'] : ['jsx'], errorRecovery: true }).program as unknown as AstNode;
  } catch {
    return false;
  }
  for (const fn of exportedFunctions(program)) {
    const first = (fn.params as AstNode[])[0];
    const name = first?.type === 'Identifier' ? (first.name as string) : first?.type === 'AssignmentPattern' && isNode(first.left) ? (first.left.name as string) : undefined;
    if (name === undefined) continue;
    for (const node of walk(fn.body as AstNode)) {
      if (node.type !== 'CallExpression') continue;
      const callee = unwrap(node.callee);
      if (callee?.type !== 'MemberExpression' || callee.computed || !isNode(callee.property)) continue;
      if (memberPath(callee.object) === name && MIGRATION_METHODS.has(callee.property.name as string)) return true;
    }
  }
  return false;
}

/** Globs for script files (paths relative to `base`): one per folder and extension, `folder/**` where one folder holds several folders of scripts. */
export function scriptGlobs(files: readonly string[], base: string): string[] {
  const rel = files.map((f) => relative(base, f).split(sep).join('/'));
  const byDir = new Map<string, Set<string>>();
  for (const file of rel) {
    const dir = dirname(file);
    const exts = byDir.get(dir) ?? new Set<string>();
    exts.add(extname(file).slice(1));
    byDir.set(dir, exts);
  }
  // A folder with several folders of scripts (one per content type): one recursive glob.
  const parents = new Map<string, string[]>();
  for (const dir of byDir.keys()) {
    const parent = dirname(dir);
    if (dir !== '.' && parent !== '.') parents.set(parent, [...(parents.get(parent) ?? []), dir]);
  }
  const globs = new Set<string>();
  const extGlob = (exts: Set<string>) => (exts.size === 1 ? [...exts][0]! : `{${[...exts].sort().join(',')}}`);
  for (const [dir, exts] of byDir) {
    const parent = dirname(dir);
    const siblings = parents.get(parent);
    if (siblings && siblings.length > 2) {
      const all = new Set(siblings.flatMap((d) => [...byDir.get(d)!]));
      globs.add(`${escapeGlob(parent)}/**/*.${extGlob(all)}`);
    } else globs.add(`${dir === '.' ? '' : `${escapeGlob(dir)}/`}*.${extGlob(exts)}`);
  }
  return [...globs].sort();
}
