/**
 * End-to-end tests of the command line: they run the real bin (`node bin/cmlint.js`, which runs
 * the compiled code in dist/) as a child process and check stdout, stderr and the exit code.
 * Build first: `npx tsc -p tsconfig.build.json`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, validateSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from './helpers/corpus.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'cmlint.js');
const ANSI = /\u001b\[/;
const ANSI_ALL = /\u001b\[[0-9;]*m/g;
const STACK_LINE = /^\s+at /m;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The inherited environment without what changes cmlint's output. */
function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['NO_COLOR', 'FORCE_COLOR', 'COLUMNS', 'CMLINT_DEBUG', 'NODE_OPTIONS']) delete env[key];
  return { ...env, ...extra };
}

/** Runs `node bin/cmlint.js ...args` in `cwd` (the repository root unless given). */
function cmlint(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: baseEnv(options.env),
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function json(run: Run): JsonOutput {
  return JSON.parse(run.stdout) as JsonOutput;
}

interface JsonFinding {
  ruleId: string;
  severity: string;
  message: string;
  enforcement: { date: string | null; status: string; note: string | null };
  target: { contentType: string | null; field: string | null; entry: string | null; locale: string | null };
  pointer: string | null;
  file: string | null;
  line: number | null;
  column: number | null;
}

interface JsonOutput {
  tool: { name: string; version: string };
  asOf: string;
  findings: JsonFinding[];
  summary: { error: number; warning: number; info: number; filesRead: number; contentTypes: number; entries: number };
}

/** A usage, config or input error: exit 2, nothing on stdout, no stack trace on stderr. */
function expectFailure(run: Run): void {
  expect(run.code, `stderr: ${run.stderr}`).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toMatch(STACK_LINE);
  expect(run.stderr).not.toContain('internal error');
}

/**
 * An input error with the default format: exit 2; the stylish report on stdout holds the input
 * errors (rule id input-error) and nothing else; stderr is empty. Returns the report's lines.
 */
function expectInputErrors(run: Run): string[] {
  expect(run.code, `stderr: ${run.stderr}`).toBe(2);
  expect(run.stderr).toBe('');
  expect(run.stdout).not.toMatch(STACK_LINE);
  expect(run.stdout).not.toContain('internal error');
  const headings = run.stdout.split('\n').filter((line) => / {2}(error|warning|info) {2}/.test(line));
  expect(headings.length).toBeGreaterThan(0);
  for (const heading of headings) expect(heading).toMatch(/^\S.* {2}error {2}input-error$/);
  return run.stdout.trimEnd().split('\n');
}

const MULTI_FILE = 'fixtures/cli/multi-file';
const LOOKAHEAD = 'fixtures/cli/lookahead';
const WARNING_ONLY = 'fixtures/cli/warning-only';
const CLEAN = 'fixtures/cli/clean';
const AFTER_BOTH_DATES = '2025-05-01';

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'src', 'cli.js'))) {
    throw new Error('dist/ is missing: run `npx tsc -p tsconfig.build.json` before the CLI tests');
  }
});

