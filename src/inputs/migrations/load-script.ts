import Module, { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../space/input-error.js';
import { scriptLineOf, setLineMap } from './call-sites.js';
import { sourceLines } from './line-map.js';

/** What a script exports for the migration tool: `function (migration, context)`. */
export type MigrationFunction = (migration: unknown, context: unknown) => unknown;

/** A script ended its evaluation with `process.exit(code)`. */
export class ScriptExit extends Error {
  constructor(
    readonly code: number | string | null | undefined,
    readonly line: number | undefined,
  ) {
    super(`the script called process.exit(${code ?? ''})`);
  }
}

/**
 * Runs `body` with `process.exit` turned into a thrown ScriptExit: a script's `process.exit` ends
 * its own evaluation, never cmlint. Console output of the script goes to stderr, so that it never
 * mixes into a report written to stdout.
 */
export async function guarded<T>(body: () => Promise<T>): Promise<T> {
  const { exit } = process;
  const { log, info, debug } = console;
  process.exit = ((code?: number | string | null) => {
    const error = new ScriptExit(code, undefined);
    throw new ScriptExit(code, scriptLineOf(error));
  }) as typeof process.exit;
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  const unregister = registerTypeScript();
  try {
    return await body();
  } finally {
    unregister();
    process.exit = exit;
    Object.assign(console, { log, info, debug });
  }
}

/**
 * Loads a migration script as its project would: `require`d from its own folder (so that its
 * own dependencies and helpers resolve), ESM through Node's `require` of ES modules or `import`,
 * TypeScript with its types stripped (positions kept, so that lines stay right). Returns the
 * function to replay: the export itself, its `default`, or `up` (the `contentful-migrate` form).
 */
export async function loadScript(absPath: string, shown: string): Promise<MigrationFunction> {
  let exported: unknown;
  try {
    exported = await guarded(async () => {
      if (extname(absPath) === '.ts' || extname(absPath) === '.mts' || extname(absPath) === '.cts') return loadTypeScript(absPath, shown);
      const require = createRequire(absPath);
      delete require.cache[absPath];
      try {
        return require(absPath) as unknown;
      } catch (error) {
        // An ES module with top-level await cannot be required: import it.
        if ((error as NodeJS.ErrnoException).code !== 'ERR_REQUIRE_ASYNC_MODULE' && (error as NodeJS.ErrnoException).code !== 'ERR_REQUIRE_ESM') throw error;
        return (await import(pathToFileURL(absPath).href)) as unknown;
      }
    });
  } catch (error) {
    throw scriptError(shown, error, 'cannot be loaded');
  }
  const fn = migrationFunction(exported);
  if (!fn) {
    throw new InputError(shown, 'Not a migration script: it exports no function (module.exports = function (migration) {…}, export default, or exports.up)');
  }
  return fn;
}

function migrationFunction(exported: unknown): MigrationFunction | undefined {
  let value = exported;
  for (let depth = 0; depth < 3 && value !== null && value !== undefined; depth++) {
    if (typeof value === 'function') return value as MigrationFunction;
    const object = value as { default?: unknown; up?: unknown };
    if (typeof object.up === 'function') return object.up as MigrationFunction;
    value = object.default;
  }
  return undefined;
}

interface TypeScriptApi {
  transpileModule(source: string, options: { compilerOptions: Record<string, unknown>; fileName: string }): { outputText: string; sourceMapText?: string };
  ModuleKind: { CommonJS: unknown };
  ScriptTarget: { ES2022: unknown };
}

/**
 * Compiles a TypeScript script as a CommonJS module of its folder. With the project's own
 * `typescript` (resolved from the script's folder; TypeScript 5 or earlier, which has
 * `transpileModule`) every form the migration tool documents works (`export =`, imports of
 * types), and lines are mapped back through the source map. Without it, the types are stripped
 * (Node's own stripper, or the `amaro` package it is built on), which keeps every position.
 */
function compileTypeScript(module: NodeModule, absPath: string, shown: string): void {
  const source = readFileSync(absPath, 'utf8');
  let code: string;
  const ts = projectTypeScript(absPath);
  if (ts) {
    const output = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, sourceMap: true, esModuleInterop: true },
      fileName: absPath,
    });
    code = output.outputText.replace(/\/\/# sourceMappingURL=\S*\s*$/, '');
    const map = output.sourceMapText ? (JSON.parse(output.sourceMapText) as { mappings?: string }).mappings : undefined;
    if (map !== undefined) setLineMap(absPath, sourceLines(map));
  } else {
    const strip = typeStripper(absPath);
    try {
      code = strip(source);
    } catch (error) {
      const text = typeof error === 'string' ? error : error instanceof Error ? error.message : String(error);
      const at = /\[(\d+):(\d+)\]/.exec(text);
      const reason = text.split('\n')[0]!.replace(/^\s*x\s*/, '').trim();
      throw new InputError(
        shown,
        `Cannot strip the TypeScript types: ${reason} (without the project's typescript package, cmlint runs .ts scripts with their types removed, as Node does: install typescript in the project, or use export default)`,
        at ? { line: Number(at[1]), column: Number(at[2]) } : undefined,
      );
    }
  }
  (module as unknown as { _compile(code: string, file: string): void })._compile(code, absPath);
}

