import { resolve } from 'node:path';
import type { Rule } from '../engine/rule.js';
import { builtinRules } from '../engine/rules-registry.js';
import { displayPath } from '../inputs/space/load-space.js';
import { findConfigFile, readConfigFile, type LoadedConfig } from './load-config.js';

/**
 * The config of a run: finds and validates the config file (or the one given) and loads its
 * plugins. The built-in rules are the index's (schema/rule-index.json): a run imports the modules
 * of the rules it runs. Not in load-config.ts, which the rules reach (through resolve-rules.ts):
 * the rules' index would then import itself.
 */
export async function loadConfig(cwd: string, builtins?: readonly Rule<never>[], configPath?: string): Promise<LoadedConfig> {
  const rules = builtins ?? builtinRules();
  // A relative --config is relative to the working directory of the run, not of the process.
  const path = configPath !== undefined ? resolve(cwd, configPath) : findConfigFile(cwd);
  if (path === null) return { config: {}, path: null, rules: [...rules] };
  return { ...(await readConfigFile(path, displayPath(path, cwd), rules)), path };
}
