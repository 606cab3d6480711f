/**
 * Every kind of bad input a repository or an export can hold, through the built CLI (in process;
 * unreadable files through the bin, run as another user where possible): what is an
 * input error (exit 2, the file named with line:column or a JSON pointer, nothing else reported)
 * and what is an input-shape finding (the run goes on). Never a stack trace, never a silent pass.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, cpSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, baseEnv, cmlintInProcess as cmlint, type Run } from './helpers/cli.js';
import { CORPUS } from './helpers/corpus.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-bad-input-'));
  temps.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

interface Report {
  findings: { ruleId: string; severity: string; message: string; file: string | null; line: number | null; column: number | null; pointer: string | null }[];
}

/** Exit 2; stderr is exactly the input errors; the JSON report holds them and nothing else. */
function expectInputErrors(run: Run, lines: string[]): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
  expect(run.stderr.trimEnd().split('\n')).toEqual(lines);
  const report = JSON.parse(run.stdout) as Report;
  expect(report.findings.every((f) => f.ruleId === 'input-error')).toBe(true);
  expect(report.findings).toHaveLength(lines.length);
}

const ct = (id: string, fields: unknown[] = [{ id: 'title', name: 'Title', type: 'Symbol' }]) => ({ sys: { id, type: 'ContentType' }, name: id, fields });
const entry = (id: string, type: string, fields: unknown = { title: { 'en-US': 'Hi' } }) => ({ sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } } }, fields });
const EN = { code: 'en-US', name: 'English', default: true, fallbackCode: null };
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const lint = (dir: string, ...paths: string[]) => cmlint([...paths, '-f', 'json', '--as-of', '2026-11-21'], { cwd: dir });

