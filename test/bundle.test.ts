/**
 * The bin runs the bundles `npm run build` writes (dist/bundle/, scripts/bundle.mjs), so every
 * test that spawns it tests them. Here: what a bin run loads (the bundle, and only the files of
 * its own that the run needs: nothing of dist/src/, nothing of the packages that are bundled),
 * and that the bundle prints what tsc's output (dist/src/, CMLINT_UNBUNDLED=1) prints, byte for
 * byte, in every format and command.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLJs, GRAPHQL_JS_EXPORTS } from '../src/graphql/graphql-js-exports.js';
import { graphqlJs } from '../src/graphql/graphql-js.js';
import { baseEnv, BIN, ROOT } from './helpers/cli.js';
import { EMBEDDING_STYLES } from './helpers/document-styles.js';
import { removeTempDirs, tempDir } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

let hooks: string;
beforeAll(() => {
  // A preload that logs every module the process loads: ES modules through a loader hook,
  // CommonJS modules from require's cache at exit, the files cmlint's compile cache runs (each
  // compiled as a vm.Script named after its file, src/cache/compile-cache.ts) as they are compiled,
  // and the module each worker thread starts with (a --require preload runs in worker threads
  // too, where it logs their CommonJS modules and compiled files).
  hooks = tempDir('cmlint-bundle-');
  writeFileSync(
    join(hooks, 'log-modules.cjs'),
    `const { appendFileSync } = require('node:fs');
const Module = require('node:module');
const { pathToFileURL } = require('node:url');
const threads = require('node:worker_threads');
const vm = require('node:vm');
const log = process.env.CMLINT_TEST_MODULE_LOG;
const { Script } = vm;
vm.Script = class extends Script {
  constructor(code, options) {
    if (options && options.filename) appendFileSync(log, pathToFileURL(options.filename).href + '\\n');
    super(code, options);
  }
};
if (threads.isMainThread) {
  Module.register('./hooks.mjs', pathToFileURL(__filename), { data: { log } });
  const { Worker } = threads;
  threads.Worker = class extends Worker {
    constructor(url, options) {
      appendFileSync(log, String(url) + '\\n');
      super(url, options);
    }
  };
}
process.on('exit', () => appendFileSync(log, Object.keys(Module._cache).map((path) => pathToFileURL(path).href + '\\n').join('')));
`,
  );
  writeFileSync(
    join(hooks, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) { appendFileSync(log, url + '\\n'); return next(url, context); }
`,
  );
});

/** The files of cmlint's package a bin run loads as modules (paths from the package root), sorted, and its exit code. */
function loadedModules(args: readonly string[], cwd: string, env: Record<string, string> = {}): { files: string[]; code: number | null } {
  const log = join(tempDir('cmlint-bundle-'), 'modules.log');
  writeFileSync(log, '');
  const result = spawnSync(process.execPath, ['--require', join(hooks, 'log-modules.cjs'), BIN, ...args], { cwd, env: baseEnv({ ...env, CMLINT_TEST_MODULE_LOG: log }), encoding: 'utf8' });
  expect(result.stderr).toBe('');
  const files = new Set(
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => relative(ROOT, fileURLToPath(url)))
      .filter((path) => !path.startsWith('..')),
  );
  return { files: [...files].sort(), code: result.status };
}

