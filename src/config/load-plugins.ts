import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleProblems } from '../engine/check-rule.js';
import type { Rule } from '../engine/rule.js';
import { FileKindError, checkRegularFile } from '../util/regular-file.js';
import { ConfigError } from './config-error.js';

/** Resolves a plugin: a path relative to the config file, or a package found from the config file's directory. */
function resolvePlugin(spec: string, configPath: string): string {
  if (isAbsolute(spec) || spec.startsWith('./') || spec.startsWith('../')) return resolve(dirname(configPath), spec);
  return createRequire(configPath).resolve(spec);
}

function isNotFound(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The module an import did not find and the file that imports it, in Node's words: "Cannot find
 * package 'x' imported from /…/plugin.mjs"; for require(), the first file of the require stack.
 */
function missingImport(error: NodeJS.ErrnoException & { requireStack?: unknown }): string {
  const first = reason(error).split('\n')[0]!;
  const stack = error.requireStack;
  return Array.isArray(stack) && typeof stack[0] === 'string' ? `${first}, required from ${stack[0]}` : first;
}

/**
 * Loads the rules of the config's `plugins`. A plugin module's default export is a rule (the
 * shape of the files in rules/) or `{ rules: [rule, ...] }`. Plugins come only from the
 * config file, never from input files. A plugin that cannot be loaded, a value that is not a
 * rule, and a rule id that is taken are config errors; `where(i)` prefixes the message about
 * `plugins[i]` with the config file's position.
 */
export async function loadPlugins(
  specs: readonly string[],
  configPath: string,
  taken: readonly Rule<never>[],
  where: (index: number) => string,
): Promise<Rule<never>[]> {
  const ids = new Map(taken.map((rule) => [rule.meta.id, 'a built-in rule']));
  const loaded: Rule<never>[] = [];
  for (const [i, spec] of specs.entries()) {
    const fail = (message: string): never => {
      throw new ConfigError(`${where(i)}: plugin '${spec}': ${message}`);
    };
    let path: string;
    try {
      path = resolvePlugin(spec, configPath);
    } catch (error) {
      return fail(isNotFound(error) ? 'cannot find it' : `cannot load it: ${reason(error)}`);
    }
    if (!existsSync(path)) return fail('cannot find it');
    let module: { default?: unknown; rules?: unknown };
    try {
      // Node's loader reads the module whole: /dev/zero would fill memory, a FIFO wait for ever.
      checkRegularFile(path);
      module = (await import(pathToFileURL(path).href)) as typeof module;
    } catch (error) {
      if (error instanceof FileKindError) return fail(`cannot load it: ${error.message}`);
      // The plugin is there: what is missing is a module it imports (or one of its dependencies does).
      return fail(isNotFound(error) ? `cannot load it: a module it imports is missing: ${missingImport(error)}` : `cannot load it: ${reason(error)}`);
    }
    const exported = (module.default ?? module) as { meta?: unknown; rules?: unknown };
    const rules = exported.meta !== undefined ? [exported] : exported.rules;
    if (!Array.isArray(rules) || rules.length === 0) return fail('must export a rule or { rules: [rule, ...] } as its default export');
    for (const [j, rule] of rules.entries()) {
      const problems = await ruleProblems(rule);
      const id = (rule as Rule<never>).meta?.id;
      const name = typeof id === 'string' ? `rule '${id}'` : `rules[${j}]`;
      if (problems.length > 0) fail(`${name}: ${problems.join('; ')}`);
      const owner = ids.get(id!);
      if (owner) fail(`${name}: the id is taken by ${owner}`);
      ids.set(id!, `plugin '${spec}'`);
      loaded.push(rule as Rule<never>);
    }
  }
  return loaded;
}
