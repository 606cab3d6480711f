import type * as t from '@babel/types';
import { graphqlJs } from '../../graphql/graphql-js.js';
import { calleeNames, lastName, stringRaw } from '../sources/js-facts.js';
import { descendants, isFunction, syntaxTree, type SyntaxTree } from '../sources/syntax-tree.js';
import type { ServiceHosts } from '../sources/hosts.js';
import { parseUrl } from '../sources/urls.js';
import type { GraphQLText } from './graphql-text.js';

/**
 * GraphQL in plain string and template literals, without a `gql`/`graphql` tag (those are
 * graphql-tag-pluck's, extract.ts): apps that post `const query = \`query ($id: String!) { … }\``
 * with `fetch`. A literal is GraphQL when graphql-js parses it into operations and fragments
 * only, and it is
 * - an operation where code sends it as a query: the value of a variable, property, parameter or
 *   assignment whose name says query (`query`, `pageQuery`, `GET_PAGE_QUERY`, `graphqlDoc`),
 *   directly or through a constant (`JSON.stringify({ query: PAGE })`); an argument of a function
 *   whose name says so (`fetchGraphQL(\`…\`)`) or of a function of the same file whose parameter
 *   does; what a function whose name says so returns; or after a `/* GraphQL *\/` comment;
 * - or fragments alone, anywhere (`fragment Name on Type { … }` is GraphQL beyond doubt, and an
 *   operation found above may spread it).
 * Each text keeps the file's offsets: interpolations and escapes are blanked to spaces. An
 * operation found by its name carries the URL the file sends it to, where the file shows it
 * (`sentTo`): GraphQL posted to another API (`fetch('https://api.example.com/graphql', { body:
 * JSON.stringify({ query }) })`) is not the service's (read-documents.ts leaves it out).
 */
export function untaggedGraphQL(program: t.File, code: string): GraphQLText[] {
  const tree = syntaxTree(program);
  const found: GraphQLText[] = [];
  for (const node of descendants(program)) {
    if (node.type !== 'StringLiteral' && node.type !== 'TemplateLiteral') continue;
    const head = node.type === 'StringLiteral' ? node.value : (node.quasis[0]?.value.cooked ?? '');
    if (!startsLikeGraphQL(head) || tree.parent(node)?.type === 'TaggedTemplateExpression') continue;
    // Where it is comes first: parsing every string that starts with `{` would cost more.
    const marked = hasGraphQLComment(node);
    const named = !marked && sentAsQuery(tree, node);
    if (!marked && !named && !head.trimStart().startsWith('fragment')) continue;
    const body = node.type === 'StringLiteral' ? stringRaw(code.slice(node.start! + 1, node.end! - 1)) : templateText(code, node);
    const kind = definitionsIn(body);
    if (kind === 'fragments' || (kind === 'operations' && marked)) found.push({ body, offset: node.start! + 1 });
    else if (kind === 'operations' && named) {
      const url = requestUrl(tree, node);
      found.push({ body, offset: node.start! + 1, ...(url === null ? {} : { sentTo: url }) });
    }
  }
  return found;
}

/**
 * A template literal's text exactly as written, with its `${…}` interpolations blanked (the
 * fragments they usually carry are found by name) and the backslash of an escaped backtick too:
 * the file's offsets kept.
 */
export function templateText(code: string, node: t.TemplateLiteral): string {
  const start = node.start! + 1;
  let body = code.slice(start, node.end! - 1);
  for (const expression of node.expressions) {
    const from = code.lastIndexOf('${', expression.start!) - start;
    const to = code.indexOf('}', expression.end!) + 1 - start;
    body = body.slice(0, from) + blank(body.slice(from, to)) + body.slice(to);
  }
  return body.replaceAll('\\`', ' `');
}

/** The text with every character but line breaks turned into a space: offsets and lines kept. */
export function blank(text: string): string {
  return text.replace(/[^\r\n]/g, ' ');
}

function startsLikeGraphQL(text: string): boolean {
  const head = text.trimStart();
  return ['query', 'mutation', 'subscription', 'fragment', '{'].some((start) => head.startsWith(start));
}

/** Whether code sends the GraphQL text to a URL with a host that is not the service's GraphQL host (another API's GraphQL). */
export function sentToOtherHost({ sentTo }: GraphQLText, hosts: ServiceHosts): boolean {
  const url = sentTo === undefined ? null : parseUrl(sentTo, hosts);
  return url !== null && url.host !== null && url.kind !== 'graphql';
}

/** What a text holds when graphql-js parses it into executable definitions only: `fragments` (all of them), `operations` (at least one), or null (it does not parse, or holds something else). */
function definitionsIn(body: string): 'operations' | 'fragments' | null {
  const { parse, Kind } = graphqlJs();
  let definitions;
  try {
    definitions = parse(body, { noLocation: true }).definitions;
  } catch {
    return null;
  }
  if (!definitions.every((d) => d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION)) return null;
  return definitions.every((d) => d.kind === Kind.FRAGMENT_DEFINITION) ? 'fragments' : 'operations';
}

/** Whether a name says its value is a GraphQL query: it holds `query`, `graphql` or `gql`, in any case. */
function saysQuery(name: string | null): boolean {
  if (name === null) return false;
  const lower = name.toLowerCase();
  return lower.includes('query') || lower.includes('graphql') || lower.includes('gql');
}