describe('input errors: exit 2, the file and where, nothing else reported', () => {
  const cases: [string, Record<string, string | Buffer>, string[]][] = [
    ['malformed JSON', { 'space.json': '{\n  "locales": [\n    { "code": "en-US", }\n  ]\n}\n' }, ['space.json:3:24: Invalid JSON: Expected a double-quoted property name']],
    ['malformed YAML', { 'space.yaml': 'contentTypes:\n  - sys: { id: page\n    fields: []\n' }, ['space.yaml:3:5: Invalid YAML: Flow map in block collection must be sufficiently indented and end with a }']],
    ['an empty file', { 'space.json': '' }, ['space.json:1:1: The file is empty']],
    ['a binary file', { 'logo.json': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]) }, ['logo.json:1:5: Not a text file: it holds a NUL byte (binary data, or UTF-16 text without a byte order mark)']],
    [
      'bytes that are not UTF-8 (a Latin-1 file)',
      { 'space.json': Buffer.from('{"locales": [{"code": "fr-FR", "name": "Fran\xe7ais"}]}\n', 'latin1') },
      ['space.json:1:45: Not UTF-8: byte 0xE7 here does not belong to a UTF-8 character (was the file saved as Latin-1 or Windows-1252?); export files are UTF-8: convert the file'],
    ],
    ['UTF-16 text', { 'space.json': Buffer.from('\uFEFF{"locales": []}', 'utf16le') }, ['space.json:1:1: The file is UTF-16 (it starts with a UTF-16 byte order mark); cmlint reads UTF-8: convert the file to UTF-8']],
    ['a top-level scalar', { 'space.json': '"contentful export"\n' }, ['space.json:1:1: Expected a JSON/YAML object or array at the top level']],
    ['a top-level array that holds no resources (named)', { 'space.json': '[1, 2, 3]\n' }, ['space.json: Not a space export: no content types, entries, assets or locales, and no resource with sys.type']],
    ['a section that is not an array', { 'space.json': '{\n  "entries": {}\n}\n' }, ['space.json:2:14: "entries" must be an array (at /entries)']],
    ['a content type without fields', { 'space.json': pretty({ contentTypes: [{ sys: { id: 'page' }, name: 'Page' }] }) }, [`space.json:3:5: Content type 'page' has no "fields" array (at /contentTypes/0)`]],
    ['a field without id', { 'space.json': pretty({ contentTypes: [ct('page', [{ name: 'Title', type: 'Symbol' }])] }) }, [`space.json:10:9: Field 0 of content type 'page' needs a string "id" (at /contentTypes/0/fields/0)`]],
    ['a field without type', { 'space.json': pretty({ contentTypes: [ct('page', [{ id: 'title', name: 'Title' }])] }) }, [`space.json:10:9: Field 'title' of content type 'page' needs a string "type" (at /contentTypes/0/fields/0)`]],
    ['a locale without code', { 'space.json': pretty({ locales: [EN, { name: 'German', default: false }] }) }, ['space.json:9:5: A locale needs a string "code" (at /locales/1)']],
    [
      'an entry without sys.contentType',
      { 'space.json': pretty({ contentTypes: [ct('page')], entries: [{ sys: { id: 'e1', type: 'Entry' }, fields: {} }] }) },
      ["space.json:20:7: Entry 'e1' needs sys.contentType.sys.id naming its content type (at /entries/0/sys)"],
    ],
    [
      'the same id in two files (both named)',
      { 'a/types.json': pretty({ contentTypes: [ct('page')] }), 'b/types.yaml': 'contentTypes:\n  - sys: { id: page, type: ContentType }\n    fields: []\n' },
      ["b/types.yaml:2:5: Duplicate content type 'page': also in a/types.json at /contentTypes/0 (at /contentTypes/0)"],
    ],
    [
      'the same entry id in two files, and an error in each of two files: all are reported',
      {
        'a.json': pretty({ contentTypes: [ct('page')], entries: [entry('e1', 'page')] }),
        'b.json': pretty([entry('e1', 'page')]),
        'c.json': pretty({ entries: [{ sys: { type: 'Entry', contentType: { sys: { id: 'page' } } } }] }),
      },
      ["b.json:2:3: Duplicate entry 'e1': also in a.json at /entries/0 (at /0)", 'c.json:4:7: An entry needs a string sys.id (at /entries/0/sys)'],
    ],
  ];

  it.each(cases)('%s', async (_name, files, lines) => {
    const dir = project(files);
    expectInputErrors(await lint(dir, ...Object.keys(files)), lines);
  });

  it('an error in one file stops the run: the findings of the good files are not reported either', async () => {
    const dir = project({ 'good.json': pretty({ contentTypes: [ct('page', [{ id: 'title', name: 'T', type: 'Symbol', required: true, disabled: true }])] }), 'bad.json': '{' });
    expectInputErrors(await lint(dir, '.'), ['bad.json:1:2: Invalid JSON: Expected a double-quoted property name before end of input']);
    expect((await lint(dir, 'good.json')).code).toBe(1);
  });

  it('a directory symlink loop', async () => {
    const dir = project({ 'space/page.json': pretty({ contentTypes: [ct('page')] }) });
    symlinkSync('..', join(dir, 'space', 'up'));
    expectInputErrors(await lint(dir, 'space'), [
      'space/up: Directory symlink loop: this link leads back to ., a directory that contains it, so the same files would be read again and again. Remove the link, or name the directories to lint so that it is not under them',
    ]);
  });

  it.each([
    ['sources', 'src/**/*.ts'],
    ['migrations', 'src/**/*.js'],
    ['documents', 'src/**/*.graphql'],
  ])('a directory symlink loop under the config’s %s globs', async (key, glob) => {
    const dir = project({
      'space/page.json': pretty({ contentTypes: [ct('page')] }),
      'src/lib/client.ts': 'fetch("https://api.contentful.com/spaces");\n',
      'src/lib/query.graphql': 'query { pageCollection { total } }\n',
      '.linterrc.yaml': `include: ["space/*.json"]\n${key}: ["${glob}"]\n`,
    });
    symlinkSync('..', join(dir, 'src', 'lib', 'up'));
    expectInputErrors(await lint(dir), [
      'src/lib/up: Directory symlink loop: this link leads back to src, a directory that contains it, so the same files would be read again and again. Remove the link, or name the directories to lint so that it is not under them',
    ]);
  });

  it('a file over 2 GiB that cannot be read (sparse: it holds NUL bytes)', async () => {
    const dir = project({});
    const file = join(dir, 'huge.json');
    const fd = openSync(file, 'w');
    writeSync(fd, '{"entries": [');
    closeSync(fd);
    truncateSync(file, 2 ** 31 + 1);
    expectInputErrors(await lint(dir, 'huge.json'), ['huge.json:1:14: Not a text file: it holds a NUL byte (binary data, or UTF-16 text without a byte order mark)']);
    truncateSync(file, 0);
  });

  // Root reads every file: the unreadable cases run the bin as user nobody where that is possible.
  const asRoot = process.getuid?.() === 0;
  const setpriv = spawnSync('setpriv', ['--version']).status === 0;
  it.skipIf(asRoot && !setpriv)('an unreadable file, and an unreadable directory inside a linted one', async () => {
    const dir = project({ 'space/page.json': pretty({ contentTypes: [ct('page')] }), 'space/secret.json': pretty({ locales: [EN] }), 'space/locked/x.json': '{}' });
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'space'), 0o755);
    chmodSync(join(dir, 'space', 'page.json'), 0o644);
    chmodSync(join(dir, 'space', 'secret.json'), 0o000);
    const run = (paths: string[]): Run => {
      const args = [BIN, ...paths, '-f', 'json', '--as-of', '2026-11-21'];
      const result = asRoot
        ? spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...args], { cwd: dir, env: baseEnv(), encoding: 'utf8' })
        : spawnSync(process.execPath, args, { cwd: dir, env: baseEnv(), encoding: 'utf8' });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    expectInputErrors(run(['space/page.json', 'space/secret.json']), ['space/secret.json: Cannot read: Permission denied (EACCES)']);
    chmodSync(join(dir, 'space', 'secret.json'), 0o644);
    chmodSync(join(dir, 'space', 'locked'), 0o000);
    expectInputErrors(run(['space']), ['space/locked: Cannot read: Permission denied (EACCES)']);
    // Named under a directory that cannot be searched: there, but not to be reached (an export, and a code file).
    expectInputErrors(run(['space/locked/x.json']), ['space/locked/x.json: Cannot read: Permission denied (EACCES)']);
    expectInputErrors(run(['space/locked/x.ts']), ['space/locked/x.ts: Cannot read: Permission denied (EACCES)']);
  });

  it('a named path that cannot be stat’ed says why, not that it is missing: a link loop, a name too long', async () => {
    const dir = project({});
    symlinkSync('b.json', join(dir, 'a.json'));
    symlinkSync('a.json', join(dir, 'b.json'));
    expectInputErrors(await lint(dir, 'a.json'), ['a.json: Cannot read: Too many levels of symbolic links (ELOOP)']);
    const long = `${'n'.repeat(300)}.json`;
    expectInputErrors(await lint(dir, long), [`${long}: Cannot read: File name too long (ENAMETOOLONG)`]);
  });
});

