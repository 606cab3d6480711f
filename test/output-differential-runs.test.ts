/**
 * Differential test of every way through a run (issue 28): every real export, each kind of input
 * (GraphQL documents, application sources, migration scripts) with its report targets, `cmlint
 * diff` (two paths and `--base`), the baseline (written, applied, stale, pruned), the verdict's
 * flags, reports to stdout, input and config errors, the other commands, and the API, compared
 * byte for byte with goldens under test/golden/differential/runs/ recorded from the code before
 * the run was split into stages. A golden holds the exit code and each output (stdout, stderr,
 * every format, files the run wrote); an output over 8 KiB is kept as its SHA-256 and length.
 * The rules are fixed by test/golden/differential/runs/rules.yaml, so that rules added later do
 * not change these files. Runs that need a config of their own, or write files, work on copies of
 * the fixtures in a temporary directory. Most runs are of the built CLI in this process; those
 * that need the bin's process (its caches, the unbundled build, its streams) run the real bin.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lint, type LintOptions } from '../src/index.js';
import { ROOT } from './helpers/cli.js';
import { FORMATS, normaliser, runBin, runInProcess, type FormatName, type Outputs } from './helpers/differential.js';

const AS_OF = '2026-01-01';
const RULES = join(ROOT, 'test/golden/differential/runs/rules.yaml');
const RULES_TEXT = readFileSync(RULES, 'utf8');
/** An output longer than this is kept in its golden as a digest. */
const WHOLE_LIMIT = 8192;

