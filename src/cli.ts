import { parseArgs } from 'node:util';
import { ConfigError } from './config/load-config.js';
import { closest } from './config/closest.js';
import { enforcementStatus, isIsoDate, todayUtc, upcomingLabel } from './engine/dates.js';
import { SEVERITY_RANK, type Rule, type RuleMeta, type Severity, type SeveritySetting } from './engine/rule.js';
import type { Finding } from './engine/run-rules.js';
import { defaultOptions } from './config/resolve-rules.js';
import { renderRuleDoc, ruleDocsPath } from './docs/rule-docs.js';
import { FORMATTERS } from './format/index.js';
import { InputError, InputErrors } from './load/input-error.js';
import { lint } from './lint.js';
import { loadBuiltinRules } from './rules-registry.js';
import { toolVersion } from './version.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** stdout is a terminal (colours are used only then). */
  isTTY: boolean;
}

const HELP = `Usage: cmlint [lint] [paths...] [options]
       cmlint rules [--as-of DATE] [--format stylish|json]
       cmlint explain <rule-id>

Lints content models exported from the service (content types, editor interfaces, locales,
entries, assets) and reports what the service refuses, each finding tied to the date the
service enforces it.

Paths are export files (.json, .yaml, .yml), directories or globs. Without paths, the
config's "include" globs are linted, else the working directory. An organisation taxonomy
export ({"taxonomy": {...}}) among them is read as the taxonomy.

Options:
  -c, --config FILE        use this config file instead of the nearest .linterrc.yaml
      --taxonomy FILE      the organisation taxonomy export (concepts and concept schemes);
                           wins over the config's "taxonomy"
      --as-of DATE         judge enforcement dates as of DATE (YYYY-MM-DD; default today, UTC)
  -f, --format NAME        output format: stylish (default) or json
      --fail-on SEVERITY   lowest severity that fails the run: error (default), warning, info
      --max-warnings N     fail the run when there are more than N warnings
      --rule ID=SEVERITY   set a rule's severity (error, warning, info, off); repeatable
  -q, --quiet              show only the findings that fail the run
      --no-color           no colours (also when NO_COLOR is set or output is not a terminal)
  -v, --version            print the version
  -h, --help               print this help

Exit codes: 0 no failing findings; 1 findings fail the run; 2 usage, config or input error,
or a rule crashed.`;

class UsageError extends Error {}

const SEVERITIES: readonly SeveritySetting[] = ['error', 'warning', 'info', 'off'];

function parseSeverity(value: string, what: string): SeveritySetting {
  if (!(SEVERITIES as readonly string[]).includes(value)) {
    throw new UsageError(`${what}: '${value}' is not a severity (error, warning, info, off)`);
  }
  return value as SeveritySetting;
}

function parseRuleFlags(values: readonly string[], rules: readonly Rule<never>[]): Record<string, SeveritySetting> {
  const ids = rules.map((r) => r.meta.id);
  const result: Record<string, SeveritySetting> = {};
  for (const value of values) {
    const eq = value.lastIndexOf('=');
    if (eq <= 0) throw new UsageError(`--rule '${value}': expected ID=SEVERITY, e.g. --rule hidden-required-field=warning`);
    const id = value.slice(0, eq);
    if (!ids.includes(id)) {
      const suggestion = closest(id, ids);
      throw new UsageError(`--rule: unknown rule '${id}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`);
    }
    result[id] = parseSeverity(value.slice(eq + 1), `--rule ${id}`);
  }
  return result;
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: 'string', short: 'c' },
        taxonomy: { type: 'string' },
        'as-of': { type: 'string' },
        format: { type: 'string', short: 'f' },
        'fail-on': { type: 'string' },
        'max-warnings': { type: 'string' },
        rule: { type: 'string', multiple: true },
        quiet: { type: 'boolean', short: 'q' },
        'no-color': { type: 'boolean' },
        version: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // First sentence only: Node's messages go on with advice, sometimes on further lines.
    const message = (error as Error).message.split(/\.(?:\s|$)/)[0] || 'invalid arguments';
    throw new UsageError(message.replace(/^Unknown option/, 'unknown option').replace(/^Option/, 'option'));
  }
}

