/** cmlint's programmatic API. */
export { lint, loadConfig, type BaselineReport, type LintOptions, type LintOutcome } from './lint.js';
export { defineRule } from './engine/rule.js';
export type { Enforcement, MessageSpec, ReportDescriptor, Rule, RuleContext, RuleMeta, Severity, SeveritySetting, Target, Visitors } from './engine/rule.js';
export type { Finding, RunStats } from './engine/run-rules.js';
export { BaselineError, type BaselineEntry, type StaleEntry } from './engine/baseline.js';
export { FORMATTERS, MACHINE_FORMATS } from './format/index.js';
export { formatGithub } from './format/github.js';
export { formatJson } from './format/json.js';
export { formatJunit } from './format/junit.js';
export { formatMarkdown } from './format/markdown.js';
export { formatSarif } from './format/sarif.js';
export { formatStylish } from './format/stylish.js';
export type { FormatContext, Formatter, LintResult } from './format/types.js';
export { repositoryRoot } from './repo-root.js';
export { InputError, InputErrors } from './load/input-error.js';
export { ConfigError, type ConfigFile, type LoadedConfig } from './config/load-config.js';