const work = mkdtempSync(join(tmpdir(), 'cmlint-differential-runs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const normalise = normaliser({ [work]: '<tmp>', [ROOT]: '<repo>' });
const fixture = (path: string) => join(ROOT, 'fixtures', path);

/**
 * A copy of a fixture folder in the temporary directory with a config of its own: the fixed
 * rules and `keys` (YAML lines: include, documents, sources, migrations). Returns its path.
 */
function project(name: string, from: string, keys: string): string {
  const dir = join(work, name);
  cpSync(fixture(from), dir, { recursive: true });
  rmSync(join(dir, '.linterrc.yaml'), { force: true });
  writeFileSync(join(dir, '.linterrc.yaml'), `${RULES_TEXT}${keys}\n`);
  return dir;
}

interface Case {
  name: string;
  args: string[];
  /** Where the bin runs: the repository root unless given. */
  cwd?: string;
  env?: Record<string, string>;
  /** Every format written to a file (default); false: only stdout and stderr. */
  formats?: boolean;
  /** Files of `cwd` that the run writes, kept in the golden. */
  written?: string[];
  /** Done before the run (the cases run in order). */
  before?: () => void;
  /**
   * Runs the real bin: for what only its process has (the caches it keeps between runs, the
   * unbundled build, its output streams, modules of its own). The other cases run the built CLI in
   * this process.
   */
  bin?: boolean;
}

/** One output in a golden: whole, or its digest when long. */
function section(name: string, text: string): string {
  if (text.length > WHOLE_LIMIT) return `--- ${name}: ${text.length} characters, sha256 ${createHash('sha256').update(text).digest('hex')}\n`;
  return `--- ${name}\n${text}${text === '' || text.endsWith('\n') ? '' : '\n<no newline at end>\n'}`;
}

function golden(outputs: Outputs, written: Record<string, string>): string {
  return [
    `exit ${outputs.code}\n`,
    section('stdout', outputs.stdout),
    section('stderr', outputs.stderr),
    ...Object.entries(outputs.files).map(([format, text]) => section(`${format}.${FORMATS[format as FormatName]}`, text)),
    ...Object.entries(written).map(([file, text]) => section(`written ${file}`, text)),
  ].join('');
}

const realSpaces = readdirSync(fixture('real-spaces'), { withFileTypes: true })
  .filter((e) => (e.isFile() && e.name.endsWith('.json')) || (e.isDirectory() && e.name !== 'expected'))
  .map((e) => e.name)
  .sort();

/** `cmlint ARGS --config RULES` in the repository. */
const withRules = (name: string, ...args: string[]): Case => ({ name, args: [...args, '--config', RULES] });

// Projects, made as the cases that use them are listed.
const split = project('split-space', 'load/split-space', 'include: ["**/*.{json,yaml,yml}"]\nexclude: ["tags/**"]');
const documents = project('documents', 'graphql/template-marketing', 'include: [export.json]\ndocuments: ["documents/**/*"]');
// Documents that break: a field the model does not have, `limit: 0`, and an operation embedded in a component.
writeFileSync(
  join(documents, 'documents', 'broken-cta.graphql'),
  'query BrokenCta($id: String!) {\n  componentCta(id: $id) {\n    headline\n    noSuchField\n  }\n  componentCtaCollection(limit: 0) {\n    items { ctaText }\n  }\n}\n',
);
writeFileSync(
  join(documents, 'documents', 'Hero.tsx'),
  "import { gql } from '@apollo/client';\n\nexport const HERO = gql`\n  query Hero($id: String!) { componentHeroBanner(id: $id) { headline missing } }\n`;\nexport const Hero = () => <div />;\n",
);
const sources = project('sources', 'sources', 'sources:\n  - "**/*.{js,jsx,ts,tsx,mjs,cjs,sh,yml,yaml,py,rb}"\n  - "**/package.json"');
const mustShow = project('must-show', 'migrations/must-show', 'include: [space.json]\nmigrations: ["migrations/*.js"]');
const firstScript = `migrations/${readdirSync(join(mustShow, 'migrations')).sort()[0]}`;
const asapHub = project('asap-hub-crn', 'migrations/asap-hub-crn', 'migrations: ["migrations/**/*.{js,ts}"]');
const baseline = project('baseline', 'demo-space', 'include: [export.json]');
const gitRepo = project('git', 'diff', 'include: [space.json]');
const init = join(work, 'init');
cpSync(fixture('graphql/template-marketing'), init, { recursive: true });
// cmlint installed in the project: the config's $schema names its schema (else the schema of this repository, wherever it is).
cpSync(join(ROOT, 'schema', 'linterrc.schema.json'), join(init, 'node_modules', 'cmlint', 'schema', 'linterrc.schema.json'));

const CASES: Case[] = [
  // Every real export, with every rule of the day.
  ...realSpaces.map((name) => withRules(`real-${name.replace(/\.json$/, '')}`, `fixtures/real-spaces/${name}`)),
  { ...withRules('real-building-blocks-streamed', 'fixtures/real-spaces/building-blocks'), env: { CMLINT_WHOLE_FILE_LIMIT: '0' } },
  // The space: report targets (pre-commit), a named file outside the config's include, --taxonomy.
  { name: 'space-all', args: [], cwd: split },
  { name: 'space-targets', args: ['entries/post-3.yml', 'content-types/author.json'], cwd: split },
  { name: 'space-target-outside', args: ['tags/featured.json'], cwd: split },
  withRules('space-taxonomy', 'fixtures/taxonomy/space', '--taxonomy', 'fixtures/taxonomy/org-taxonomy.json'),
  // GraphQL documents: all, one named, the export named (its types' documents are its findings), and again on a warm cache.
  { name: 'documents-all', args: [], cwd: documents, bin: true },
  { name: 'documents-named', args: ['documents/broken-cta.graphql'], cwd: documents },
  { name: 'documents-export-named', args: ['export.json'], cwd: documents },
  { name: 'documents-all-warm', args: [], cwd: documents, bin: true },
  // Application sources: all, and one file named.
  { name: 'sources-all', args: [], cwd: sources },
  { name: 'sources-named', args: ['the-example-app-nodejs/app.js'], cwd: sources },
  // Migration scripts: all, one named (the scripts up to it), a project with scripts and no export.
  // Through the bin: the scripts run in cmlint's process, where Node keeps each once loaded, and the API's
  // runs below (cmlint's sources, another copy of its modules) load them in this process.
  { name: 'migrations-all', args: [], cwd: mustShow, bin: true },
  { name: 'migrations-named', args: [firstScript], cwd: mustShow, bin: true },
  { name: 'migrations-scripts-only', args: [], cwd: asapHub, bin: true },
  // cmlint diff: two paths, the same state twice, --base, and a flag it does not take.
  withRules('diff-paths', 'diff', 'fixtures/diff/before.json', 'fixtures/diff/after.json'),
  withRules('diff-same', 'diff', 'fixtures/diff/after.json', 'fixtures/diff/after.json'),
  {
    name: 'diff-base',
    args: ['diff', '--base', 'HEAD'],
    cwd: gitRepo,
    before: () => {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: gitRepo });
      cpSync(join(gitRepo, 'before.json'), join(gitRepo, 'space.json'));
      git('init', '-q');
      git('add', 'space.json');
      git('commit', '-q', '-m', 'before');
      cpSync(join(gitRepo, 'after.json'), join(gitRepo, 'space.json'));
    },
  },
  withRules('diff-jobs', 'diff', 'fixtures/diff/before.json', 'fixtures/diff/after.json', '--jobs', '2'),
  // The baseline: written, applied, stale after the space changed, pruned.
  { name: 'baseline-write', args: ['--baseline-write', 'baseline.json'], cwd: baseline, written: ['baseline.json'] },
  { name: 'baseline-apply', args: ['--baseline', 'baseline.json'], cwd: baseline },
  {
    name: 'baseline-stale',
    args: ['--baseline', 'baseline.json'],
    cwd: baseline,
    before: () => cpSync(fixture('cli/hidden-required/export.json'), join(baseline, 'export.json')),
  },
  { name: 'baseline-prune', args: ['--baseline', 'baseline.json', '--prune-baseline'], cwd: baseline, written: ['baseline.json'] },
  // The verdict's flags.
  withRules('verdict-fail-on-warning', 'fixtures/demo-space', '--fail-on', 'warning'),
  withRules('verdict-max-warnings', 'fixtures/demo-space', '--max-warnings', '0'),
  withRules('verdict-quiet', 'fixtures/demo-space', '--quiet'),
  withRules('verdict-rule-off', 'fixtures/demo-space', '--rule', 'hidden-required-field=off', '--rule', 'entry-field-validation=info'),
  withRules('jobs-small-input', 'fixtures/demo-space', '--jobs', '2'),
  // Reports to stdout: the default (stylish), and JSON with an input error (its lines on stderr too).
  { ...withRules('stdout-stylish', 'fixtures/demo-space'), formats: false, bin: true },
  { ...withRules('stdout-json-input-error', 'fixtures/load/malformed/missing-comma.json', '-f', 'json'), formats: false, bin: true },
  // The unbundled build (tsc's output, dist/src/).
  { name: 'unbundled-documents-all', args: [], cwd: documents, env: { CMLINT_UNBUNDLED: '1' }, bin: true },
  { name: 'unbundled-migrations-all', args: [], cwd: mustShow, env: { CMLINT_UNBUNDLED: '1' }, bin: true },
  // Input and config errors.
  withRules('error-missing-path', 'fixtures/no-such-export.json'),
  withRules('error-missing-taxonomy', 'fixtures/demo-space', '--taxonomy', 'no-such-taxonomy.json'),
  ...readdirSync(fixture('config/invalid'))
    .sort()
    .map((file): Case => ({ name: `error-config-${file.replace('.', '-')}`, args: ['fixtures/demo-space', '--config', `fixtures/config/invalid/${file}`] })),
  // The other commands.
  { name: 'command-help', args: ['--help'], formats: false },
  { name: 'command-version', args: ['--version'], formats: false },
  { name: 'command-rules', args: ['rules', '--config', RULES], formats: false },
  { name: 'command-rules-json', args: ['rules', '--format', 'json', '--config', RULES], formats: false },
  { name: 'command-explain', args: ['explain', 'hidden-required-field'], formats: false },
  { name: 'command-explain-unknown', args: ['explain', 'hiden-required-field'], formats: false },
  { name: 'command-graphql-schema', args: ['graphql-schema', 'fixtures/graphql/template-blog'], formats: false },
  { name: 'command-graphql-schema-collisions', args: ['graphql-schema', 'fixtures/cli/graphql-collisions'], formats: false },
  { name: 'command-bad-flag', args: ['--no-such-flag'], formats: false, bin: true },
  { name: 'command-init', args: ['init'], cwd: init, formats: false, written: ['.linterrc.yaml'] },
];

