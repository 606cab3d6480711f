import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from './config/load-config.js';
import { closest } from './config/closest.js';
import { enforcementStatus, isIsoDate, todayUtc, upcomingLabel } from './engine/dates.js';
import { enforcementAt, stagesText } from './engine/stages.js';
import { SEVERITY_RANK, type Rule, type RuleMeta, type Severity, type SeveritySetting } from './engine/rule.js';
import { internalFindings, type Finding, type FindingList } from './engine/findings.js';
import { defaultOptions } from './config/resolve-rules.js';
import { BaselineError, type StaleEntry } from './pipeline/baseline.js';
import { inputErrorLine, isInputError } from './engine/input-findings.js';
import { FORMAT_NAMES, MACHINE_FORMATS, loadFormatChunks } from './format/load.js';
import { quoted, readable, visible } from './util/safe-text.js';
import { countBySeverity, type FormatContext } from './format/types.js';
import { InputError, InputErrors } from './inputs/space/input-error.js';
import type { BaseTree } from './pipeline/git-base.js';
import { lintReport, loadConfig, readSpace, type BaselineReport, type BeforeInputs } from './pipeline/lint.js';
import { isSpaceExport } from './inputs/space/load-space.js';
import { recordOf } from './model/nodes.js';
import { OutputFileError, batches, isStdout, prepareOutputFile, writeOutputFile } from './pipeline/output-file.js';
import { progressDelay, progressLine, showProgress } from './cli/progress.js';
import { repositoryRoot } from './util/repo-root.js';
import { toolVersion } from './util/version.js';

/** The rule pages' renderer, loaded by `rules` and `explain` only. */
type RuleDocs = typeof import('./docs/rule-docs.js');

export interface CliIo {
  /**
   * Writes to stdout. It may return a promise that settles once the text is written: the CLI
   * waits for it between the pieces of a report, so that a slow reader (a pipe) holds the report
   * back rather than cmlint's memory filling with it.
   */
  stdout: (text: string) => void | Promise<void>;
  stderr: (text: string) => void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** stdout is a terminal (colours are used only then). */
  isTTY: boolean;
  /** stderr is a terminal (progress is shown only then). */
  stderrIsTTY?: boolean;
}

const HELP = `Usage: cmlint [lint] [paths...] [options]
       cmlint rules [--as-of DATE] [--format stylish|json]
       cmlint explain <rule-id>
       cmlint graphql-schema [paths...] [--config FILE]
       cmlint diff <before> <after> [options]
       cmlint diff --base <git-ref> [paths...] [options]
       cmlint init

Lints content models exported from the service (content types, editor interfaces, locales,
entries, assets) and reports what the service refuses, each finding tied to the date the
service enforces it.

Paths are export files (.json, .yaml, .yml), directories or globs. Without paths, the
config's "include" globs are linted, else the working directory. With paths and a config
"include", the include is linted and findings are reported for the named files only (as a
pre-commit hook does); named files outside it are skipped. An organisation taxonomy export
({"taxonomy": {...}}) among the inputs is read as the taxonomy.

Options:
  -c, --config FILE        use this config file instead of the nearest .linterrc.yaml
      --taxonomy FILE      the organisation taxonomy export (concepts and concept schemes);
                           wins over the config's "taxonomy"
      --as-of DATE         judge enforcement dates as of DATE (YYYY-MM-DD; default today, UTC)
  -f, --format NAME[:FILE] output format, to stdout or to FILE; repeatable, at most one to
                           stdout: stylish (default), json, sarif, junit, github, markdown
      --baseline FILE      hide the findings recorded in FILE (default: the config's baseline)
      --baseline-write FILE  record the findings of this run in FILE (a baseline)
      --prune-baseline     remove recorded findings that no longer occur from the baseline
      --fail-on SEVERITY   lowest severity that fails the run: error (default), warning, info
      --max-warnings N     fail the run when there are more than N warnings
  -j, --jobs N             threads (the main one included) for the entries of export files over 64 MB
                           (default 1; at most the threads the machine runs at once)
      --rule ID=SEVERITY   set a rule's severity (error, warning, info, off); repeatable
      --base REF           diff: the state before the change is the commit REF (e.g. origin/main)
  -q, --quiet              show only the findings that fail the run
      --no-color           no colours (also when NO_COLOR is set or output is not a terminal)
  -v, --version            print the version
  -h, --help               print this help

diff compares two states of the content model and reports what the change breaks: content
types, fields and locales removed, field types changed, fields made non-localized, validations
and links narrowed and fields made required under existing entries (naming them), and breaking
changes of the predicted GraphQL schema. <before> and <after> are export files, directories or
globs; with --base, the inputs (the named paths, else the config's "include") as committed at
<git-ref> are compared with the working tree (git archive into a temporary directory; the work
tree is not touched). Findings say "breaking" or "dangerous"; a safe change is not reported.
Outputs, --fail-on, the baseline and exit codes work as for lint.

graphql-schema prints the GraphQL schema (SDL) that the service would generate for the content
types; when GraphQL names collide it prints the collisions on stderr instead and exits 1.

Exit codes: 0 no failing findings; 1 findings fail the run; 2 usage, config or input error,
a rule crashed, or the baseline records findings that no longer occur.`;

