/**
 * The help texts: `cmlint --help` (and `cmlint help`) gives the overview and the lint command's
 * options; `cmlint <command> --help` (and `cmlint help <command>`) gives that command's own.
 */

const OUTPUT_OPTIONS = `  -f, --format NAME[:FILE] output format, to stdout or to FILE; repeatable, at most one to
                           stdout: stylish (default), json, sarif, junit, github, markdown
      --fail-on SEVERITY   lowest severity that fails the run: error (default), warning, info
      --max-warnings N     fail the run when there are more than N warnings
      --rule ID=SEVERITY   set a rule's severity (error, warning, info, off); repeatable
      --baseline FILE      hide the findings recorded in FILE (default: the config's baseline)
      --baseline-write FILE  record the findings of this run in FILE (a baseline)
      --prune-baseline     remove recorded findings that no longer occur from the baseline
  -q, --quiet              show only the findings that fail the run
      --print-config       print what the run would do as JSON (the config, the rules that are on,
                           the files of each kind of input, report targets, baseline) and exit`;

const COMMON_OPTIONS = `  -c, --config FILE        use this config file instead of the nearest .linterrc.yaml
      --as-of DATE         judge enforcement dates as of DATE (YYYY-MM-DD; default today, UTC)`;

const COLOR_OPTIONS = `      --color, --no-color  colours on or off (default: on for a terminal; FORCE_COLOR=1 turns
                           them on, NO_COLOR=1 off; the flags win over both)`;

const FIX_OPTIONS = `      --fix                apply the fixes to the files the findings are in, then lint again
                           (until nothing more is fixable); the report is what is left
      --fix-dry-run        print a unified diff of what --fix would change; write nothing
      --fix-migration FILE write the model fixes as a script for the service's migration tool,
                           after replaying it offline and proving it; FILE must not exist
      --fix-type TYPE      fix only these kinds of change: model, entries, code (comma-separated
                           or repeated; default model,code: entry values change only when asked)
      --apply-suggestion RULE:ID  apply a rule's suggestion (as its docs and the JSON report
                           list them) with a fix flag; repeatable`;

const LINT_EXIT_CODES = `Exit codes: 0 no failing findings; 1 findings fail the run (--fail-on, --max-warnings);
2 usage, config or input error, a rule crashed, or the baseline records findings that no
longer occur.`;

const MAIN = `Usage: cmlint [lint] [paths...] [options]
       cmlint <command> [arguments] [options]

Lints content models exported from the service (content types, editor interfaces, locales,
entries, assets) and the code that uses them, and reports what the service refuses, each
finding tied to the date the service enforces it.

Commands:
  lint [paths...]          lint exports, directories or globs (the default command)
  diff <before> <after>    what a change of the content model breaks
  diff --base <git-ref>    the same, for the inputs as committed at <git-ref>
  rules                    every rule, its severity and enforcement status
  explain <rule-id>        what a rule reports, why, and how to fix it
  graphql-schema [paths]   the GraphQL schema the service would generate (SDL)
  init                     write a starter .linterrc.yaml for the inputs found here
  help [command]           this help, or a command's ('cmlint help diff')

Paths are export files (.json, .yaml, .yml), directories or globs; '-' reads one export from
standard input (JSON, or YAML when it does not start with { or [), shown as <stdin>. Without
paths, the config's "include" globs are linted, else the working directory. With paths and a
config "include", the include is linted and findings are reported for the named files only (as
a pre-commit hook does); a named file outside it, or excluded, is not linted: a warning says
so (file-ignored; --no-warn-ignored leaves it out). With '-', the named paths are the inputs and
the include is not read. An organisation taxonomy export ({"taxonomy": {...}})
among the inputs is read as the taxonomy.

Options:
${COMMON_OPTIONS}
      --taxonomy FILE      the organisation taxonomy export (concepts and concept schemes);
                           wins over the config's "taxonomy"
${OUTPUT_OPTIONS}
      --no-warn-ignored    no warning for a named file that the config does not lint (the
                           pre-commit hooks pass it: staged files are often no inputs)
  -j, --jobs N             threads (the main one included) for the entries of export files
                           over 64 MB (default 1; at most the threads the machine runs at once)
${FIX_OPTIONS}
${COLOR_OPTIONS}
  -v, --version            print the version
  -h, --help               print this help ('cmlint <command> --help' for a command's)

${LINT_EXIT_CODES}`;

const DIFF = `Usage: cmlint diff <before> <after> [options]
       cmlint diff --base <git-ref> [paths...] [options]

Compares two states of the content model and reports what the change breaks: content types,
fields and locales removed, field types changed, fields made non-localized, validations and
links narrowed and fields made required under existing entries (naming them), and breaking
changes of the predicted GraphQL schema. Findings say "breaking" or "dangerous"; a safe change
is not reported.

<before> and <after> are export files, directories or globs ('-' for one of them reads it
from standard input). With --base, the inputs (the named paths, else the config's "include")
as committed at <git-ref> are compared with the working tree: git archive into a temporary
directory, removed afterwards; the work tree and the index are not touched.

Options:
      --base REF           the state before the change is the commit REF (e.g. origin/main)
${COMMON_OPTIONS}
      --taxonomy FILE      the organisation taxonomy export
${OUTPUT_OPTIONS}
${COLOR_OPTIONS}

${LINT_EXIT_CODES}`;

const RULES = `Usage: cmlint rules [--as-of DATE] [--format stylish|json] [--config FILE]

Lists every rule (built-in, and the plugins' of the config) with its default severity, its
enforcement status as of the date, and what it reports. 'cmlint explain <rule-id>' tells more.

Options:
${COMMON_OPTIONS}
  -f, --format NAME        stylish (a table, the default) or json
${COLOR_OPTIONS}`;

const EXPLAIN = `Usage: cmlint explain <rule-id> [--as-of DATE] [--config FILE]

Prints a rule's page: what it reports and why, its enforcement date and status as of the date,
its options, examples, and how to fix what it reports. 'input-error' and 'internal-error', which
reports also carry, are explained too.

Options:
${COMMON_OPTIONS}`;

const GRAPHQL_SCHEMA = `Usage: cmlint graphql-schema [paths...] [--config FILE]

Prints the GraphQL schema (SDL) that the service would generate for the content types of the
inputs (paths as for lint, '-' included).

Options:
  -c, --config FILE        use this config file instead of the nearest .linterrc.yaml

Exit codes: 0 the schema is printed; 1 GraphQL names collide: each collision is printed on
stderr instead; 2 usage, config or input error.`;

const INIT = `Usage: cmlint init

Writes a starter .linterrc.yaml in the working directory: "include" covers the export files
found under it, "documents" the files that hold GraphQL operations, "sources" the code that
calls the service, "migrations" the migration scripts. It never overwrites a config file.

Exit codes: 0 written; 2 a config file is there already, or it cannot be written.`;

const HELP = `Usage: cmlint help [command]

Prints the overview and the lint options, or the help of a command: lint, diff, rules, explain,
graphql-schema, init or help.`;

const TEXTS: Readonly<Record<string, string>> = {
  lint: MAIN,
  diff: DIFF,
  rules: RULES,
  explain: EXPLAIN,
  'graphql-schema': GRAPHQL_SCHEMA,
  init: INIT,
  help: HELP,
};

/** The commands that have a help text of their own. */
export const COMMANDS: readonly string[] = Object.keys(TEXTS);

/** The help of `command` (the overview for lint, or none), or undefined for an unknown command. */
export function helpText(command: string = 'lint'): string | undefined {
  const text = TEXTS[command];
  return text === undefined ? undefined : `${text}\n`;
}
