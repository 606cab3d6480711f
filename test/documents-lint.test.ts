/**
 * GraphQL documents in whole runs through the real bin: the `documents` config, report targets
 * as pre-commit passes them, input errors, `cmlint diff`, `cmlint init`, and what a run without
 * documents does not load.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, baseEnv, cmlint } from './helpers/cli.js';
import { contentType } from './helpers/rule-tester.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const AS_OF = ['--as-of', '2026-11-21'];

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const post = (fields: Record<string, unknown>[]) => contentType('post', fields, { displayField: 'title' });
const person = contentType('person', [{ id: 'name', type: 'Symbol' }], { displayField: 'name' });
const title = { id: 'title', type: 'Symbol' };
const author = { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] };

/** A repository: content types in two files, documents in .graphql and .tsx files. */
function repo(postFields: Record<string, unknown>[] = [title, author], config = 'include: ["model/**/*.json"]\ndocuments: ["src/**/*.{graphql,tsx}"]\n'): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-documents-'));
  temps.push(dir);
  write(dir, {
    '.linterrc.yaml': config,
    'model/post.json': JSON.stringify({ contentTypes: [post(postFields)] }, null, 2),
    'model/person.json': JSON.stringify({ contentTypes: [person] }, null, 2),
    'src/post.graphql': 'query Post {\n  post(id: "1") {\n    title\n    author { ... on Person { name } }\n  }\n}\n',
    'src/Person.tsx': "import { gql } from '@apollo/client';\n\nexport const PEOPLE = gql`\n  query People { personCollection { items { name age } } }\n`;\nexport const People = () => <ul />;\n",
  });
  return dir;
}

function json(run: { stdout: string }) {
  return JSON.parse(run.stdout) as { findings: { ruleId: string; file: string; line: number; column: number; target: Record<string, string | null>; pointer: string | null; message: string }[]; summary: { filesRead: number } };
}

