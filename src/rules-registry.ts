import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Rule, RuleInput, RuleMeta } from './engine/rule.js';

/** rules/ beside src/, both in the sources and in dist/. */
const RULES_DIR = new URL('../rules/', import.meta.url);
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** schema/ beside src/ (sources) or beside dist/ (built). */
export const RULE_INDEX = new URL(EXT === '.ts' ? '../schema/rule-index.json' : '../../schema/rule-index.json', import.meta.url);

/**
 * The built-in rules, every module in rules/ imported: its default export is the rule and its
 * file name is the rule's id. Adding a rule is adding a file. Runs use `builtinRules()`, which
 * imports no rule module.
 */
export function loadBuiltinRules(): Promise<Rule<never>[]> {
  return (importedRules ??= importRules());
}

let importedRules: Promise<Rule<never>[]> | undefined;

async function importRules(): Promise<Rule<never>[]> {
  const files = readdirSync(fileURLToPath(RULES_DIR))
    .filter((name) => name.endsWith(EXT) && !name.endsWith(`.d${EXT}`) && !name.endsWith(`.test${EXT}`))
    .sort();
  return Promise.all(files.map((name) => importRule(name.slice(0, -EXT.length))));
}

async function importRule(id: string): Promise<Rule<never>> {
  const rule = ((await import(new URL(`${id}${EXT}`, RULES_DIR).href)) as { default: Rule<never> }).default;
  if (rule?.meta?.id !== id) throw new Error(`rules/${id}${EXT} must export a rule whose meta.id is '${id}'`);
  return rule;
}

/** The content of schema/rule-index.json: every built-in rule's metadata, in id order (`npm run generate`). */
export function ruleIndexSource(rules: readonly Rule<never>[]): string {
  return `${JSON.stringify({ rules: rules.map((r) => r.meta) }, null, 2)}\n`;
}

/** A built-in rule of the index: its metadata, and its logic once its module is imported (`loadRuleModules`). */
class IndexedRule implements Rule<never> {
  module: Rule<never> | undefined;
  constructor(readonly meta: RuleMeta) {}
  create(context: Parameters<Rule<never>['create']>[0]): ReturnType<Rule<never>['create']> {
    if (!this.module) throw new Error(`rule ${this.meta.id} ran before its module was imported (loadRuleModules)`);
    return this.module.create(context);
  }
}

let indexedRules: IndexedRule[] | undefined;

/**
 * The built-in rules as schema/rule-index.json describes them, without importing a rule module:
 * their metadata is enough to configure them, list them and describe their findings. A run
 * imports the modules of the rules it runs with `loadRuleModules`.
 */
export function builtinRules(): Rule<never>[] {
  indexedRules ??= (JSON.parse(readFileSync(RULE_INDEX, 'utf8')) as { rules: RuleMeta[] }).rules.map((meta) => new IndexedRule(meta));
  return [...indexedRules];
}

/** Whether a rule has something to check in a run with these inputs besides the model (RuleMeta.inputs). */
function hasInputs(rule: Rule<never>, present: ReadonlySet<RuleInput>): boolean {
  return rule.meta.inputs === undefined || rule.meta.inputs.some((input) => present.has(input));
}

/**
 * The active rules that have something to check in a run with these inputs besides the model,
 * their modules imported. The others are not imported; they find nothing in such a run.
 */
export async function rulesToRun(active: readonly Rule<never>[], present: ReadonlySet<RuleInput>): Promise<Rule<never>[]> {
  const running = active.filter((rule) => hasInputs(rule, present));
  await loadRuleModules(running);
  return running;
}

/** Imports the modules of those rules that come from the index (other rules have their logic already). */
async function loadRuleModules(rules: readonly Rule<never>[]): Promise<void> {
  await Promise.all(
    rules.map(async (rule) => {
      if (rule instanceof IndexedRule) rule.module ??= await importRule(rule.meta.id);
    }),
  );
}

/** The ids of the index's rules whose modules are imported so far (what runs loaded). */
export function importedRuleIds(): string[] {
  return (indexedRules ?? []).filter((rule) => rule.module).map((rule) => rule.meta.id);
}