describe('input-shape findings: the run goes on', () => {
  it('entries of unknown content types, fallbacks to missing locales and in a cycle', async () => {
    const dir = project({
      'space.json': pretty({
        contentTypes: [ct('page')],
        locales: [EN, { code: 'de-DE', name: 'German', fallbackCode: 'de-AT' }, { code: 'de-AT', name: 'Austrian', fallbackCode: 'de-DE' }, { code: 'lb', name: 'L', fallbackCode: 'fr-LU' }],
        entries: [entry('e1', 'page'), entry('e2', 'gone')],
      }),
    });
    const run = await lint(dir, 'space.json');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    // Only input-shape is under test (these content types have no display field, which another rule reports).
    const findings = (JSON.parse(run.stdout) as Report).findings.filter((f) => f.ruleId === 'input-shape').map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.ruleId} ${f.pointer}`);
    expect(findings).toEqual([
      // de-DE → de-AT → de-DE (reported on its first locale), lb → fr-LU, entry e2 of 'gone'.
      'space.json:28:7 warning input-shape /locales/1/fallbackCode',
      'space.json:38:7 warning input-shape /locales/3/fallbackCode',
      'space.json:64:9 error input-shape /entries/1/sys/contentType',
    ]);
  });

  it('two default locales (the import tool’s sample export): a warning, and the run goes on to the entries', async () => {
    const dir = project({});
    cpSync(join(CORPUS, 'import-sample-space.json'), join(dir, 'space.json'));
    const run = await lint(dir, 'space.json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report & { summary: { entries: number } };
    expect(report.findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.ruleId} ${f.message}`)).toEqual([
      "1102:7 warning input-shape Locale 'de-DE' is marked default, and so is 'en-US': a space has exactly one default locale. Rules that need the default locale accept any of them.",
    ]);
    expect(report.summary.entries).toBe(4);
  });

  it('two "entries" sections: linted as JSON.parse reads the file (the last, 4 entries, not the union of 6), and the first is reported', async () => {
    const section = (ids: string[]) => JSON.stringify(ids.map((id) => entry(id, 'page')), null, 2).replace(/\n/g, '\n  ');
    const text = `{\n  "contentTypes": [${JSON.stringify(ct('page'))}],\n  "locales": [${JSON.stringify(EN)}],\n  "entries": ${section(['a1', 'a2'])},\n  "entries": ${section(['b1', 'b2', 'b3', 'b4'])}\n}\n`;
    const dir = project({ 'space.json': text });
    const run = await lint(dir, 'space.json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report & { summary: { entries: number } };
    expect(report.summary.entries).toBe(4);
    const shape = report.findings.filter((f) => f.ruleId === 'input-shape').map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.pointer} ${f.message}`);
    expect(shape).toEqual([
      "space.json:4:14 error /entries Key 'entries' is repeated (again at line 42, column 14): JSON.parse, which the service's import tool reads exports with, keeps only the last value of a repeated key, so this value is ignored, and cmlint ignores it too. Merge the two into one.",
    ]);
  });

  it('a UTF-8 byte order mark is not an error, and positions after it are right (JSON and YAML)', async () => {
    const text = pretty({ contentTypes: [ct('page', [{ id: 'slug', name: 'Slug', type: 'Symbol', validations: [{ regexp: { pattern: '^(?!x)' } }] }])] });
    const dir = project({ 'a.json': `\uFEFF${text}`, 'b.yaml': '\uFEFFcontentTypes:\n  - sys: { id: post, type: ContentType }\n    fields:\n      - { id: s, name: S, type: Symbol, validations: [{ regexp: { pattern: "(?<=a)" } }] }\n' });
    const run = await lint(dir, 'a.json', 'b.yaml');
    expect(run.code).toBe(1);
    const patterns = (JSON.parse(run.stdout) as Report).findings.filter((f) => f.ruleId === 're2-incompatible-pattern');
    expect(patterns.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`)).toEqual(['a.json:17:17 re2-incompatible-pattern', 'b.yaml:4:67 re2-incompatible-pattern']);
  });
});