describe('output differential: every kind of input, the baseline, the verdict and the commands', () => {
  it.each(CASES)('$name', async ({ name, args, cwd, env = {}, formats = true, written = [], before, bin = false }) => {
    before?.();
    const outputs = await (bin ? runBin : runInProcess)([...args, '--as-of', AS_OF], {
      cwd: cwd ?? ROOT,
      env: { CMLINT_COMPILE_CACHE: join(work, 'cache'), ...env },
      ...(formats ? { formatsDir: join(work, 'outputs', name) } : {}),
      normalise,
    });
    const files = Object.fromEntries(written.map((file) => [file, existsSync(join(cwd!, file)) ? normalise(readFileSync(join(cwd!, file), 'utf8')) : '<not written>']));
    await expect(golden(outputs, files)).toMatchFileSnapshot(`golden/differential/runs/${name}.txt`);
  });
});

/** The API's `lint()`: its outcome as JSON (the rules by id). */
const API_CASES: { name: string; options: () => LintOptions }[] = [
  { name: 'api-space', options: () => ({ paths: ['fixtures/demo-space'], cwd: ROOT, configPath: RULES, asOf: AS_OF }) },
  { name: 'api-documents', options: () => ({ paths: [], cwd: documents, asOf: AS_OF }) },
  { name: 'api-targets', options: () => ({ paths: ['entries/post-3.yml'], cwd: split, asOf: AS_OF }) },
  { name: 'api-migrations', options: () => ({ paths: [], cwd: mustShow, asOf: AS_OF }) },
  {
    name: 'api-diff',
    options: () => ({ paths: ['fixtures/diff/after.json'], cwd: ROOT, configPath: RULES, asOf: AS_OF, before: { paths: ['fixtures/diff/before.json'], cwd: ROOT, base: ROOT } }),
  },
  { name: 'api-input-error', options: () => ({ paths: ['fixtures/load/malformed/truncated.json'], cwd: ROOT, configPath: RULES, asOf: AS_OF }) },
];

describe('output differential: the API', () => {
  it.each(API_CASES)('$name', async ({ name, options }) => {
    const outcome = await lint(options());
    const text = `${JSON.stringify({ ...outcome, rules: outcome.rules.map((r) => r.meta.id) }, null, 2)}\n`;
    await expect(section('outcome', normalise(text))).toMatchFileSnapshot(`golden/differential/runs/${name}.txt`);
  });
});
