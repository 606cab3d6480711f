import { yamlValue } from '../util/yaml-value.js';
import { lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isIsoDate } from '../engine/dates.js';
import type { Rule, Severity, SeveritySetting } from '../engine/rule.js';
import { decodePointer, encodePointer, JsonSyntaxError } from '../inputs/space/json-scan.js';
import { diagnoseJson } from '../inputs/space/json-diagnose.js';
import { JsonSourceFile, locateInYaml } from '../inputs/space/source.js';
import type { Position } from '../model/source-ref.js';
import { globProblems } from './check-globs.js';
import { buildConfigSchema } from './config-schema.js';
import { didYouMean, suggestions } from './closest.js';
import { ConfigError } from './config-error.js';
import { loadPlugins } from './load-plugins.js';
import { knownKeys } from './schema-keys.js';
import { packageFile } from '../util/package-root.js';
import { FileKindError, readRegularFile } from '../util/regular-file.js';
import type { MigrationsApplied } from '../inputs/migrations/applied.js';

export const CONFIG_FILE_NAMES = ['.linterrc.yaml', '.linterrc.yml', '.linterrc.json'] as const;

export interface RuleSettingObject {
  severity?: SeveritySetting;
  upcoming?: SeveritySetting;
  options?: Record<string, unknown>;
}

export type RuleSetting = SeveritySetting | [SeveritySetting, Record<string, unknown>?] | RuleSettingObject;
export type RuleSettings = Record<string, RuleSetting>;
/** In overrides: severities only (the schema refuses options there). */
export type SeverityOverrides = Record<string, SeveritySetting | [SeveritySetting] | Omit<RuleSettingObject, 'options'>>;

/** `.linterrc.yaml` as written (validated against the shipped schema). */
export interface ConfigFile {
  extends?: 'recommended' | 'all' | ('recommended' | 'all')[];
  include?: string[];
  exclude?: string[];
  /** Globs of migration scripts, relative to the config file: replayed on the space before it is linted. */
  migrations?: string[];
  /** The scripts the space on disk already holds: the last of them, or where the space records its version. */
  migrationsApplied?: MigrationsApplied;
  /** The organisation taxonomy export, relative to the config file. */
  taxonomy?: string;
  asOf?: string;
  failOn?: Severity;
  maxWarnings?: number;
  baseline?: string;
  plugins?: string[];
  rules?: RuleSettings;
  overrides?: { contentTypes: string[]; rules: SeverityOverrides }[];
  /** Globs of application source files (JS/TS, scripts, workflows), relative to the config file. */
  sources?: string[];
  /** The service's API hosts (each list replaces the default list of its API). */
  service?: { hosts?: { management?: string[]; delivery?: string[]; preview?: string[]; graphql?: string[] } };
  /** Globs of GraphQL documents (files, or JS/TS/component files embedding operations), relative to the config file. */
  documents?: string[];
}

/** The config of a run: the file's content (empty without a file), its path, and the rules it can configure. */
export interface LoadedConfig {
  config: ConfigFile;
  /** Absolute path of the file, or null when no config file was found. */
  path: string | null;
  /** The built-in rules and the config's plugin rules. */
  rules: Rule<never>[];
}

export { ConfigError };

/**
 * The nearest config file in `cwd` or a parent directory: the first name there, whatever it is.
 * A dangling symbolic link (or a path that cannot be looked at) is the config too, and reading it
 * says why it cannot be read: the search must not go on to another directory's config.
 */
export function findConfigFile(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(dir, name);
      if (isPresent(candidate)) return candidate;
    }
    if (dirname(dir) === dir) return null;
  }
}