/** The packages in node_modules/ among loaded files. */
const packages = (files: readonly string[]) => [...new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/').slice(1, f.split('/')[1]!.startsWith('@') ? 3 : 2).join('/')))].sort();

function project(files: Record<string, string>, copies: Record<string, string> = {}): string {
  const dir = tempDir('cmlint-bundle-');
  for (const [to, from] of Object.entries(copies)) cpSync(join(ROOT, from), join(dir, to), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('what a bin run loads', () => {
  it('a small export without a config: the bin, the compile cache and the bundle, nothing else of cmlint or of node_modules', () => {
    const dir = project({}, { 'export.json': 'fixtures/corpus/starter-gatsby-blog.json' });
    const { files, code } = loadedModules(['export.json'], dir);
    expect(code).toBe(0);
    expect(files).toEqual(['bin/cmlint.js', 'dist/bundle/cli.cjs', 'dist/bundle/compile-cache.cjs']);
  });

  it('a YAML config with include globs (as `cmlint init` writes it): yaml and fast-glob from their files beside the bundle', () => {
    const dir = project({ '.linterrc.yaml': 'extends: [recommended]\ninclude:\n  - "exports/**/*.{json,yaml,yml}"\n' }, { 'exports/space.json': 'fixtures/corpus/starter-gatsby-blog.json' });
    const { files, code } = loadedModules([], dir);
    expect(code).toBe(0);
    expect(files.filter((f) => !f.startsWith('node_modules/'))).toEqual(['bin/cmlint.js', 'dist/bundle/cli.cjs', 'dist/bundle/compile-cache.cjs', 'dist/bundle/fast-glob.cjs', 'dist/bundle/yaml.cjs', 'schema/linterrc.validate.mjs']);
    // The config validator compiled ahead of time requires ajv's runtime helpers.
    expect(packages(files)).toEqual(['ajv', 'fast-deep-equal']);
  });

  it('GraphQL documents: graphql-js from its file beside the bundle, not from node_modules', () => {
    const dir = project({ '.linterrc.yaml': 'include: ["export.json"]\ndocuments: ["documents/*.graphql"]\n' }, { 'export.json': 'fixtures/graphql/template-marketing/export.json', documents: 'fixtures/graphql/template-marketing/documents' });
    const { files, code } = loadedModules(['--format', 'json'], dir);
    expect(code).toBe(0);
    expect(files).toContain('dist/bundle/graphql.cjs');
    expect(files.filter((f) => f.startsWith('dist/src/'))).toEqual([]);
    expect(packages(files)).not.toContain('graphql');
    expect(packages(files)).not.toContain('yaml');
    expect(packages(files)).not.toContain('fast-glob');
  });

  it("JS/TS documents: Babel's parser and graphql-tag-pluck from their files beside the bundle (through the compile cache), nothing of Babel, graphql-tools or graphql-js from node_modules", () => {
    const dir = project({ '.linterrc.yaml': 'include: ["export.json"]\ndocuments: ["src/*.tsx"]\n', 'src/page.tsx': PAGE_TSX }, { 'export.json': 'fixtures/graphql/template-marketing/export.json' });
    const { files, code } = loadedModules(['--format', 'json'], dir);
    expect(code).toBe(1);
    // The files cmlint's compile cache runs are logged as they are compiled (vm.Script), not from require's cache.
    expect(files.filter((f) => f.startsWith('dist/'))).toEqual([
      'dist/bundle/babel-parser.cjs',
      'dist/bundle/cli.cjs',
      'dist/bundle/compile-cache.cjs',
      'dist/bundle/fast-glob.cjs',
      'dist/bundle/graphql-tag-pluck.cjs',
      'dist/bundle/graphql.cjs',
      'dist/bundle/mimetype.cjs',
      'dist/bundle/yaml.cjs',
    ]);
    expect(packages(files).filter((p) => /^(@babel|@graphql-tools|graphql$|debug$)/.test(p))).toEqual([]);
  });

  it("application sources: Babel's parser from its file beside the bundle, without graphql-tag-pluck's", () => {
    const dir = project({ '.linterrc.yaml': 'sources: ["src/*.ts"]\n', 'src/usage.ts': "import { createClient } from 'contentful-management';\nexport const c = createClient({ accessToken: 't' });\n" });
    const { files, code } = loadedModules(['--format', 'json'], dir);
    expect(code).toBe(0);
    expect(files.filter((f) => f.startsWith('dist/'))).toEqual(['dist/bundle/babel-parser.cjs', 'dist/bundle/cli.cjs', 'dist/bundle/compile-cache.cjs', 'dist/bundle/fast-glob.cjs', 'dist/bundle/yaml.cjs']);
    expect(packages(files).filter((p) => p.startsWith('@babel'))).toEqual([]);
  });

  it('assets checked against linkMimetypeGroup validations: the mimetype table from its file beside the bundle, without lodash', () => {
    const dir = project({}, { 'export.json': 'fixtures/demo-space/export.json' });
    const { files, code } = loadedModules(['export.json'], dir);
    expect(code).toBe(1);
    expect(files.filter((f) => !f.startsWith('node_modules/'))).toEqual(['bin/cmlint.js', 'dist/bundle/cli.cjs', 'dist/bundle/compile-cache.cjs', 'dist/bundle/mimetype.cjs']);
    // re2js judges the export's regular expressions; neither lodash nor the package itself loads.
    expect(packages(files)).toEqual(['re2js']);
  });

  it('CMLINT_UNBUNDLED=1 runs tsc output (what the comparisons below compare the bundle with)', () => {
    const dir = project({}, { 'export.json': 'fixtures/corpus/starter-gatsby-blog.json' });
    const { files, code } = loadedModules(['export.json'], dir, { CMLINT_UNBUNDLED: '1' });
    expect(code).toBe(0);
    expect(files).toContain('dist/src/cli.js');
    expect(files.filter((f) => f.startsWith('dist/bundle/'))).toEqual([]);
  });

  it('--jobs 2: the worker thread runs its own bundle', () => {
    const dir = project({}, { 'export.json': 'fixtures/demo-space/export.json' });
    const { files, code } = loadedModules(['export.json', '--jobs', '2'], dir, { CMLINT_WHOLE_FILE_LIMIT: '0' });
    expect(code).toBe(1);
    // The worker thread's bundle, dist/bundle/worker.cjs, is compiled in the thread, which the main
    // thread may end before it gets that far on an export this small: not part of the comparison.
    expect(files.filter((f) => !f.startsWith('node_modules/') && f !== 'dist/bundle/worker.cjs')).toEqual([
      'bin/cmlint.js',
      'dist/bundle/cli.cjs',
      'dist/bundle/compile-cache.cjs',
      'dist/bundle/mimetype.cjs',
      'dist/bundle/worker.js',
    ]);
  });
});

/** A .tsx document with an operation the marketing app's model refutes (a field it lacks, `limit: 0`). */
const PAGE_TSX = "import { gql } from 'graphql-tag';\nexport const Q = gql`\n  query PageQ { pageCollection(limit: 0) { items { sys { id } noSuchField } } }\n`;\nexport const Page = () => <div>{String(Q)}</div>;\n";

/** A bin run with the bundle and with tsc's output: exit code, stdout and stderr. */
function both(args: readonly string[], cwd = ROOT): [unknown, unknown] {
  const run = (env: Record<string, string>) => {
    const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: baseEnv(env), encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  return [run({}), run({ CMLINT_UNBUNDLED: '1' })];
}

describe('the mimetype table beside the bundle (@contentful/mimetype with four lodash functions instead of all of lodash)', () => {
  interface MimetypeTable {
    getGroupLabels(): string[];
    getTypesForGroup(label: string): string[] | null;
    getGroupLabel(params: { type?: string; fallbackFileName?: string }): string;
  }
  const require = createRequire(import.meta.url);
  const bundled = require(join(ROOT, 'dist/bundle/mimetype.cjs')) as MimetypeTable;
  const pkg = require('@contentful/mimetype') as MimetypeTable;
  const fileGroups = require('@contentful/mimetype/lib/fileGroups.json') as Record<string, { ext: string; type: string }[]>;
  const typeDefs = Object.values(fileGroups).flat();

  it("has the package's groups, and the same types in each", () => {
    expect(bundled.getGroupLabels()).toEqual(pkg.getGroupLabels());
    expect(bundled.getGroupLabels().length).toBeGreaterThan(10);
    for (const label of [...pkg.getGroupLabels(), 'no-such-group']) expect(bundled.getTypesForGroup(label)).toEqual(pkg.getTypesForGroup(label));
  });

  it("gives every content type and file extension the package's group", () => {
    for (const { ext, type } of [...typeDefs, { ext: '.unknown-ext', type: 'x-unknown/type' }]) {
      expect(bundled.getGroupLabel({ type })).toBe(pkg.getGroupLabel({ type }));
      expect(bundled.getGroupLabel({ fallbackFileName: `file${ext}` })).toBe(pkg.getGroupLabel({ fallbackFileName: `file${ext}` }));
    }
  });
});

describe('graphql-js beside the bundle (graphql.cjs: the names cmlint uses, from its ES modules)', () => {
  const require = createRequire(import.meta.url);
  const bundled = require(join(ROOT, 'dist/bundle/graphql.cjs')) as GraphQLJs;
  const pkg = require('graphql') as GraphQLJs;
  const names = Object.keys(GRAPHQL_JS_EXPORTS) as (keyof GraphQLJs)[];

  it('exports each name of GRAPHQL_JS_EXPORTS, as graphql-js defines it', () => {
    expect(Object.keys(bundled).sort()).toEqual([...names].sort());
    for (const name of names) {
      const [ours, theirs] = [bundled[name], pkg[name]];
      expect(typeof ours, name).toBe(typeof theirs);
      if (typeof theirs === 'function') expect([(ours as () => void).name, (ours as () => void).length], name).toEqual([theirs.name, theirs.length]);
    }
    expect(bundled.Kind).toEqual(pkg.Kind);
    expect(bundled.DirectiveLocation).toEqual(pkg.DirectiveLocation);
    expect(bundled.specifiedRules.map((rule) => rule.name)).toEqual(pkg.specifiedRules.map((rule) => rule.name));
    expect(bundled.specifiedDirectives.map(String)).toEqual(pkg.specifiedDirectives.map(String));
    expect(bundled.specifiedScalarTypes.map(String)).toEqual(pkg.specifiedScalarTypes.map(String));
  });

  /** A schema built with the classes of `graphql`, and what its parse, validate, TypeInfo and findBreakingChanges make of it. */
  function exercise(graphql: GraphQLJs) {
    const string = graphql.specifiedScalarTypes.find((type) => type.name === 'String')!;
    const schema = (withTitle: boolean) => {
      const page = new graphql.GraphQLObjectType({
        name: 'Page',
        fields: { slug: { type: new graphql.GraphQLNonNull(string) }, ...(withTitle ? { title: { type: string } } : {}) },
      });
      return new graphql.GraphQLSchema({ query: new graphql.GraphQLObjectType({ name: 'Query', fields: { page: { type: page, args: { id: { type: string } } } } }) });
    };
    const [before, after] = [schema(true), schema(false)];
    const document = graphql.parse(new graphql.Source('query Q($id: String) { page(id: $id) { title slug nope } }\nfragment Unused on Page { slug }\n', 'q.graphql'));
    const errors = graphql.validate(after, document, [...graphql.specifiedRules]).map((error) => ({ message: error.message, locations: error.locations, name: error.name }));
    const types: string[] = [];
    const typeInfo = new graphql.TypeInfo(before);
    graphql.visit(document, graphql.visitWithTypeInfo(typeInfo, { Field: () => void types.push(String(typeInfo.getType())) }));
    return { errors, types, changes: graphql.findBreakingChanges(before, after) };
  }

  it('is one copy of graphql-js: its classes, parser, validation, TypeInfo and findBreakingChanges work together as the package\'s do', () => {
    const ours = exercise(bundled);
    expect(ours).toEqual(exercise(pkg));
    expect(ours.errors.map((error) => error.message)).toEqual([expect.stringContaining('"title"'), expect.stringContaining('"nope"'), expect.stringContaining('"Unused"')]);
    expect(ours.types).toEqual(['Page', 'String', 'String!', 'undefined', 'String!']);
    expect(ours.changes).toEqual([expect.objectContaining({ type: 'FIELD_REMOVED', description: 'Page.title was removed.' })]);
    // What that would catch: graphql-js refuses the objects of another copy. graphql.cjs is built
    // with graphql-js's production instanceOf, which does not say why (scripts/bundle.mjs).
    const theirs = new pkg.GraphQLSchema({ query: new pkg.GraphQLObjectType({ name: 'Query', fields: { a: { type: pkg.specifiedScalarTypes[0]! } } }) });
    expect(() => bundled.validate(theirs, bundled.parse('{ a }'))).toThrow(/^Expected .* to be a GraphQL schema\.$/s);
    expect(() => pkg.validate(theirs, pkg.parse('{ a }'))).not.toThrow();
  });

  it('outside the bundle, graphqlJs() gives graphql-js\'s own objects, each from its module (the names GRAPHQL_JS_EXPORTS lists are where it says)', () => {
    const fromModules = graphqlJs();
    for (const name of names) expect(fromModules[name], name).toBe(pkg[name]);
  });
});

describe('the bundle prints what tsc output prints', () => {
  it.each(['stylish', 'json', 'sarif', 'junit', 'github', 'markdown'])('lint, --format %s', (format) => {
    const [bundled, unbundled] = both(['fixtures/demo-space/export.json', '--format', format, '--as-of', '2026-11-25']);
    expect(bundled).toEqual(unbundled);
    expect((bundled as { stdout: string }).stdout.length).toBeGreaterThan(100);
  });

  it.each([
    ['rules', ['rules', '--as-of', '2026-11-25']],
    ['rules --format json', ['rules', '--format', 'json', '--as-of', '2026-11-25']],
    ['explain', ['explain', 'entry-field-validation']],
    ['graphql-schema', ['graphql-schema', 'fixtures/graphql/template-marketing/export.json']],
    ['diff', ['diff', 'fixtures/diff/before.json', 'fixtures/diff/after.json', '--format', 'json', '--as-of', '2026-11-25']],
    ['--version', ['--version']],
    ['a bad option', ['--no-such-option']],
  ])('%s', (_name, args) => {
    const [bundled, unbundled] = both(args);
    expect(bundled).toEqual(unbundled);
  });

  it('a project elsewhere: YAML config with a plugin, GraphQL documents in .graphql and .tsx files (the bundle import()s Babel, the plugin and ajv from its own location)', () => {
    const dir = project(
      {
        '.linterrc.yaml': 'extends: [recommended]\nplugins: ["./untranslated-field.mjs"]\ninclude: ["export.json"]\ndocuments: ["documents/*.graphql", "src/*.tsx"]\nrules:\n  untranslated-field: info\n',
        'src/page.tsx': PAGE_TSX,
      },
      { 'export.json': 'fixtures/graphql/template-marketing/export.json', documents: 'fixtures/graphql/template-marketing/documents', 'untranslated-field.mjs': 'fixtures/cli/golden/untranslated-field.mjs' },
    );
    const [bundled, unbundled] = both(['--format', 'json', '--as-of', '2026-11-25'], dir);
    expect(bundled).toEqual(unbundled);
    const findings = (JSON.parse((bundled as { stdout: string }).stdout) as { findings: { ruleId: string; file: string }[] }).findings;
    // The .tsx document was read (Babel) and checked; the plugin's rule ran.
    expect(findings.filter((f) => f.file === 'src/page.tsx').map((f) => f.ruleId)).toEqual(expect.arrayContaining(['zero-limit-query', 'graphql-document-invalid']));
    expect(findings.filter((f) => f.ruleId === 'untranslated-field').length).toBeGreaterThan(10);
    expect((bundled as { stderr: string }).stderr).toBe('');
  });

  it('GraphQL in every embedding style (.graphql, JS/TS/JSX/TSX, Vue, Svelte, Astro): the same findings at the same places', () => {
    // Each style's operations select fields the marketing app's model lacks: graphql-document-invalid reports each at its place.
    const dir = project(
      { '.linterrc.yaml': 'include: ["export.json"]\ndocuments: ["documents/**/*"]\n', ...Object.fromEntries(EMBEDDING_STYLES.map(({ file, text }) => [`documents/${file}`, text])) },
      { 'export.json': 'fixtures/graphql/template-marketing/export.json' },
    );
    const [bundled, unbundled] = both(['--format', 'json', '--as-of', '2026-11-25'], dir);
    expect(bundled).toEqual(unbundled);
    const findings = (JSON.parse((bundled as { stdout: string }).stdout) as { findings: { file: string }[] }).findings;
    expect(new Set(findings.map((f) => f.file))).toEqual(new Set(EMBEDDING_STYLES.map(({ file }) => `documents/${file}`)));
  });

  it("a JS/TS document Babel cannot parse: the same error, at the parser's line and column", () => {
    const dir = project({ '.linterrc.yaml': 'include: ["export.json"]\ndocuments: ["src/*.ts"]\n', 'src/broken.ts': 'const a = gql`query A { x }`;\nconst b = ;\n' }, { 'export.json': 'fixtures/graphql/template-marketing/export.json' });
    const [bundled, unbundled] = both([], dir);
    expect(bundled).toEqual(unbundled);
    expect(bundled).toMatchObject({ code: 2, stdout: expect.stringMatching(/^src\/broken\.ts:2:11 {2}error {2}input-error\n {2}Cannot parse this file to find GraphQL in it: Unexpected token/) });
  });

  it('application sources (real code of fixtures/sources): the same findings', () => {
    const [bundled, unbundled] = both(['--format', 'json', '--as-of', '2026-11-25'], join(ROOT, 'fixtures', 'sources'));
    expect(bundled).toEqual(unbundled);
    const report = JSON.parse((bundled as { stdout: string }).stdout) as { findings: unknown[]; summary: { filesRead: number } };
    expect(report.summary.filesRead).toBeGreaterThan(300);
    expect(report.findings.length).toBeGreaterThan(0);
  });

  /** `cmlint init` in a new project (project()'s arguments) with the bundle and with tsc's output: what it printed and the config it wrote. */
  function initBoth(files: Record<string, string>, copies: Record<string, string>) {
    return ([{}, { CMLINT_UNBUNDLED: '1' }] as Record<string, string>[]).map((env) => {
      const dir = project(files, copies);
      const result = spawnSync(process.execPath, [BIN, 'init'], { cwd: dir, env: baseEnv(env), encoding: 'utf8' });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr, config: readFileSync(join(dir, '.linterrc.yaml'), 'utf8') };
    });
  }

  it('init writes the same config', () => {
    const written = initBoth({}, { 'exports/space.json': 'fixtures/corpus/starter-gatsby-blog.json' });
    expect(written[0]).toEqual(written[1]);
    expect(written[0]!.config).toContain('exports/**/*.{json,yaml,yml}');
  });

  it('init finds the same migration scripts (parsed with Babel)', () => {
    const written = initBoth(
      {
        'migrations/001-tag.js': "module.exports = function (migration) {\n  migration.createContentType('tag').name('Tag');\n};\n",
        'migrations/002-hidden.ts': "export = ((migration) => {\n  migration.editContentType('blogPost').createField('code').name('Code').type('Symbol');\n}) as MigrationFunction;\n",
        'migrations/notes.js': "// createContentType is named here, but nothing is exported\nconst createContentType = 1;\n",
      },
      { 'space.json': 'fixtures/migrations/must-show/space.json' },
    );
    expect(written[0]).toEqual(written[1]);
    expect(written[0]!.config).toContain('migrations/*.{js,ts}');
  });
});
