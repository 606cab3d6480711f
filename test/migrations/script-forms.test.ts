import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmlint, runMain } from '../helpers/cli.js';

interface JsonFinding {
  ruleId: string;
  target: { contentType: string | null; field: string | null; entry: string | null; locale: string | null };
  file: string | null;
  line: number | null;
  message: string;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const ENTRY = (id: string, fields: Record<string, unknown>) => ({
  sys: { id, type: 'Entry', version: 2, publishedVersion: 1, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'page' } } },
  fields,
});

const SPACE = {
  locales: [{ sys: { id: 'l1', type: 'Locale' }, code: 'en-US', name: 'English', default: true, fallbackCode: null }],
  contentTypes: [
    {
      sys: { id: 'page', type: 'ContentType', version: 2 },
      name: 'Page',
      displayField: 'title',
      fields: [
        { id: 'title', name: 'Title', type: 'Symbol', localized: false, required: true, validations: [], disabled: false, omitted: false },
        { id: 'views', name: 'Views', type: 'Symbol', localized: false, required: false, validations: [], disabled: false, omitted: false },
      ],
    },
  ],
  entries: [ENTRY('page-1', { title: { 'en-US': 'Home' } }), ENTRY('page-2', { title: { 'en-US': 'About' } })],
};

/** A project in a temporary directory: a config, an export (unless `space` is null) and files. */
function project(files: Record<string, string>, options: { space?: unknown; migrations?: string[] } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-migrations-'));
  dirs.push(dir);
  const include = options.space === null ? '' : 'include: [space.json]\n';
  writeFileSync(join(dir, '.linterrc.yaml'), `${include}migrations: ${JSON.stringify(options.migrations ?? ['migrations/**/*'])}\n`);
  if (options.space !== null) writeFileSync(join(dir, 'space.json'), JSON.stringify(options.space ?? SPACE, null, 2));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function run(dir: string, args: string[] = []) {
  const { code, stdout, stderr } = await runMain(['--format', 'json', '--as-of', '2026-11-21', ...args], dir);
  const report = JSON.parse(stdout) as { findings: JsonFinding[]; summary: { contentTypes: number; entries: number } };
  return { code, stderr, findings: report.findings, summary: report.summary };
}

const rows = (findings: JsonFinding[]) => findings.map((f) => [f.file, f.line, f.ruleId, f.target.contentType, f.target.field, f.target.entry]);

const HIDDEN_REQUIRED = `
  page.createField('code').name('Code')
    .type('Symbol')
    .required(true)
    .disabled(true);`;

describe('scripts as teams write them', () => {
  it('the up/down form of contentful-migrate: up is replayed', async () => {
    const dir = project({
      'migrations/1-code.js': `module.exports.description = 'Adds a code';\nmodule.exports.up = function (migration) {\n  const page = migration.editContentType('page');${HIDDEN_REQUIRED}\n};\nmodule.exports.down = (migration) => migration.editContentType('page').deleteField('code');\n`,
    });
    const { findings } = await run(dir);
    expect(rows(findings.filter((f) => f.ruleId === 'hidden-required-field'))).toEqual([['migrations/1-code.js', 7, 'hidden-required-field', 'page', 'code', null]]);
  });

  it('an ES module (.mjs, export default, async, top-level await)', async () => {
    const dir = project({
      'migrations/1-code.mjs': `await Promise.resolve();\nexport default async function (migration, context) {\n  const page = migration.editContentType('page');${HIDDEN_REQUIRED}\n}\n`,
    });
    // The real bin: under vitest, import() goes through its module runner, which moves lines.
    const { stdout } = cmlint(['--format', 'json', '--as-of', '2026-11-21'], { cwd: dir });
    const findings = (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;
    expect(rows(findings.filter((f) => f.ruleId === 'hidden-required-field'))).toEqual([['migrations/1-code.mjs', 7, 'hidden-required-field', 'page', 'code', null]]);
  });

  it('TypeScript: types are stripped and lines kept', async () => {
    const dir = project({
      'migrations/1-code.ts': `import type Migration from 'contentful-migration';\ninterface Options { strict: boolean }\nexport default function (migration: any, _context: Options): void {\n  const page = migration.editContentType('page');${HIDDEN_REQUIRED}\n}\n`,
    });
    const { findings } = await run(dir);
    expect(rows(findings.filter((f) => f.ruleId === 'hidden-required-field'))).toEqual([['migrations/1-code.ts', 8, 'hidden-required-field', 'page', 'code', null]]);
  });

  it('TypeScript as the migration tool documents it (export =, imported types), compiled with the project’s typescript: lines mapped back', async () => {
    const dir = project({
      'migrations/1-code.ts': `import { MigrationFunction } from 'contentful-migration';\n\ntype Unused = { a: string };\n\nexport = ((migration) => {\n  const page = migration\n    .editContentType('page');\n  page\n    .createField('code')\n    .name('Code')\n    .type('Symbol')\n    .required(true)\n    .disabled(true);\n}) as MigrationFunction;\n`,
    });
    // The project's own TypeScript (5.x, which has transpileModule).
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(join(import.meta.dirname, '../../node_modules/typescript5'), join(dir, 'node_modules/typescript'), 'dir');
    const { findings } = await run(dir);
    expect(rows(findings.filter((f) => f.ruleId === 'hidden-required-field'))).toEqual([['migrations/1-code.ts', 13, 'hidden-required-field', 'page', 'code', null]]);
  });

  it('TypeScript that needs more than type stripping (export =) without the project’s typescript is an input error at its line', async () => {
    const dir = project({ 'migrations/1-code.ts': `const x: number = 1;\nexport = function (migration: any) {};\n` });
    const { code, findings } = await run(dir);
    expect(code).toBe(2);
    expect(findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([['input-error', 'migrations/1-code.ts', 2]]);
    expect(findings[0]!.message).toMatch(/install typescript in the project, or use export default/);
  });

  it('helpers and dependencies of the project resolve from the script’s folder; a step a helper makes is reported at the script’s line', async () => {
    const dir = project(
      {
        'node_modules/slug-rules/index.js': `module.exports = { pattern: '^(?=[a-z])[a-z-]+$' };\n`,
        'node_modules/slug-rules/package.json': `{ "name": "slug-rules", "main": "index.js" }\n`,
        'scripts/lib/fields.js': `const { pattern } = require('slug-rules');\nexports.addSlug = (ct) =>\n  ct.createField('slug').name('Slug').type('Symbol').validations([{ regexp: { pattern } }]);\n`,
        'scripts/migrations/1-slug.js': `const { addSlug } = require('../lib/fields');\n\nmodule.exports = function (migration) {\n  addSlug(migration.editContentType('page'));\n};\n`,
      },
      { migrations: ['scripts/migrations/*.js'] },
    );
    const { findings } = await run(dir);
    expect(rows(findings)).toEqual([['scripts/migrations/1-slug.js', 4, 're2-incompatible-pattern', 'page', 'slug', null]]);
  });

  it('a script that reads an environment variable and calls process.exit(1) without it: an input error at that line, and the run goes on to report it', async () => {
    const dir = project({
      'migrations/1-env.js': `if (!process.env.CMLINT_TEST_SPACE_KIND) {\n  console.log('CMLINT_TEST_SPACE_KIND is not set');\n  process.exit(1);\n}\nmodule.exports = function (migration) {\n  migration.editContentType('page').createField(process.env.CMLINT_TEST_SPACE_KIND).name('Kind').type('Symbol');\n};\n`,
    });
    // The script's console.log goes to stderr, never into the report on stdout (which run() parses as JSON).
    const { code, findings } = await run(dir);
    expect(code).toBe(2);
    expect(findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([['input-error', 'migrations/1-env.js', 3]]);
    expect(findings[0]!.message).toMatch(/process\.exit\(1\)/);
    process.env.CMLINT_TEST_SPACE_KIND = 'kind';
    try {
      const again = await run(dir);
      expect(again.code).toBe(0);
    } finally {
      delete process.env.CMLINT_TEST_SPACE_KIND;
    }
  });

  it('process.exit inside the migration function ends that script’s evaluation, not cmlint', async () => {
    const dir = project({ 'migrations/1-exit.js': `module.exports = async function (migration) {\n  await new Promise((r) => setTimeout(r, 1));\n  process.exit(0);\n};\n` });
    const { code, findings } = await run(dir);
    expect(code).toBe(2);
    expect(findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([['input-error', 'migrations/1-exit.js', 3]]);
  });

  it('a script that throws, and one with a syntax error: input errors naming script and line, no stack trace', async () => {
    const throwing = project({ 'migrations/1-throw.js': `module.exports = function (migration) {\n  const page = migration.editContentType('page');\n  throw new Error('no such helper');\n};\n` });
    const thrown = await run(throwing);
    expect(thrown.code).toBe(2);
    expect(thrown.findings.map((f) => [f.file, f.line, f.message])).toEqual([['migrations/1-throw.js', 3, 'The script stopped with an error: no such helper']]);

    const broken = project({ 'migrations/1-syntax.js': `module.exports = function (migration) {\n  migration.editContentType('page'\n};\n` });
    const syntax = await run(broken);
    expect(syntax.code).toBe(2);
    // The line Node gives for the syntax error.
    expect(syntax.findings.map((f) => [f.file, f.line])).toEqual([['migrations/1-syntax.js', 2]]);
    expect(syntax.findings[0]!.message).toMatch(/^The script cannot be loaded: SyntaxError: /);
    expect(syntax.findings[0]!.message).not.toMatch(/\n\s+at /);
  });

  it('a file that exports no function is an input error', async () => {
    const dir = project({ 'migrations/1-none.js': `module.exports = { description: 'nothing' };\n` });
    const { code, findings } = await run(dir);
    expect(code).toBe(2);
    expect(findings[0]!.message).toMatch(/exports no function/);
  });

  it('globs that match no script are an input error', async () => {
    const dir = project({}, { migrations: ['migrations/*.js'] });
    const { code, findings } = await run(dir);
    expect(code).toBe(2);
    expect(findings[0]!.message).toMatch(/matches no \.js, \.cjs, \.mjs or \.ts script/);
  });
});

describe('the migration tool’s own checks', () => {
  it('a content type created twice, a field without a type, an edit of a field that does not exist: migration-invalid at each step’s line, the scripts not applied', async () => {
    const dir = project({
      'migrations/1-twice.js': `module.exports = function (migration) {\n  migration.createContentType('page').name('Page again');\n};\n`,
      'migrations/2-no-type.js': `module.exports = function (migration) {\n  const page = migration.editContentType('page');\n  page.createField('teaser').name('Teaser');\n};\n`,
      'migrations/3-edit-missing.js': `module.exports = function (migration) {\n  migration.editContentType('page')\n    .editField('subtitle').required(true);\n};\n`,
    });
    const { code, findings } = await run(dir);
    expect(code).toBe(1);
    expect(rows(findings)).toEqual([
      ['migrations/1-twice.js', 2, 'migration-invalid', 'page', null, null],
      ['migrations/2-no-type.js', 3, 'migration-invalid', 'page', 'teaser', null],
      ['migrations/3-edit-missing.js', 3, 'migration-invalid', 'page', 'subtitle', null],
    ]);
    expect(findings[0]!.message).toMatch(/already exists/);
    expect(findings[1]!.message).toMatch(/"type"/);
  });

  it('a field deleted the right way (omitted first) is gone from the model the rules see', async () => {
    const dir = project({
      'migrations/1-omit.js': `module.exports = function (migration) {\n  migration.editContentType('page').editField('views').omitted(true);\n};\n`,
      'migrations/2-delete.js': `module.exports = function (migration) {\n  migration.editContentType('page').deleteField('views');\n};\n`,
      'migrations/3-required.js': `module.exports = function (migration) {\n  migration.editContentType('page').createField('views').name('Views').type('Integer').required(true);\n};\n`,
    });
    const { findings } = await run(dir);
    // The re-created field is required and empty in both entries: reported at the entries.
    expect(rows(findings)).toEqual([
      ['space.json', expect.any(Number), 'required-field-empty', 'page', 'views', 'page-1'],
      ['space.json', expect.any(Number), 'required-field-empty', 'page', 'views', 'page-2'],
    ]);
  });
});

describe('entries follow the fields the scripts change', () => {
  it('a field id changed: the entries’ values move with it (no required field left empty)', async () => {
    const dir = project({ 'migrations/1-rename.js': `module.exports = function (migration) {\n  migration.editContentType('page').changeFieldId('title', 'heading');\n};\n` });
    const { code, findings } = await run(dir);
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('a field deleted and created again with another type: the old values were dropped with the field', async () => {
    const space = structuredClone(SPACE);
    space.entries[0]!.fields = { ...space.entries[0]!.fields, views: { 'en-US': 'many' } };
    const dir = project(
      {
        'migrations/1-omit.js': `module.exports = function (migration) {\n  migration.editContentType('page').editField('views').omitted(true);\n};\n`,
        'migrations/2-delete.js': `module.exports = function (migration) {\n  migration.editContentType('page').deleteField('views');\n};\n`,
        'migrations/3-integer.js': `module.exports = function (migration) {\n  migration.editContentType('page').createField('views').name('Views').type('Integer');\n};\n`,
      },
      { space },
    );
    const { code, findings } = await run(dir);
    expect(findings.map((f) => f.ruleId)).toEqual([]);
    expect(code).toBe(0);
  });
});

describe('entries and models from nothing', () => {
  it('entry transforms: the entries a script changes are linted as the script leaves them, at the transform’s line', async () => {
    const dir = project({
      'migrations/1-views.js': `module.exports = function (migration) {\n  migration.transformEntries({\n    contentType: 'page',\n    from: ['title'],\n    to: ['views'],\n    transformEntryForLocale: (from, locale) => ({ views: from.title[locale].length }),\n  });\n};\n`,
    });
    const { findings } = await run(dir);
    expect(rows(findings)).toEqual([
      ['migrations/1-views.js', 2, 'entry-value-type', 'page', 'views', 'page-1'],
      ['migrations/1-views.js', 2, 'entry-value-type', 'page', 'views', 'page-2'],
    ]);
  });

  it('entries with tags: a transformation saves them without the tool refusing tags the inputs do not list', async () => {
    const space = structuredClone(SPACE) as typeof SPACE & { entries: { metadata?: unknown }[] };
    space.entries[0]!.metadata = { tags: [{ sys: { type: 'Link', linkType: 'Tag', id: 'news' } }] };
    const dir = project(
      {
        'migrations/1-views.js': `module.exports = function (migration) {\n  migration.transformEntries({\n    contentType: 'page',\n    from: ['title'],\n    to: ['views'],\n    transformEntryForLocale: (from, locale) => ({ views: from.title[locale].toUpperCase() }),\n  });\n};\n`,
      },
      { space },
    );
    const { code, findings } = await run(dir);
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('scripts that build the model from nothing (no export at all)', async () => {
    const dir = project(
      {
        'migrations/1-author.js': `module.exports = function (migration) {\n  const author = migration.createContentType('author').name('Author').displayField('name');\n  author.createField('name').name('Name').type('Symbol').required(true);\n};\n`,
        'migrations/2-post.js': `module.exports = function (migration) {\n  const post = migration.createContentType('post').name('Post').displayField('title');\n  post.createField('title').name('Title').type('Symbol');\n  post.createField('author').name('Author').type('Link').linkType('Entry').validations([{ linkContentType: ['author'] }]);\n};\n`,
      },
      { space: null },
    );
    const { code, findings, summary } = await run(dir);
    expect(findings).toEqual([]);
    expect(code).toBe(0);
    expect(summary.contentTypes).toBe(2);
  });
});