function isPresent(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

interface ParsedConfig {
  value: unknown;
  locate(pointer: string): Position;
}

/** More than any config file holds (a long one is a few hundred lines): a larger file is refused before it is read. */
const CONFIG_MAX_BYTES = 1 << 20;

async function parseConfigFile(absPath: string, shown: string): Promise<ParsedConfig> {
  let text: string;
  try {
    text = readRegularFile(absPath, CONFIG_MAX_BYTES).toString('utf8');
  } catch (error) {
    if (error instanceof FileKindError) throw new ConfigError(`${shown}: cannot read config file: ${error.message}`);
    throw new ConfigError(`${shown}: cannot read config file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (absPath.endsWith('.json')) {
    const file = new JsonSourceFile(shown, absPath);
    const buf = file.slice(0, file.size);
    try {
      const value: unknown = JSON.parse(buf.toString('utf8'));
      return { value, locate: (pointer) => file.locate({ file, pointer: '', offset: 0 }, decodePointer(pointer)) };
    } catch {
      try {
        diagnoseJson(buf);
      } catch (error) {
        if (error instanceof JsonSyntaxError) {
          const { line, column } = file.position(error.offset);
          throw new ConfigError(`${shown}:${line}:${column}: invalid JSON: ${error.message}`);
        }
        throw error;
      }
      throw new ConfigError(`${shown}: invalid JSON`);
    }
  }
  const { LineCounter, parseDocument } = await import('yaml');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors
        .map((e) => {
          const { line, col } = lineCounter.linePos(e.pos[0]);
          return `${shown}:${line}:${col}: invalid YAML: ${e.message.split('\n')[0]}`;
        }),
    );
  }
  const data = await yamlValue(doc, lineCounter);
  if (!data.ok) throw new ConfigError(`${shown}:${data.line}:${data.column}: invalid YAML: ${data.message}`);
  return {
    value: data.value ?? {},
    locate: (pointer) => {
      const { line, col } = lineCounter.linePos(locateInYaml(doc, decodePointer(pointer)));
      return { line, column: col };
    },
  };
}

/** A validated config file and the rules it can configure: the built-in ones and its plugins' rules. */
export interface LoadedConfigFile {
  config: ConfigFile;
  rules: Rule<never>[];
}

const validators = new Map<string, ValidateFunction>();

const PRECOMPILED = packageFile('schema/linterrc.validate.mjs');

/**
 * The validator of a config schema, compiled once per schema (programmatic runs lint many times).
 * For the built-in rules alone it is the one compiled ahead of time (`npm run generate`), so that
 * a run with a config file does not compile the schema.
 */
async function configValidator(rules: readonly Rule<never>[], builtinOnly: boolean): Promise<ValidateFunction> {
  if (builtinOnly) return ((await import(PRECOMPILED.href)) as { validate: ValidateFunction }).validate;
  const schema = buildConfigSchema(rules);
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    const { Ajv } = await import('ajv');
    validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Reads a config file, loads its plugins, and validates it against the schema of all those
 * rules (so plugin rules' options are checked like built-in ones); `shown` is the path as
 * messages show it.
 */
export async function readConfigFile(absPath: string, shown: string, builtins: readonly Rule<never>[]): Promise<LoadedConfigFile> {
  const parsed = await parseConfigFile(absPath, shown);
  // A `plugins` of the wrong shape loads nothing here; the schema reports it below.
  const plugins = (parsed.value as { plugins?: unknown } | null)?.plugins;
  const specs = Array.isArray(plugins) && plugins.every((p) => typeof p === 'string' && p !== '') ? (plugins as string[]) : [];
  const where = (i: number): string => {
    const { line, column } = parsed.locate(`/plugins/${i}`);
    return `${shown}:${line}:${column}: plugins[${i}]`;
  };
  const plugged = await loadPlugins(specs, absPath, builtins, where);
  const rules = [...builtins, ...plugged];
  const validate = await configValidator(rules, plugged.length === 0);
  const valid = validate(parsed.value);
  const ruleIds = rules.map((r) => r.meta.id);
  // Only a config with an unknown key needs the schema (for suggestions): built then, once.
  let schema: Record<string, unknown> | undefined;
  const keysAt = (path: readonly string[]) => knownKeys((schema ??= buildConfigSchema(rules)), path);
  const problems = new Map<string, Position>();
  const problem = (pointer: string, message: string): void => {
    const position = parsed.locate(pointer);
    problems.set(`${shown}:${position.line}:${position.column}: ${keyPath(pointer)}: ${message}`, position);
  };
  for (const error of valid ? [] : (validate.errors ?? [])) {
    const described = describeError(error, ruleIds, keysAt);
    if (described) problem(described.pointer, described.message);
  }
  // The schema checks the shape YYYY-MM-DD; a day that does not exist (2025-02-30) is caught here.
  const asOf = (parsed.value as { asOf?: unknown } | null)?.asOf;
  if (typeof asOf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asOf) && !isIsoDate(asOf)) {
    problem('/asOf', `'${asOf}' is not a calendar date (YYYY-MM-DD)`);
  }
  for (const { pointer, message } of globProblems(parsed.value)) problem(pointer, message);
  if (problems.size === 0) return { config: parsed.value as ConfigFile, rules };
  const sorted = [...problems].sort(([, a], [, b]) => a.line - b.line || a.column - b.column);
  throw new ConfigError(sorted.map(([text]) => text));
}

/** `rules.re2-incompatible-pattern[1].flags` for `/rules/re2-incompatible-pattern/1/flags`. */
function keyPath(pointer: string): string {
  const parts = decodePointer(pointer);
  if (parts.length === 0) return '(top level)';
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * An ajv error as a plain sentence about one key, or null for errors that only repeat another.
 * `keysAt` gives the keys the schema knows for the object at a path (for an unknown key's suggestions).
 */
function describeError(error: ErrorObject, ruleIds: readonly string[], keysAt: (path: readonly string[]) => string[]): { pointer: string; message: string } | null {
  const pointer = error.instancePath;
  const parent = decodePointer(pointer);
  switch (error.keyword) {
    case 'if':
      return null;
    case 'additionalProperties': {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      const at = pointer + encodePointer([key]);
      if (parent[parent.length - 1] === 'rules') {
        return { pointer: at, message: `unknown rule '${key}'${didYouMean(suggestions(key, ruleIds))}` };
      }
      if (key === 'options' && parent[0] === 'overrides') {
        return { pointer: at, message: 'options cannot be set in overrides (set them under the top-level rules)' };
      }
      return { pointer: at, message: `unknown key '${key}'${didYouMean(suggestions(key, keysAt(parent)))}` };
    }
    case 'enum': {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
      return { pointer, message: `must be one of ${allowed.join(', ')}` };
    }
    case 'additionalItems': {
      const inOverride = parent[0] === 'overrides';
      return { pointer, message: inOverride ? 'takes only [severity] in overrides (options are set under the top-level rules)' : 'takes at most [severity, options]' };
    }
    default:
      return { pointer, message: error.message ?? 'is not valid' };
  }
}
