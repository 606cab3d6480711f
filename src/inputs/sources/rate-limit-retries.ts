import type * as t from '@babel/types';
import { calleeNames, isInside, lastName } from './js-facts.js';
import type { SourceFileNode } from './source-node.js';
import { descendants, isFunction, syntaxTree, type SyntaxTree } from './syntax-tree.js';

/** The APIs whose 429 responses carry the rate-limit reset header, as the change document states it. */
export type RateLimitedApi = 'delivery' | 'graphql';

/** A retry after a 429 from the delivery or GraphQL API, in code that sends the requests with its own HTTP client. */
export interface RateLimitRetry {
  /** Offset of the 429 check. */
  start: number;
  /**
   * The wait before the retry: none, or the same every time, as the code writes it when the parser
   * sees the number (`1000 ms` for a timer, `sleep(1)` for a helper whose unit it cannot know).
   */
  delay: { kind: 'none' } | { kind: 'fixed'; wait: string | null };
  api: RateLimitedApi;
}

/** Packages whose exports send HTTP requests (fetch is also a global). */
const HTTP_PACKAGES = [
  'node-fetch',
  'cross-fetch',
  'isomorphic-fetch',
  'isomorphic-unfetch',
  'unfetch',
  'axios',
  'redaxios',
  'got',
  'ky',
  'ky-universal',
  'ofetch',
  'undici',
  'superagent',
  'needle',
  'request',
  'wretch',
  'graphql-request',
];
/** Methods that make a configured client of an HTTP package (`axios.create(…)`, `got.extend(…)`). */
const CLIENT_FACTORIES = new Set(['create', 'extend']);
/** Calls that wait: `setTimeout(resolve, ms)`, `sleep(ms)`, `delay(ms)` … */
const WAITS = new Set(['sleep', 'delay', 'wait', 'pause', 'waitFor']);
/** Methods that read a response's body: awaited in the 429 branch, they do not wait for the rate limit. */
const BODY_READERS = new Set(['json', 'text', 'blob', 'arrayBuffer', 'formData']);
const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
/** Header names whose reading makes the wait depend on the response: the service's reset header, and the standard Retry-After. */
const HEADER_WORDS = ['ratelimit-reset', 'retry-after'];

function isCall(node: t.Node | undefined): node is t.CallExpression | t.OptionalCallExpression | t.NewExpression {
  return node?.type === 'CallExpression' || node?.type === 'OptionalCallExpression' || node?.type === 'NewExpression';
}

/** Whether a node is the literal 429 (a number or a string). */
function is429(node: t.Node): boolean {
  return (node.type === 'NumericLiteral' && node.value === 429) || (node.type === 'StringLiteral' && node.value.trim() === '429');
}

/**
 * Retries after a 429 that the parser can see, in code that calls the delivery or GraphQL API
 * with its own HTTP client: a check of a status against 429 (`res.status === 429`, `!== 429`,
 * `case 429`, `[429, 503].includes(status)`) whose branch retries — `continue` in a loop, a
 * loop whose condition is the check, a call of the function it is in (recursion), or a new
 * request — with the wait before the retry. Retries whose wait the code computes (a backoff, a
 * header) are left out, and so are those in code that reads the reset or Retry-After header.
 */
export function rateLimitRetries(file: SourceFileNode): RateLimitRetry[] {
  // Only a file with a URL of these APIs can retry them (names that hold one start from such a URL).
  if (!file.program || !file.urls.some(({ url }) => url.kind === 'delivery' || url.kind === 'graphql')) return [];
  for (const node of descendants(file.program)) if (is429(node)) return new RetryFinder(file, syntaxTree(file.program)).find();
  return [];
}

class RetryFinder {
  /** What holds an HTTP client: `fetch`, the names imported from HTTP packages, clients made with them (`http`, `this.http`). */
  private readonly clients = new Set(['fetch']);
  /** What holds a URL of the delivery or GraphQL API (`const CDA = 'https://cdn…'`, `` `${CDA}/spaces/…` ``), or a client created with one. */
  private readonly serviceNames = new Map<string, RateLimitedApi>();
  /** Values stored in variables and `this.` members, by the name that holds them (`name` or `this.name`). */
  private readonly stored: [string, t.Node][] = [];