describe('--format json', () => {
  const args = [MULTI_FILE, '--format', 'json', '--as-of', AFTER_BOTH_DATES];

  it('has exactly the shape of DESIGN.md', () => {
    const run = cmlint(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    const output = json(run);
    expect(Object.keys(output)).toEqual(['tool', 'asOf', 'findings', 'summary']);
    expect(output.tool).toEqual({ name: 'cmlint', version: '0.1.0' });
    expect(output.asOf).toBe(AFTER_BOTH_DATES);
    expect(Object.keys(output.summary)).toEqual(['error', 'warning', 'info', 'filesRead', 'contentTypes', 'entries', 'fixable']);
    expect(output.summary).toEqual({ error: 7, warning: 1, info: 0, filesRead: 4, contentTypes: 4, entries: 1, fixable: 4 });
    expect(output.findings).toHaveLength(8);
    for (const finding of output.findings) {
      // `fix` and `suggestions`: an additive change of the contract (issue 31).
      expect(Object.keys(finding)).toEqual(['ruleId', 'severity', 'message', 'enforcement', 'target', 'pointer', 'file', 'line', 'column', 'fix', 'suggestions']);
      expect(Object.keys(finding.enforcement)).toEqual(['date', 'status', 'note']);
      expect(Object.keys(finding.target)).toEqual(['contentType', 'field', 'entry', 'locale']);
      expect(['re2-incompatible-pattern', 'hidden-required-field']).toContain(finding.ruleId);
      expect(['error', 'warning', 'info']).toContain(finding.severity);
      expect(finding.message.length).toBeGreaterThan(0);
      expect(finding.enforcement.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(finding.enforcement.status).toBe('enforced');
      expect(finding.target.entry).toBeNull();
      expect(finding.target.locale).toBeNull();
      expect(finding.pointer).toMatch(/^\//);
      expect(Number.isInteger(finding.line) && finding.line! >= 1).toBe(true);
      expect(Number.isInteger(finding.column) && finding.column! >= 1).toBe(true);
    }
  });

  it('reports each finding at its file, line, column and pointer, sorted by file, line, column and rule id', () => {
    const { findings } = json(cmlint(args));
    expect(findings.map((f) => [f.file, f.line, f.column, f.ruleId, f.severity])).toEqual([
      ['fixtures/cli/multi-file/space/author.json', 49, 13, 're2-incompatible-pattern', 'error'],
      ['fixtures/cli/multi-file/space/author.json', 63, 7, 'hidden-required-field', 'error'],
      ['fixtures/cli/multi-file/space/export.json', 50, 17, 're2-incompatible-pattern', 'error'],
      ['fixtures/cli/multi-file/space/export.json', 72, 19, 're2-incompatible-pattern', 'warning'],
      ['fixtures/cli/multi-file/space/landing-page.yaml', 25, 13, 're2-incompatible-pattern', 'error'],
      ['fixtures/cli/multi-file/space/minified.json', 1, 561, 're2-incompatible-pattern', 'error'],
      ['fixtures/cli/multi-file/space/minified.json', 1, 764, 're2-incompatible-pattern', 'error'],
      ['fixtures/cli/multi-file/space/minified.json', 1, 800, 'hidden-required-field', 'error'],
    ]);
    expect(findings.map((f) => f.pointer)).toEqual([
      '/fields/1/validations/0/regexp/flags',
      '/fields/2/disabled',
      '/contentTypes/0/fields/1/validations/0/regexp/pattern',
      '/contentTypes/0/fields/2/items/validations/0/regexp/pattern',
      '/0/fields/1/validations/1/prohibitRegexp/pattern',
      '/contentTypes/0/fields/0/validations/0/prohibitRegexp/pattern',
      '/contentTypes/0/fields/1/validations/0/regexp/pattern',
      '/contentTypes/0/fields/1/disabled',
    ]);
    expect(findings.map((f) => f.target)).toContainEqual({ contentType: 'author', field: 'legacyId', entry: null, locale: null });
    const sorted = [...findings].sort(
      (a, b) =>
        (a.file! < b.file! ? -1 : a.file! > b.file! ? 1 : 0) ||
        a.line! - b.line! ||
        a.column! - b.column! ||
        (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
    );
    expect(findings).toEqual(sorted);
  });

  it('gives `file` relative to the working directory, with forward slashes', () => {
    const inside = json(cmlint(['space', '--format', 'json', '--as-of', AFTER_BOTH_DATES], { cwd: join(ROOT, MULTI_FILE) }));
    expect([...new Set(inside.findings.map((f) => f.file))]).toEqual([
      'space/author.json',
      'space/export.json',
      'space/landing-page.yaml',
      'space/minified.json',
    ]);
    const beside = json(cmlint(['../multi-file/space/author.json', '--format', 'json', '--as-of', AFTER_BOTH_DATES], { cwd: join(ROOT, LOOKAHEAD) }));
    expect(beside.findings.map((f) => f.file)).toEqual(['../multi-file/space/author.json', '../multi-file/space/author.json']);
    const absolute = json(cmlint([join(ROOT, LOOKAHEAD, 'export.json'), '--format', 'json'], { cwd: join(ROOT, 'fixtures') }));
    expect(absolute.findings.map((f) => f.file)).toEqual(['cli/lookahead/export.json']);
  });

  it('is byte-identical across runs', () => {
    const first = cmlint(args);
    const second = cmlint(args);
    expect(second.stdout).toBe(first.stdout);
    expect(second.code).toBe(first.code);
    expect(first.stdout.endsWith('}\n')).toBe(true);
  });

  it('reports a clean space with no findings and exit code 0', () => {
    const run = cmlint([CLEAN, '--format', 'json', '--as-of', AFTER_BOTH_DATES]);
    expect(run.code).toBe(0);
    expect(json(run)).toEqual({
      tool: { name: 'cmlint', version: '0.1.0' },
      asOf: AFTER_BOTH_DATES,
      findings: [],
      summary: { error: 0, warning: 0, info: 0, filesRead: 1, contentTypes: 1, entries: 1, fixable: 0 },
    });
  });
});

describe('enforcement dates', () => {
  it('reports a lookahead pattern as an upcoming warning the day before RE2 is enforced (exit 0)', () => {
    const run = cmlint([LOOKAHEAD, '--format', 'json', '--as-of', '2025-04-20']);
    expect(run.code).toBe(0);
    const { findings, asOf, summary } = json(run);
    expect(asOf).toBe('2025-04-20');
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      ruleId: 're2-incompatible-pattern',
      severity: 'warning',
      enforcement: { date: '2025-04-21', status: 'upcoming', note: null },
      target: { contentType: 'userProfile', field: 'username', entry: null, locale: null },
      pointer: '/contentTypes/0/fields/0/validations/0/regexp/pattern',
      file: 'fixtures/cli/lookahead/export.json',
      line: 40,
      column: 17,
    });
    expect(finding!.message).toContain('lookahead');
    expect(finding!.message).toContain('enforced from 2025-04-21 (in 1 day)');
    expect(summary).toMatchObject({ error: 0, warning: 1, info: 0 });
  });

  it('reports it as an enforced error from the enforcement date on (exit 1)', () => {
    const run = cmlint([LOOKAHEAD, '--format', 'json', '--as-of', '2025-04-21']);
    expect(run.code).toBe(1);
    const { findings } = json(run);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      ruleId: 're2-incompatible-pattern',
      severity: 'error',
      enforcement: { date: '2025-04-21', status: 'enforced', note: null },
      line: 40,
      column: 17,
    });
    expect(findings[0]!.message).not.toContain('enforced from');
  });

  it('counts the days to the enforcement date', () => {
    const { findings } = json(cmlint([LOOKAHEAD, '--format', 'json', '--as-of', '2025-03-22']));
    expect(findings[0]!.message).toContain('enforced from 2025-04-21 (in 30 days)');
  });
});

