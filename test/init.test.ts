import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, cmlintInProcess as cmlint } from './helpers/cli.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-init-'));
  temps.push(dir);
  return dir;
}

/** The file that the `$schema` of a config written in `dir` names (it is relative to `dir`). */
function schemaOf(dir: string, config: string): string {
  const schema = /^# yaml-language-server: \$schema=(\S+)\n/.exec(config)?.[1];
  expect(schema, config).toMatch(/^\.\.?\//);
  return resolve(dir, schema!);
}

describe('cmlint init', () => {
  it('names in $schema, relative to the folder of the config, the schema of the cmlint installed in the project or above it', async () => {
    const project = tempDir();
    const installed = join(project, 'node_modules', 'cmlint', 'schema', 'linterrc.schema.json');
    mkdirSync(join(installed, '..'), { recursive: true });
    cpSync(join(ROOT, 'schema', 'linterrc.schema.json'), installed);
    for (const [folder, schema] of [
      ['.', './node_modules/cmlint/schema/linterrc.schema.json'],
      ['content', '../node_modules/cmlint/schema/linterrc.schema.json'],
      ['apps/site/cms', '../../../node_modules/cmlint/schema/linterrc.schema.json'],
    ]) {
      const dir = join(project, folder!);
      mkdirSync(dir, { recursive: true });
      cpSync(join(ROOT, 'fixtures', 'demo-space', 'export.json'), join(dir, 'export.json'));
      expect((await cmlint(['init'], { cwd: dir })).code).toBe(0);
      const text = readFileSync(join(dir, '.linterrc.yaml'), 'utf8');
      expect(text.split('\n')[0]).toBe(`# yaml-language-server: $schema=${schema}`);
      expect(schemaOf(dir, text)).toBe(installed);
    }
  });

  it('writes a starter .linterrc.yaml with the schema comment and an include for the export files it finds', async () => {
    const dir = tempDir();
    cpSync(join(ROOT, 'fixtures', 'load', 'split-space'), join(dir, 'content'), { recursive: true });
    cpSync(join(ROOT, 'fixtures', 'demo-space', 'export.json'), join(dir, 'export.json'));
    writeFileSync(join(dir, 'tsconfig.json'), '{ "compilerOptions": {} }\n');
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'data.yaml'), 'title: not an export\n');
    const run = await cmlint(['init'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Wrote \.linterrc\.yaml for \d+ export files:\n {2}include: content\/\*\*\/\*\.\{json,yaml,yml\}\n {2}include: export\.json\nRun 'cmlint' to lint them\.\n$/);
    const text = readFileSync(join(dir, '.linterrc.yaml'), 'utf8');
    // No cmlint installed here or above: the schema of the cmlint that ran (this repository's).
    expect(schemaOf(dir, text)).toBe(join(ROOT, 'schema', 'linterrc.schema.json'));
    const config = parse(text) as { include: string[] };
    expect(config.include).toEqual(['content/**/*.{json,yaml,yml}', 'export.json']);
    const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(join(ROOT, 'schema', 'linterrc.schema.json'), 'utf8')));
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('proposes the migration scripts it finds (files that export a function (migration)), and the config replays them', async () => {
    const dir = tempDir();
    cpSync(join(ROOT, 'fixtures', 'migrations', 'must-show', 'space.json'), join(dir, 'space.json'));
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    mkdirSync(join(dir, 'migrations'));
    writeFileSync(join(dir, 'migrations', '001-tag.js'), "module.exports = function (migration) {\n  migration.createContentType('tag').name('Tag').createField('label').name('Label').type('Symbol');\n};\n");
    writeFileSync(join(dir, 'migrations', '002-teaser.js'), "module.exports.up = (migration) => {\n  migration.editContentType('blogPost').createField('teaser').name('Teaser').type('Text');\n};\n");
    writeFileSync(join(dir, 'migrations', '003-hidden.ts'), "import { MigrationFunction } from 'contentful-migration';\nexport = ((migration) => {\n  migration.editContentType('blogPost').createField('code').name('Code').type('Symbol').required(true).disabled(true);\n}) as MigrationFunction;\n");
    // Not migration scripts: a function that does not use the migration API, a helper, a config file.
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'add.js'), 'module.exports = function (a) { return a.createContentType; };\n');
    writeFileSync(join(dir, 'src', 'helpers.js'), "exports.slug = (ct) => ct.createField('slug');\n");
    writeFileSync(join(dir, 'eslint.config.js'), 'export default [];\n');
    const run = await cmlint(['init'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe("Wrote .linterrc.yaml for 1 export file and migration scripts:\n  include: space.json\n  migrations: migrations/*.{js,ts}\nRun 'cmlint' to lint them.\n");
    const config = parse(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')) as { migrations: string[] };
    expect(config.migrations).toEqual(['migrations/*.{js,ts}']);
    // The .ts script (export =) has no typescript to compile it with here: strip-only cannot run it.
    rmSync(join(dir, 'migrations', '003-hidden.ts'));
    const lint = await cmlint(['--as-of', '2026-11-21', '-f', 'json'], { cwd: dir });
    expect(lint.code, lint.stderr).toBe(0);
    expect(JSON.parse(lint.stdout).summary.contentTypes).toBe(2);
    // No version-tracking entry in the export: how to say which scripts it holds, commented out.
    expect(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')).toContain('# migrationsApplied: "migrations/003-hidden.ts"\n# migrationsApplied: { contentType: versionTracking, field: version }\n');
  });

  it('proposes migrationsApplied when the export records the last script run in a version-tracking entry, as the service’s continuous-delivery example does', async () => {
    const dir = tempDir();
    const symbol = (id: string) => ({ id, name: id, type: 'Symbol', localized: false, required: false, validations: [], disabled: false, omitted: false });
    const space = {
      locales: [{ sys: { id: 'l1', type: 'Locale' }, code: 'en-US', name: 'English', default: true, fallbackCode: null }],
      contentTypes: [
        { sys: { id: 'versionTracking', type: 'ContentType', version: 2 }, name: 'Version', displayField: 'version', fields: [symbol('version')] },
        { sys: { id: 'post', type: 'ContentType', version: 4 }, name: 'Post', displayField: 'title', fields: [symbol('title'), symbol('teaser')] },
      ],
      entries: [{ sys: { id: 'v', type: 'Entry', version: 5, publishedVersion: 4, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'versionTracking' } } }, fields: { version: { 'en-US': '2' } } }],
    };
    writeFileSync(join(dir, 'export.json'), JSON.stringify(space, null, 2));
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    mkdirSync(join(dir, 'migrations'));
    writeFileSync(join(dir, 'migrations', '1.js'), "module.exports = function (migration) {\n  migration.editContentType('post').createField('teaser').name('Teaser').type('Symbol');\n};\n");
    writeFileSync(join(dir, 'migrations', '2.js'), "module.exports = function (migration) {\n  migration.editContentType('post').editField('subtitle').omitted(true);\n  migration.editContentType('post').deleteField('subtitle');\n};\n");
    writeFileSync(join(dir, 'migrations', '3.js'), "module.exports = function (migration) {\n  migration.editContentType('post').createField('code').name('Code').type('Symbol');\n};\n");
    const run = await cmlint(['init'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain("\n  migrationsApplied: the scripts up to migrations/2.js (the export's 'versionTracking' entry)\n");
    const config = parse(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')) as { migrationsApplied: unknown };
    expect(config.migrationsApplied).toEqual({ contentType: 'versionTracking', field: 'version' });
    // The config replays only 3.js: scripts 1 and 2, already in the export, would be rejected over it.
    const lint = await cmlint(['--as-of', '2026-11-21', '-f', 'json'], { cwd: dir });
    expect(lint.stderr).toBe('');
    expect(JSON.parse(lint.stdout).findings.filter((f: { ruleId: string }) => f.ruleId === 'migration-invalid')).toEqual([]);
    expect(JSON.parse(lint.stdout).summary.contentTypes).toBe(2);
  });

  it('never overwrites a config file', async () => {
    const dir = tempDir();
    cpSync(join(ROOT, 'fixtures', 'cli', 'lookahead', 'export.json'), join(dir, 'export.json'));
    writeFileSync(join(dir, '.linterrc.yml'), 'rules: {}\n');
    const run = await cmlint(['init'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'cmlint init: .linterrc.yml exists already; cmlint init does not overwrite it\n' });
    expect(readFileSync(join(dir, '.linterrc.yml'), 'utf8')).toBe('rules: {}\n');
  });

  it('writes nothing where there is no export', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), '{}');
    const run = await cmlint(['init'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^cmlint init: no space export files/);
  });

  it('escapes glob characters in the names it makes globs of, so that the config names exactly the files it found', async () => {
    const dir = tempDir();
    const contentType = (id: string) => JSON.stringify({ contentTypes: [{ sys: { id, type: 'ContentType' }, name: id, displayField: 't', fields: [{ id: 't', name: 'T', type: 'Symbol' }] }] });
    const files: Record<string, string> = {
      '{x/space.json': contentType('a'),
      '[ab]/space.json': contentType('b'),
      '!top.json': contentType('c'),
      'what?.json': contentType('d'),
      'lib (v2)[1]/usage.js': "const cm = require('contentful-management');\nmodule.exports = (c) => c.usage.getManyForSpace({ organizationId: 'o' });\n",
      'q{1}/page.graphql': 'query Q { pageCollection { total } }\n',
      'mig*/01-add.js': 'module.exports = function (migration) { migration.createContentType("e").name("E"); };\n',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    expect((await cmlint(['init'], { cwd: dir })).code).toBe(0);
    expect(parse(readFileSync(join(dir, '.linterrc.yaml'), 'utf8'))).toMatchObject({
      include: ['\\!top.json', '\\[ab\\]/**/*.{json,yaml,yml}', '\\{x/**/*.{json,yaml,yml}', 'what\\?.json'],
      documents: ['q\\{1\\}/**/*.graphql'],
      sources: ['lib (v2)\\[1\\]/**/*.js'],
      migrations: ['mig\\*/*.js'],
    });
    const lint = await cmlint(['--as-of', '2027-03-01', '-f', 'json'], { cwd: dir });
    expect(lint.stderr).toBe('');
    const report = JSON.parse(lint.stdout) as { summary: { contentTypes: number }; findings: { ruleId: string; file: string }[] };
    // The four exports and the content type the migration script creates.
    expect(report.summary.contentTypes).toBe(5);
    expect([...new Set(report.findings.map((f) => f.file))].sort()).toEqual(['lib (v2)[1]/usage.js', 'mig*/01-add.js', 'q{1}/page.graphql']);
  });

  it('reports a directory symlink loop (exit 2) and writes nothing', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'space', 'models'), { recursive: true });
    cpSync(join(ROOT, 'fixtures', 'cli', 'lookahead', 'export.json'), join(dir, 'space', 'models', 'export.json'));
    symlinkSync('..', join(dir, 'space', 'models', 'up'));
    const run = await cmlint(['init'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^space\/models\/up: Directory symlink loop: this link leads back to space, a directory that contains it/);
    expect(existsSync(join(dir, '.linterrc.yaml'))).toBe(false);
  });

  it('then lints what it found', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'space'));
    cpSync(join(ROOT, 'fixtures', 'cli', 'lookahead', 'export.json'), join(dir, 'space', 'export.json'));
    expect((await cmlint(['init'], { cwd: dir })).code).toBe(0);
    const lint = await cmlint(['--as-of', '2025-05-01', '-f', 'json'], { cwd: dir });
    expect(lint.code).toBe(1);
    expect(JSON.parse(lint.stdout).findings.map((f: { file: string }) => f.file)).toEqual(['space/export.json']);
  });
});

