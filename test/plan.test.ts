/**
 * The plan of a run (src/pipeline/plan.ts): what a run will do, as a plain value, built from the
 * options and the config without reading an input; and `--print-config`, which prints it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOSTS } from '../src/inputs/sources/hosts.js';
import { makePlan, type RunPlan, type RunRequest } from '../src/pipeline/plan.js';
import { cmlint } from './helpers/cli.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const CONFIG = `extends: []
include: ["space/**/*.json"]
exclude: ["space/archive/**"]
documents: ["src/**/*.graphql"]
taxonomy: org/taxonomy.json
baseline: .linter-baseline.json
failOn: warning
maxWarnings: 3
rules:
  hidden-required-field: error
  display-field-unresolvable: [info, { ignoreContentTypes: ["legacy*"] }]
  field-removed: error
overrides:
  - contentTypes: ["legacy*"]
    rules: { hidden-required-field: off }
`;

/** A project: a space in two files (and one excluded), a GraphQL document, a taxonomy export, and its config. */
function project(config = CONFIG): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-plan-'));
  temps.push(dir);
  const files: Record<string, string> = {
    '.linterrc.yaml': config,
    'space/a.json': JSON.stringify({ contentTypes: [{ sys: { id: 'post' }, name: 'Post', displayField: 'title', fields: [{ id: 'title', name: 'Title', type: 'Symbol' }] }] }),
    'space/b.json': JSON.stringify({ locales: [{ code: 'en-US', default: true }] }),
    'space/archive/old.json': JSON.stringify({ locales: [] }),
    'src/post.graphql': 'query Post { post(id: "1") { title } }\n',
    'org/taxonomy.json': JSON.stringify({ taxonomy: { concepts: [], conceptSchemes: [] } }),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const plan = async (request: RunRequest): Promise<RunPlan> => (await makePlan(request)).plan;

describe('the plan of a run', () => {
  it('holds the config, the rules that are on, every kind of input, the baseline, the verdict and the outputs', async () => {
    const dir = project();
    const at = (path: string) => join(dir, path);
    expect(await plan({ paths: [], cwd: dir, asOf: '2026-01-01' })).toEqual({
      mode: 'lint',
      cwd: dir,
      asOf: '2026-01-01',
      config: {
        file: { absPath: at('.linterrc.yaml'), shown: '.linterrc.yaml' },
        content: expect.objectContaining({ include: ['space/**/*.json'], failOn: 'warning', maxWarnings: 3 }),
      },
      ruleSeverities: {},
      // In the config's order (the built-in rules by id); field-removed is a rule of cmlint diff only.
      rules: [
        { id: 'display-field-unresolvable', plugin: false, severity: 'info', upcoming: 'warning', options: { reportEmptyEntries: true, ignoreContentTypes: ['legacy*'] } },
        { id: 'hidden-required-field', plugin: false, severity: 'error', upcoming: 'warning', options: {} },
      ],
      inputs: {
        space: [
          { absPath: at('space/a.json'), explicit: false },
          { absPath: at('space/b.json'), explicit: false },
        ],
        taxonomy: { absPath: at('org/taxonomy.json'), namedBy: 'the config key "taxonomy"' },
        before: null,
        code: [
          {
            kind: 'documents',
            files: [{ absPath: at('src/post.graphql'), explicit: false }],
            // What the files are read with: the globs (to say which found no GraphQL) and the service's hosts (GraphQL sent elsewhere is not checked).
            options: { globs: { patterns: ['src/**/*.graphql'], base: dir }, hosts: DEFAULT_HOSTS },
          },
        ],
        sources: null,
        migrations: null,
        targets: null,
      },
      ignored: { files: [], warn: true },
      jobs: 1,
      baseline: { file: { absPath: at('.linter-baseline.json'), shown: '.linter-baseline.json' }, mode: 'apply' },
      verdict: { failOn: 'warning', maxWarnings: 3, maxWarningsFrom: 'config' },
      report: { outputs: [], quiet: false, color: null },
    });
  });

  it('is a plain value: JSON keeps all of it', async () => {
    const made = await plan({ paths: ['space/a.json'], cwd: project(), asOf: '2026-01-01', ruleSeverities: { 'hidden-required-field': 'warning' } });
    expect(JSON.parse(JSON.stringify(made))).toEqual(made);
  });

  it('takes the options over the config: --rule, --taxonomy, --baseline-write, --fail-on, --max-warnings, outputs', async () => {
    const dir = project();
    const made = await plan({
      paths: [],
      cwd: dir,
      ruleSeverities: { 'display-field-unresolvable': 'off' },
      taxonomyPath: 'org/taxonomy.json',
      baselineWrite: 'new-baseline.json',
      failOn: 'error',
      maxWarnings: 0,
      outputs: [{ format: 'json', file: null }],
      quiet: true,
      color: false,
    });
    expect(made.rules.map((r) => [r.id, r.severity])).toEqual([['hidden-required-field', 'error']]);
    expect(made.ruleSeverities).toEqual({ 'display-field-unresolvable': 'off' });
    expect(made.inputs).toMatchObject({ taxonomy: { absPath: join(dir, 'org/taxonomy.json'), namedBy: '--taxonomy' } });
    expect(made.baseline).toEqual({ file: { absPath: join(dir, 'new-baseline.json'), shown: 'new-baseline.json' }, mode: 'record' });
    expect(made.verdict).toEqual({ failOn: 'error', maxWarnings: 0, maxWarningsFrom: '--max-warnings' });
    expect(made.report).toEqual({ outputs: [{ format: 'json', file: null }], quiet: true, color: false });
    expect((await plan({ paths: [], cwd: dir, pruneBaseline: true })).baseline?.mode).toBe('prune');
    expect((await plan({ paths: [], cwd: dir, baseline: false })).baseline).toBeNull();
  });

  it('pre-commit: named files of the space and named documents are the report targets; the space is still read whole', async () => {
    const dir = project();
    const made = await plan({ paths: ['space/b.json', 'src/post.graphql'], cwd: dir });
    expect(made.inputs).toMatchObject({
      space: [{ absPath: join(dir, 'space/a.json') }, { absPath: join(dir, 'space/b.json') }],
      targets: { files: [join(dir, 'space/b.json')], code: [join(dir, 'src/post.graphql')], sources: null },
    });
  });

  it('pre-commit: when no named file is an input, the run reads nothing (and opens no baseline)', async () => {
    const dir = project();
    expect((await plan({ paths: ['space/archive/old.json'], cwd: dir })).inputs).toEqual({ none: 'no-named-input', errors: [] });
  });

  it('names the named files that the run does not lint, and why: excluded, or no input covers them (not files found in a named directory)', async () => {
    const dir = project();
    writeFileSync(join(dir, 'notes.json'), '{}');
    const made = await plan({ paths: ['space/archive/old.json', 'notes.json', 'space/a.json', 'org', 'src/post.graphql'], cwd: dir });
    expect(made.ignored).toEqual({
      files: [
        { file: 'space/archive/old.json', reason: 'excluded' },
        { file: 'notes.json', reason: 'not-an-input' },
      ],
      warn: true,
    });
    expect((await plan({ paths: ['notes.json'], cwd: dir, warnIgnored: false })).ignored).toEqual({ files: [{ file: 'notes.json', reason: 'not-an-input' }], warn: false });
  });

  it('input errors found while planning are in the plan, as plain values', async () => {
    const dir = project();
    expect((await plan({ paths: ['space/missing.json'], cwd: dir })).inputs).toEqual({
      none: 'input-errors',
      errors: [{ file: 'space/missing.json', message: 'No such file or directory' }],
    });
    expect((await plan({ paths: ['nothing/*.json'], cwd: dir, configPath: '/dev/null' })).inputs).toEqual({
      none: 'input-errors',
      errors: [{ file: 'nothing/*.json', message: 'No files match this glob' }],
    });
  });

  it('cmlint diff: the state before is an input, the named paths are not targets, and only the rules of a diff are on', async () => {
    const dir = project();
    const made = await plan({ paths: ['space/a.json'], cwd: dir, before: { paths: ['space/b.json'], cwd: dir, base: dir } });
    expect(made.mode).toBe('diff');
    expect(made.rules.map((r) => r.id)).toEqual(['field-removed']);
    expect(made.inputs).toMatchObject({ space: [{ absPath: join(dir, 'space/a.json'), explicit: true }], before: { paths: ['space/b.json'], cwd: dir, base: dir }, targets: null });
  });

  it('migration scripts in the order they run; a named script is a target, and the scripts after it are left out', async () => {
    const dir = project('include: ["space/**/*.json"]\nmigrations: ["migrations/*.js"]\n');
    mkdirSync(join(dir, 'migrations'));
    for (const name of ['2-second.js', '1-first.js', '3-third.js']) writeFileSync(join(dir, 'migrations', name), 'module.exports = function () {};\n');
    const scripts = ['1-first.js', '2-second.js', '3-third.js'].map((name) => ({ absPath: join(dir, 'migrations', name) }));
    expect((await plan({ paths: [], cwd: dir })).inputs).toMatchObject({ migrations: { scripts, upTo: null }, targets: null });
    const named = await plan({ paths: ['migrations/2-second.js'], cwd: dir });
    expect(named.inputs).toMatchObject({ migrations: { scripts, upTo: [join(dir, 'migrations', '2-second.js')] }, targets: { files: [join(dir, 'migrations', '2-second.js')] } });
    expect(named.jobs).toBe(1);
  });

  it('the script the fix stage proves (migrationsAfter) runs after the configured scripts, or after the last named one, and is a target when the run has targets', async () => {
    const dir = project('include: ["space/**/*.json"]\nmigrations: ["migrations/*.js"]\n');
    mkdirSync(join(dir, 'migrations'));
    for (const name of ['1-first.js', '2-second.js', '3-third.js']) writeFileSync(join(dir, 'migrations', name), 'module.exports = function () {};\n');
    const script = (name: string) => ({ absPath: join(dir, 'migrations', name) });
    const fix = join(dir, '.fix.cmlint-1.js');
    const all = await plan({ paths: [], cwd: dir, migrationsAfter: [fix] });
    expect(all.inputs).toMatchObject({ migrations: { scripts: [script('1-first.js'), script('2-second.js'), script('3-third.js'), { absPath: fix }], upTo: null }, targets: null });
    const named = await plan({ paths: ['migrations/2-second.js'], cwd: dir, migrationsAfter: [fix] });
    expect(named.inputs).toMatchObject({
      migrations: { scripts: [script('1-first.js'), script('2-second.js'), { absPath: fix }], upTo: [script('2-second.js').absPath, fix] },
      targets: { files: [script('2-second.js').absPath, fix] },
    });
    // Without configured scripts, it is the only one.
    const alone = project('include: ["space/**/*.json"]\n');
    expect((await plan({ paths: [], cwd: alone, migrationsAfter: [fix] })).inputs).toMatchObject({ migrations: { scripts: [{ absPath: fix }], upTo: null } });
  });

  it('application sources: the configured ones, or the named ones as targets', async () => {
    const dir = project('include: ["space/**/*.json"]\nsources: ["app/**/*.js"]\n');
    mkdirSync(join(dir, 'app'));
    writeFileSync(join(dir, 'app', 'client.js'), "fetch('https://cdn.contentful.com/spaces/x/entries?limit=0');\n");
    const source = { absPath: join(dir, 'app', 'client.js'), path: 'app/client.js' };
    expect((await plan({ paths: [], cwd: dir })).inputs).toMatchObject({ sources: [source], targets: null });
    expect((await plan({ paths: ['app/client.js'], cwd: dir })).inputs).toMatchObject({ sources: [source], targets: { files: [], code: [], sources: ['app/client.js'] } });
  });

  describe('threads', () => {
    let limit: string | undefined;
    beforeEach(() => (limit = process.env.CMLINT_WHOLE_FILE_LIMIT));
    afterEach(() => (limit === undefined ? delete process.env.CMLINT_WHOLE_FILE_LIMIT : (process.env.CMLINT_WHOLE_FILE_LIMIT = limit)));

    it('--jobs is planned only when a file of the space is over the whole-file limit', async () => {
      const dir = project();
      expect((await plan({ paths: [], cwd: dir, jobs: 2 })).jobs).toBe(1);
      process.env.CMLINT_WHOLE_FILE_LIMIT = '10';
      expect((await plan({ paths: [], cwd: dir, jobs: 2 })).jobs).toBe(2);
      expect((await plan({ paths: ['space/a.json'], cwd: dir, jobs: 2, before: { paths: ['space/b.json'], cwd: dir, base: dir } })).jobs).toBe(1);
    });
  });
});

describe('--print-config', () => {
  it('prints the plan as JSON and exits 0, without reading an input or making a report file', async () => {
    const dir = project();
    const run = cmlint(['--print-config', 'space/b.json', '--as-of', '2026-01-01', '--rule', 'hidden-required-field=warning', '-f', 'json:out/report.json', '--quiet'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as RunPlan;
    expect(printed).toEqual(
      JSON.parse(
        JSON.stringify(
          await plan({
            paths: ['space/b.json'],
            cwd: dir,
            asOf: '2026-01-01',
            ruleSeverities: { 'hidden-required-field': 'warning' },
            outputs: [{ format: 'json', file: { absPath: join(dir, 'out/report.json'), shown: 'out/report.json' } }],
            quiet: true,
          }),
        ),
      ),
    );
    expect(printed.inputs).toMatchObject({ targets: { files: [join(dir, 'space/b.json')] } });
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('prints a plan that stops at input errors, exit 0: the errors are what the run would report', () => {
    const run = cmlint(['--print-config', 'missing.json'], { cwd: project() });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as RunPlan).inputs).toEqual({ none: 'input-errors', errors: [{ file: 'missing.json', message: 'No such file or directory' }] });
  });

  it('cmlint diff --print-config: the plan of the diff', () => {
    const dir = project();
    const printed = JSON.parse(cmlint(['diff', 'space/b.json', 'space/a.json', '--print-config'], { cwd: dir }).stdout) as RunPlan;
    expect(printed.mode).toBe('diff');
    expect(printed.inputs).toMatchObject({ before: { paths: ['space/b.json'] }, space: [{ absPath: join(dir, 'space/a.json') }] });
  });

  it('is refused by graphql-schema, like the other flags of a lint run', () => {
    const run = cmlint(['graphql-schema', '--print-config'], { cwd: project() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('graphql-schema: --print-config does not apply');
  });
});