/** A TypeScript script as a new module of its folder. */
function loadTypeScript(absPath: string, shown: string): unknown {
  const module = new Module(absPath);
  module.filename = absPath;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(absPath));
  compileTypeScript(module, absPath, shown);
  return module.exports;
}

const TS_EXTENSIONS = ['.ts', '.cts'];

/**
 * While scripts run, `require` of the project's own TypeScript helpers (`require('../lib/fields')`
 * from a .ts script) compiles them as the scripts are compiled, as ts-node would; a loader the
 * process has already (ts-node itself) is left alone.
 */
function registerTypeScript(): () => void {
  const extensions = (Module as unknown as { _extensions: Record<string, (module: NodeModule, filename: string) => void> })._extensions;
  const added = TS_EXTENSIONS.filter((ext) => !extensions[ext]);
  for (const ext of added) extensions[ext] = (module, filename) => compileTypeScript(module, filename, filename);
  return () => added.forEach((ext) => delete extensions[ext]);
}

/** The project's `typescript`, if it has `transpileModule` (TypeScript 7 has no such API). */
function projectTypeScript(absPath: string): TypeScriptApi | undefined {
  try {
    const ts = createRequire(absPath)('typescript') as Partial<TypeScriptApi>;
    return typeof ts.transpileModule === 'function' ? (ts as TypeScriptApi) : undefined;
  } catch {
    return undefined;
  }
}

function typeStripper(absPath: string): (source: string) => string {
  const builtIn = (Module as unknown as { stripTypeScriptTypes?: (code: string, options?: { mode: string }) => string }).stripTypeScriptTypes;
  if (builtIn) return (source) => builtIn(source, { mode: 'strip' });
  for (const from of [import.meta.url, absPath]) {
    try {
      const amaro = createRequire(from)('amaro') as { transformSync(code: string, options: { mode: string }): { code: string } };
      return (source) => amaro.transformSync(source, { mode: 'strip-only' }).code;
    } catch {
      // not installed there
    }
  }
  throw new Error('TypeScript scripts need the project\'s typescript package, Node 22.13 or later (it strips types itself), or the amaro package: npm install --save-dev typescript');
}

/** An input error for what loading or running a script threw: its message and the script's line, never a stack trace. */
export function scriptError(shown: string, error: unknown, what: string): InputError {
  if (error instanceof InputError) return error;
  if (error instanceof ScriptExit) {
    return new InputError(shown, `The script called process.exit(${error.code ?? ''}), which ends its evaluation (a variable it needs may be unset)`, error.line ? { line: error.line, column: 1 } : undefined);
  }
  const message = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  // For a syntax error, Node names the script's line first on the stack; for a throw, the innermost frame in the script.
  const line = scriptLineOf(error);
  return new InputError(shown, `The script ${what}: ${message.split('\n')[0]}`, line ? { line, column: 1 } : undefined);
}
