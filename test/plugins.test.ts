/** Plugins: rules from the config's `plugins`, in the built-in rule shape, validated like built-in rules. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/load-config.js';
import { loadConfig } from '../src/config/run-config.js';
import { lint } from '../src/pipeline/run.js';
import { cmlint } from './helpers/cli.js';
import { contentType } from './helpers/rule-tester.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A rule module's source: reports every content type whose id is in `options.ids`. */
function ruleSource(id: string, extra = ''): string {
  return `{ meta: { id: ${JSON.stringify(id)}, description: 'Reports listed content types.', docs: 'Docs.', enforcement: { date: '2027-02-15', postponedFrom: null, note: null }, severity: 'error', recommended: true,
    schema: { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' }, default: ['article'] } }, additionalProperties: false },
    messages: { listed: { text: 'Content type {{id}} is listed.' } }${extra} },
  create(context) { return { contentType(ct) { if (context.options.ids.includes(ct.id)) context.report({ node: ct, messageId: 'listed', data: { id: ct.id } }); } }; } }`;
}

function project(config: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-plugins-'));
  temps.push(dir);
  writeFileSync(join(dir, '.linterrc.yaml'), config);
  const titled = (id: string) => contentType(id, [{ id: 'title', type: 'Symbol' }], { displayField: 'title' });
  writeFileSync(join(dir, 'export.json'), JSON.stringify({ contentTypes: [titled('article'), titled('page')] }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function configError(dir: string): Promise<string> {
  try {
    await loadConfig(dir);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a config error');
}

describe('plugins', () => {
  it('runs a plugin rule (a rule module, or { rules: [...] }) with the options the config gives, validated by its schema', async () => {
    const dir = project('plugins: ["./one.mjs", "team-rules"]\nrules:\n  listed-type: [warning, { ids: [page] }]\n', {
      'one.mjs': `export default ${ruleSource('listed-type')};\n`,
      'node_modules/team-rules/package.json': JSON.stringify({ name: 'team-rules', type: 'module', exports: { '.': './index.js' } }),
      'node_modules/team-rules/index.js': `export default { rules: [${ruleSource('team-listed')}] };\n`,
    });
    const { result, rules } = await lint({ paths: [], cwd: dir, asOf: '2027-03-01' });
    expect(rules.map((r) => r.meta.id)).toEqual(expect.arrayContaining(['listed-type', 'team-listed']));
    expect(result.findings.map((f) => `${f.ruleId} ${f.target.contentType} ${f.severity}`)).toEqual(['team-listed article error', 'listed-type page warning']);
  });

  it('reports a bad option of a plugin rule like one of a built-in rule', async () => {
    const dir = project('plugins: ["./one.mjs"]\nrules:\n  listed-type: [error, { idz: [] }]\n', { 'one.mjs': `export default ${ruleSource('listed-type')};\n` });
    expect(await configError(dir)).toBe(".linterrc.yaml:3:26: rules.listed-type[1].idz: unknown key 'idz' (did you mean 'ids'?)");
  });

  const broken: [string, string, Record<string, string>, string][] = [
    ['a missing file', 'plugins: ["./nope.mjs"]\n', {}, ".linterrc.yaml:1:11: plugins[0]: plugin './nope.mjs': cannot find it"],
    ['a missing package', 'plugins: ["no-such-package"]\n', {}, ".linterrc.yaml:1:11: plugins[0]: plugin 'no-such-package': cannot find it"],
    ['a module that is not a rule', 'plugins: ["./x.mjs"]\n', { 'x.mjs': 'export default 42;\n' }, ".linterrc.yaml:1:11: plugins[0]: plugin './x.mjs': must export a rule or { rules: [rule, ...] } as its default export"],
    [
      'a plugin whose own import of a package is missing (named, with the file that imports it)',
      'plugins: ["./x.mjs"]\n',
      { 'x.mjs': "import 'no-such-helper';\nexport default { rules: [] };\n" },
      ".linterrc.yaml:1:11: plugins[0]: plugin './x.mjs': cannot load it: a module it imports is missing: Cannot find package 'no-such-helper' imported from <dir>/x.mjs",
    ],
    [
      'a plugin package whose own file imports a missing file',
      'plugins: ["team-rules"]\n',
      {
        'node_modules/team-rules/package.json': JSON.stringify({ name: 'team-rules', type: 'module', exports: { '.': './index.js' } }),
        'node_modules/team-rules/index.js': "import './helpers.js';\nexport default { rules: [] };\n",
      },
      ".linterrc.yaml:1:11: plugins[0]: plugin 'team-rules': cannot load it: a module it imports is missing: Cannot find module '<dir>/node_modules/team-rules/helpers.js' imported from <dir>/node_modules/team-rules/index.js",
    ],
    [
      'a CommonJS plugin that requires a missing package',
      'plugins: ["./x.cjs"]\n',
      { 'x.cjs': "require('no-such-helper');\nmodule.exports = { rules: [] };\n" },
      ".linterrc.yaml:1:11: plugins[0]: plugin './x.cjs': cannot load it: a module it imports is missing: Cannot find module 'no-such-helper', required from <dir>/x.cjs",
    ],
    [
      'a rule id taken by a built-in rule',
      'plugins: ["./x.mjs"]\n',
      { 'x.mjs': `export default ${ruleSource('hidden-required-field')};\n` },
      ".linterrc.yaml:1:11: plugins[0]: plugin './x.mjs': rule 'hidden-required-field': the id is taken by a built-in rule",
    ],
    [
      'a rule id taken by another plugin',
      'plugins:\n  - ./x.mjs\n  - ./y.mjs\n',
      { 'x.mjs': `export default ${ruleSource('mine')};\n`, 'y.mjs': `export default ${ruleSource('mine')};\n` },
      ".linterrc.yaml:3:5: plugins[1]: plugin './y.mjs': rule 'mine': the id is taken by plugin './x.mjs'",
    ],
    [
      'a rule with bad metadata',
      'plugins: ["./x.mjs"]\n',
      { 'x.mjs': `export default ${ruleSource('Bad_Id', ", severity: 'fatal'").replace("severity: 'error', ", '')};\n` },
      ".linterrc.yaml:1:11: plugins[0]: plugin './x.mjs': rule 'Bad_Id': `meta.id` must be lower-case words joined by hyphens; `meta.severity` must be error, warning or info",
    ],
  ];
  it.each(broken)('is a config error for %s', async (_name, config, files, message) => {
    const dir = project(config, files);
    expect(await configError(dir)).toBe(message.replaceAll('<dir>', realpathSync(dir)));
  });

  it('stops a rule whose visitor or create() returns a promise, as one that throws: named, exit code 2, no stack trace (real bin)', () => {
    const rule = (id: string, create: string) => ruleSource(id).replace(/create\(context\) \{.*\} \}$/s, `create(context) { ${create} } }`);
    const dir = project('plugins: ["./async.mjs"]\n', {
      'async.mjs': `export default { rules: [
        ${rule('async-throws', "return { async contentType(ct) { throw new Error('boom in ' + ct.id); } };")},
        ${rule('rejects-at-end', "return { end() { return Promise.reject(new Error('rejected')); } };")},
        ${rule('async-create', 'return Promise.resolve({});')},
      ] };\n`,
    });
    const run = cmlint(['-f', 'json', '--as-of', '2027-03-01'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(2);
    const crashed = JSON.parse(run.stdout).findings.filter((f: { message: string }) => f.message.includes('returned a promise'));
    expect(crashed.map((f: { ruleId: string; target: { contentType: string | null } }) => `${f.ruleId} ${f.target.contentType}`).sort()).toEqual([
      'async-create null',
      'async-throws article',
      'rejects-at-end null',
    ]);
    const write = cmlint(['--baseline-write', 'baseline.json', '--as-of', '2027-03-01'], { cwd: dir });
    expect(write.code).toBe(2);
    expect(write.stderr).toMatch(/^baseline\.json: baseline not written, because a rule crashed/);
    expect(existsSync(join(dir, 'baseline.json'))).toBe(false);
  });

  it('a promise that a plugin starts and nobody awaits, or a callback that throws: an internal error, exit code 2, reports left as they were (real bin)', () => {
    const rule = (id: string, create: string) => ruleSource(id).replace(/create\(context\) \{.*\} \}$/s, `create(context) { ${create} } }`);
    const dir = project('plugins: ["./floating.mjs"]\ninclude: ["export.json"]\n', {
      'floating.mjs': `export default { rules: [${rule('floating', "return { contentType(ct) { if (ct.id === 'page') Promise.reject(new Error('floating in ' + ct.id)); } };")}] };\n`,
      'late.mjs': `export default { rules: [${rule('late', "return { contentType(ct) { if (ct.id === 'page') setTimeout(() => { throw new Error('late in ' + ct.id); }); } };")}] };\n`,
      'out/report.json': 'previous',
    });
    const run = cmlint(['-f', 'json:out/report.json', '-f', 'sarif:out/report.sarif', '--as-of', '2027-03-01'], { cwd: dir });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'cmlint: internal error (an error that nothing awaited or caught, in a plugin or in cmlint): floating in page\nSet CMLINT_DEBUG=1 to see where it happened.\n',
    });
    // The rejection comes before the reports are renamed into place: they are not written, and no temporary file is left.
    expect(readdirSync(join(dir, 'out'))).toEqual(['report.json']);
    expect(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).toBe('previous');
    const debug = cmlint(['-f', 'json', '--as-of', '2027-03-01'], { cwd: dir, env: { CMLINT_DEBUG: '1' } });
    expect(debug.code).toBe(2);
    expect(debug.stderr).toMatch(/^cmlint: internal error \(an error that nothing awaited or caught, in a plugin or in cmlint\): Error: floating in page\n\s+at .*floating\.mjs/);
    // A timer's callback that throws (whenever it comes: the report may be out by then).
    writeFileSync(join(dir, '.linterrc.yaml'), 'plugins: ["./late.mjs"]\ninclude: ["export.json"]\n');
    const late = cmlint(['-f', 'json', '--as-of', '2027-03-01'], { cwd: dir });
    expect(late.code).toBe(2);
    expect(late.stderr).toBe('cmlint: internal error (an error that nothing awaited or caught, in a plugin or in cmlint): late in page\nSet CMLINT_DEBUG=1 to see where it happened.\n');
  });

  it('loads plugins only from the config file: a `plugins` key in an input file is data', async () => {
    const dir = project('extends: []\n', { 'evil.mjs': 'throw new Error("must not be loaded");\n' });
    writeFileSync(join(dir, 'export.json'), JSON.stringify({ plugins: ['./evil.mjs'], contentTypes: [contentType('article', [])] }));
    const { result } = await lint({ paths: [], cwd: dir });
    expect(result.stats.contentTypes).toBe(1);
  });

  it('lists and explains plugin rules, and accepts them in --rule (real bin)', () => {
    const dir = project('plugins: ["./one.mjs"]\n', { 'one.mjs': `export default ${ruleSource('listed-type')};\n` });
    expect(cmlint(['rules', '--as-of', '2027-01-01'], { cwd: dir }).stdout).toMatch(/^listed-type +error {5}enforced from 2027-02-15 \(in 45 days\)\n {4}Reports listed content types\.$/m);
    expect(cmlint(['explain', 'listed-type'], { cwd: dir }).stdout).toMatch(/^# listed-type\n/);
    const off = cmlint(['--rule', 'listed-type=off', '--as-of', '2027-03-01', '-f', 'json'], { cwd: dir });
    expect(off.stderr).toBe('');
    expect(JSON.parse(off.stdout).findings).toEqual([]);
  });
});