class UsageError extends Error {}

const SEVERITIES: readonly SeveritySetting[] = ['error', 'warning', 'info', 'off'];

function parseSeverity(value: string, what: string): SeveritySetting {
  if (!(SEVERITIES as readonly string[]).includes(value)) {
    throw new UsageError(`${what}: '${value}' is not a severity (error, warning, info, off)`);
  }
  return value as SeveritySetting;
}

/** Where one format goes: stdout, or a file (absolute path, and as given). */
interface Output {
  format: string;
  file: { absPath: string; shown: string } | null;
}

/** `-f NAME` (stdout) or `-f NAME:FILE` (`/dev/stdout` is stdout); at most one to stdout, each file once. Default: stylish to stdout. */
function parseOutputs(values: readonly string[], cwd: string): Output[] {
  const outputs: Output[] = [];
  for (const value of values.length > 0 ? values : ['stylish']) {
    const colon = value.indexOf(':');
    const format = colon < 0 ? value : value.slice(0, colon);
    const file = colon < 0 ? null : value.slice(colon + 1);
    if (!FORMAT_NAMES.includes(format)) throw new UsageError(`--format: unknown format '${format}' (${FORMAT_NAMES.join(', ')})`);
    if (file === '') throw new UsageError(`--format ${value}: no file after ':'`);
    const absPath = file === null ? null : resolve(cwd, file);
    outputs.push({ format, file: absPath === null || isStdout(absPath) ? null : { absPath, shown: file! } });
  }
  const onStdout = outputs.filter((o) => o.file === null);
  if (onStdout.length > 1) {
    throw new UsageError(`--format: only one format can go to stdout (${onStdout.map((o) => o.format).join(', ')}); write the others to files with NAME:FILE`);
  }
  const files = outputs.flatMap((o) => (o.file ? [o.file.absPath] : []));
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice) throw new UsageError(`--format: two formats write to ${outputs.find((o) => o.file?.absPath === twice)!.file!.shown}`);
  return outputs;
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
        format: { type: 'string', short: 'f', multiple: true },
        baseline: { type: 'string' },
        'baseline-write': { type: 'string' },
        'prune-baseline': { type: 'boolean' },
        'fail-on': { type: 'string' },
        'max-warnings': { type: 'string' },
        jobs: { type: 'string', short: 'j' },
        rule: { type: 'string', multiple: true },
        base: { type: 'string' },
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
      io.stderr(`cmlint: ${readable(error.message)}\nRun 'cmlint --help' for usage.\n`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof InputErrors || error instanceof BaselineError || error instanceof OutputFileError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.stderr(`${error.format()}\n`);
      return 2;
    }
    const detail = error instanceof Error ? (io.env.CMLINT_DEBUG ? (error.stack ?? error.message) : visible(error.message)) : visible(String(error));
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
  const [command, ...rest] = positionals;

  if (command === 'rules' || command === 'explain') {
    const formats = values.format ?? ['stylish'];
    const format = formats[formats.length - 1]!;
    if (formats.length > 1 || !['stylish', 'json'].includes(format) || (command === 'explain' && format !== 'stylish')) {
      throw new UsageError(`${command}: --format takes ${command === 'rules' ? 'stylish or json' : 'stylish only'}`);
    }
    const { rules } = await loadConfig(io.cwd, undefined, values.config);
    const docs = await import('./docs/rule-docs.js');
    if (command === 'rules') {
      if (rest.length > 0) throw new UsageError(`rules: unexpected argument '${rest[0]}'`);
      io.stdout(listRules(rules, asOf ?? todayUtc(), format, docs));
      return 0;
    }
    if (rest.length !== 1) throw new UsageError('explain: expected one rule id');
    const rule = rules.find((r) => r.meta.id === rest[0]);
    if (!rule) {
      const suggestion = closest(rest[0]!, rules.map((r) => r.meta.id));
      throw new UsageError(
        `explain: unknown rule '${quoted(rest[0]!)}'${suggestion ? ` (did you mean '${suggestion}'?)` : "; 'cmlint rules' lists them"}`,
      );
    }
    io.stdout(explainRule(rule, asOf ?? todayUtc(), docs));
    return 0;
  }
  if (command === 'graphql-schema') return graphqlSchema(rest, values, io);
  if (command === 'init') {
    if (rest.length > 0) throw new UsageError(`init: unexpected argument '${rest[0]}'`);
    // Loaded here, as the other commands' modules below: a lint run does not need them (cold start).
    const { InitError, initConfig } = await import('./cli/init.js');
    let written: Awaited<ReturnType<typeof initConfig>>;
    try {
      written = await initConfig(io.cwd);
    } catch (error) {
      if (!(error instanceof InitError)) throw error;
      io.stderr(`cmlint init: ${visible(error.message)}\n`);
      return 2;
    }
    io.stdout(
      `Wrote ${written.path} for ${[
        ...(written.exportFiles.length > 0 || written.migrations.length === 0 ? [`${written.exportFiles.length} export ${written.exportFiles.length === 1 ? 'file' : 'files'}`] : []),
        ...(written.migrations.length > 0 ? ['migration scripts'] : []),
      ].join(' and ')}:\n` +
        `${[
          ...written.include.map((glob) => `  include: ${glob}`),
          ...written.exclude.map((glob) => `  exclude: ${glob}`),
          ...written.documents.map((glob) => `  documents: ${glob}`),
          ...written.sources.map((glob) => `  sources: ${glob}`),
          ...written.migrations.map((glob) => `  migrations: ${glob}`),
        ].join('\n')}\nRun 'cmlint' to lint them.\n`,
    );
    return 0;
  }
  if (values.base !== undefined && command !== 'diff') throw new UsageError('--base applies to cmlint diff only');
  let paths = command === 'lint' || command === 'diff' ? rest : positionals;

  const outputs = parseOutputs(values.format ?? [], io.cwd);
  for (const { format, file } of outputs) {
    if (file && (await isSpaceExport(file.absPath))) {
      throw new UsageError(`--format ${format}:${file.shown}: this file is a space export: cmlint never writes over its inputs (choose another report file)`);
    }
  }
  for (const { file } of outputs) if (file) await prepareOutputFile(file.absPath, file.shown);
  const failOnFlag = values['fail-on'];
  if (failOnFlag !== undefined && !['error', 'warning', 'info'].includes(failOnFlag)) {
    throw new UsageError(`--fail-on: '${failOnFlag}' is not error, warning or info`);
  }
  const maxWarningsFlag = values['max-warnings'];
  if (maxWarningsFlag !== undefined && !/^\d+$/.test(maxWarningsFlag)) {
    throw new UsageError(`--max-warnings: '${maxWarningsFlag}' is not a whole number`);
  }
  const jobsFlag = values.jobs;
  if (jobsFlag !== undefined && !/^[1-9]\d*$/.test(jobsFlag)) throw new UsageError(`--jobs: '${jobsFlag}' is not a whole number of at least 1`);
  // More threads than the machine runs at once only add start-up, memory and contention.
  const jobs = jobsFlag === undefined ? undefined : Math.min(Number(jobsFlag), availableParallelism());
  if (values['baseline-write'] !== undefined && values.baseline !== undefined) {
    throw new UsageError('--baseline-write and --baseline: give one (--baseline-write records a new baseline and uses it)');
  }
  if (values['baseline-write'] !== undefined && values['prune-baseline']) {
    throw new UsageError('--prune-baseline: nothing to prune in a baseline that --baseline-write records');
  }

  const loaded = await loadConfig(io.cwd, undefined, values.config);
  const ruleSeverities = values.rule ? parseRuleFlags(values.rule, loaded.rules) : {};
  if (values['prune-baseline'] && values.baseline === undefined && loaded.config.baseline === undefined) {
    throw new UsageError('--prune-baseline: no baseline (give --baseline FILE or set baseline in the config)');
  }
  const stdoutFormat = outputs.find((o) => o.file === null)?.format;
  const progress = showProgress(io.stderrIsTTY === true, io.env, stdoutFormat !== undefined && MACHINE_FORMATS.has(stdoutFormat))
    ? progressLine(io.stderr, Date.now, progressDelay(io.env))
    : null;
  let before: BeforeInputs | undefined;
  let baseTree: BaseTree | undefined;
  if (command === 'diff') {
    if (values.jobs !== undefined) throw new UsageError('diff: --jobs does not apply');
    if (values.base !== undefined) {
      const { extractBase, GitBaseError } = await import('./pipeline/git-base.js');
      try {
        baseTree = await extractBase(values.base, io.cwd);
      } catch (error) {
        if (error instanceof GitBaseError) throw new UsageError(error.message);
        throw error;
      }
    } else {
      if (paths.length !== 2) throw new UsageError('diff: expected <before> <after> (two exports, directories or globs), or --base <git-ref> [paths...]');
      before = { paths: [paths[0]!], cwd: io.cwd, base: loaded.path === null ? io.cwd : dirname(loaded.path) };
      paths = [paths[1]!];
    }
  }
  if (jobs !== undefined && jobs < Number(jobsFlag)) io.stderr(`cmlint: --jobs ${jobsFlag}: this machine runs ${jobs} threads at a time; using ${jobs}.\n`);
  let outcome;
  try {
    if (baseTree) before = (await import('./pipeline/git-base.js')).baseInputs(baseTree, paths, io.cwd, loaded.path === null ? io.cwd : dirname(loaded.path));
    outcome = await lintReport({
      paths,
      cwd: io.cwd,
      config: loaded,
      asOf,
      ruleSeverities,
      ...(values.taxonomy !== undefined ? { taxonomyPath: values.taxonomy } : {}),
      ...(values.baseline !== undefined ? { baseline: values.baseline } : {}),
      ...(values['baseline-write'] !== undefined ? { baselineWrite: values['baseline-write'] } : {}),
      pruneBaseline: values['prune-baseline'] === true,
      ...(progress ? { onProgress: progress.onProgress } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
      ...(before ? { before } : {}),
    });
  } finally {
    progress?.done();
    await baseTree?.remove();
  }
  const { result, config, rules, baseline } = outcome;

  const failOn = (failOnFlag ?? config.failOn ?? 'error') as Severity;
  const maxWarnings = maxWarningsFlag !== undefined ? Number(maxWarningsFlag) : config.maxWarnings;
  const fails = failsRun(result.findings, failOn, maxWarnings);
  const shown = values.quiet ? result.findings.filter(fails.test) : result.findings;
  const context: FormatContext = { color: false, rules: rules.map((r) => r.meta), cwd: io.cwd, root: repositoryRoot(io.cwd) };
  for (const output of outputs) {
    const color = output.file === null && output.format === 'stylish' && io.isTTY && !values['no-color'] && !io.env.NO_COLOR;
    const chunks = (await loadFormatChunks(output.format))({ ...result, findings: shown }, { ...context, color });
    if (output.file === null) for (const batch of batches(chunks)) await io.stdout(batch);
    else await writeOutputFile(output.file.absPath, output.file.shown, chunks);
  }
  if (baseline) io.stderr(baselineMessage(baseline));
  // Shown by stylish on stdout; otherwise on stderr too, so that a run whose reports go to files or to a program still says why it stopped.
  const internal = internalFindings(result.findings);
  const inputErrors = internal.filter(isInputError);
  if (inputErrors.length > 0 && stdoutFormat !== 'stylish') io.stderr(`${inputErrors.map(inputErrorLine).join('\n')}\n`);
  if (internal.length > 0) return 2;
  if (baseline && baseline.stale.length > 0 && !baseline.pruned) return 2;
  return fails.any ? 1 : 0;
}


