import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from './helpers/cli.js';
import { sarifValidator } from './helpers/sarif-schema.js';

/**
 * `--fix`, `--fix-dry-run` and `--fix-migration` through the CLI (in this process): what the files
 * hold afterwards, byte for byte, what is printed, and the exit codes. The fixes of each rule are
 * in its test table (test/rules/, `output` and `suggestions`); this file is about applying them.
 */

const root = mkdtempSync(join(tmpdir(), 'cmlint-fix-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

/** A directory of its own with these files, and a config judging as of a fixed date. */
function project(files: Record<string, string | Buffer>, config = 'asOf: 2026-11-21\n'): string {
  const dir = join(root, `p${++counter}`);
  mkdirSync(dir);
  writeFileSync(join(dir, '.linterrc.yaml'), config);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');

/** A content type with a hidden required field (`--fix`: required false) and no display field (`--fix`: the title). */
const hiddenRequired = {
  sys: { id: 'post', type: 'ContentType' },
  name: 'Post',
  fields: [
    { id: 'title', name: 'Title', type: 'Symbol', required: true, disabled: false },
    { id: 'legacy', name: 'Legacy', type: 'Symbol', required: true, disabled: true },
  ],
};

describe('--fix in place', () => {
  it('a JSON export indented with tabs, with CRLF line endings and a byte order mark: only the bytes of the changed values change; an added key takes its record’s style', async () => {
    const text = `\ufeff${JSON.stringify({ contentTypes: [hiddenRequired] }, null, '\t').replaceAll('\n', '\r\n')}\r\n`;
    const dir = project({ 'space.json': text });
    const run = await runMain(['--fix', 'space.json'], dir);
    expect(run.stderr).toBe('cmlint: fixed 2 findings in 1 file\n');
    expect(run.code).toBe(0);
    const expected = text
      .replace('"required": true,\r\n\t\t\t\t\t"disabled": true', '"required": false,\r\n\t\t\t\t\t"disabled": true')
      .replace('\t\t\t\t}\r\n\t\t\t]\r\n\t\t}\r\n\t]', '\t\t\t\t}\r\n\t\t\t],\r\n\t\t\t"displayField": "title"\r\n\t\t}\r\n\t]');
    expect(expected).not.toBe(text);
    expect(read(dir, 'space.json')).toBe(expected);
  });

  it('a minified export: the added key stays on its one line', async () => {
    const dir = project({ 'space.json': JSON.stringify({ contentTypes: [hiddenRequired] }) });
    expect((await runMain(['--fix', 'space.json'], dir)).code).toBe(0);
    expect(read(dir, 'space.json')).toBe(JSON.stringify({ contentTypes: [{ ...hiddenRequired, fields: [hiddenRequired.fields[0], { ...hiddenRequired.fields[1], required: false }], displayField: 'title' }] }));
  });

  it('a YAML file: comments, quoting, flow collections and key order stay; a missing key is added at its map’s indentation', async () => {
    const yaml = [
      '# The blog post type',
      'sys: { id: post, type: ContentType }',
      'name: Post',
      'fields:',
      '  - id: title # shown in lists',
      '    name: Title',
      '    type: Symbol',
      '    required: true',
      '  - id: legacy',
      '    name: Legacy id',
      '    type: Symbol',
      '    required: true   # imported from the old CMS',
      '    disabled: true',
      '  - id: tags',
      '    name: Tags',
      '    type: Array',
      "    items: { type: Symbol, validations: [{ regexp: { pattern: '^[\\u00e0-\\u00ff]+$', flags: 'iy' } }] }",
      '',
    ].join('\n');
    const dir = project({ 'types/post.yaml': yaml });
    const run = await runMain(['--fix', 'types'], dir);
    expect(run.stderr).toBe('cmlint: fixed 4 findings in 1 file\n');
    expect(read(dir, 'types/post.yaml')).toBe(
      yaml
        .replace('required: true   # imported', 'required: false   # imported')
        .replace("pattern: '^[\\u00e0-\\u00ff]+$', flags: 'iy'", () => "pattern: '^[\\x{00e0}-\\x{00ff}]+$', flags: 'i'")
        .replace("flags: 'i' } }] }\n", "flags: 'i' } }] }\ndisplayField: title\n"),
    );
    expect((await runMain(['types'], dir)).code).toBe(0);
  });

  it('files of a directory, a resource per file: each change is made in the file its record is in', async () => {
    const { sys, name, fields } = hiddenRequired;
    const dir = project({
      'model/post.json': `${JSON.stringify({ sys, name, displayField: 'title', fields }, null, 2)}\n`,
      'model/page.json': `${JSON.stringify({ sys: { id: 'page', type: 'ContentType' }, name: 'Page', displayField: null, fields: [{ id: 'slug', name: 'Slug', type: 'Symbol' }] }, null, 2)}\n`,
    });
    expect((await runMain(['--fix', 'model'], dir)).stderr).toBe('cmlint: fixed 2 findings in 2 files\n');
    expect(JSON.parse(read(dir, 'model/page.json')).displayField).toBe('slug');
    expect(JSON.parse(read(dir, 'model/post.json')).fields[1].required).toBe(false);
  });

  it('a file over the whole-file limit is edited from windows of it, as a small one is', async () => {
    const text = `${JSON.stringify({ contentTypes: [hiddenRequired, { ...hiddenRequired, sys: { id: 'page', type: 'ContentType' } }] }, null, 2)}\n`;
    const small = project({ 'space.json': text });
    const large = project({ 'space.json': text });
    await runMain(['--fix', 'space.json'], small);
    process.env.CMLINT_WHOLE_FILE_LIMIT = '0';
    try {
      expect((await runMain(['--fix', 'space.json'], large)).stderr).toBe('cmlint: fixed 4 findings in 1 file\n');
    } finally {
      delete process.env.CMLINT_WHOLE_FILE_LIMIT;
    }
    expect(read(large, 'space.json')).toBe(read(small, 'space.json'));
    expect(read(small, 'space.json')).not.toBe(text);
  });

  it('run twice, the second run changes nothing; the exit code is by what is left', async () => {
    const dir = project({ 'space.json': `${JSON.stringify({ contentTypes: [{ ...hiddenRequired, displayField: 'title', fields: [...hiddenRequired.fields, { id: 'slug', name: 'Slug', type: 'Symbol', validations: [{ regexp: { pattern: '^(?!admin)' } }] }] }] }, null, 2)}\n` });
    const first = await runMain(['--fix', 'space.json', '-f', 'json'], dir);
    expect(first.stderr).toBe('cmlint: fixed 1 finding in 1 file\n');
    // The lookahead has no RE2 equivalent: left, an error.
    expect((JSON.parse(first.stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId)).toEqual(['re2-incompatible-pattern']);
    expect(first.code).toBe(1);
    const after = statSync(join(dir, 'space.json'));
    const second = await runMain(['--fix', 'space.json'], dir);
    expect(second.stderr).toBe('cmlint: nothing to fix\n');
    expect(statSync(join(dir, 'space.json')).mtimeMs).toBe(after.mtimeMs);
  });

  it('an input written after the run started is not written: it says so and exits 2', async () => {
    const text = `${JSON.stringify({ contentTypes: [hiddenRequired] }, null, 2)}\n`;
    const dir = project({ 'space.json': text });
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(join(dir, 'space.json'), later, later);
    const run = await runMain(['--fix', 'space.json'], dir);
    expect(run.stderr).toBe('cmlint: space.json: not written: the file changed during the run\n');
    expect(run.code).toBe(2);
    expect(read(dir, 'space.json')).toBe(text);
  });

  it('through a symbolic link the file it leads to is replaced, its mode kept, and the link stays', async () => {
    const dir = project({ 'real/space.json': `${JSON.stringify({ contentTypes: [hiddenRequired] }, null, 2)}\n` });
    chmodSync(join(dir, 'real/space.json'), 0o640);
    symlinkSync('real/space.json', join(dir, 'space.json'));
    expect((await runMain(['--fix', 'space.json'], dir)).code).toBe(0);
    expect(lstatSync(join(dir, 'space.json')).isSymbolicLink()).toBe(true);
    expect(statSync(join(dir, 'real/space.json')).mode & 0o777).toBe(0o640);
    expect(JSON.parse(read(dir, 'real/space.json')).contentTypes[0].fields[1].required).toBe(false);
  });

  it('--apply-suggestion applies a suggestion instead of the fix; entry values change only with --fix-type entries', async () => {
    const space = {
      locales: [{ code: 'en-US', default: true }, { code: 'de-DE' }],
      contentTypes: [{ ...hiddenRequired, displayField: 'title' }],
      entries: [{ sys: { id: 'e1', type: 'Entry', contentType: { sys: { id: 'post' } } }, fields: { title: { 'en-US': 'Hi', 'de-DE': 'Hallo' }, legacy: { 'en-US': 'x' } } }],
    };
    const dir = project({ 'space.json': `${JSON.stringify(space, null, 2)}\n` });
    const args = ['--fix', '--apply-suggestion', 'hidden-required-field:showField', '--apply-suggestion', 'unlocalized-field-locale-values:removeValue', 'space.json'];
    await runMain(args, dir);
    let fixed = JSON.parse(read(dir, 'space.json'));
    expect(fixed.contentTypes[0].fields[1]).toMatchObject({ required: true, disabled: false });
    expect(fixed.entries[0].fields.title).toEqual({ 'en-US': 'Hi', 'de-DE': 'Hallo' });
    await runMain([...args, '--fix-type', 'model,entries'], dir);
    fixed = JSON.parse(read(dir, 'space.json'));
    expect(fixed.entries[0].fields.title).toEqual({ 'en-US': 'Hi' });
  });

  it('application code the config names: http:// becomes https://, and only there', async () => {
    const code = "import { createClient } from 'contentful';\nconst url = 'http://cdn.contentful.com/spaces/x/entries';\nconst other = 'http://localhost:3000';\n";
    const dir = project({ 'space.json': '{}\n', 'src/app.ts': code }, 'asOf: 2026-11-21\ninclude: [space.json]\nsources: ["src/**/*.ts"]\n');
    const run = await runMain(['--fix'], dir);
    expect(run.stderr).toBe('cmlint: fixed 1 finding in 1 file\n');
    expect(read(dir, 'src/app.ts')).toBe(code.replace("'http://cdn", "'https://cdn"));
  });
});

describe('--fix-dry-run', () => {
  it('writes nothing and prints a unified diff of what --fix would change, before the report', async () => {
    const text = `${JSON.stringify({ contentTypes: [hiddenRequired] }, null, 2)}\n`;
    const dir = project({ 'space.json': text });
    const before = statSync(join(dir, 'space.json'));
    const run = await runMain(['--fix-dry-run', 'space.json'], dir);
    expect(read(dir, 'space.json')).toBe(text);
    expect(statSync(join(dir, 'space.json')).mtimeMs).toBe(before.mtimeMs);
    expect(run.stdout.slice(0, run.stdout.indexOf('space.json:3:5  warning'))).toBe(
      [
        '--- a/space.json',
        '+++ b/space.json',
        '@@ -18,10 +18,11 @@',
        '           "id": "legacy",',
        '           "name": "Legacy",',
        '           "type": "Symbol",',
        '-          "required": true,',
        '+          "required": false,',
        '           "disabled": true',
        '         }',
        '-      ]',
        '+      ],',
        '+      "displayField": "title"',
        '     }',
        '   ]',
        ' }',
        '',
      ].join('\n'),
    );
    expect(run.stderr).toBe('cmlint: --fix would apply 2 fixes to 1 file (nothing written)\n');
    expect(run.code).toBe(1);
  });

  it('never puts control characters from the inputs on the terminal: in file names and lines they are escapes, tabs stay', async () => {
    const name = 'src/app\u001b[31m.ts';
    const code = "import { createClient } from 'contentful';\n// \u202eevil\u009b2J\tnote\nconst url = 'http://cdn.contentful.com/x'; // \u001b]8;;http://x\u0007\n";
    const dir = project({ 'space.json': '{}\n', [name]: code }, 'asOf: 2026-11-21\ninclude: [space.json]\nsources: ["src/**/*.ts"]\n');
    const run = await runMain(['--fix-dry-run'], dir);
    expect(read(dir, name)).toBe(code);
    const diff = run.stdout.slice(0, run.stdout.indexOf('src/app\\u001b[31m.ts:3:13  warning'));
    expect(diff).toBe(
      [
        '--- a/src/app\\u001b[31m.ts',
        '+++ b/src/app\\u001b[31m.ts',
        '@@ -1,3 +1,3 @@',
        " import { createClient } from 'contentful';",
        ' // \\u202eevil\\u009b2J\tnote',
        "-const url = 'http://cdn.contentful.com/x'; // \\u001b]8;;http://x\\u0007",
        "+const url = 'https://cdn.contentful.com/x'; // \\u001b]8;;http://x\\u0007",
        '',
      ].join('\n'),
    );
    // Nothing of the run's output is a control character but newlines and the diff's tab.
    expect(`${run.stdout}${run.stderr}`.replaceAll('\t', '')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
  });

  it('with a machine format on stdout is a usage error (the diff goes there)', async () => {
    const dir = project({ 'space.json': '{}\n' });
    const run = await runMain(['--fix-dry-run', '-f', 'json', 'space.json'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^cmlint: --fix-dry-run prints a diff on stdout: write the json report to a file/);
  });
});

describe('--fix-migration', () => {
  it('never writes over an existing file', async () => {
    const dir = project({ 'space.json': `${JSON.stringify({ contentTypes: [hiddenRequired] })}\n`, 'fix.js': '// mine\n' });
    const run = await runMain(['--fix-migration', 'fix.js', 'space.json'], dir);
    expect(run.stderr).toMatch(/^cmlint: --fix-migration fix\.js: the file exists: cmlint never writes over an existing file\n/);
    expect(run.code).toBe(2);
    expect(read(dir, 'fix.js')).toBe('// mine\n');
  });

  it('the fixes of a content type the migration tool refuses to change (it holds a default value the tool refuses) are left out; the rest is proven and written', async () => {
    const refused = { ...hiddenRequired, fields: [hiddenRequired.fields[0], { ...hiddenRequired.fields[1], defaultValue: { 'en-US': null } }] };
    const page = { sys: { id: 'page', type: 'ContentType' }, name: 'Page', fields: [{ id: 'slug', name: 'Slug', type: 'Symbol' }] };
    const dir = project({ 'space.json': `${JSON.stringify({ locales: [{ code: 'en-US', default: true }], contentTypes: [refused, page] }, null, 2)}\n` });
    const run = await runMain(['--fix-migration', 'migrations/fix.js', 'space.json'], dir);
    const notes = run.stderr.split('\n');
    expect(notes.filter((n) => n.startsWith('cmlint: not in the migration:')).map((n) => n.replace(/: the migration tool refuses its step: .*/, ''))).toEqual([
      'cmlint: not in the migration: space.json:9:5 display-field-unresolvable (post)',
      'cmlint: not in the migration: space.json:28:11 hidden-required-field (post › legacy)',
    ]);
    expect(run.stderr).toContain('the migration tool refuses its step: The migration tool rejects this step: Cannot set default value of type "null" for locale "en-US" on field "legacy"');
    expect(notes).toContain('cmlint: wrote migrations/fix.js: 1 fix, proven by replaying it offline');
    expect(read(dir, 'migrations/fix.js')).toContain('migration.editContentType("page").displayField("slug");');
    expect(read(dir, 'migrations/fix.js')).not.toContain('"post"');
  });

  it('nothing to migrate (only code fixes, or none): no file', async () => {
    const dir = project({ 'space.json': `${JSON.stringify({ contentTypes: [{ ...hiddenRequired, displayField: 'title', fields: [hiddenRequired.fields[0]] }] })}\n` });
    const run = await runMain(['--fix-migration', 'fix.js', 'space.json'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('cmlint: no fix is a migration step: fix.js not written\n');
    expect(existsSync(join(dir, 'fix.js'))).toBe(false);
  });
});

describe('what reports say about fixes', () => {
  const dir = project({ 'space.json': `${JSON.stringify({ contentTypes: [hiddenRequired] }, null, 2)}\n` });

  it('JSON: each finding’s fix (or null) and suggestions, and how many --fix would clear', async () => {
    const report = JSON.parse((await runMain(['-f', 'json', 'space.json'], dir)).stdout) as { findings: { ruleId: string; fix: string | null; suggestions: unknown[] }[]; summary: { fixable: number } };
    expect(report.findings.map(({ ruleId, fix, suggestions }) => ({ ruleId, fix, suggestions }))).toEqual([
      { ruleId: 'display-field-unresolvable', fix: "Set displayField to 'title'", suggestions: [] },
      { ruleId: 'hidden-required-field', fix: 'Set required: false (the service’s advice)', suggestions: [{ id: 'showField', desc: 'Show the field in the editor (disabled: false)' }] },
    ]);
    expect(report.summary.fixable).toBe(2);
  });

  it('SARIF: fixes with the replaced region of the export file, valid against the SARIF 2.1.0 schema', async () => {
    const text = (await runMain(['-f', 'sarif', 'space.json'], dir)).stdout;
    const validate = sarifValidator();
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
    const results = (JSON.parse(text) as { runs: { results: { ruleId: string; fixes?: unknown[] }[] }[] }).runs[0]!.results;
    expect(results.find((r) => r.ruleId === 'hidden-required-field')!.fixes).toEqual([
      {
        description: { text: 'Set required: false (the service’s advice)' },
        artifactChanges: [
          { artifactLocation: expect.objectContaining({ uri: expect.stringMatching(/space\.json$/) }), replacements: [{ deletedRegion: { startLine: 21, startColumn: 23, endLine: 21, endColumn: 27 }, insertedContent: { text: 'false' } }] },
        ],
      },
      {
        description: { text: 'Show the field in the editor (disabled: false)' },
        artifactChanges: [
          { artifactLocation: expect.objectContaining({ uri: expect.stringMatching(/space\.json$/) }), replacements: [{ deletedRegion: { startLine: 22, startColumn: 23, endLine: 22, endColumn: 27 }, insertedContent: { text: 'false' } }] },
        ],
      },
    ]);
  });

  it('stylish: how many findings --fix clears', async () => {
    expect((await runMain(['space.json'], dir)).stdout).toContain('\n  2 findings can be fixed with --fix (or --fix-migration FILE)\n');
  });
});

describe("an export on standard input ('-')", () => {
  const text = `${JSON.stringify({ contentTypes: [hiddenRequired] }, null, 2)}\n`;
  const withStdin = async (argv: string[], dir: string) => {
    const { main } = await import('../src/cli.js');
    let stdout = '';
    let stderr = '';
    const stdin = () => Readable.from([Buffer.from(text)]);
    const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir, env: {}, isTTY: false, stdin });
    return { code, stdout, stderr };
  };

  it('--fix is a usage error (no file to fix); --fix-dry-run shows the diff of <stdin>; --fix-migration proves its script on it', async () => {
    const dir = project({});
    const fix = await withStdin(['--fix', '-'], dir);
    expect(fix.code).toBe(2);
    expect(fix.stderr.split('\n')[0]).toBe("cmlint: --fix: '-' (standard input) is no file to fix in place; --fix-dry-run shows the diff, --fix-migration FILE writes a script");
    const dry = await withStdin(['--fix-dry-run', '-'], dir);
    expect(dry.stdout).toMatch(/^--- a\/<stdin>\n\+\+\+ b\/<stdin>\n@@ -18,10 \+18,11 @@\n/);
    expect(dry.stderr).toBe('cmlint: --fix would apply 2 fixes to 1 file (nothing written)\n');
    const migration = await withStdin(['--fix-migration', 'fix.js', '-'], dir);
    expect(migration.stderr).toBe('cmlint: wrote fix.js: 2 fixes, proven by replaying it offline\n');
    expect(migration.code).toBe(0);
    expect(read(dir, 'fix.js')).toContain('migration.editContentType("post").editField("legacy").required(false);');
  });
});

describe('fix flags that do not fit', () => {
  const dir = project({ 'space.json': '{}\n' });
  it('are in the lint command\'s help, not in diff\'s', async () => {
    const help = (await runMain(['--help'], dir)).stdout;
    for (const flag of ['--fix ', '--fix-dry-run ', '--fix-migration FILE ', '--fix-type TYPE ', '--apply-suggestion RULE:ID ']) expect(help).toContain(`\n      ${flag}`);
    expect((await runMain(['diff', '--help'], dir)).stdout).not.toContain('--fix');
  });
  it.each([
    [['--fix', '--fix-dry-run'], '--fix and --fix-dry-run: give one'],
    [['--fix', '--fix-type', 'schema'], "--fix-type: 'schema' is not model, entries, code"],
    [['--fix-type', 'model'], '--fix-type applies with --fix, --fix-dry-run or --fix-migration'],
    [['--fix', '--apply-suggestion', 'nope'], "--apply-suggestion 'nope': expected RULE:ID of a rule that offers suggestions, e.g. hidden-required-field:showField"],
    [['--fix', '--apply-suggestion', 're2-incompatible-pattern'], "--apply-suggestion 're2-incompatible-pattern': expected RULE:ID"],
    [['--fix', '--apply-suggestion', 'locale-removed:x'], '--apply-suggestion: locale-removed offers no suggestions'],
    [['--fix', '--baseline-write', 'b.json'], '--fix and --baseline-write: fix first, then record the baseline'],
    [['diff', 'a.json', 'b.json', '--fix'], '--fix does not apply to cmlint diff'],
  ])('%j', async (args, message) => {
    const run = await runMain([...args, ...(args[0] === 'diff' ? [] : ['space.json'])], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cmlint: ${message}`);
  });
});

describe('the demo space (fixtures/demo-space)', () => {
  const demo = new URL('../fixtures/demo-space/export.json', import.meta.url);
  const copy = () => {
    const dir = project({});
    copyFileSync(demo, join(dir, 'export.json'));
    return dir;
  };
  const ids = (stdout: string) =>
    (JSON.parse(stdout) as { findings: { ruleId: string; messageId?: string; target: { contentType: string; field: string | null } }[] }).findings.map((f) => `${f.ruleId} ${f.target.contentType}.${f.target.field}`);

  it('--fix-migration writes a script that, replayed with the `migrations` key, clears the fixed findings and leaves the lookahead', async () => {
    const dir = copy();
    const before = ids((await runMain(['-f', 'json', 'export.json'], dir)).stdout);
    const run = await runMain(['--fix-migration', 'migrations/001-cmlint-fixes.js', 'export.json'], dir);
    expect(run.stderr).toMatch(/^cmlint: wrote migrations\/001-cmlint-fixes\.js: 4 fixes, proven by replaying it offline$/m);
    const script = read(dir, 'migrations/001-cmlint-fixes.js');
    expect(script).toMatch(/^\/\/ Written by cmlint .* \(--fix-migration\) as of 2026-11-21\.\n/);
    expect(script).toContain('module.exports = function (migration) {');
    for (const step of [
      'migration.editContentType("blogPost").editField("legacyId").required(false);',
      'migration.editContentType("landingPage").editField("trackingId").required(false);',
      'migration.editContentType("author").editField("handle").validations([{"regexp":{"pattern":"^@?(\\\\w{1,15})$","flags":"i"}}]);',
      'migration.editContentType("blogPost").editField("tags").items({"type":"Symbol","validations":[{"regexp":{"pattern":"^[a-z\\\\x{00e0}-\\\\x{00ff}-]+$","flags":"i"}}]});',
    ]) {
      expect(script).toContain(step);
    }
    // Replayed as any migration script is, with the migration tool's own parser.
    writeFileSync(join(dir, '.linterrc.yaml'), 'asOf: 2026-11-21\ninclude: [export.json]\nmigrations: [migrations/*.js]\n');
    const after = ids((await runMain(['-f', 'json'], dir)).stdout);
    expect(after.filter((f) => f.startsWith('migration-invalid'))).toEqual([]);
    expect(before.filter((f) => !after.includes(f)).sort()).toEqual([
      'hidden-required-field blogPost.legacyId',
      'hidden-required-field landingPage.trackingId',
      're2-incompatible-pattern author.handle',
      're2-incompatible-pattern blogPost.tags',
      'required-field-empty blogPost.legacyId',
      'required-field-empty landingPage.trackingId',
    ]);
    expect(after).toContain('re2-incompatible-pattern blogPost.slug');
    // The rewritten pattern (it matches what the JavaScript one did) can now be checked on the entries: one value breaks it, as it did.
    expect(after.filter((f) => !before.includes(f))).toEqual(['entry-field-validation blogPost.tags']);
  });

  it('--fix changes only the fixed lines and the file still parses; run again, it changes nothing; --fix-dry-run writes nothing', async () => {
    const dir = copy();
    const original = read(dir, 'export.json');
    const dry = await runMain(['--fix-dry-run', '-f', 'json:report.json', 'export.json'], dir);
    expect(read(dir, 'export.json')).toBe(original);
    expect(dry.stdout.match(/^[-+] .*$/gm)).toHaveLength(8);
    expect((await runMain(['--fix', 'export.json'], dir)).stderr).toBe('cmlint: fixed 4 findings in 1 file\n');
    const fixed = read(dir, 'export.json');
    expect(() => JSON.parse(fixed)).not.toThrow();
    const before = original.split('\n');
    const after = fixed.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.map((line, i) => (line === before[i] ? null : `${i + 1}: ${before[i]!.trim()} → ${line.trim()}`)).filter((l) => l !== null);
    expect(changed).toEqual([
      '162: "pattern": "^[a-z\\\\u00e0-\\\\u00ff-]+$", → "pattern": "^[a-z\\\\x{00e0}-\\\\x{00ff}-]+$",',
      '184: "required": true, → "required": false,',
      '279: "flags": "iy" → "flags": "i"',
      '429: "required": true, → "required": false,',
    ]);
    // The diff printed by the dry run is what --fix did.
    expect(dry.stdout.match(/^\+ .*$/gm)!.map((l) => l.slice(1).trim())).toEqual(changed.map((c) => c.split(' → ')[1]));
    const again = await runMain(['--fix', 'export.json'], dir);
    expect(again.stderr).toBe('cmlint: nothing to fix\n');
    expect(read(dir, 'export.json')).toBe(fixed);
  });
});
