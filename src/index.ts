/** cmlint's programmatic API. */
export { lint, loadConfig, type LintOptions, type LintOutcome } from './lint.js';
export { defineRule } from './engine/rule.js';
export type { Enforcement, Rule, RuleContext, RuleMeta, Severity, SeveritySetting, Target, Visitors } from './engine/rule.js';
export type { Finding, RunStats } from './engine/run-rules.js';
export { FORMATTERS } from './format/index.js';
export type { FormatContext, Formatter, LintResult } from './format/types.js';
export { InputError, InputErrors } from './load/input-error.js';
export { ConfigError, type ConfigFile } from './config/load-config.js';