describe('cmlint init with application code', () => {
  it('proposes sources for code that uses the service’s SDKs or hosts, not for other code or Markdown', async () => {
    const dir = tempDir();
    cpSync(join(ROOT, 'fixtures', 'cli', 'lookahead', 'export.json'), join(dir, 'export.json'));
    mkdirSync(join(dir, 'src', 'lib'), { recursive: true });
    mkdirSync(join(dir, 'scripts'));
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    mkdirSync(join(dir, 'node_modules', 'contentful'), { recursive: true });
    writeFileSync(join(dir, 'src', 'lib', 'cms.ts'), "import { createClient } from 'contentful';\n");
    writeFileSync(join(dir, 'src', 'App.tsx'), "fetch('https://graphql.contentful.com/content/v1/spaces/x');\n");
    writeFileSync(join(dir, 'src', 'util.ts'), 'export const x = 1;\n');
    writeFileSync(join(dir, 'scripts', 'build.sh'), 'npm run build\n');
    writeFileSync(join(dir, '.github', 'workflows', 'export.yml'), 'jobs:\n  x:\n    steps:\n      - run: npx contentful space export\n');
    writeFileSync(join(dir, 'node_modules', 'contentful', 'index.js'), "require('contentful')\n");
    writeFileSync(join(dir, 'README.md'), 'uses contentful\n');
    const run = await cmlint(['init'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      "Wrote .linterrc.yaml for 1 export file:\n  include: export.json\n  sources: .github/workflows/*.yml\n  sources: src/**/*.{ts,tsx}\nRun 'cmlint' to lint them.\n",
    );
    const config = parse(readFileSync(join(dir, '.linterrc.yaml'), 'utf8')) as { sources: string[] };
    expect(config.sources).toEqual(['.github/workflows/*.yml', 'src/**/*.{ts,tsx}']);
    const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(join(ROOT, 'schema', 'linterrc.schema.json'), 'utf8')));
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('writes a config for code alone (no export), which then lints the code', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'usage.js'), "const cm = require('contentful-management');\nmodule.exports = (c) => c.usage.getManyForSpace({ organizationId: 'o' });\n");
    expect((await cmlint(['init'], { cwd: dir })).code).toBe(0);
    const lint = await cmlint(['--as-of', '2027-03-01', '-f', 'json'], { cwd: dir });
    expect(lint.stderr).toBe('');
    expect((JSON.parse(lint.stdout) as { findings: { ruleId: string; file: string }[] }).findings.map((f) => `${f.ruleId} ${f.file}`)).toEqual(['legacy-usage-endpoint src/usage.js']);
  });
});