describe('exit codes', () => {
  it('0 for a clean space', () => {
    const run = cmlint([CLEAN, '--as-of', AFTER_BOTH_DATES]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('1 for error findings', () => {
    expect(cmlint(['fixtures/cli/hidden-required', '--as-of', AFTER_BOTH_DATES]).code).toBe(1);
  });

  it('0 for warnings only; 1 with --fail-on warning', () => {
    expect(cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES]).code).toBe(0);
    expect(cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES, '--fail-on', 'warning']).code).toBe(1);
    expect(cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES, '--fail-on', 'info']).code).toBe(1);
    expect(cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES, '--fail-on', 'error']).code).toBe(0);
  });

  it('--max-warnings: 1 when warnings exceed it', () => {
    expect(cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES, '--max-warnings', '0']).code).toBe(1);
    expect(cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES, '--max-warnings=0']).code).toBe(1);
    expect(cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES, '--max-warnings', '1']).code).toBe(0);
  });

  it('--rule ID=off drops the rule’s findings', () => {
    const run = cmlint([MULTI_FILE, '--format', 'json', '--as-of', AFTER_BOTH_DATES, '--rule', 're2-incompatible-pattern=off']);
    expect(run.code).toBe(1);
    expect(json(run).findings.map((f) => f.ruleId)).toEqual(['hidden-required-field', 'hidden-required-field']);
    const lookahead = cmlint([LOOKAHEAD, '--format', 'json', '--as-of', AFTER_BOTH_DATES, '--rule', 're2-incompatible-pattern=off']);
    expect(lookahead.code).toBe(0);
    expect(json(lookahead).findings).toEqual([]);
  });

  it('--rule ID=SEVERITY changes the severity', () => {
    const run = cmlint([LOOKAHEAD, '--format', 'json', '--as-of', AFTER_BOTH_DATES, '--rule', 're2-incompatible-pattern=info']);
    expect(run.code).toBe(0);
    expect(json(run).findings.map((f) => f.severity)).toEqual(['info']);
  });

  it('--quiet hides warnings in the output', () => {
    const stylish = cmlint([WARNING_ONLY, '--as-of', AFTER_BOTH_DATES, '--quiet']);
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).not.toContain('warning');
    expect(stylish.stdout).not.toContain('re2-incompatible-pattern');
    const quiet = json(cmlint([MULTI_FILE, '--format', 'json', '--as-of', AFTER_BOTH_DATES, '-q']));
    expect(quiet.findings).toHaveLength(7);
    expect(quiet.findings.every((f) => f.severity === 'error')).toBe(true);
  });

  it('2 for an unknown flag: a one-line reason on stderr, nothing on stdout', () => {
    const run = cmlint([LOOKAHEAD, '--colour']);
    expectFailure(run);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe("cmlint: unknown option '--colour'");
    // The reason is one line; the only other line is the pointer to --help.
    expect(lines.slice(1)).toEqual(["Run 'cmlint --help' for usage."]);
  });

  const usageErrors: [string, string[], RegExp][] = [
    ['--rule for an unknown rule', ['--rule', 'nope=error'], /unknown rule 'nope'/],
    ['--rule with a misspelt rule', ['--rule', 're2-incompatible-patern=off'], /did you mean 're2-incompatible-pattern'/],
    ['--rule without a severity', ['--rule', 'x'], /--rule 'x': expected ID=SEVERITY/],
    ['--rule with a bad severity', ['--rule', 'hidden-required-field=warn'], /'warn' is not a severity/],
    ['--as-of that is not a date', ['--as-of', '2025-13-01'], /--as-of: '2025-13-01' is not a date/],
    ['--as-of that is not a calendar day', ['--as-of', '2025-02-29'], /--as-of: '2025-02-29'/],
    ['--as-of without a value', ['--as-of'], /--as-of/],
    ['an unknown format', ['--format', 'xml'], /--format: unknown format 'xml'/],
    ['--max-warnings -1', ['--max-warnings', '-1'], /--max-warnings/],
    ['--max-warnings=-1', ['--max-warnings=-1'], /--max-warnings: '-1' is not a whole number/],
    ['--max-warnings that is not a number', ['--max-warnings', 'ten'], /--max-warnings: 'ten' is not a whole number/],
    ['--fail-on off', ['--fail-on', 'off'], /--fail-on: 'off'/],
  ];
  it.each(usageErrors)('2 for %s, with a one-line reason', (_name, flags, reason) => {
    const run = cmlint([LOOKAHEAD, ...flags]);
    expectFailure(run);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^cmlint: /);
    expect(lines[0]).toMatch(reason);
    expect(lines.slice(1)).toEqual(["Run 'cmlint --help' for usage."]);
  });

  it('2 for a path that does not exist, naming it', () => {
    const run = cmlint(['fixtures/cli/no-such-space']);
    expect(expectInputErrors(run).slice(0, 2)).toEqual(['fixtures/cli/no-such-space  error  input-error', '  No such file or directory']);
    const json = cmlint(['fixtures/cli/no-such-space', '-f', 'json']);
    expect(json.code).toBe(2);
    expect(json.stderr).toBe('fixtures/cli/no-such-space: No such file or directory\n');
    expect((JSON.parse(json.stdout) as JsonOutput).findings.map((f) => [f.ruleId, f.file, f.message])).toEqual([
      ['input-error', 'fixtures/cli/no-such-space', 'No such file or directory'],
    ]);
  });

  it('2 for a directory without export files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-cli-empty-'));
    try {
      const run = cmlint(['.'], { cwd: dir });
      expect(expectInputErrors(run).join('\n')).toContain('No .json, .yaml or .yml files to lint');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('malformed input', () => {
  it('2 for malformed JSON, with file:line:col and no stack trace', () => {
    const run = cmlint(['fixtures/cli/malformed-json/export.json', '--as-of', AFTER_BOTH_DATES]);
    expect(expectInputErrors(run)).toEqual([
      'fixtures/cli/malformed-json/export.json:14:11  error  input-error',
      "  Invalid JSON: Expected ',' or '}' after property value",
      '',
      '✖ 1 problem (1 error)',
      `  1 file, 0 content types, 0 entries, as of ${AFTER_BOTH_DATES}`,
      '  Why and how to fix: cmlint explain input-error',
    ]);
  });

  it('reports the errors of every malformed file, each with its position, in the report and on stderr', () => {
    const run = cmlint(['fixtures/cli/malformed-json', '--format', 'json']);
    expect(run.code).toBe(2);
    const lines = [
      "fixtures/cli/malformed-json/export.json:14:11: Invalid JSON: Expected ',' or '}' after property value",
      'fixtures/cli/malformed-json/trailing-comma.json:8:5: Invalid JSON: Expected a double-quoted property name',
    ];
    expect(run.stderr.trimEnd().split('\n')).toEqual(lines);
    const { findings, summary } = JSON.parse(run.stdout) as JsonOutput;
    expect(findings.map((f) => `${f.file}:${f.line}:${f.column}: ${f.message}`)).toEqual(lines);
    expect(findings.map((f) => [f.ruleId, f.severity, f.pointer, f.enforcement.status])).toEqual([
      ['input-error', 'error', null, 'undated'],
      ['input-error', 'error', null, 'undated'],
    ]);
    expect(summary).toMatchObject({ error: 2, filesRead: 2, contentTypes: 0, entries: 0 });
  });

  it('still fails when a malformed file is linted together with a good one, and reports nothing else', () => {
    const run = cmlint([CLEAN, 'fixtures/cli/malformed-json/trailing-comma.json']);
    expect(expectInputErrors(run).slice(0, 2)).toEqual([
      'fixtures/cli/malformed-json/trailing-comma.json:8:5  error  input-error',
      '  Invalid JSON: Expected a double-quoted property name',
    ]);
  });
});

describe('malformed config', () => {
  const cases: [string, string[]][] = [
    ['a YAML syntax error', ['fixtures/cli/config-errors/yaml-syntax.yaml:4:29: invalid YAML: Nested mappings are not allowed in compact mappings']],
    [
      'an unknown rule id',
      ["fixtures/cli/config-errors/unknown-rule.yaml:4:3: rules.hidden-required-feild: unknown rule 'hidden-required-feild' (did you mean 'hidden-required-field'?)"],
    ],
    ['a bad severity', ['fixtures/cli/config-errors/bad-severity.yaml:2:3: rules.hidden-required-field: must be one of error, warning, info, off']],
    ['a bad option key', ["fixtures/cli/config-errors/bad-option.yaml:5:7: rules.re2-incompatible-pattern[1].allowLookahead: unknown key 'allowLookahead'"]],
    [
      'options in overrides',
      [
        'fixtures/cli/config-errors/override-options.yaml:10:9: overrides[1].rules.re2-incompatible-pattern.options: options cannot be set in overrides (set them under the top-level rules)',
      ],
    ],
    [
      'several mistakes',
      [
        'fixtures/cli/config-errors/several.yaml:1:24: extends[1]: must be one of recommended, all',
        'fixtures/cli/config-errors/several.yaml:3:3: rules.re2-incompatible-pattern: must be one of error, warning, info, off',
        'fixtures/cli/config-errors/several.yaml:5:1: maxWarnings: must be >= 0',
        "fixtures/cli/config-errors/several.yaml:6:1: colour: unknown key 'colour'",
      ],
    ],
  ];
  const files: Record<string, string> = {
    'a YAML syntax error': 'yaml-syntax.yaml',
    'an unknown rule id': 'unknown-rule.yaml',
    'a bad severity': 'bad-severity.yaml',
    'a bad option key': 'bad-option.yaml',
    'options in overrides': 'override-options.yaml',
    'several mistakes': 'several.yaml',
  };

  it.each(cases)('2 for %s: file:line:col: key.path: reason', (name, expected) => {
    const run = cmlint(['--config', `fixtures/cli/config-errors/${files[name]}`, CLEAN]);
    expectFailure(run);
    expect(run.stderr.trimEnd().split('\n')).toEqual(expected);
  });

  it('shows the config path relative to the working directory', () => {
    const run = cmlint(['--config', 'config-errors/bad-severity.yaml', 'clean'], { cwd: join(ROOT, 'fixtures/cli') });
    expectFailure(run);
    expect(run.stderr).toBe('config-errors/bad-severity.yaml:2:3: rules.hidden-required-field: must be one of error, warning, info, off\n');
  });

  it('2 for a --config file that does not exist', () => {
    const run = cmlint(['--config', 'fixtures/cli/no-such-config.yaml', CLEAN]);
    expectFailure(run);
    expect(run.stderr).toContain('fixtures/cli/no-such-config.yaml');
  });
});

describe('help, version, rules and explain', () => {
  it('--help prints usage and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const run = cmlint([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: cmlint/);
      expect(run.stdout).toContain('--as-of DATE');
      expect(run.stdout).toContain('--max-warnings N');
      expect(run.stderr).toBe('');
    }
  });

  it('--version prints the version and exits 0', () => {
    for (const flag of ['--version', '-v']) {
      const run = cmlint([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('0.1.0\n');
    }
  });

  it('rules lists both rules with their enforcement status as of --as-of', () => {
    const run = cmlint(['rules', '--as-of', '2025-04-20']);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const hidden = lines.find((l) => l.startsWith('hidden-required-field '));
    const re2 = lines.find((l) => l.startsWith('re2-incompatible-pattern '));
    expect(hidden).toContain('enforced since 2025-01-21');
    expect(re2).toContain('enforced from 2025-04-21 (in 1 day)');
    expect(run.stdout).toContain('As of 2025-04-20');

    const later = cmlint(['rules', '--as-of', '2025-04-21']).stdout.split('\n');
    expect(later.find((l) => l.startsWith('re2-incompatible-pattern '))).toContain('enforced since 2025-04-21');
  });

  it('rules is a table that fits 100 columns (COLUMNS when set): a row per rule, its description wrapped below it', () => {
    const width = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));
    const run = cmlint(['rules', '--as-of', '2026-11-27']);
    expect(width(run.stdout)).toBeLessThanOrEqual(100);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^rule +severity {2}enforcement$/);
    // The status of a rule with stages is wrapped within its column.
    const legacy = lines.findIndex((l) => l.startsWith('legacy-usage-endpoint '));
    const column = lines[0]!.indexOf('enforcement');
    expect(lines[legacy]!.slice(column)).toBe('deprecated (no updates or support) since 2026-08-18;');
    expect(lines[legacy + 1]).toBe(`${' '.repeat(column)}removed (410 Gone) from 2027-02-28 (in 93 days)`);
    expect(lines.slice(legacy + 2, legacy + 4)).toEqual([
      '    Code that calls the legacy usage endpoints (organization_periodic_usages, space_periodic_usages)',
      '    or the SDK methods for them: deprecated, then 410 Gone.',
    ]);
    expect(width(cmlint(['rules'], { env: { COLUMNS: '72' } }).stdout)).toBeLessThanOrEqual(72);
  });

  it('rules --format json parses, with each rule’s status', () => {
    const run = cmlint(['rules', '--format', 'json', '--as-of', '2025-04-20']);
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout) as { asOf: string; rules: { id: string; enforcement: { date: string; status: string } }[] };
    expect(parsed.asOf).toBe('2025-04-20');
    const byId = Object.fromEntries(parsed.rules.map((r) => [r.id, r.enforcement]));
    expect(byId['hidden-required-field']).toMatchObject({ date: '2025-01-21', status: 'enforced' });
    expect(byId['re2-incompatible-pattern']).toMatchObject({ date: '2025-04-21', status: 'upcoming' });
  });

  it('explain prints a rule’s docs', () => {
    const run = cmlint(['explain', 're2-incompatible-pattern', '--as-of', '2025-04-20']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^# re2-incompatible-pattern\n/);
    expect(run.stdout).toContain('RE2');
    expect(run.stdout).toContain('lookahead');
    expect(run.stdout).toContain('2025-04-21');
    expect(run.stdout).toContain('enforced from 2025-04-21 (in 1 day)');
  });

  it('explain of an unknown rule exits 2, with a did-you-mean for a near miss and the rules command otherwise', () => {
    const nope = cmlint(['explain', 'nope']);
    expectFailure(nope);
    expect(nope.stderr.split('\n')[0]).toBe("cmlint: explain: unknown rule 'nope'; 'cmlint rules' lists them");
    const typo = cmlint(['explain', 'hidden-required-feild']);
    expectFailure(typo);
    expect(typo.stderr).toContain("unknown rule 'hidden-required-feild' (did you mean 'hidden-required-field'?)");
  });

  it('explain without a rule id exits 2', () => {
    expectFailure(cmlint(['explain']));
  });

  it('explain suggests the rules whose id holds a part of one (re2, field)', () => {
    const re2 = cmlint(['explain', 're2']);
    expectFailure(re2);
    expect(re2.stderr.split('\n')[0]).toBe("cmlint: explain: unknown rule 're2' (did you mean 're2-incompatible-pattern'?)");
    const field = cmlint(['explain', 'field']);
    expectFailure(field);
    expect(field.stderr.split('\n')[0]).toBe("cmlint: explain: unknown rule 'field' (did you mean 'field-removed', 'field-unlocalized' or 'field-type-changed'?)");
  });

  it('explain knows the ids that reports carry besides the rules: input-error, file-ignored and internal-error', () => {
    for (const id of ['input-error', 'file-ignored', 'internal-error']) {
      const run = cmlint(['explain', id]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^# ${id}\n\nNot a rule: `));
      expect(run.stdout).toContain('\n## Fix\n');
    }
    expect(cmlint(['explain', 'input-eror']).stderr).toContain("(did you mean 'input-error'?)");
  });

  it('each command has its own help, as `cmlint COMMAND --help` and as `cmlint help COMMAND`', () => {
    const usage: Record<string, string> = {
      lint: 'Usage: cmlint [lint] [paths...] [options]',
      diff: 'Usage: cmlint diff <before> <after> [options]',
      rules: 'Usage: cmlint rules ',
      explain: 'Usage: cmlint explain <rule-id>',
      'graphql-schema': 'Usage: cmlint graphql-schema ',
      init: 'Usage: cmlint init',
      help: 'Usage: cmlint help [command]',
    };
    for (const [command, first] of Object.entries(usage)) {
      for (const args of [[command, '--help'], [command, '-h'], ['help', command]]) {
        const run = cmlint(args);
        expect(run.code, args.join(' ')).toBe(0);
        expect(run.stdout.startsWith(first), args.join(' ')).toBe(true);
        expect(run.stderr).toBe('');
      }
    }
    expect(cmlint(['init', '--help']).stdout).not.toContain('--max-warnings');
    expect(cmlint(['diff', '--help']).stdout).toContain('--base REF');
    // `help` alone is the overview, not a path to lint; a path with --help is too.
    expect(cmlint(['help']).stdout).toBe(cmlint(['--help']).stdout);
    expect(cmlint(['fixtures/demo-space', '--help']).stdout).toBe(cmlint(['--help']).stdout);
    const unknown = cmlint(['help', 'dif']);
    expectFailure(unknown);
    expect(unknown.stderr.split('\n')[0]).toBe("cmlint: help: unknown command 'dif' (did you mean 'diff'?)");
  });
});