/** graphql-tag-pluck's magic comment (`/* GraphQL *\/`) as the last comment before the literal. */
function hasGraphQLComment(node: t.Node): boolean {
  const comment = node.leadingComments?.at(-1);
  return comment !== undefined && comment.value.trim().toLowerCase() === 'graphql';
}

/** TypeScript and parentheses around an expression (`x as const`, `(x)`): the expression's place is theirs. */
const WRAPPERS: ReadonlySet<string> = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'ParenthesizedExpression', 'TypeCastExpression']);

/** Whether code sends the value at `node` (a literal or a reference to a constant holding one) as a GraphQL query, by the names around it. */
function sentAsQuery(tree: SyntaxTree, node: t.Node, throughConstant = true): boolean {
  let value = node;
  let parent = tree.parent(value);
  while (parent && WRAPPERS.has(parent.type)) [value, parent] = [parent, tree.parent(parent)];
  if (!parent) return false;
  switch (parent.type) {
    case 'VariableDeclarator':
      if (parent.init !== value || parent.id.type !== 'Identifier') return false;
      if (saysQuery(parent.id.name)) return true;
      // A constant that is sent as a query where it is used (`fetchGraphQL(PAGE)`, `{ query: PAGE }`).
      return throughConstant && !tree.isReassigned(parent.id.name) && tree.references(parent.id.name, tree.program).some((ref) => sentAsQuery(tree, ref, false));
    case 'AssignmentExpression':
      return parent.right === value && saysQuery(lastName(parent.left));
    case 'AssignmentPattern':
      return parent.right === value && parent.left.type === 'Identifier' && saysQuery(parent.left.name);
    case 'ObjectProperty':
    case 'ClassProperty':
      return parent.value === value && !parent.computed && saysQuery(keyName(parent.key));
    case 'CallExpression':
    case 'OptionalCallExpression':
    case 'NewExpression': {
      const index = parent.arguments.indexOf(value as t.Expression);
      if (index < 0) return false;
      return saysQuery(calleeNames(parent.callee).at(-1) ?? null) || parameterSaysQuery(tree, parent.callee, index);
    }
    case 'ReturnStatement':
      return saysQuery(functionName(tree, tree.scopeOf(parent)));
    default:
      // An arrow function's expression body is what it returns.
      return isFunction(parent) && parent.body === value && saysQuery(tree.functionName(parent));
  }
}

function keyName(key: t.Node): string | null {
  return key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : null;
}

function functionName(tree: SyntaxTree, scope: t.Node): string | null {
  return isFunction(scope) ? tree.functionName(scope) : null;
}

/** Whether the `index`th parameter of the function a call names, defined in the same file, says query (`fetchContent(query)`). */
function parameterSaysQuery(tree: SyntaxTree, callee: t.Node, index: number): boolean {
  if (callee.type !== 'Identifier') return false;
  const functions = [...tree.initializers(callee.name), ...declaredFunctions(tree, callee.name)];
  return functions.some((fn) => {
    if (!isFunction(fn)) return false;
    const parameter = fn.params[index];
    const id = parameter?.type === 'AssignmentPattern' ? parameter.left : parameter;
    return id?.type === 'Identifier' && saysQuery(id.name);
  });
}

/** The function declarations named `name` (`function fetchContent(query) {…}`). */
function declaredFunctions(tree: SyntaxTree, name: string): t.Node[] {
  return tree.program.program.body.flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    return declaration?.type === 'FunctionDeclaration' && declaration.id?.name === name ? [declaration] : [];
  });
}

/**
 * The URL a value is sent to, as code writes it (`{}` for a template's expressions), when the file
 * shows it: the first argument of the call that carries the value (or the constant holding it) in
 * a later argument (`fetch(URL, { body: JSON.stringify({ query }) })`, `request(URL, query)`), or
 * the `url` of the one object it is passed in (`axios({ url, data: { query } })`); a URL held by a
 * constant is read from it. Null when none is seen.
 */
function requestUrl(tree: SyntaxTree, literal: t.Node): string | null {
  const holder = tree.parent(literal);
  const uses = holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' ? [literal, ...tree.references(holder.id.name, tree.program)] : [literal];
  for (const use of uses) {
    for (let child: t.Node = use, parent = tree.parent(use); parent && !isFunction(parent); child = parent, parent = tree.parent(parent)) {
      if (parent.type !== 'CallExpression' && parent.type !== 'NewExpression') continue;
      if (calleeNames(parent.callee).join('.') === 'JSON.stringify') continue;
      const [first] = parent.arguments;
      const url = first === child ? urlProperty(first) : urlText(tree, first);
      if (url !== null) return url;
      break;
    }
  }
  return null;
}

/** The `url` of an options object (`axios({ url, method, data })`). */
function urlProperty(node: t.Node | undefined): string | null {
  if (node?.type !== 'ObjectExpression') return null;
  const url = node.properties.find((p): p is t.ObjectProperty => p.type === 'ObjectProperty' && !p.computed && keyName(p.key) === 'url');
  return url ? stringText(url.value) : null;
}

/** The text of a string or template (`{}` for expressions), directly or held by a constant. */
function urlText(tree: SyntaxTree, node: t.Node | undefined): string | null {
  if (node?.type === 'Identifier' && !tree.isReassigned(node.name)) {
    const [value, more] = tree.initializers(node.name);
    return more === undefined && value ? stringText(value) : null;
  }
  return node ? stringText(node) : null;
}

function stringText(node: t.Node): string | null {
  if (node.type === 'StringLiteral') return node.value;
  if (node.type !== 'TemplateLiteral') return null;
  return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('{}');
}
