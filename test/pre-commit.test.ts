/**
 * The pre-commit hook: files passed on the command line are report targets, while the space
 * (the config's include) is loaded as context. First a replay of exactly what pre-commit runs
 * (the manifest's entry, then the staged json/yaml files), then, when the `pre-commit` tool is
 * installed, real commits in a temporary git repository with the manifest's hook definition.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, ROOT, baseEnv, cmlint } from './helpers/cli.js';
import { contentType } from './helpers/rule-tester.js';

interface HookDefinition {
  id: string;
  entry: string;
  types_or?: string[];
  require_serial?: boolean;
  pass_filenames?: boolean;
  [key: string]: unknown;
}

const MANIFEST = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as HookDefinition[];
const HOOK = MANIFEST.find((h) => h.id === 'cmlint')!;

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const AS_OF = '2025-05-01';

/** A repository with a space split over files, and JSON/YAML files that are not part of it. */
function makeRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-pre-commit-'));
  temps.push(dir);
  mkdirSync(join(dir, 'space', 'entries'), { recursive: true });
  mkdirSync(join(dir, 'space', 'archive'), { recursive: true });
  mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
  cpSync(join(ROOT, 'fixtures', 'cli', 'golden', 'untranslated-field.mjs'), join(dir, 'untranslated-field.mjs'));
  writeFileSync(
    join(dir, 'space-rule.mjs'),
    `export default { meta: { id: 'space-wide', description: 'Reports the space as a whole.', docs: '', enforcement: { date: null, postponedFrom: null, note: 'test' }, severity: 'warning', recommended: false, schema: { type: 'object' }, messages: { m: { text: 'About the whole space.' } } }, create(context) { return { end() { context.report({ node: null, messageId: 'm' }); } }; } };\n`,
  );
  writeFileSync(
    join(dir, '.linterrc.yaml'),
    [
      'include: ["space/**/*.{json,yaml,yml}"]',
      'exclude: ["space/archive/**"]',
      'plugins: ["./untranslated-field.mjs", "./space-rule.mjs"]',
      'rules:',
      '  untranslated-field: warning',
      '  space-wide: warning',
      '',
    ].join('\n'),
  );
  const pattern = (id: string, p: string) => ({ id, type: 'Symbol', validations: [{ regexp: { pattern: p } }] });
  writeFileSync(
    join(dir, 'space', 'model.json'),
    JSON.stringify(
      {
        contentTypes: [contentType('article', [{ id: 'title', type: 'Symbol', localized: true }, pattern('slug', '^(?!admin)')], { displayField: 'title' })],
        locales: [
          { code: 'en-US', default: true, fallbackCode: null },
          { code: 'de-DE', default: false, fallbackCode: 'en-US' },
        ],
      },
      null,
      2,
    ),
  );
  writeFileSync(join(dir, 'space', 'author.yaml'), 'sys: { id: author, type: ContentType }\nname: Author\ndisplayField: name\nfields:\n  - { id: name, name: Name, type: Symbol, validations: [{ regexp: { pattern: "(a)\\\\1" } }] }\n');
  const entry = (id: string, title: Record<string, string>) => ({ sys: { id, type: 'Entry', contentType: { sys: { id: 'article' } } }, fields: { title } });
  writeFileSync(join(dir, 'space', 'entries', 'posts.json'), JSON.stringify([entry('post-1', { 'en-US': 'Hello' }), entry('post-2', { 'en-US': 'Hi', 'de-DE': 'Hallo' })], null, 2));
  writeFileSync(join(dir, 'space', 'archive', 'old.json'), JSON.stringify({ contentTypes: [contentType('old', [pattern('x', '(?=y)')])] }, null, 2));
  writeFileSync(join(dir, 'tsconfig.json'), '{\n  // comments: not valid JSON\n  "compilerOptions": { "strict": true, },\n}\n');
  writeFileSync(join(dir, '.github', 'workflows', 'ci.yml'), 'on: push\njobs: {}\n');
  return dir;
}

/** What pre-commit runs: the hook's entry, then the file names (pass_filenames: true). */
function hook(dir: string, files: string[]) {
  const [command, ...entryArgs] = HOOK.entry.split(' ');
  expect(command).toBe('cmlint');
  return cmlint([...entryArgs, '--as-of', AS_OF, ...files], { cwd: dir });
}