describe('documents in a lint run', () => {
  it('checked with the model; findings in documents have the four target keys and no JSON pointer', () => {
    const run = cmlint(['--format', 'json', ...AS_OF], { cwd: repo() });
    expect(run.code).toBe(1);
    const { findings, summary } = json(run);
    expect(summary.filesRead).toBe(4);
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.column, f.target, f.pointer])).toEqual([
      ['graphql-document-invalid', 'src/Person.tsx', 4, 50, { contentType: 'person', field: null, entry: null, locale: null }, null],
    ]);
    expect(findings[0]!.message).toMatch(/^query 'People' .*Cannot query field "age" on type "Person"\./);
  });

  it('pre-commit: a staged document is linted against the whole model, and only it is reported', () => {
    const dir = repo([title]);
    const staged = cmlint(['--format', 'json', ...AS_OF, 'src/post.graphql'], { cwd: dir });
    expect(json(staged).findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.target.contentType}`)).toEqual(['src/post.graphql:4:5 post']);
    const other = cmlint(['--format', 'json', ...AS_OF, 'src/Person.tsx'], { cwd: dir });
    expect(json(other).findings.map((f) => `${f.file}:${f.line}`)).toEqual(['src/Person.tsx:4']);
  });

  it('pre-commit: a staged content type reports the documents it breaks, and not those another type breaks', () => {
    const dir = repo([title]);
    const run = cmlint(['--format', 'json', ...AS_OF, 'model/post.json'], { cwd: dir });
    expect(json(run).findings.map((f) => `${f.ruleId} ${f.file}:${f.line}:${f.column} ${f.target.contentType}`)).toEqual(['graphql-document-invalid src/post.graphql:4:5 post']);
    const unrelated = cmlint(['--format', 'json', ...AS_OF, 'model/person.json'], { cwd: dir });
    expect(json(unrelated).findings.map((f) => `${f.file}:${f.line}`)).toEqual(['src/Person.tsx:4']);
  });

  it('pre-commit: a staged entry file (no content type, no document) does not read the documents', () => {
    const dir = repo([title]);
    write(dir, { 'model/entries.json': JSON.stringify({ entries: [] }) });
    const run = cmlint(['--format', 'json', ...AS_OF, 'model/entries.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(json(run).summary.filesRead).toBe(3);
  });

  it('a code file that cannot be parsed is an input error at its line and column: exit 2', () => {
    const dir = repo();
    write(dir, { 'src/Broken.tsx': 'export const Q = gql`query Q { post(id: "1") { title } }`;\nexport const B = () => <div>;\n' });
    const run = cmlint([...AS_OF], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^src\/Broken\.tsx:2:\d+ {2}error {2}input-error\n {2}Cannot parse this file to find GraphQL in it: /);
  });

  it('a GraphQL syntax error is a finding (the CI gate fails with exit 1, other findings still reported)', () => {
    const dir = repo();
    write(dir, { 'src/bad.graphql': 'query Bad {\n  post(id: "1") { title\n' });
    const run = cmlint(['--format', 'json', ...AS_OF], { cwd: dir });
    expect(run.code).toBe(1);
    expect(json(run).findings.map((f) => `${f.file}:${f.line}:${f.column}`)).toEqual(['src/Person.tsx:4:50', 'src/bad.graphql:3:1']);
  });

  it('cmlint diff reports the operation the change breaks, naming the change, and not one that was invalid before it', () => {
    const dir = repo();
    write(dir, { 'before/post.json': readFileSync(join(dir, 'model', 'post.json'), 'utf8'), 'before/person.json': readFileSync(join(dir, 'model', 'person.json'), 'utf8') });
    write(dir, { 'model/post.json': JSON.stringify({ contentTypes: [post([title])] }) });
    const run = cmlint(['diff', 'before', 'model', '--format', 'json', ...AS_OF], { cwd: dir });
    expect(run.code).toBe(1);
    const documents = (JSON.parse(run.stdout) as { findings: { ruleId: string; file: string; line: number; target: Record<string, string | null>; message: string; change?: string }[] }).findings.filter((f) => f.ruleId === 'graphql-document-invalid');
    // src/Person.tsx selects a field person never had: the lint run's finding, not this change's.
    expect(documents.map((f) => [f.file, f.line, f.target.contentType, f.target.field, f.change])).toEqual([['src/post.graphql', 4, 'post', 'author', 'breaking']]);
    expect(documents[0]!.message).toMatch(/^query 'Post' validated .* before the change, and does not after it: .*The change: Post\.author was removed/);
  });

  it('cmlint diff --base HEAD with no change exits 0, though a document is invalid (a lint run reports it)', () => {
    const dir = repo();
    write(dir, { 'src/bad.graphql': 'query Bad {\n' });
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'state');
    const diff = cmlint(['diff', '--base', 'HEAD', ...AS_OF], { cwd: dir });
    expect(diff.stderr).toBe('');
    expect(diff.code).toBe(0);
    expect(diff.stdout.split('\n')[0]).toBe('✔ Nothing breaking or dangerous');
    expect(cmlint([...AS_OF], { cwd: dir }).code).toBe(1);
  });

  it('stylish output keeps control characters of file names visible, not raw', () => {
    const dir = repo();
    write(dir, { 'src/bell\u0007.graphql': 'query { post(id: "1") { nope } }\n' });
    const run = cmlint([...AS_OF], { cwd: dir });
    expect(run.stdout).not.toContain('\u0007');
    expect(run.stdout).toMatch(/bell.+\.graphql/);
  });
});

describe('cmlint init proposes documents', () => {
  it('globs for the files that hold operations or fragments; a schema file and code without GraphQL are not documents', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-init-documents-'));
    temps.push(dir);
    write(dir, {
      'export.json': JSON.stringify({ contentTypes: [post([title])] }),
      'src/queries/post.graphql': 'query Post { post(id: "1") { title } }\n',
      'src/components/Card.tsx': "import { gql } from '@apollo/client';\nexport const F = gql`fragment Card on Post { title }`;\n",
      'src/lib/schema.graphql': 'type Query { a: String }\n',
      'src/lib/util.ts': 'export const x = 1;\n',
      'app/Page.vue': '<script setup>\nconst q = gql`query Page { postCollection { total } }`;\n</script>\n',
      'node_modules/dep/q.graphql': 'query Dep { a }\n',
    });
    const run = cmlint(['init'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  documents: app/**/*.vue\n  documents: src/**/*.{graphql,tsx}\n');
    const config = parse(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')) as { documents: string[] };
    expect(config.documents).toEqual(['app/**/*.vue', 'src/**/*.{graphql,tsx}']);
    const lintRun = cmlint(['--format', 'json', ...AS_OF], { cwd: dir });
    // The export, and the four files the globs cover (the schema file holds no operation: nothing to check in it).
    expect(json(lintRun).summary.filesRead).toBe(5);
    expect(json(lintRun).findings).toEqual([]);
  });
});

describe('cold start', () => {
  it('a run without documents loads neither graphql-js nor the tag extractor nor a JS parser', () => {
    const script = `
      import { createRequire } from 'node:module';
      const { lint } = await import(${JSON.stringify(join(ROOT, 'dist', 'src', 'pipeline', 'run.js'))});
      const without = await lint({ paths: [], cwd: process.argv[1] });
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((p) => /[\\\\/](graphql|@babel|@graphql-tools)[\\\\/]/.test(p)).length;
      const before = loaded();
      await lint({ paths: [], cwd: process.argv[2] });
      console.log(JSON.stringify({ findings: without.result.findings.length, before, after: loaded() }));
    `;
    const plain = repo([title], 'include: ["model/**/*.json"]\nrules: { display-field-unresolvable: off }\n');
    const withDocuments = repo();
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, plain, withDocuments], { env: baseEnv(), encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const { before, after } = JSON.parse(result.stdout) as { before: number; after: number };
    expect(before).toBe(0);
    expect(after).toBeGreaterThan(0);
  });
});

/** A repository with generated copies of its documents (graphql-codegen's output), an untagged query, and a document glob that finds no GraphQL. */
function appWithGeneratedCode(config: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-generated-'));
  temps.push(dir);
  const postFields = 'fragment PostFields on Post {\n  title\n}\n';
  const broken = 'query Broken {\n  post(id: "1") { ...PostFields nope }\n}\n';
  write(dir, {
    ...(config === null ? {} : { '.linterrc.yaml': config }),
    'model/post.json': JSON.stringify({ contentTypes: [post([title, author]), person] }, null, 2),
    'src/graphql/post-fields.graphql': postFields,
    'src/graphql/broken.graphql': broken,
    // The same operation copied by hand into another file: checked (and reported) once.
    'src/graphql/copy-of-broken.graphql': `# a copy\n${broken}`,
    'src/lib/api.ts': [
      "const endpoint = 'https://graphql.contentful.com/content/v1/spaces/x';",
      'const query = `query ($id: String!) { post(id: $id) { title subtitle } }`;',
      "export const getPost = (id: string) => fetch(endpoint, { method: 'POST', body: JSON.stringify({ query, variables: { id } }) });",
      '',
    ].join('\n'),
    // graphql-codegen's output: the typescript plugin's Scalars type, and every document again.
    'src/lib/sdk.ts': [
      "import gql from 'graphql-tag';",
      'export type Maybe<T> = T | null;',
      '/** All built-in and custom scalars, mapped to their actual values */',
      'export type Scalars = {\n  ID: string;\n};',
      `export const PostFieldsFragmentDoc = gql\`\n${postFields}\`;`,
      `export const BrokenDocument = gql\`\n${broken}\${PostFieldsFragmentDoc}\`;`,
      '',
    ].join('\n'),
    'src/lib/__generated/page-link.generated.ts': `export const PostFieldsFragmentDoc = \`\n${postFields}\`;\nexport const BrokenQueryDocument = \`\n${broken}\`;\n`,
    'scripts/release.ts': "export const version = '1.0.0';\n",
  });
  return dir;
}

