import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Rule } from './engine/rule.js';

/** rules/ beside src/, both in the sources and in dist/. */
const RULES_DIR = new URL('../rules/', import.meta.url);

/**
 * The built-in rules: every module in rules/, whose default export is the rule and whose file
 * name is the rule's id. Adding a rule is adding a file.
 */
export function loadBuiltinRules(): Promise<Rule<never>[]> {
  return (builtinRules ??= importRules());
}

let builtinRules: Promise<Rule<never>[]> | undefined;

async function importRules(): Promise<Rule<never>[]> {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const files = readdirSync(fileURLToPath(RULES_DIR))
    .filter((name) => name.endsWith(ext) && !name.endsWith(`.d${ext}`) && !name.endsWith(`.test${ext}`))
    .sort();
  const modules = await Promise.all(files.map((name) => import(new URL(name, RULES_DIR).href) as Promise<{ default: Rule<never> }>));
  return modules.map((module, i) => {
    const rule = module.default;
    const expected = files[i]!.slice(0, -ext.length);
    if (rule?.meta?.id !== expected) throw new Error(`rules/${files[i]} must export a rule whose meta.id is '${expected}'`);
    return rule;
  });
}