function staleLine(entry: StaleEntry): string {
  const target = [
    entry.file ?? null,
    entry.operation ?? null,
    entry.contentType,
    entry.entry === null ? null : `entry ${entry.entry}`,
    entry.field,
    entry.locale,
  ]
    .filter((p) => p !== null)
    .join(' › ');
  return `  ${quoted(entry.ruleId)} ${quoted(target) || '(space)'}: recorded ${entry.count}, found ${entry.found}`;
}

/** What the run did with the baseline, for stderr: written, pruned, or stale entries to prune. */
function baselineMessage(baseline: BaselineReport): string {
  const path = visible(baseline.path);
  if (baseline.notWritten !== null) return `${path}: ${visible(baseline.notWritten)}\n`;
  if (baseline.written) return `cmlint: baseline written to ${path}\n`;
  const n = baseline.stale.length;
  if (n === 0) return '';
  const entries = `${n} recorded ${n === 1 ? 'finding that no longer occurs' : 'findings that no longer occur'}`;
  if (baseline.pruned) return `cmlint: removed ${entries} from ${path}\n`;
  return [
    `cmlint: the baseline ${path} has ${entries} (fixed, or the rule changed):`,
    ...baseline.stale.map(staleLine),
    `Run again with --prune-baseline to remove them from ${path}.`,
    '',
  ].join('\n');
}