describe('stylish output', () => {
  it('starts each finding with file:line:col, severity and rule id; then target and date, and the message, indented', () => {
    const run = cmlint([MULTI_FILE, '--as-of', AFTER_BOTH_DATES]);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(ANSI);
    const findings = run.stdout.split('\n\n');
    const headings = findings.slice(0, -1).map((f) => f.split('\n')[0]);
    expect(headings).toEqual([
      'fixtures/cli/multi-file/space/author.json:49:13  error  re2-incompatible-pattern',
      'fixtures/cli/multi-file/space/author.json:63:7  error  hidden-required-field',
      'fixtures/cli/multi-file/space/export.json:50:17  error  re2-incompatible-pattern',
      'fixtures/cli/multi-file/space/export.json:72:19  warning  re2-incompatible-pattern',
      'fixtures/cli/multi-file/space/landing-page.yaml:25:13  error  re2-incompatible-pattern',
      'fixtures/cli/multi-file/space/minified.json:1:561  error  re2-incompatible-pattern',
      'fixtures/cli/multi-file/space/minified.json:1:764  error  re2-incompatible-pattern',
      'fixtures/cli/multi-file/space/minified.json:1:800  error  hidden-required-field',
    ]);
    const [heading, about, ...message] = findings[0]!.split('\n');
    expect(heading).toBe('fixtures/cli/multi-file/space/author.json:49:13  error  re2-incompatible-pattern');
    expect(about).toBe('  author › handle · enforced 2025-04-21');
    expect(message).toEqual([
      "  The regexp validation has the flag 'y'; the service accepts only i, m, s, u and g. The service",
      '  refuses to publish entries of this content type while the validation has this flag.',
    ]);
    expect(findings.at(-1)).toBe(
      [
        '✖ 8 problems (7 errors, 1 warning)',
        '  4 files, 4 content types, 1 entry, as of 2025-05-01',
        '  4 findings can be fixed with --fix (or --fix-migration FILE)',
        '  Why and how to fix: cmlint explain <rule>, e.g. cmlint explain re2-incompatible-pattern',
        '',
      ].join('\n'),
    );
  });

  it('fits 100 columns by default and COLUMNS when set, breaking lines at spaces only', () => {
    const wide = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));
    const demo = cmlint(['fixtures/demo-space', '--as-of', AFTER_BOTH_DATES]);
    expect(wide(demo.stdout)).toBeLessThanOrEqual(100);
    const narrow = cmlint(['fixtures/demo-space', '--as-of', AFTER_BOTH_DATES], { env: { COLUMNS: '60' } });
    const body = narrow.stdout.split('\n').filter((line) => line.startsWith('  '));
    expect(wide(body.join('\n'))).toBeLessThanOrEqual(60);
    // The same words in the same order: only the line breaks moved.
    const words = (text: string) => text.split(/\s+/).filter((word) => word !== '' && word !== '·');
    expect(words(narrow.stdout)).toEqual(words(demo.stdout));
    expect(body.length).toBeGreaterThan(demo.stdout.split('\n').filter((line) => line.startsWith('  ')).length);
  });

  it('labels upcoming findings with their date', () => {
    const run = cmlint([LOOKAHEAD, '--as-of', '2025-04-20']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('fixtures/cli/lookahead/export.json:40:17  warning  re2-incompatible-pattern\n  userProfile › username · from 2025-04-21\n');
    expect(run.stdout).toContain('(enforced from\n  2025-04-21 (in 1 day))');
    expect(run.stdout).toContain('✖ 1 problem (1 warning)');
    expect(run.stdout).toContain('  1 finding concerns a change the service has not enforced yet\n');
  });

  it('says when --max-warnings fails the run, on stdout in stylish and on stderr otherwise', () => {
    const run = cmlint([WARNING_ONLY, '--max-warnings', '0']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✖ 1 problem (1 warning)\n');
    expect(run.stdout).toContain('  1 warning, more than --max-warnings 0: the run fails\n');
    expect(run.stderr).toBe('');
    const within = cmlint([WARNING_ONLY, '--max-warnings', '1']);
    expect(within.code).toBe(0);
    expect(within.stdout).not.toContain('max-warnings');
    const asJson = cmlint([WARNING_ONLY, '--max-warnings', '0', '-f', 'json']);
    expect(asJson.code).toBe(1);
    expect(asJson.stderr).toBe('cmlint: 1 warning, more than --max-warnings 0: the run fails\n');
  });

  it('says so when there are no problems', () => {
    const run = cmlint([CLEAN, '--as-of', AFTER_BOTH_DATES]);
    expect(run.stdout).toBe('✔ No problems (1 file, 1 content type, 1 entry, as of 2025-05-01)\n');
  });

  it('has no ANSI escapes when stdout is not a terminal, unless FORCE_COLOR or --color asks for them', () => {
    expect(cmlint([MULTI_FILE]).stdout).not.toMatch(ANSI);
    expect(cmlint([MULTI_FILE], { env: { NO_COLOR: '1' } }).stdout).not.toMatch(ANSI);
    expect(cmlint([MULTI_FILE], { env: { FORCE_COLOR: '0' } }).stdout).not.toMatch(ANSI);
    // A CI log: not a terminal, but FORCE_COLOR or --color colour it.
    const forced = cmlint([MULTI_FILE], { env: { FORCE_COLOR: '1' } }).stdout;
    expect(forced).toMatch(ANSI);
    expect(forced.replace(ANSI_ALL, '')).toBe(cmlint([MULTI_FILE]).stdout);
    expect(cmlint([MULTI_FILE, '--color']).stdout).toMatch(ANSI);
    // The flags win over the environment, the last flag over the others.
    expect(cmlint([MULTI_FILE, '--no-color'], { env: { FORCE_COLOR: '1' } }).stdout).not.toMatch(ANSI);
    expect(cmlint([MULTI_FILE, '--color'], { env: { NO_COLOR: '1' } }).stdout).toMatch(ANSI);
    expect(cmlint([MULTI_FILE, '--color', '--no-color']).stdout).not.toMatch(ANSI);
    // Never in a machine format, nor in a report file.
    expect(cmlint([MULTI_FILE, '--color', '-f', 'json']).stdout).not.toMatch(ANSI);
    expect(cmlint([MULTI_FILE, '-f', 'github'], { env: { FORCE_COLOR: '1' } }).stdout).not.toMatch(ANSI);
    expect(cmlint(['rules', '--color']).stdout).toMatch(ANSI);
    expect(cmlint(['rules']).stdout).not.toMatch(ANSI);
  });

  // `script` (util-linux) gives the bin a pseudo-terminal as stdout.
  const hasScript = process.platform === 'linux' && spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  const inTerminal = (args: string, env: Record<string, string> = {}): string => {
    const result = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} ${args}`, '/dev/null'], {
      cwd: ROOT,
      env: baseEnv(env),
      encoding: 'utf8',
    });
    return result.stdout;
  };

  it.runIf(hasScript)('colours a terminal, but not with NO_COLOR or --no-color (in a pseudo-terminal)', () => {
    expect(inTerminal(`${LOOKAHEAD} --as-of ${AFTER_BOTH_DATES}`)).toMatch(ANSI);
    const noColor = inTerminal(`${LOOKAHEAD} --as-of ${AFTER_BOTH_DATES}`, { NO_COLOR: '1' });
    expect(noColor).toContain('re2-incompatible-pattern');
    expect(noColor).not.toMatch(ANSI);
    const flag = inTerminal(`${LOOKAHEAD} --as-of ${AFTER_BOTH_DATES} --no-color`);
    expect(flag).toContain('re2-incompatible-pattern');
    expect(flag).not.toMatch(ANSI);
    const jsonOut = inTerminal(`${LOOKAHEAD} --as-of ${AFTER_BOTH_DATES} --format json`);
    expect(jsonOut).not.toMatch(ANSI);
  });
});

describe('config through the command line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cmlint-cli-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds .linterrc.yaml from the working directory; flags win over it', () => {
    writeFileSync(
      join(dir, '.linterrc.yaml'),
      ['failOn: warning', 'asOf: 2025-04-20', 'rules:', '  hidden-required-field: warning', ''].join('\n'),
    );
    const lookahead = join(ROOT, LOOKAHEAD);
    const fromConfig = cmlint([lookahead, '--format', 'json'], { cwd: dir });
    expect(fromConfig.code).toBe(1); // an upcoming warning, and failOn: warning
    expect(json(fromConfig).asOf).toBe('2025-04-20');
    expect(json(fromConfig).findings.map((f) => [f.severity, f.enforcement.status])).toEqual([['warning', 'upcoming']]);
    expect(json(fromConfig).findings[0]!.file).toBe(relative(dir, join(lookahead, 'export.json')).split(sep).join('/'));
    expect(cmlint([lookahead, '--fail-on', 'error'], { cwd: dir }).code).toBe(0);
    const asOfFlag = cmlint([lookahead, '--format', 'json', '--as-of', '2025-04-21', '--fail-on', 'error'], { cwd: dir });
    expect(asOfFlag.code).toBe(1);
    expect(json(asOfFlag).findings.map((f) => [f.severity, f.enforcement.status])).toEqual([['error', 'enforced']]);
  });
});

describe('README quick start', () => {
  const DEMO_RULES = ['re2-incompatible-pattern', 'hidden-required-field', 'required-field-empty', 'entry-field-validation'];

  it('`node bin/cmlint.js fixtures/demo-space` reports the content model and entry rules and exits 1', () => {
    const run = cmlint(['fixtures/demo-space']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('fixtures/demo-space/export.json');
    for (const id of DEMO_RULES) expect(run.stdout).toContain(id);
    expect(run.stdout).toMatch(/✖ \d+ problems \(\d+ errors?, \d+ warnings?\)/);
    // Each finding starts with a place a terminal opens; every line fits 100 columns.
    const findings = run.stdout.split('\n\n').slice(0, -1);
    expect(findings).toHaveLength(9);
    for (const finding of findings) expect(finding).toMatch(/^fixtures\/demo-space\/export\.json:\d+:\d+ {2}(error|warning) {2}[a-z0-9-]+\n/);
    for (const line of run.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
  });

  it('gives the same findings as JSON', () => {
    const { findings } = json(cmlint(['fixtures/demo-space', '--format', 'json', '--as-of', AFTER_BOTH_DATES]));
    expect(new Set(findings.map((f) => f.ruleId))).toEqual(new Set(DEMO_RULES));
    expect(findings.every((f) => f.file === 'fixtures/demo-space/export.json')).toBe(true);
  });
});

describe('graphql-schema', () => {
  const corpusDir = CORPUS;
  const exports = readdirSync(corpusDir).filter((name) => name.endsWith('.json')).sort();
  const COLLISIONS = 'fixtures/cli/graphql-collisions';

  it.each(exports)('prints SDL that graphql-js builds into a valid schema for %s (exit 0)', (name) => {
    const run = cmlint(['graphql-schema', join(corpusDir, name)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const schema = buildSchema(run.stdout);
    expect(validateSchema(schema).map((e) => e.message)).toEqual([]);
    expect(schema.getQueryType()?.name).toBe('Query');
  });

  it('has a type per content type, with its fields and their GraphQL types', () => {
    const run = cmlint(['graphql-schema', join(corpusDir, 'covid-19-site-template.json')]);
    expect(run.stdout).toMatch(/^# The GraphQL schema the service would generate/);
    expect(run.stdout).toContain(
      [
        'type BlogPost implements Entry & _Node {',
        '  _id: ID!',
        '  author(locale: String, preview: Boolean, useFallbackLocale: Boolean, where: PersonFilter): Person',
        '  body(locale: String, useFallbackLocale: Boolean): BlogPostBody',
        '  contentfulMetadata: ContentfulMetadata!',
        '  heroImage(locale: String, preview: Boolean, useFallbackLocale: Boolean): Asset',
        '  linkedFrom(allowedLocales: [String]): BlogPostLinkingCollections',
        '  slug(locale: String, useFallbackLocale: Boolean): String',
        '  sys: Sys!',
        '  tagsCollection(limit: Int = 100, locale: String, order: [BlogPostTagsCollectionOrder], preview: Boolean, skip: Int = 0, useFallbackLocale: Boolean, where: TagFilter): BlogPostTagsCollection',
        '  teaser(locale: String, useFallbackLocale: Boolean): String',
        '  title(locale: String, useFallbackLocale: Boolean): String',
        '}',
      ].join('\n'),
    );
    expect(run.stdout).toContain('type BlogPostTagsCollection {\n  items: [Tag]!\n');
    expect(run.stdout).toContain('input BlogPostFilter {\n  AND: [BlogPostFilter]\n  OR: [BlogPostFilter]\n  author: cfPersonNestedFilter\n  author_exists: Boolean\n');
    expect(run.stdout).toMatch(/\n {2}blogPostCollection\(limit: Int = 100, locale: String, order: \[BlogPostOrder\], preview: Boolean, skip: Int = 0, useFallbackLocale: Boolean, where: BlogPostFilter\): BlogPostCollection\n/);
  });

  it('is byte-identical across runs, and the same for a directory as for its files', () => {
    const first = cmlint(['graphql-schema', 'fixtures/graphql/template-blog']);
    expect(first.code).toBe(0);
    expect(cmlint(['graphql-schema', 'fixtures/graphql/template-blog']).stdout).toBe(first.stdout);
    expect(cmlint(['graphql-schema', 'fixtures/graphql/template-blog/content-types.json']).stdout).toBe(first.stdout);
  });

  it('prints the collisions on stderr instead, in the service’s wording where known, and exits 1', () => {
    const run = cmlint(['graphql-schema', COLLISIONS]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const file = `${COLLISIONS}/export.json`;
    expect(run.stderr.split('\n')).toEqual([
      'cmlint: GraphQL names collide, so no schema is printed:',
      `${file}:5:9: Type name generated for the content types 'A_car', 'a_car_' would be the same for all of them: 'ACar' [schema generation fails: COLLIDING_TYPE_NAMES]`,
      `${file}:62:11: Type name 'BlogPostContent' would be used for the union type of field 'content' of content type 'blogPost' and the type of content type 'blogPostContent' [queries fail: COLLIDING_TYPE_NAMES]`,
      `${file}:80:11: Field name generated for the fields 'seo_title', 'seoTitle' of the content type 'blogPost' would be the same for all of them: 'seoTitle' [schema generation fails: COLLIDING_FIELD_NAMES]`,
      `${file}:100:11: Field 'linked_from' of the content type 'blogPost' would be named 'linkedFrom', a reserved field name [schema generation fails: RESERVED_FIELD_NAME]`,
      `${file}:110:11: The fields 'related', 'relatedCollection' of the content type 'blogPost' would all be 'relatedCollection' (a list of links gets the suffix 'Collection') [not documented by the service]`,
      `${file}:198:9: Type name 'TaxonomyConcept' would be used for a built-in type of the service and the type of content type 'taxonomy_concept' [not documented by the service]`,
      '',
    ]);
  });

  it('lint reports the same collisions as findings of the four rules', () => {
    const { findings } = json(cmlint([COLLISIONS, '--format', 'json']));
    expect(findings.filter((f) => f.ruleId.startsWith('graphql-')).map((f) => `${f.line} ${f.severity} ${f.ruleId} ${f.target.contentType}/${f.target.field ?? ''}`)).toEqual([
      '5 error graphql-type-name-collision A_car/',
      '25 error graphql-type-name-collision a_car_/',
      '62 error graphql-derived-type-collision blogPost/content',
      '80 error graphql-field-name-collision blogPost/seo_title',
      '90 error graphql-field-name-collision blogPost/seoTitle',
      '100 error graphql-reserved-field-name blogPost/linked_from',
      '110 warning graphql-field-name-collision blogPost/related',
      '125 warning graphql-field-name-collision blogPost/relatedCollection',
      '135 warning graphql-field-name-collision blogPost/legacy_title',
      '145 warning graphql-field-name-collision blogPost/legacyTitle',
      '158 error graphql-derived-type-collision blogPostContent/',
      '198 warning graphql-derived-type-collision taxonomy_concept/',
    ]);
  });

  it('exits 2 for flags that belong to lint, with nothing on stdout', () => {
    for (const flags of [['--format', 'json'], ['--rule', 'hidden-required-field=off'], ['--as-of', '2025-01-01'], ['--quiet']]) {
      const run = cmlint(['graphql-schema', CLEAN, ...flags]);
      expectFailure(run);
      expect(run.stderr.split('\n')[0]).toBe(`cmlint: graphql-schema: ${flags[0]} does not apply`);
    }
  });

  it('exits 2 for input errors, as lint does', () => {
    const missing = cmlint(['graphql-schema', 'fixtures/cli/no-such-dir']);
    expectFailure(missing);
    expect(missing.stderr).toContain('fixtures/cli/no-such-dir');
    const malformed = cmlint(['graphql-schema', 'fixtures/cli/malformed-json/export.json']);
    expectFailure(malformed);
    expect(malformed.stderr).toMatch(/^fixtures\/cli\/malformed-json\/export\.json:\d+:\d+: Invalid JSON/);
  });

  it('is in --help', () => {
    expect(cmlint(['--help']).stdout).toContain('graphql-schema [paths]');
    expect(cmlint(['graphql-schema', '--help']).stdout).toMatch(/^Usage: cmlint graphql-schema \[paths\.\.\.\] \[--config FILE\]\n/);
  });
});

describe('the taxonomy export (--taxonomy, the config key, an input)', () => {
  const TAXONOMY = 'fixtures/taxonomy';
  const summary = (run: Run) => json(run).findings.map((f) => `${f.severity} ${f.target.entry ?? f.target.contentType ?? '(space)'} ${f.file}:${f.line}`);
  const CHECKED = [
    'warning article fixtures/taxonomy/space/export.json:50',
    'error festival fixtures/taxonomy/space/export.json:104',
    'error untagged fixtures/taxonomy/space/export.json:139',
    'warning oldTag fixtures/taxonomy/space/export.json:181',
  ];

  it('without it: entries without concepts are errors, the others are counted in one info finding about the space', () => {
    const run = cmlint([`${TAXONOMY}/space`, '--format', 'json']);
    expect(run.code).toBe(1);
    expect(summary(run)).toEqual(['info (space) null:null', 'error untagged fixtures/taxonomy/space/export.json:139']);
    expect(json(run).findings[0]!.message).toContain('3 entries with taxonomy concepts could not be checked');
  });

  it('--taxonomy FILE: every entry is checked', () => {
    const run = cmlint([`${TAXONOMY}/space`, '--taxonomy', `${TAXONOMY}/org-taxonomy.json`, '--format', 'json']);
    expect(run.code).toBe(1);
    expect(summary(run)).toEqual(CHECKED);
    expect(json(run).summary.filesRead).toBe(2);
  });

  it('the config key "taxonomy" is relative to the config file, whatever the working directory', () => {
    const fromFixture = cmlint(['--format', 'json'], { cwd: join(ROOT, TAXONOMY) });
    expect(json(fromFixture).findings.map((f) => `${f.target.entry ?? f.target.contentType} ${f.file}`)).toEqual([
      'article space/export.json',
      'festival space/export.json',
      'untagged space/export.json',
      'oldTag space/export.json',
    ]);
    const fromRoot = cmlint([`${TAXONOMY}/space`, '--config', `${TAXONOMY}/.linterrc.yaml`, '--format', 'json']);
    expect(summary(fromRoot)).toEqual(CHECKED);
  });

  it('a taxonomy export among the inputs is read as the taxonomy', () => {
    // From the repository root, so that fixtures/taxonomy/.linterrc.yaml is not found.
    expect(summary(cmlint([TAXONOMY, '--format', 'json']))).toEqual(CHECKED);
  });

  it('--taxonomy naming a missing file, or a file that is not a taxonomy export: exit 2 naming it', () => {
    // Input errors are the report of a stopped run (stylish on stdout; on stderr with other formats).
    const missing = cmlint([`${TAXONOMY}/space`, '--taxonomy', `${TAXONOMY}/nope.json`, '-f', 'json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('fixtures/taxonomy/nope.json: No such file (the taxonomy export named by --taxonomy)\n');
    const notTaxonomy = cmlint([`${TAXONOMY}/space`, '--taxonomy', 'fixtures/cli/clean/export.json', '-f', 'json']);
    expect(notTaxonomy.code).toBe(2);
    expect(notTaxonomy.stderr).toContain('fixtures/cli/clean/export.json: Not an organisation taxonomy export (named by --taxonomy)');
    expectFailure(cmlint([`${TAXONOMY}/space`, '--taxonomy']));
  });

  it('--help mentions --taxonomy', () => {
    expect(cmlint(['--help']).stdout).toContain('--taxonomy FILE');
  });
});

describe('the locale rules on fixtures/locales', () => {
  it('report each finding at its value, with entry and locale in the target', () => {
    const run = cmlint(['fixtures/locales', '--format', 'json']);
    expect(run.code).toBe(1);
    const rows = json(run).findings.map((f) => {
      const { contentType, field, entry, locale } = f.target;
      return `${f.line}:${f.column} ${f.severity} ${f.ruleId} ${[contentType, field, entry, locale].join('/')} ${f.pointer}`;
    });
    expect(rows).toEqual([
      '59:7 warning display-field-unresolvable banner/// /contentTypes/1/displayField',
      '86:7 warning display-field-unresolvable quote/// /contentTypes/2/displayField',
      // de-DE of 'about' is changed (line 177): published with edits since, so live: not reported.
      // fr-FR is a draft, and 'about' holds no fr-FR values: untranslated, at most info.
      '178:13 info locale-unpublished page//about/fr-FR /entries/1/sys/fieldStatus/*/fr-FR',
      '189:11 error unconfigured-locale page/title/about/es-ES /entries/1/fields/title/es-ES',
      '193:11 warning unlocalized-field-locale-values page/slug/about/de-DE /entries/1/fields/slug/de-DE',
      '217:11 info locale-unpublished page//imprint/fr-FR /entries/2/sys/fieldStatus/*',
    ]);
  });
});