describe('what a run says about its documents: files, operations, what was left out', () => {
  const config = 'include: ["model/**/*.json"]\ndocuments: ["src/**/*.{graphql,ts}", "scripts/**/*.ts"]\n';

  it('generated copies are left out (no fragment defined twice, each finding once), an untagged query is checked, and the summary counts and notes say so (also when the findings come from the cache)', () => {
    const dir = appWithGeneratedCode(config);
    for (const attempt of ['first run', 'cached run']) {
      const run = cmlint(['--format', 'json', ...AS_OF], { cwd: dir });
      expect(run.code, attempt).toBe(1);
      const report = JSON.parse(run.stdout) as { findings: { file: string; line: number; message: string }[]; summary: Record<string, unknown> };
      expect(report.findings.map((f) => `${f.file}:${f.line} ${/Cannot query field "(\w+)"/.exec(f.message)?.[1]}`), attempt).toEqual(['src/graphql/broken.graphql:2 nope', 'src/lib/api.ts:2 subtitle']);
      expect(report.summary, attempt).toEqual({
        error: 2,
        warning: 0,
        info: 0,
        filesRead: 6,
        contentTypes: 2,
        entries: 0,
        fixable: 0,
        documentFiles: 5,
        operations: 2,
        fragments: 1,
        generatedFiles: 2,
        notes: [
          "2 generated files left out of the documents: src/lib/__generated/page-link.generated.ts (in a __generated folder), src/lib/sdk.ts (graphql-codegen's output) (the config's `exclude` leaves them out without this note)",
          "documents glob 'scripts/**/*.ts' matches 1 file with no GraphQL operation or fragment in it: nothing in it is checked",
        ],
      });
    }
    const glob = "documents glob 'scripts/**/*.ts' matches 1 file with no GraphQL operation or fragment in it: nothing in it is checked";
    const stylish = cmlint([...AS_OF], { cwd: dir }).stdout;
    expect(stylish.split('\n')).toContain('  6 files, 2 content types, 0 entries, 5 document files (2 operations, 1 fragment), as of 2026-11-21');
    // The note is wrapped to the width, each line indented under the counts.
    expect(stylish.replace(/\n {2}(?!⚠)/g, ' ')).toContain(`\n  ⚠ ${glob} `);
    const markdown = cmlint(['-f', 'markdown', ...AS_OF], { cwd: dir }).stdout;
    expect(markdown).toContain('· 6 files, 2 content types, 0 entries, 0 assets, 5 document files (2 operations, 1 fragment)\n');
    expect(markdown).toContain("**Not checked:** documents glob 'scripts/\\*\\*/\\*.ts' matches 1 file");
    expect(cmlint(['-f', 'github', ...AS_OF], { cwd: dir }).stdout).toContain(`::warning title=cmlint::${glob}\n`);
  });

  it('untagged GraphQL in a file that is both a document and a source: its limit of 0 is reported once', () => {
    const dir = repo([title], 'include: ["model/**/*.json"]\ndocuments: ["src/**/*.ts"]\nsources: ["src/**/*.ts"]\n');
    write(dir, {
      'src/count.ts': "const query = 'query Count { postCollection(limit: 0) { total } }';\nawait fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query }) });\n",
    });
    const run = cmlint(['--format', 'json', ...AS_OF], { cwd: dir });
    const findings = (JSON.parse(run.stdout) as { findings: { ruleId: string; file: string; line: number; column: number }[] }).findings;
    expect(findings.filter((f) => f.ruleId === 'zero-limit-query').map((f) => `${f.file}:${f.line}:${f.column}`)).toEqual(['src/count.ts:1:45']);
  });

  it('a run without documents has no document keys in its summary', () => {
    const run = cmlint(['--format', 'json', ...AS_OF], { cwd: repo([title], 'include: ["model/**/*.json"]\n') });
    expect(Object.keys((JSON.parse(run.stdout) as { summary: object }).summary)).toEqual(['error', 'warning', 'info', 'filesRead', 'contentTypes', 'entries', 'fixable']);
  });

  it('cmlint init leaves generated code out of the documents it proposes (and excludes it), and the run that follows has no duplicate-definition false alarm', () => {
    const dir = appWithGeneratedCode(null);
    // graphql-codegen's client preset writes a folder; its config names it.
    write(dir, {
      'codegen.ts': "import type { CodegenConfig } from '@graphql-codegen/cli';\nconst config: CodegenConfig = { documents: ['src/graphql/**/*.graphql'], generates: { './src/gql/': { preset: 'client' } } };\nexport default config;\n",
      'src/gql/fragments.ts': `export const PostFields = /* GraphQL */ \`\nfragment PostFields on Post {\n  title\n  author { __typename }\n}\n\`;\n`,
    });
    const init = cmlint(['init'], { cwd: dir });
    expect(init.stderr).toBe('');
    const written = parse(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')) as { documents: string[]; exclude: string[] };
    expect(written.documents).toEqual(['src/**/*.{graphql,ts}']);
    expect(written.exclude).toEqual(['src/gql/**', 'src/lib/__generated/**', 'src/lib/sdk.ts']);
    const run = cmlint(['--format', 'json', ...AS_OF], { cwd: dir });
    const { findings, summary } = JSON.parse(run.stdout) as { findings: { file: string; message: string }[]; summary: { notes: string[] } };
    expect(findings.map((f) => f.file)).toEqual(['src/graphql/broken.graphql', 'src/lib/api.ts']);
    expect(findings.some((f) => /There can be only one/.test(f.message))).toBe(false);
    expect(summary.notes).toEqual([]);
  });
});
