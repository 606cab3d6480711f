/**
 * The pages `cmlint explain` prints for the ids that reports carry besides the rules': input
 * errors (rule id `input-error`), a named file the run does not lint (`file-ignored`) and a rule
 * that crashed (message id `internal-error`, under the rule's id). None is a rule: none can be
 * configured, turned off or recorded in a baseline.
 */
export const REPORT_ID_PAGES: Readonly<Record<string, string>> = {
  'input-error': `# input-error

Not a rule: an input that cmlint could not read, so that nothing was linted.

- Severity: \`error\`; the run exits 2
- Enforcement note in reports: \`not linted\`
- Cannot be turned off, configured or recorded in a baseline

cmlint lints a space as a whole (entries against the content types and locales of other files,
unique values and links across files), so findings from a partly read space would be wrong both
ways. An input error therefore stops the run: the report holds the input errors of every file,
each with its file and line:column (or a JSON pointer), and nothing else.

Input errors are: a path that does not exist or a glob that matches nothing; a file that cannot
be read, changes while it is read, or is not a regular file; an empty file; text that is not
UTF-8 (UTF-16, Latin-1, binary data); malformed JSON or YAML; a top-level value or a section of
the wrong shape (\`"entries": {}\`); a record without what identifies it (a content type without
\`sys.id\`, an entry without its content type); the same id twice (across files too); a
\`--taxonomy\` file that is not a taxonomy export; JavaScript or TypeScript among the documents
or sources that cannot be parsed; a migration script that cannot be loaded or throws.

## Fix

Fix the file at the place the message names: the message says what was expected there. A file
that is not an export and sits among the inputs can be left out with the config's \`exclude\`
(files found in a directory that are not exports are skipped already). Run \`cmlint\` again: the
findings of the whole space are reported once every input reads.
`,
  'file-ignored': `# file-ignored

Not a rule: a file named on the command line that the run does not lint, because the config's
\`exclude\` matches it or none of the config's inputs (\`include\`, \`documents\`, \`sources\`,
\`migrations\`) covers it. As ESLint warns about an ignored file it is given, so that a file
named on purpose is never passed over in silence.

- Severity: \`warning\`; it counts as one, so \`--max-warnings\` and \`--fail-on warning\` count it
- Enforcement note in reports: \`not linted\`
- Cannot be turned off or configured, and is never recorded in a baseline; \`--no-warn-ignored\`
  leaves it out of the run

The pre-commit hooks pass \`--no-warn-ignored\`: they name every staged file of a type, and staged
files outside the space (\`tsconfig.json\`, workflow files) are normal there. Files found in a
named directory or by a named glob are left out quietly; only files named themselves are warned
about. \`cmlint diff\` compares the paths it is given: no warning there.

## Fix

Lint the file by adding it to the config's inputs (or removing it from \`exclude\`); or stop
naming it; or pass \`--no-warn-ignored\` where named files outside the inputs are expected.
`,
  'internal-error': `# internal-error

Not a rule: a rule that crashed (a bug in the rule, or in a plugin's rule), reported under that
rule's id with the message "Internal error in rule … while checking …".

- Severity: \`error\`; the run exits 2
- Never hidden by a baseline; \`--baseline-write\` refuses to record a baseline while a rule crashes

The rule is stopped at the first record it throws on, and what it reported before is kept; the
other rules run to the end, and their findings are reported. A rule whose visitor returns a
promise (an \`async\` visitor) is stopped the same way: rules run synchronously.

## Fix

For a built-in rule, report the message (it names the rule, the record and the error) as a bug
of cmlint. Until it is fixed, \`--rule ID=off\` (or \`ID: off\` in the config's \`rules\`) turns
the rule off. For a plugin's rule, fix the plugin.
`,
};