/** Runs cmlint with command-line arguments and returns the exit code (only the bin sets it). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`cmlint: ${error.message}\nRun 'cmlint --help' for usage.\n`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof InputErrors) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.stderr(`${error.format()}\n`);
      return 2;
    }
    const detail = error instanceof Error ? (io.env.CMLINT_DEBUG ? (error.stack ?? error.message) : error.message) : String(error);
    io.stderr(`cmlint: internal error (a bug in cmlint, please report it): ${detail}\n${io.env.CMLINT_DEBUG ? '' : 'Set CMLINT_DEBUG=1 to see where it happened.\n'}`);
    return 2;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    io.stdout(`${HELP}\n`);
    return 0;
  }
  if (values.version) {
    io.stdout(`${toolVersion()}\n`);
    return 0;
  }
  const asOf = values['as-of'];
  if (asOf !== undefined && !isIsoDate(asOf)) throw new UsageError(`--as-of: '${asOf}' is not a date (YYYY-MM-DD)`);
  const format = values.format ?? 'stylish';
  if (!(format in FORMATTERS)) throw new UsageError(`--format: unknown format '${format}' (stylish, json)`);
  const color = io.isTTY && !values['no-color'] && !io.env.NO_COLOR && format === 'stylish';

  const [command, ...rest] = positionals;
  if (command === 'rules') {
    if (rest.length > 0) throw new UsageError(`rules: unexpected argument '${rest[0]}'`);
    io.stdout(listRules(await loadBuiltinRules(), asOf ?? todayUtc(), format));
    return 0;
  }
  if (command === 'explain') {
    if (rest.length !== 1) throw new UsageError('explain: expected one rule id');
    const rules = await loadBuiltinRules();
    const rule = rules.find((r) => r.meta.id === rest[0]);
    if (!rule) {
      const suggestion = closest(rest[0]!, rules.map((r) => r.meta.id));
      throw new UsageError(
        `explain: unknown rule '${rest[0]}'${suggestion ? ` (did you mean '${suggestion}'?)` : "; 'cmlint rules' lists them"}`,
      );
    }
    io.stdout(explainRule(rule, asOf ?? todayUtc()));
    return 0;
  }
  const paths = command === 'lint' ? rest : positionals;

  const failOnFlag = values['fail-on'];
  if (failOnFlag !== undefined && !['error', 'warning', 'info'].includes(failOnFlag)) {
    throw new UsageError(`--fail-on: '${failOnFlag}' is not error, warning or info`);
  }
  const maxWarningsFlag = values['max-warnings'];
  if (maxWarningsFlag !== undefined && !/^\d+$/.test(maxWarningsFlag)) {
    throw new UsageError(`--max-warnings: '${maxWarningsFlag}' is not a whole number`);
  }
  const ruleSeverities = values.rule ? parseRuleFlags(values.rule, await loadBuiltinRules()) : {};

  const { result, config, rules } = await lint({
    paths,
    cwd: io.cwd,
    configPath: values.config,
    asOf,
    ruleSeverities,
    taxonomyPath: values.taxonomy,
  });

  const failOn = (failOnFlag ?? config.failOn ?? 'error') as Severity;
  const maxWarnings = maxWarningsFlag !== undefined ? Number(maxWarningsFlag) : config.maxWarnings;
  const fails = failingFindings(result.findings, failOn, maxWarnings);
  const shown = values.quiet ? result.findings.filter((f) => fails.has(f)) : result.findings;
  io.stdout(FORMATTERS[format]!({ ...result, findings: shown }, { color, rules: rules.map((r) => r.meta) }));
  return exitCode(result.findings, fails);
}

/** Findings that fail the run: at or above `failOn`, and all warnings when there are more than `maxWarnings`. */
function failingFindings(findings: readonly Finding[], failOn: Severity, maxWarnings: number | undefined): Set<Finding> {
  const warnings = findings.filter((f) => f.severity === 'warning');
  const tooManyWarnings = maxWarnings !== undefined && warnings.length > maxWarnings;
  return new Set(findings.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[failOn] || (tooManyWarnings && f.severity === 'warning')));
}

/** 2 if a rule crashed; 1 if any finding fails the run; else 0. */
function exitCode(findings: readonly Finding[], fails: ReadonlySet<Finding>): number {
  if (findings.some((f) => f.internal)) return 2;
  return fails.size > 0 ? 1 : 0;
}

function statusText({ enforcement }: RuleMeta, asOf: string): string {
  const status = enforcementStatus(enforcement, asOf);
  if (status === 'upcoming') return upcomingLabel(enforcement.date!, asOf);
  if (status === 'enforced') return `enforced since ${enforcement.date}`;
  return enforcement.note ?? 'in effect (no date)';
}

function listRules(rules: readonly Rule<never>[], asOf: string, format: string): string {
  if (format === 'json') {
    const list = rules.map(({ meta }) => ({
      id: meta.id,
      severity: meta.severity,
      recommended: meta.recommended,
      enforcement: { ...meta.enforcement, status: enforcementStatus(meta.enforcement, asOf) },
      description: meta.description,
      docs: ruleDocsPath(meta.id),
    }));
    return `${JSON.stringify({ asOf, rules: list }, null, 2)}\n`;
  }
  const rows = rules.map(({ meta }) => [meta.id, meta.severity, statusText(meta, asOf), meta.description]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ['rule', 'severity', 'enforcement'][i]!.length));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ').trimEnd();
  return `${[line(['rule', 'severity', 'enforcement', 'description']), ...rows.map(line)].join('\n')}\n\nAs of ${asOf}. Details: cmlint explain <rule>\n`;
}

function explainRule(rule: Rule<never>, asOf: string): string {
  const page = renderRuleDoc(rule.meta, defaultOptions(rule));
  const [title, ...rest] = page.split('\n');
  return [title, '', `Status as of ${asOf}: ${statusText(rule.meta, asOf)}`, ...rest, `Docs: ${ruleDocsPath(rule.meta.id)} in the cmlint package`, ''].join('\n');
}
