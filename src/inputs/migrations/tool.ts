import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InputError } from '../space/input-error.js';
import { scriptCaller } from './call-sites.js';
import { recordErrorFields } from './error-fields.js';

/** A request the migration tool sends (or would send) to the service's management API. */
export interface ToolRequest {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  data?: unknown;
}

/** An error the migration tool reports about a script (steps, payloads, or the planned requests). */
export interface ToolError {
  type?: string;
  message: string;
  details?: { intent?: ToolIntent };
}

/** An intent: one step of a script (`createField`, a property of a field …), with its call site. */
export interface ToolIntent {
  type?: string;
  meta?: { callsite?: { file?: string; line?: number } };
  payload?: { contentTypeId?: string; fieldId?: string; props?: Record<string, unknown>; newId?: string };
  intents?: ToolIntent[];
  toRaw?(): { type: string; meta: ToolIntent['meta']; payload: ToolIntent['payload'] };
}

export interface ToolBatch {
  intent: ToolIntent;
  requests: ToolRequest[];
  validationErrors: ToolError[];
  runtimeErrors: unknown[];
}

export interface ParseResult {
  batches: ToolBatch[];
  stepsValidationErrors: ToolError[];
  payloadValidationErrors: ToolError[];
}

export type MakeRequest = (request: ToolRequest) => Promise<unknown>;
export type MigrationParser = (migration: (migration: unknown, context: unknown) => unknown) => Promise<ParseResult>;

export interface MigrationTool {
  createMigrationParser(makeRequest: MakeRequest, config: Record<string, unknown>): MigrationParser;
  version: string;
  /** The locale an error of the tool says does not exist (a default value for it), or null for other errors. */
  unknownLocale(message: string): string | null;
}

const PACKAGE = 'contentful-migration';

let loaded: MigrationTool | undefined;

/**
 * The migration tool's own parser, from `contentful-migration` (an optional peer dependency:
 * it is large, and only runs with `migrations` configured). Looked up from cmlint, then from the
 * project (`cwd`). The tool's record of call sites is pointed at the script being replayed
 * (see scriptCaller) before its modules load.
 */
export function loadMigrationTool(cwd: string, configShown: string, searchFrom: readonly string[] = [import.meta.url, join(cwd, 'package.json')]): MigrationTool {
  if (loaded && searchFrom.includes(import.meta.url)) return loaded;
  let packageJson: string | undefined;
  for (const from of searchFrom) {
    try {
      packageJson = createRequire(from).resolve(`${PACKAGE}/package.json`);
      break;
    } catch {
      // not installed there
    }
  }
  if (packageJson === undefined) {
    throw new InputError(
      configShown,
      `The config key "migrations" needs the migration tool's package, which is not installed: run \`npm install --save-dev ${PACKAGE}\` (cmlint replays the scripts with its parser, offline)`,
    );
  }
  const require = createRequire(packageJson);
  const lib = join(dirname(packageJson), 'built', 'lib');
  const callerModule = join(lib, 'migration-steps', 'first-external-caller.js');
  if (!require.cache[callerModule]) {
    const replacement = new Module(callerModule);
    replacement.filename = callerModule;
    replacement.loaded = true;
    replacement.exports = () => scriptCaller(lib);
    require.cache[callerModule] = replacement;
  }
  const parser = require(join(lib, 'migration-parser.js')) as { createMigrationParser: MigrationTool['createMigrationParser'] };
  // The field each of its content type errors is about, from its own checks (error-fields.ts).
  recordErrorFields((require(join(lib, 'offline-api', 'index.js')) as { OfflineAPI: Parameters<typeof recordErrorFields>[0] }).OfflineAPI);
  const version = (require(packageJson) as { version: string }).version;
  // The tool's own message for a default value in a locale that does not exist, as a pattern.
  const errors = require(join(lib, 'offline-api', 'validator', 'errors.js')) as { default: { field: { defaultValue: { INVALID_LOCALE(field: string, locale: string): string } } } };
  const unknownLocale = templateMatcher(errors.default.field.defaultValue.INVALID_LOCALE);
  loaded = { createMigrationParser: parser.createMigrationParser, version, unknownLocale };
  return loaded;
}

/**
 * Reads the locale out of messages made by the tool's message function `(field, locale) => text`:
 * the function's text around two markers, matched as plain strings.
 */
function templateMatcher(make: (field: string, locale: string) => string): (message: string) => string | null {
  const template = make('\u0001', '\u0002');
  const field = template.indexOf('\u0001');
  const locale = template.indexOf('\u0002');
  const [first, second] = field < locale ? [field, locale] : [locale, field];
  const before = template.slice(0, first);
  const between = template.slice(first + 1, second);
  const after = template.slice(second + 1);
  return (message) => {
    if (!message.startsWith(before) || !message.endsWith(after) || message.length < before.length + after.length) return null;
    const inner = message.slice(before.length, message.length - after.length);
    const at = inner.indexOf(between);
    if (at < 0) return null;
    return locale < field ? inner.slice(0, at) : inner.slice(at + between.length);
  };
}
