/** cmlint's programmatic API. */
export { lint, loadConfig, type LintOptions, type LintOutcome } from './lint.js';
export { defineRule } from './engine/rule.js';
export type { Enforcement, Rule, RuleContext, RuleMeta, Severity, SeveritySetting, Target, Visitors } from './engine/rule.js';
export type { Finding, RunStats } from './engine/run-rules.js';
export { FORMATTERS } from './format/index.js';
export type { FormatContext, Formatter, LintResult } from './format/types.js';
export { InputError, InputErrors } from './load/input-error.js';
export { ConfigError, type ConfigFile } from './config/load-config.js';
export { fieldNameOf, typeNameOf, type TypeNaming } from './graphql/naming.js';
export { buildSchemaModel, typeNameOrigins, type SchemaModel } from './graphql/schema-model.js';
export { renderSchema } from './graphql/render-sdl.js';
export { schemaProblems, type SchemaProblem } from './graphql/schema-problems.js';