/** Flags of the lint command that `graphql-schema` does not take. */
const LINT_ONLY_FLAGS = ['base', 'as-of', 'format', 'fail-on', 'max-warnings', 'rule', 'quiet', 'baseline', 'baseline-write', 'prune-baseline', 'taxonomy', 'jobs'] as const;

/** `cmlint graphql-schema`: the predicted SDL on stdout (exit 0), or the name collisions on stderr (exit 1). */
async function graphqlSchema(paths: readonly string[], values: ReturnType<typeof parse>['values'], io: CliIo): Promise<number> {
  const flag = LINT_ONLY_FLAGS.find((name) => values[name] !== undefined);
  if (flag) throw new UsageError(`graphql-schema: --${flag} does not apply`);
  const { space } = await readSpace({ paths, cwd: io.cwd, configPath: values.config });
  // Loaded here: a lint run does not need the renderer.
  const [{ buildSchemaModel }, { renderSchema }, { schemaProblems }] = await Promise.all([
    import('./graphql/schema-model.js'),
    import('./graphql/render-sdl.js'),
    import('./graphql/schema-problems.js'),
  ]);
  const model = buildSchemaModel([...space.model.contentTypes.values()]);
  const problems = schemaProblems(model);
  if (problems.length === 0) {
    io.stdout(renderSchema(model));
    return 0;
  }
  const lines = problems.map(({ service, message, node }) => {
    const { source, path } = recordOf(node);
    const position = source.file.locate(source, [...path, ...(node.kind === 'field' ? ['id'] : ['sys', 'id'])]);
    const label = service ?? 'not documented by the service';
    return { file: source.file.path, position, text: `${source.file.path}:${position.line}:${position.column}: ${message} [${label}]` };
  });
  for (const file of space.files) file.release();
  lines.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.position.line - b.position.line || a.position.column - b.position.column));
  io.stderr(`cmlint: GraphQL names collide, so no schema is printed:\n${lines.map((l) => visible(l.text)).join('\n')}\n`);
  return 1;
}

