import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';

interface JsonFinding {
  ruleId: string;
  target: { contentType: string | null; field: string | null; entry: string | null };
  file: string;
  line: number;
  message: string;
}

const FIELD = (id: string) => ({ id, name: id, type: 'Symbol', localized: false, required: false, validations: [], disabled: false, omitted: false });
const SPACE = {
  locales: [{ sys: { id: 'l1', type: 'Locale' }, code: 'en-US', name: 'English', default: true, fallbackCode: null }],
  contentTypes: [
    { sys: { id: 'post', type: 'ContentType', version: 2 }, name: 'Post', displayField: 'title', fields: [FIELD('title'), FIELD('subtitle'), FIELD('oldCode')] },
    { sys: { id: 'promo', type: 'ContentType', version: 2 }, name: 'Promo', displayField: 'name', fields: [FIELD('name')] },
  ],
  entries: [],
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A project: the export above, scripts and queries. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-script-changes-'));
  dirs.push(dir);
  writeFileSync(join(dir, '.linterrc.yaml'), 'include: [space.json]\nmigrations: ["migrations/*.js"]\ndocuments: ["queries/*.graphql"]\n');
  writeFileSync(join(dir, 'space.json'), JSON.stringify(SPACE, null, 2));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const SCRIPTS = {
  'migrations/0001-fields.js': [
    'module.exports = function (migration) {',
    "  const post = migration.editContentType('post');",
    "  post.deleteField('subtitle');",
    "  post.changeFieldId('oldCode', 'code');",
    "  post.createField('summary').name('Summary').type('Text');",
    '};',
    '',
  ].join('\n'),
  'migrations/0002-promo.js': ['module.exports = function (migration) {', "  migration.deleteContentType('promo');", '};', ''].join('\n'),
  'queries/post.graphql': 'query Post {\n  postCollection { items { title subtitle oldCode } }\n  promoCollection { items { name } }\n}\n',
};

const rows = (findings: JsonFinding[]) => findings.map((f) => [f.file, f.line, f.ruleId, f.target.contentType, f.target.field]);
// A lint run names the cause in the content model; a diff, the change.
const causes = (findings: JsonFinding[]) => findings.filter((f) => f.ruleId === 'graphql-document-invalid').map((f) => f.message.split(/Cause in the content model: |The change: /)[1]);

describe('changes a migration script makes: where they are reported', () => {
  it('cmlint diff: a field or content type a script removes is reported at the call that removes it, and a query it breaks names the script', async () => {
    const dir = project(SCRIPTS);
    const { code, stdout } = await runMain(['diff', 'space.json', 'space.json', '--format', 'json', '--as-of', '2026-11-21'], dir);
    expect(code).toBe(1);
    const findings = (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;
    expect(rows(findings)).toEqual([
      ['migrations/0001-fields.js', 3, 'field-removed', 'post', 'subtitle'],
      ['migrations/0001-fields.js', 4, 'field-removed', 'post', 'oldCode'],
      ['migrations/0002-promo.js', 2, 'content-type-removed', 'promo', null],
      ['queries/post.graphql', 2, 'graphql-document-invalid', 'post', 'subtitle'],
      ['queries/post.graphql', 2, 'graphql-document-invalid', 'post', 'oldCode'],
      ['queries/post.graphql', 3, 'graphql-document-invalid', 'promo', null],
    ]);
    expect(causes(findings)).toEqual([
      "Post.subtitle was removed (field 'subtitle' of content type 'post'; deleted by migrations/0001-fields.js:3).",
      "Post.oldCode was removed (field 'oldCode' of content type 'post'; renamed to 'code' by migrations/0001-fields.js:4).",
      "content type 'promo' was removed (deleted by migrations/0002-promo.js:2).",
    ]);
  });

  it('lint: a query that a script breaks names the script', async () => {
    const dir = project(SCRIPTS);
    const { stdout } = await runMain(['--format', 'json', '--as-of', '2026-11-21'], dir);
    const findings = (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;
    expect(causes(findings)).toEqual([
      "field 'subtitle' of content type 'post' is deleted by migrations/0001-fields.js:3.",
      "field 'oldCode' of content type 'post' is renamed to 'code' by migrations/0001-fields.js:4.",
      "content type 'promo' is deleted by migrations/0002-promo.js:2.",
    ]);
  });

  it('cmlint graphql-schema prints the model the scripts produce, and names a script it could not apply', async () => {
    const dir = project({ ...SCRIPTS, 'migrations/0003-broken.js': "module.exports = function (migration) {\n  migration.editContentType('post').deleteField('nope');\n};\n" });
    const { code, stdout, stderr } = await runMain(['graphql-schema'], dir);
    expect(code).toBe(0);
    const post = /^type Post [^]*?^\}/m.exec(stdout)![0];
    expect(post).toMatch(/^  summary\(/m);
    expect(post).toMatch(/^  code\(/m);
    expect(post).not.toMatch(/^  (subtitle|oldCode)\(/m);
    expect(stdout).not.toMatch(/^type Promo /m);
    expect(stderr).toBe('cmlint: not applied, because the migration tool rejects it (cmlint reports where): migrations/0003-broken.js\n');
  });
});
