/**
 * GraphQL documents in whole runs of the built CLI (in process): the `documents` config, report
 * targets as pre-commit passes them, input errors, `cmlint diff`, `cmlint init`, and (in a node
 * of its own) what a run without documents does not load.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, baseEnv, cmlintInProcess as cmlint } from './helpers/cli.js';
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
  it('checked with the model; findings in documents have the four target keys and no JSON pointer', async () => {
    const run = await cmlint(['--format', 'json', ...AS_OF], { cwd: repo() });
    expect(run.code).toBe(1);
    const { findings, summary } = json(run);
    expect(summary.filesRead).toBe(4);
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.column, f.target, f.pointer])).toEqual([
      ['graphql-document-invalid', 'src/Person.tsx', 4, 50, { contentType: 'person', field: null, entry: null, locale: null }, null],
    ]);
    expect(findings[0]!.message).toMatch(/^query 'People' .*Cannot query field "age" on type "Person"\./);
  });

  it('pre-commit: a staged document is linted against the whole model, and only it is reported', async () => {
    const dir = repo([title]);
    const staged = await cmlint(['--format', 'json', ...AS_OF, 'src/post.graphql'], { cwd: dir });
    expect(json(staged).findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.target.contentType}`)).toEqual(['src/post.graphql:4:5 post']);
    const other = await cmlint(['--format', 'json', ...AS_OF, 'src/Person.tsx'], { cwd: dir });
    expect(json(other).findings.map((f) => `${f.file}:${f.line}`)).toEqual(['src/Person.tsx:4']);
  });

  it('pre-commit: a staged content type reports the documents it breaks, and not those another type breaks', async () => {
    const dir = repo([title]);
    const run = await cmlint(['--format', 'json', ...AS_OF, 'model/post.json'], { cwd: dir });
    expect(json(run).findings.map((f) => `${f.ruleId} ${f.file}:${f.line}:${f.column} ${f.target.contentType}`)).toEqual(['graphql-document-invalid src/post.graphql:4:5 post']);
    const unrelated = await cmlint(['--format', 'json', ...AS_OF, 'model/person.json'], { cwd: dir });
    expect(json(unrelated).findings.map((f) => `${f.file}:${f.line}`)).toEqual(['src/Person.tsx:4']);
  });

  it('pre-commit: a staged entry file (no content type, no document) does not read the documents', async () => {
    const dir = repo([title]);
    write(dir, { 'model/entries.json': JSON.stringify({ entries: [] }) });
    const run = await cmlint(['--format', 'json', ...AS_OF, 'model/entries.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(json(run).summary.filesRead).toBe(3);
  });

  it('a code file that cannot be parsed is an input error at its line and column: exit 2', async () => {
    const dir = repo();
    write(dir, { 'src/Broken.tsx': 'export const Q = gql`query Q { post(id: "1") { title } }`;\nexport const B = () => <div>;\n' });
    const run = await cmlint([...AS_OF], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^src\/Broken\.tsx:2:\d+ {2}error {2}input-error\n {2}Cannot parse this file to find GraphQL in it: /);
  });

  it('a GraphQL syntax error is a finding (the CI gate fails with exit 1, other findings still reported)', async () => {
    const dir = repo();
    write(dir, { 'src/bad.graphql': 'query Bad {\n  post(id: "1") { title\n' });
    const run = await cmlint(['--format', 'json', ...AS_OF], { cwd: dir });
    expect(run.code).toBe(1);
    expect(json(run).findings.map((f) => `${f.file}:${f.line}:${f.column}`)).toEqual(['src/Person.tsx:4:50', 'src/bad.graphql:3:1']);
  });

  it('cmlint diff names the model change behind a broken operation', async () => {
    const dir = repo();
    write(dir, { 'before/post.json': readFileSync(join(dir, 'model', 'post.json'), 'utf8') });
    write(dir, { 'model/post.json': JSON.stringify({ contentTypes: [post([title])] }) });
    const run = await cmlint(['diff', 'before', 'model', '--format', 'json', ...AS_OF], { cwd: dir });
    const documents = json(run).findings.filter((f) => f.ruleId === 'graphql-document-invalid');
    expect(documents.map((f) => [f.file, f.line, f.target.contentType, f.target.field])).toEqual([
      ['src/Person.tsx', 4, 'person', null],
      ['src/post.graphql', 4, 'post', 'author'],
    ]);
    expect(documents[1]!.message).toMatch(/Post\.author was removed/);
  });

  it('stylish output keeps control characters of file names visible, not raw', async () => {
    const dir = repo();
    write(dir, { 'src/bell\u0007.graphql': 'query { post(id: "1") { nope } }\n' });
    const run = await cmlint([...AS_OF], { cwd: dir });
    expect(run.stdout).not.toContain('\u0007');
    expect(run.stdout).toMatch(/bell.+\.graphql/);
  });
});

describe('cmlint init proposes documents', () => {
  it('globs for the files that hold operations or fragments; a schema file and code without GraphQL are not documents', async () => {
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
    const run = await cmlint(['init'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  documents: app/**/*.vue\n  documents: src/**/*.{graphql,tsx}\n');
    const config = parse(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')) as { documents: string[] };
    expect(config.documents).toEqual(['app/**/*.vue', 'src/**/*.{graphql,tsx}']);
    const lintRun = await cmlint(['--format', 'json', ...AS_OF], { cwd: dir });
    // The export, and the four files the globs cover (the schema file holds no operation: nothing to check in it).
    expect(json(lintRun).summary.filesRead).toBe(5);
    expect(json(lintRun).findings).toEqual([]);
  });
});

describe('cold start', () => {
  it('a run without documents loads neither graphql-js nor the tag extractor nor a JS parser', async () => {
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