  constructor(
    private readonly file: SourceFileNode,
    private readonly tree: SyntaxTree,
  ) {
    for (const node of descendants(tree.program)) {
      if (node.type === 'ImportDeclaration' && HTTP_PACKAGES.includes(node.source.value)) for (const specifier of node.specifiers) this.clients.add(specifier.local.name);
      else if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init) this.stored.push([node.id.name, node.init]);
      else if (node.type === 'AssignmentExpression' && node.operator === '=') {
        if (node.left.type === 'Identifier') this.stored.push([node.left.name, node.right]);
        else if (node.left.type === 'MemberExpression' && node.left.object.type === 'ThisExpression' && lastName(node.left) !== null) this.stored.push([`this.${lastName(node.left)}`, node.right]);
      } else if (node.type === 'ClassProperty' && !node.computed && node.key.type === 'Identifier' && node.value) this.stored.push([`this.${node.key.name}`, node.value]);
    }
    for (let grew = true; grew; ) {
      grew = false;
      for (const [holder, value] of this.stored) {
        if (!this.clients.has(holder) && this.isClient(value)) {
          this.clients.add(holder);
          grew = true;
        }
      }
    }
    for (let grew = true; grew; ) {
      grew = false;
      for (const [holder, value] of this.stored) {
        if (this.serviceNames.has(holder)) continue;
        const api = this.apiOf(value);
        if (api !== null) {
          this.serviceNames.set(holder, api);
          grew = true;
        }
      }
    }
  }

  find(): RateLimitRetry[] {
    const found: RateLimitRetry[] = [];
    for (const node of descendants(this.tree.program)) {
      const retry = this.statusCheck(node) === null ? null : this.retryOf(node);
      if (retry) found.push(retry);
    }
    return found.sort((a, b) => a.start - b.start);
  }

  /**
   * Whether a node checks a status against 429, and its polarity (true: it is true on a 429):
   * `status === 429`, `!== 429`, `case 429`, `[429, 503].includes(status)`, `RETRY_ON.has(status)`
   * with `const RETRY_ON = new Set([429, …])`.
   */
  private statusCheck(node: t.Node): boolean | null {
    if (node.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(node.operator) && (is429(node.left) || is429(node.right))) return node.operator.startsWith('=');
    if (node.type === 'SwitchCase' && node.test && is429(node.test)) return true;
    if ((node.type === 'CallExpression' || node.type === 'OptionalCallExpression') && node.callee.type === 'MemberExpression') {
      const method = lastName(node.callee);
      if ((method === 'includes' || method === 'has') && this.holds429(node.callee.object)) return true;
    }
    return null;
  }

  /** Whether an array or set literal (or a variable holding one) has 429 in it. */
  private holds429(node: t.Node): boolean {
    if (node.type === 'ArrayExpression') return node.elements.some((e) => e !== null && is429(e));
    if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Set' && node.arguments[0]) return this.holds429(node.arguments[0]);
    if (node.type === 'Identifier') {
      const values = this.tree.initializers(node.name);
      return values.length === 1 && !this.tree.isReassigned(node.name) && this.holds429(values[0]!);
    }
    return false;
  }

  /**
   * Whether a value is an HTTP client: a required HTTP package, a client it makes
   * (`axios.create(…)`, `new GraphQLClient(url)`), or one of several clients (`preview ? a : b`).
   */
  private isClient(value: t.Node): boolean {
    const node = value.type === 'AwaitExpression' ? value.argument : value.type === 'TSAsExpression' ? value.expression : value;
    if (node.type === 'Identifier') return this.clients.has(node.name);
    if (node.type === 'ConditionalExpression') return this.isClient(node.consequent) && this.isClient(node.alternate);
    if (!isCall(node)) return false;
    const names = calleeNames(node.callee);
    const first = node.arguments[0];
    if (names.length === 1 && (names[0] === 'require' || names[0] === 'import')) return first?.type === 'StringLiteral' && HTTP_PACKAGES.includes(first.value);
    return this.clients.has(names[0]!) && (node.type === 'NewExpression' || CLIENT_FACTORIES.has(names[names.length - 1]!));
  }

  /** Whether code within `scope` reads what `holder` names (a variable, or `this.name`). */
  private mentions(scope: t.Node, holder: string): boolean {
    if (!holder.startsWith('this.')) return this.tree.references(holder, scope).length > 0;
    for (const node of descendants(scope)) if (node.type === 'MemberExpression' && node.object.type === 'ThisExpression' && `this.${lastName(node)}` === holder) return true;
    return false;
  }

  /** The API of the delivery or GraphQL URLs within a node, written there or through what holds one. */
  private apiOf(node: t.Node): RateLimitedApi | null {
    for (const { url, start } of this.file.urls) {
      if ((url.kind === 'delivery' || url.kind === 'graphql') && start >= node.start! && start < node.end!) return url.kind;
    }
    for (const [holder, api] of this.serviceNames) if (this.mentions(node, holder)) return api;
    return null;
  }

  /** Whether a call sends a request with an HTTP client of its own (not one of the service's SDKs). */
  private isRequest(node: t.Node): boolean {
    if (!isCall(node) || node.type === 'NewExpression') return false;
    const names = calleeNames(node.callee);
    if (this.clients.has(names[0]!)) return true;
    if (names[0] === 'this' && names.length > 2 && this.clients.has(`this.${names[1]}`)) return true;
    return names.length === 2 && names[1] === 'fetch' && ['window', 'globalThis', 'self'].includes(names[0]!);
  }

  private requestsIn(node: t.Node): boolean {
    for (const n of descendants(node)) if (this.isRequest(n)) return true;
    return false;
  }

  /** The retry a 429 check controls, if it has one of the shapes the rule knows and waits a fixed time or not at all. */
  private retryOf(check: t.Node): RateLimitRetry | null {
    let positive = this.statusCheck(check)!;
    // Up through `&&`, `||`, `!` and parentheses to the statement or expression the check decides.
    let node = check;
    let p = this.tree.parent(node);
    while (p && (p.type === 'LogicalExpression' || p.type === 'ParenthesizedExpression' || (p.type === 'UnaryExpression' && p.operator === '!'))) {
      if (p.type === 'UnaryExpression') positive = !positive;
      node = p;
      p = this.tree.parent(p);
    }
    if (!p) return null;
    // The branch that runs on a 429, and the loop that repeats the request when the loop is how it retries.
    let branch: t.Node[];
    let loop: t.Node | null = null;
    if (check.type === 'SwitchCase') branch = check.consequent;
    else if (p.type === 'IfStatement' && p.test === node) {
      const taken = positive ? p.consequent : p.alternate;
      if (taken) branch = [taken];
      else if (exits(p.consequent)) {
        // `if (res.status !== 429) return res;`: what follows is the 429 branch, in a loop or before a recursive call.
        branch = this.followingStatements(p);
        loop = this.loopAround(p);
      } else return null;
    } else if (p.type === 'ConditionalExpression' && p.test === node) branch = [positive ? p.consequent : p.alternate];
    else if ((p.type === 'WhileStatement' || p.type === 'DoWhileStatement' || p.type === 'ForStatement') && p.test === node && positive) {
      branch = [p.body];
      loop = p;
    } else return null;

    const inBranch = branch.flatMap((b) => [...descendants(b)]);
    const enclosing = this.enclosingFunctions(check);
    // How it retries: a call of an enclosing function (recursion), a `continue` of its loop, the loop itself, or a new request.
    const recursive = inBranch.find((n) => this.callsOneOf(n, enclosing));
    const retryFunction = recursive ? enclosing.find((fn) => this.callsOneOf(recursive, [fn]))! : null;
    if (!retryFunction && !loop && inBranch.some((n) => n.type === 'ContinueStatement' && !n.label)) loop = this.loopAround(check);
    const scope = retryFunction ?? loop ?? (inBranch.some((n) => this.isRequest(n)) ? (enclosing[0] ?? this.tree.program) : null);
    // The retried requests are sent with the code's own client (not an SDK), to the delivery or GraphQL API.
    if (scope === null || !this.requestsIn(scope)) return null;
    const owner = retryFunction ?? enclosing[0] ?? this.tree.program;
    const api = this.apiOf(owner) ?? this.apiOfCallers(owner);
    if (api === null || this.readsRateLimitHeader(owner)) return null;
    const delay = this.delayIn(inBranch, scope, retryFunction, enclosing);
    return delay === null ? null : { start: check.start!, delay, api };
  }

  /** The statements after `statement` in its block. */
  private followingStatements(statement: t.Node): t.Node[] {
    const block = this.tree.parent(statement);
    const body = block?.type === 'BlockStatement' || block?.type === 'Program' ? block.body : [];
    const index = (body as t.Node[]).indexOf(statement);
    return index < 0 ? [] : (body as t.Node[]).slice(index + 1);
  }

  /** The functions around a node, innermost first. */
  private enclosingFunctions(node: t.Node): t.Node[] {
    const functions: t.Node[] = [];
    for (let p = this.tree.parent(node); p; p = this.tree.parent(p)) if (isFunction(p)) functions.push(p);
    return functions;
  }

  private callsOneOf(call: t.Node, functions: readonly t.Node[]): boolean {
    if (!isCall(call)) return false;
    const names = calleeNames(call.callee);
    const name = names.length === 1 ? names[0] : names.length === 2 && names[0] === 'this' ? names[1] : undefined;
    return name !== undefined && functions.some((fn) => isFunction(fn) && this.tree.functionName(fn) === name);
  }

  /** The loop a statement is in, within its function. */
  private loopAround(node: t.Node): t.Node | null {
    for (let p = this.tree.parent(node); p && !isFunction(p); p = this.tree.parent(p)) if (LOOPS.has(p.type)) return p;
    return null;
  }

  /** The API of the URLs a named function is called with in this file (`fetchWithRetry(\`https://cdn…\`)`). */
  private apiOfCallers(fn: t.Node | undefined): RateLimitedApi | null {
    const name = fn && isFunction(fn) ? this.tree.functionName(fn) : null;
    if (name === null) return null;
    for (const call of this.file.calls) {
      if (call.callee[call.callee.length - 1] !== name || isInside(call.node, fn!)) continue;
      for (const arg of call.args) {
        const api = this.apiOf(arg);
        if (api !== null) return api;
      }
    }
    return null;
  }

  /** Whether the code reads the reset (or Retry-After) header: a header name in it, or what holds one. */
  private readsRateLimitHeader(scope: t.Node): boolean {
    const isHeader = (node: t.Node) => {
      const text = node.type === 'StringLiteral' ? node.value : node.type === 'TemplateElement' ? node.value.raw : null;
      return text !== null && HEADER_WORDS.some((word) => text.toLowerCase().includes(word));
    };
    for (const node of descendants(scope)) if (isHeader(node)) return true;
    return this.stored.some(([holder, value]) => [...descendants(value)].some(isHeader) && this.mentions(scope, holder));
  }

  /**
   * The wait before a retry: none, fixed (a number, or a variable that does not change between
   * retries), or null when the code computes it (backoff, jitter, a header, an option) or may
   * wait in a call the parser does not know (`await backoff(attempt)` in the 429 branch). Waits
   * count in the branch, and in the loop or function that retries.
   */
  private delayIn(branch: readonly t.Node[], scope: t.Node, retryFunction: t.Node | null, enclosing: readonly t.Node[]): RateLimitRetry['delay'] | null {
    for (const node of branch) {
      if (!isCall(node) || this.isRequest(node) || this.callsOneOf(node, enclosing) || this.waitAmount(node) !== null) continue;
      if (node.type !== 'NewExpression' && BODY_READERS.has(calleeNames(node.callee).at(-1)!)) continue;
      const p = this.tree.parent(node);
      const awaited = p?.type === 'AwaitExpression' || (p?.type === 'MemberExpression' && p.object === node && lastName(p) === 'then');
      const isPromise = node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Promise';
      if (awaited && !isPromise) return null;
    }
    let fixed: string | null | undefined;
    for (const node of new Set([...branch, ...descendants(scope)])) {
      const wait = this.waitAmount(node);
      if (wait === null) continue;
      const value = wait.amount !== null ? this.constant(wait.amount, retryFunction) : wait.method === 'setTimeout' ? 0 : null;
      if (value === undefined) return null;
      fixed ??= value === null ? null : wait.method === 'setTimeout' ? `${value} ms` : `${wait.method}(${value})`;
    }
    return fixed === undefined ? { kind: 'none' } : { kind: 'fixed', wait: fixed };
  }

  /** For a call that waits (`setTimeout(resolve, ms)`, `sleep(ms)`, `delay(ms)` …): its name and the expression of its time (null: none given); null for other nodes. */
  private waitAmount(node: t.Node): { method: string; amount: t.Node | null } | null {
    if (!isCall(node) || node.type === 'NewExpression') return null;
    const names = calleeNames(node.callee);
    const method = names[names.length - 1]!;
    const [first, second] = node.arguments;
    if (method === 'setTimeout') {
      // A timer kept to be cleared is a request timeout, not a wait.
      const holder = this.tree.parent(node);
      if (holder?.type === 'VariableDeclarator' || holder?.type === 'AssignmentExpression') return null;
      // setTimeout(resolve, ms); timers/promises' setTimeout(ms); setTimeout(resolve) without a time.
      const amount = second ?? (first && !isFunction(first) && first.type !== 'Identifier' ? first : null);
      return { method, amount };
    }
    return WAITS.has(method) ? { method, amount: first ?? null } : null;
  }

  /**
   * The value of an expression that is the same on every retry: a number (or arithmetic of
   * numbers), a `const` holding one, or a parameter that no retry changes (null: the parser does
   * not know the number). Undefined for anything else.
   */
  private constant(node: t.Node, retryFunction: t.Node | null): number | null | undefined {
    switch (node.type) {
      case 'NumericLiteral':
        return node.value;
      case 'ParenthesizedExpression':
      case 'TSAsExpression':
        return this.constant(node.expression, retryFunction);
      case 'BinaryExpression': {
        if (node.left.type === 'PrivateName' || !['*', '+', '-', '/'].includes(node.operator)) return undefined;
        const a = this.constant(node.left, retryFunction);
        const b = this.constant(node.right, retryFunction);
        if (a === undefined || b === undefined) return undefined;
        if (a === null || b === null) return null;
        return node.operator === '*' ? a * b : node.operator === '+' ? a + b : node.operator === '-' ? a - b : a / b;
      }
      case 'Identifier': {
        if (this.tree.isReassigned(node.name)) return undefined;
        const values = this.tree.initializers(node.name);
        if (values.length === 1) return this.constant(values[0]!, retryFunction);
        if (values.length > 1) return undefined;
        return this.unchangedParameter(node, retryFunction) ? null : undefined;
      }
      default:
        return undefined;
    }
  }

  /** Whether an identifier is a parameter of an enclosing function that every recursive call passes on unchanged (or leaves out). */
  private unchangedParameter(id: t.Identifier, retryFunction: t.Node | null): boolean {
    for (const fn of this.enclosingFunctions(id)) {
      if (!isFunction(fn)) continue;
      const index = fn.params.findIndex((param) => (param.type === 'AssignmentPattern' ? param.left : param).type === 'Identifier' && ((param.type === 'AssignmentPattern' ? param.left : param) as t.Identifier).name === id.name);
      if (index < 0) continue;
      if (fn !== retryFunction) return true;
      const name = this.tree.functionName(fn);
      return this.file.calls.every((call) => {
        if (!isInside(call.node, fn) || call.callee[call.callee.length - 1] !== name) return true;
        const arg = call.args[index];
        return arg === undefined || (arg.type === 'Identifier' && arg.name === id.name);
      });
    }
    return false;
  }
}

/** Whether a statement always leaves its block: `return`, `throw`, `break` (or a block ending with one). */
function exits(statement: t.Node): boolean {
  if (statement.type === 'ReturnStatement' || statement.type === 'ThrowStatement' || statement.type === 'BreakStatement') return true;
  if (statement.type === 'BlockStatement') {
    const last = statement.body[statement.body.length - 1];
    return last !== undefined && exits(last);
  }
  return false;
}
