import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findConfigFile, readConfigFile, type ConfigFile } from './config/load-config.js';
import { RuleConfiguration } from './config/resolve-rules.js';
import { todayUtc } from './engine/dates.js';
import type { Rule, SeveritySetting } from './engine/rule.js';
import { runRules } from './engine/run-rules.js';
import type { LintResult } from './format/types.js';
import { findInputs } from './load/find-inputs.js';
import { InputError } from './load/input-error.js';
import { displayPath, loadSpace } from './load/load-space.js';
import { loadBuiltinRules } from './rules-registry.js';
import { toolVersion } from './version.js';

export interface LintOptions {
  /** Files, directories or globs; none: the config's `include`, else the working directory. */
  paths: readonly string[];
  cwd: string;
  /** A config file to use instead of looking for one. */
  configPath?: string;
  /** `YYYY-MM-DD`; wins over the config's `asOf`; default today (UTC). */
  asOf?: string;
  /** Severities from `--rule id=severity`; win over the config. */
  ruleSeverities?: Readonly<Record<string, SeveritySetting>>;
  /** The organisation taxonomy export (`--taxonomy`), relative to `cwd`; wins over the config's `taxonomy`. */
  taxonomyPath?: string;
}

export interface LintOutcome {
  result: LintResult;
  config: ConfigFile;
  rules: readonly Rule<never>[];
}

/** Finds and validates the config file (or the one given). */
export async function loadConfig(
  cwd: string,
  rules: readonly Rule<never>[],
  configPath?: string,
): Promise<{ config: ConfigFile; path: string | null }> {
  // A relative --config is relative to the working directory of the run, not of the process.
  const path = configPath !== undefined ? resolve(cwd, configPath) : findConfigFile(cwd);
  if (path === null) return { config: {}, path: null };
  const config = await readConfigFile(path, displayPath(path, cwd), rules);
  return { config, path };
}

/** Lints a space: config, inputs, one walk of all rules. Throws InputErrors / ConfigError / InputError. */
export async function lint(options: LintOptions): Promise<LintOutcome> {
  const rules = await loadBuiltinRules();
  const { config, path } = await loadConfig(options.cwd, rules, options.configPath);
  const asOf = options.asOf ?? config.asOf ?? todayUtc();
  const inputs = await findInputs(options.paths, {
    cwd: options.cwd,
    base: path === null ? options.cwd : dirname(path),
    include: config.include ?? [],
    exclude: config.exclude ?? [],
  });
  if (inputs.length === 0) {
    throw new InputError(options.paths.join(' ') || '.', 'No .json, .yaml or .yml files to lint');
  }
  const taxonomy =
    options.taxonomyPath !== undefined
      ? { absPath: resolve(options.cwd, options.taxonomyPath), namedBy: '--taxonomy' }
      : config.taxonomy !== undefined
        ? { absPath: resolve(path === null ? options.cwd : dirname(path), config.taxonomy), namedBy: 'the config key "taxonomy"' }
        : undefined;
  if (taxonomy && !statSync(taxonomy.absPath, { throwIfNoEntry: false })?.isFile()) {
    throw new InputError(displayPath(taxonomy.absPath, options.cwd), `No such file (the taxonomy export named by ${taxonomy.namedBy})`);
  }
  const space = await loadSpace(inputs, options.cwd, { taxonomy });
  const configuration = new RuleConfiguration(rules, config, options.ruleSeverities);
  const { findings, stats } = await runRules(space, configuration, asOf);
  return { result: { tool: { name: 'cmlint', version: toolVersion() }, asOf, findings, stats }, config, rules };
}