/**
 * Whether a finding fails the run (at or above `failOn`, or a warning beyond `maxWarnings`): a
 * test, not a set of the findings; and whether any does (from the counts by severity).
 */
function failsRun(findings: FindingList, failOn: Severity, maxWarnings: number | undefined): { test: (finding: Finding) => boolean; any: boolean } {
  const counts = countBySeverity(findings);
  const tooManyWarnings = maxWarnings !== undefined && counts.warning > maxWarnings;
  const fails = (severity: Severity) => SEVERITY_RANK[severity] >= SEVERITY_RANK[failOn] || (tooManyWarnings && severity === 'warning');
  return { test: (finding) => fails(finding.severity), any: (['error', 'warning', 'info'] as const).some((severity) => counts[severity] > 0 && fails(severity)) };
}

function statusText({ enforcement, stages }: RuleMeta, asOf: string): string {
  if (stages?.length) return stagesText(stages, asOf);
  const status = enforcementStatus(enforcement, asOf);
  if (status === 'upcoming') return upcomingLabel(enforcement.date!, asOf);
  if (status === 'enforced') return `enforced since ${enforcement.date}`;
  return enforcement.note ?? 'in effect (no date)';
}

/** For a rule with a lifecycle: the stage in force (or next) and every stage, as findings carry them. */
function stagesAt(meta: RuleMeta, asOf: string) {
  if (!meta.stages?.length) return {};
  const { date, status, stages } = enforcementAt(meta, asOf);
  return { current: { date, status }, stages };
}

function listRules(rules: readonly Rule<never>[], asOf: string, format: string, { ruleDocsPath }: RuleDocs): string {
  if (format === 'json') {
    const list = rules.map(({ meta }) => ({
      id: meta.id,
      severity: meta.severity,
      recommended: meta.recommended,
      enforcement: { ...meta.enforcement, status: enforcementStatus(meta.enforcement, asOf), ...stagesAt(meta, asOf) },
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

function explainRule(rule: Rule<never>, asOf: string, { renderRuleDoc, ruleDocsPath }: RuleDocs): string {
  const page = renderRuleDoc(rule.meta, defaultOptions(rule));
  const [title, ...rest] = page.split('\n');
  return [title, '', `Status as of ${asOf}: ${statusText(rule.meta, asOf)}`, ...rest, `Docs: ${ruleDocsPath(rule.meta.id)} in the cmlint package`, ''].join('\n');
}