describe('.pre-commit-hooks.yaml', () => {
  it('declares the hook as the design needs: node, json/yaml files and GraphQL documents, one process, file names passed', () => {
    expect(HOOK).toMatchObject({
      language: 'node',
      types_or: ['json', 'yaml', 'graphql', 'javascript', 'jsx', 'ts', 'tsx', 'vue', 'svelte'],
      require_serial: true,
      pass_filenames: true,
    });
    // The hooks that pass file names keep quiet about staged files that are no inputs.
    for (const id of ['cmlint', 'cmlint-sources']) expect(MANIFEST.find((h) => h.id === id)!.entry).toBe('cmlint --no-warn-ignored');
    const all = MANIFEST.find((h) => h.id === 'cmlint-all')!;
    expect(all).toMatchObject({ language: 'node', pass_filenames: false, always_run: true, stages: ['manual'] });
  });
});

describe('replay of what pre-commit passes', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeRepo();
  });

  it('reports only on the staged files, with the rest of the space as context; other staged files are skipped quietly', () => {
    const run = hook(dir, ['space/entries/posts.json', 'tsconfig.json', '.github/workflows/ci.yml', '.linterrc.yaml']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0); // warnings only
    // The entry file alone has no locales; that de-DE is missing comes from the locales in model.json.
    const headings = run.stdout.split('\n').filter((l) => /^\S+:\d+:\d+ {2}/.test(l));
    expect(headings).toHaveLength(1);
    expect(headings[0]).toMatch(/^space\/entries\/posts\.json:\d+:\d+ {2}warning {2}untranslated-field$/);
    expect(run.stdout).toContain(`${headings[0]}\n  article › entry post-1 › title › de-DE · `);
    expect(run.stdout).toContain("\n  Field 'title' has no value in de-DE.\n");
    expect(run.stdout).toContain('3 files, 2 content types, 2 entries');
    // Not reported: the lookahead in model.json, the backreference in author.yaml (not staged), the space-wide finding.
    expect(run.stdout).not.toContain('re2-incompatible-pattern');
    expect(run.stdout).not.toContain('About the whole space');
  });

  it('fails on an error in a staged file, and stays clean when that file is not staged', () => {
    const failing = hook(dir, ['space/model.json', 'space/author.yaml']);
    expect(failing.code).toBe(1);
    const files = failing.stdout.split('\n').flatMap((l) => /^(\S+):\d+:\d+ {2}/.exec(l)?.[1] ?? []);
    expect([...new Set(files)]).toEqual(['space/author.yaml', 'space/model.json']);
    const clean = hook(dir, ['space/entries/posts.json']);
    expect(clean.code).toBe(0);
  });

  it('skips staged files the config excludes, and files outside the include, without a word (the hook passes --no-warn-ignored)', () => {
    const run = hook(dir, ['space/archive/old.json', 'tsconfig.json']);
    expect(run).toEqual({ code: 0, stdout: '✔ No problems (0 files, 0 content types, 0 entries, as of 2025-05-01)\n', stderr: '' });
  });

  it('without --no-warn-ignored, warns about each named file it does not lint, in every format, as a warning that --max-warnings counts', () => {
    const named = ['space/archive/old.json', 'tsconfig.json', 'space/entries/posts.json'];
    const run = cmlint(['--as-of', AS_OF, '-f', 'json', ...named], { cwd: dir });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { findings: { ruleId: string; severity: string; file: string; line: null; message: string }[]; summary: { warning: number } };
    const ignored = report.findings.filter((f) => f.ruleId === 'file-ignored');
    expect(ignored.map((f) => [f.file, f.severity, f.line])).toEqual([
      ['space/archive/old.json', 'warning', null],
      ['tsconfig.json', 'warning', null],
    ]);
    expect(ignored[0]!.message).toMatch(/^File ignored because the config's `exclude` matches it/);
    expect(ignored[1]!.message).toMatch(/^File ignored because none of the config's inputs \(`include`/);
    // In report order among the findings of the linted file (sorted by file).
    expect(report.findings.map((f) => f.file)).toEqual(['space/archive/old.json', 'space/entries/posts.json', 'tsconfig.json']);
    expect(report.summary.warning).toBe(3);
    // Only ignored files named: before, "No problems (0 files …)" and exit 0.
    const alone = cmlint(['--as-of', AS_OF, 'tsconfig.json'], { cwd: dir });
    expect(alone.code).toBe(0);
    expect(alone.stdout).toMatch(/^tsconfig\.json {2}warning {2}file-ignored\n {2}not linted\n {2}File ignored because none of the config's inputs/);
    expect(alone.stdout).toContain('✖ 1 problem (1 warning)');
    expect(cmlint(['--as-of', AS_OF, '--max-warnings', '0', 'tsconfig.json'], { cwd: dir }).code).toBe(1);
    expect(cmlint(['--as-of', AS_OF, '-f', 'github', 'tsconfig.json'], { cwd: dir }).stdout).toContain('::warning file=tsconfig.json,title=file-ignored::File ignored because');
    const quiet = cmlint(['--as-of', AS_OF, '--no-warn-ignored', '--max-warnings', '0', 'tsconfig.json'], { cwd: dir });
    expect(quiet).toEqual({ code: 0, stdout: '✔ No problems (0 files, 0 content types, 0 entries, as of 2025-05-01)\n', stderr: '' });
    // Files found in a named directory are not named themselves: no warning for the excluded archive.
    expect(cmlint(['--as-of', AS_OF, '-f', 'json', 'space'], { cwd: dir }).stdout).not.toContain('file-ignored');
  });

  it('without file names (cmlint-all, CI) reports the whole space, findings about the space as a whole included', () => {
    const run = cmlint(['--as-of', AS_OF, '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    const findings = (JSON.parse(run.stdout) as { findings: { ruleId: string; file: string | null }[] }).findings;
    expect(findings.map((f) => `${f.ruleId} ${f.file}`)).toEqual([
      'space-wide null',
      're2-incompatible-pattern space/author.yaml',
      'untranslated-field space/entries/posts.json',
      're2-incompatible-pattern space/model.json',
    ]);
  });
});

const git = (dir: string, ...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: baseEnv({ PRE_COMMIT_HOME: join(dir, '.pre-commit-home') }) });
const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0 && spawnSync('git', ['--version']).status === 0;

describe.runIf(hasPreCommit)('real pre-commit (the manifest’s hook, run from this checkout)', () => {
  it('blocks a commit with an error in a staged file, and lets through one that does not touch it', () => {
    const dir = makeRepo();
    // The manifest's hook as a local hook: same id, filters and file passing; the entry runs this checkout's bin.
    const { language: _node, entry: _entry, minimum_pre_commit_version: _min, ...definition } = HOOK;
    const local = { ...definition, language: 'system', entry: `${process.execPath} ${BIN}`, args: ['--as-of', AS_OF] };
    writeFileSync(join(dir, '.pre-commit-config.yaml'), JSON.stringify({ repos: [{ repo: 'local', hooks: [local] }] }, null, 2));
    for (const args of [['init', '-q'], ['config', 'user.email', 'test@example.com'], ['config', 'user.name', 'test'], ['config', 'commit.gpgsign', 'false']]) {
      expect(git(dir, ...args).status).toBe(0);
    }
    const install = spawnSync('pre-commit', ['install'], { cwd: dir, encoding: 'utf8', env: baseEnv({ PRE_COMMIT_HOME: join(dir, '.pre-commit-home') }) });
    expect(install.status, install.stderr).toBe(0);
    git(dir, 'add', '.pre-commit-config.yaml', '.linterrc.yaml', 'untranslated-field.mjs', 'space-rule.mjs', 'space/entries/posts.json', 'tsconfig.json', '.github');
    const first = git(dir, 'commit', '-m', 'entries and config');
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout + first.stderr).toMatch(/cmlint \(content model\)\.+Passed/);

    git(dir, 'add', 'space/model.json');
    const blocked = git(dir, 'commit', '-m', 'model with a lookahead');
    expect(blocked.status).toBe(1);
    const output = blocked.stdout + blocked.stderr;
    expect(output).toMatch(/cmlint \(content model\)\.+Failed/);
    expect(output).toContain('space/model.json');
    expect(output).toMatch(/error\s+article › slug\s+The regexp pattern uses a lookahead/);
    expect(output).not.toContain('space/author.yaml');
  });
});
