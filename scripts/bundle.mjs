// The second step of `npm run build`, after tsc: bundles tsc's output (dist/src/) into one
// CommonJS file for the bin (dist/bundle/cli.cjs) and one for the worker thread of `--jobs`
// (dist/bundle/worker.cjs, started through dist/bundle/worker.js), so that a run loads a few files
// instead of ~90 (the ESM loader's per-module work was most of the cold start). No code
// splitting: the modules cmlint imports lazily (rules, formats, inputs) are inlined as modules
// initialised on their first import(), so nothing lazy becomes eager. dist/src/ stays tsc's
// output: it is the library entry (package.json "exports"), and CMLINT_UNBUNDLED=1 makes the bin
// run it.
//
// CommonJS, so that every file of dist/bundle/ runs through cmlint's compile cache
// (dist/bundle/compile-cache.cjs, from src/cache/compile-cache.ts): V8 compiles a file from its cache
// of an earlier run instead of from source, on every Node version. The bundles' `import.meta.url`
// is their own file's URL (a define and a banner below); their dynamic import()s (ajv, the
// component compilers, the migration tool, plugins, the precompiled config validator) resolve
// from their own location.
//
// Third-party packages:
// - picocolors (3 KB, used by most runs) is inlined.
// - yaml, fast-glob and the parts of graphql-js cmlint uses are many small modules that some
//   runs need (a YAML config, `include` globs, GraphQL documents): each is bundled into a file of
//   its own beside the bundles (VENDOR; graphql.cjs: graphqlVendorEntry), loaded when first
//   used. Inlined, their code would be parsed by every run (+10-15 ms each in a run without
//   them); left in node_modules, a run that uses them loads 73 (yaml), 26 (fast-glob) or ~95
//   (graphql-js) modules.
// - So are Babel's parser (application sources, migration scripts, and the documents' extractor)
//   and graphql-tag-pluck with the rest of Babel it needs (JS/TS documents): left in
//   node_modules, a run with one .tsx document loaded ~200 CommonJS modules through Node's ESM
//   loader (each compiled from source), and a second graphql-js (graphql-tag-pluck's own).
// - The rest stays in node_modules (EXTERNAL).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, sep } from 'node:path';
import { parse } from '@babel/parser';
import { build } from 'esbuild';
import { GRAPHQL_JS_EXPORTS } from '../dist/src/graphql/graphql-js-exports.js';

const root = new URL('../', import.meta.url);
/** require() as the package resolves it (its own dependencies). */
const rootRequire = createRequire(new URL('package.json', root));
const outdir = new URL('dist/bundle/', root);

/** Packages that stay in node_modules, imported at run time: native, optional peers, large and used by few runs. */
const EXTERNAL = [
  're2', // native
  'ajv', 'ajv/*', // the config validator compiled ahead of time (schema/linterrc.validate.mjs) requires ajv's runtime
  '@babel/*', '@graphql-tools/*', // any but the two in VENDOR
  '@vue/compiler-sfc', 'svelte', 'svelte/*', '@astrojs/compiler', // optional peers
  'contentful-migration', 'amaro', 'typescript', // optional peers, also looked up from the project
];

/**
 * Packages bundled into a CommonJS file of their own in dist/bundle/, which the bundles' import()
 * of the package loads (vendorFiles). Babel's parser is a file of its own, which
 * graphql-tag-pluck.cjs requires too (vendorFiles): one copy for all of cmlint, and a run that
 * parses only application code or migration scripts (src/inputs/sources/parse-js.ts,
 * src/inputs/migrations/find-scripts.ts) reads 0.4 MB, not the 1.2 MB of the extractor. Two files
 * also keep each code cache in step with what the runs that load it use: a cache holds the
 * functions of the run that wrote it, and is not rewritten once accepted.
 */
const VENDOR = { yaml: 'yaml.cjs', 'fast-glob': 'fast-glob.cjs', '@babel/parser': 'babel-parser.cjs', '@graphql-tools/graphql-tag-pluck': 'graphql-tag-pluck.cjs' };
const PARSER = { '@babel/parser': VENDOR['@babel/parser'] };
const PLUCK_FILE = VENDOR['@graphql-tools/graphql-tag-pluck'];

/**
 * graphql-tag-pluck's optional peers, which it loads itself for Vue, Svelte, Astro and Glimmer
 * files (cmlint finds the script blocks of components itself and gives it only their code): never
 * bundled. None is reachable from `parseCode`, so none is left in graphql-tag-pluck.cjs (checked
 * below).
 */
const PLUCK_PEERS = ['@vue/compiler-sfc', 'typescript', 'svelte', 'svelte2tsx', '@astrojs/compiler', 'astrojs-compiler-sync', 'content-tag'];

/**
 * dist/bundle/graphql.cjs: the names of graphql-js cmlint uses (GRAPHQL_JS_EXPORTS, the one list
 * of them, in src/graphql/graphql-js-exports.ts), bundled from graphql-js's ES modules
 * (`<module>.mjs`), tree-shaken and scope-hoisted: one function scope instead of a module
 * wrapper per module, and none of the code those names do not reach. esbuild fails the build if a
 * module does not export its name; every module bundled must be one of the package's ES modules
 * (checked below), so that the file holds one copy of each (graphql-js refuses objects of
 * another copy). graphql-tag-pluck.cjs takes its names from this file (PLUCK_GRAPHQL).
 */
function graphqlVendorEntry() {
  const names = Object.keys(GRAPHQL_JS_EXPORTS);
  return (
    Object.entries(GRAPHQL_JS_EXPORTS)
      .map(([name, module]) => `import { ${name} } from ${JSON.stringify(`graphql/${module}.mjs`)};\n`)
      .join('') +
    `export { ${names.join(', ')} };\n` +
    // esbuild renames a class that refers to itself (GraphQLError becomes `class _GraphQLError`):
    // each function and class keeps graphql-js's name.
    `for (const [name, value] of Object.entries({ ${names.join(', ')} })) if (typeof value === 'function' && value.name !== name) Object.defineProperty(value, 'name', { value: name });\n`
  );
}

/**
 * The table of mimetype groups (@contentful/mimetype, src/model/mimetype-groups.ts) requires all of
 * lodash (~540 KB: 40-45 ms in a run that reads an asset, most real spaces) for four functions. In
 * dist/bundle/mimetype.cjs the package's own code is kept and its `require('lodash')` gets those
 * four from lodash's one-method modules (the same code as lodash's full build).
 * test/bundle.test.ts compares its answers with the package's, for every type and extension.
 */
const MIMETYPE_LODASH_METHODS = ['each', 'keys', 'map', 'uniq'];

function lodashMethods(methods) {
  return {
    name: 'lodash-methods',
    setup(build) {
      build.onResolve({ filter: /^lodash$/ }, () => ({ path: 'lodash', namespace: 'lodash-methods' }));
      build.onLoad({ filter: /.*/, namespace: 'lodash-methods' }, () => ({
        contents: methods.map((name) => `exports.${name} = require('lodash/${name}.js');`).join('\n'),
        resolveDir: root.pathname,
        loader: 'js',
      }));
    },
  };
}

/**
 * graphql-tag-pluck.cjs holds `parseCode`, the one function of the package cmlint calls
 * (src/inputs/documents/extract.ts), with what it imports from graphql and @graphql-tools/utils
 * limited to what it needs: no second graphql-js (graphql-js refuses the objects of another copy)
 * and none of the rest of @graphql-tools/utils (~40 modules that each import graphql-js's index).
 * - The entry re-exports only `parseCode` from the package's ES module build, and esbuild leaves
 *   out the rest of it: `gqlPluckFromCodeString` and its sync twin, which load the optional peers
 *   and make graphql `Source`s.
 * - '@graphql-tools/utils' is `asArray`, the one function of it that the visitor calls, from the
 *   module of the package that defines it (esm/helpers.js).
 * - 'graphql' is cmlint's one copy, dist/bundle/graphql.cjs (through the compile cache), with
 *   only the names those modules import: `Source` (pluck's index) and `parse` (utils' helpers),
 *   both among graphql.cjs's exports (checked here).
 *   `parseCode` reaches neither, so this module is left out too, and the file never loads
 *   graphql-js.
 * A later version that imports anything else from either package fails the build ("No matching
 * export"), as does a `require()` of either (whose names esbuild cannot check): add what it needs
 * here, after checking that it is the same graphql-js.
 */
const PLUCK_GRAPHQL = ['Source', 'parse'];
const PLUCK_UTILS = { asArray: '@graphql-tools/utils/esm/helpers.js' };

function pluckOnly() {
  const bundleFile = new URL('dist/src/cache/bundle-file.js', root).pathname;
  const missing = PLUCK_GRAPHQL.filter((name) => !(name in GRAPHQL_JS_EXPORTS));
  if (missing.length > 0) throw new Error(`graphql.cjs does not export ${missing.join(', ')} (GRAPHQL_JS_EXPORTS), which graphql-tag-pluck.cjs imports`);
  // Each an ES module even when its list is empty (`export {}`): esbuild checks the names imported from ES modules only.
  const virtual = {
    '@graphql-tools/utils': 'export {};\n' + Object.entries(PLUCK_UTILS).map(([name, file]) => `export { ${name} } from ${JSON.stringify(new URL(`node_modules/${file}`, root).pathname)};\n`).join(''),
    graphql:
      `export {};\nimport { requireBundleFile } from ${JSON.stringify(bundleFile)};\nconst graphql = requireBundleFile('graphql.cjs');\n` +
      PLUCK_GRAPHQL.map((name) => `export const ${name} = graphql.${name};\n`).join(''),
  };
  return {
    name: 'pluck-only',
    setup(build) {
      build.onResolve({ filter: /^(@graphql-tools\/utils|graphql)(\/|$)/ }, ({ path, kind, importer }) => {
        if (!(path in virtual)) return { errors: [{ text: `${importer} imports ${path}, which pluckOnly() does not provide` }] };
        if (kind !== 'import-statement') return { errors: [{ text: `${importer} loads ${path} with ${kind}: only the names of import statements can be checked` }] };
        return { path, namespace: 'pluck-only', sideEffects: false };
      });
      build.onLoad({ filter: /.*/, namespace: 'pluck-only' }, ({ path }) => ({ contents: virtual[path], resolveDir: root.pathname, loader: 'js' }));
    },
  };
}

/** Node's modules that node loads at its own start: importing them costs nothing. */
const LOADED_AT_START = new Set(['buffer', 'events', 'fs', 'module', 'path', 'stream', 'string_decoder', 'url', 'util']);

/**
 * esbuild hoists the static imports of external modules to the top of the bundle, so a node
 * module that only a lazily imported module uses (node:crypto for SARIF, node:child_process for
 * `--base`, node:worker_threads for `--jobs`) would load in every run (~15 ms for those three).
 * This plugin turns such imports into a require() made when the importing module is initialised.
 */
function lazyBuiltins() {
  return {
    name: 'lazy-builtins',
    setup(build) {
      build.onResolve({ filter: /^node:/ }, ({ path, namespace }) =>
        namespace === 'lazy-builtin' || LOADED_AT_START.has(path.slice('node:'.length)) ? { path, external: true } : { path, namespace: 'lazy-builtin' },
      );
      build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, ({ path }) => ({ contents: `module.exports = require(${JSON.stringify(path)});`, loader: 'js' }));
    },
  };
}

/**
 * cmlint's imports of the VENDOR packages (`files`: graphql-tag-pluck.cjs's of Babel's parser
 * too) load their files beside the bundle through the compile cache: each import() or require()
 * of such a package gets a module, initialised when first loaded, whose exports are its file's
 * (src/cache/bundle-file.ts).
 */
function vendorFiles(files = VENDOR) {
  const bundleFile = new URL('dist/src/cache/bundle-file.js', root).pathname;
  const names = Object.keys(files).map((name) => name.replace(/[./]/g, '\\$&'));
  return {
    name: 'vendor-files',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, ({ path }) => ({ path, namespace: 'vendor-file' }));
      build.onLoad({ filter: /.*/, namespace: 'vendor-file' }, ({ path }) => ({
        contents: `module.exports = require(${JSON.stringify(bundleFile)}).requireBundleFile(${JSON.stringify(files[path])});`,
        resolveDir: root.pathname,
        loader: 'js',
      }));
    },
  };
}

/**
 * The `--jobs` worker thread's entry, dist/bundle/worker.js (src/engine/parallel.ts starts
 * './worker.js' beside the bundle): an ES module that runs worker.cjs through the loader, with the
 * compile cache off (only the main thread uses it: see compileCacheOff).
 */
const WORKER_ENTRY = `import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const loader = createRequire(import.meta.url)('./compile-cache.cjs');
loader.compileCacheOff();
loader.requireCached(fileURLToPath(new URL('./worker.cjs', import.meta.url)));
`;

rmSync(outdir, { recursive: true, force: true });

const common = {
  bundle: true,
  splitting: false,
  format: 'cjs',
  platform: 'node',
  target: 'node20.19',
  absWorkingDir: root.pathname,
  external: EXTERNAL,
  // Tells src/util/package-root.ts that it runs from the bundle (PACKAGE_LAYOUT).
  define: { CMLINT_BUNDLE: 'true' },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [lazyBuiltins()],
};

/**
 * The extractor the documents' extraction cache (src/inputs/documents/extract-cache.ts) is made
 * for, as its key: cmlint's version, the versions of graphql-tag-pluck and of the Babel packages
 * it parses and walks with (as it resolves them), and a hash of the extraction code (tsc's
 * output: the extractor's modules, and the parser and tree walk of application code it uses). A
 * cache made by another build of any of them is not used.
 */
function extractorIdentity() {
  const pluck = createRequire(rootRequire.resolve('@graphql-tools/graphql-tag-pluck/package.json'));
  const code = createHash('sha256');
  const files = ['documents/extract.js', 'documents/extract-cache.js', 'documents/generated.js', 'documents/untagged.js', 'sources/parse-js.js', 'sources/js-facts.js', 'sources/syntax-tree.js'];
  for (const file of files) code.update(readFileSync(new URL(`dist/src/inputs/${file}`, root)));
  return [
    `cmlint@${rootRequire('./package.json').version}`,
    version(rootRequire, '@graphql-tools/graphql-tag-pluck'),
    version(rootRequire, '@babel/parser'), // babel-parser.cjs, which graphql-tag-pluck.cjs loads too
    version(pluck, '@babel/traverse'),
    `extract#${code.digest('hex').slice(0, 16)}`,
  ].join(' ');
}

/** The package `name` as `require` resolves it, with its version. */
function version(require, name) {
  return `${name}@${require(`${name}/package.json`).version}`;
}

/**
 * The build's identity, the key of the cache of findings about code (src/engine/code-results-cache.ts):
 * a hash of cmlint's compiled code (every file of dist/src and dist/rules), its rule index, this
 * script, and the versions of cmlint and of graphql-js (dist/bundle/graphql.cjs is built from it).
 */
function buildIdentity() {
  const code = createHash('sha256');
  for (const dir of ['dist/src/', 'dist/rules/']) {
    const files = readdirSync(new URL(dir, root), { recursive: true }).filter((name) => name.endsWith('.js')).sort();
    for (const name of files) code.update(`${dir}${name}\u0000`).update(readFileSync(new URL(`${dir}${name}`, root)));
  }
  code.update(readFileSync(new URL('schema/rule-index.json', root)));
  code.update(readFileSync(new URL('scripts/bundle.mjs', root))); // how the bundle files are made (graphql.cjs from graphql-js)
  return `cmlint@${rootRequire('./package.json').version} ${version(rootRequire, 'graphql')} build#${code.digest('hex').slice(0, 32)}`;
}

/** `import.meta.url` in a CommonJS file of dist/bundle/: the file's own URL, from the `__filename` of its wrapper. */
const IMPORT_META_URL = 'var __cmlintImportMetaUrl = require("node:url").pathToFileURL(__filename).href;';

/**
 * cmlint's own bundles (the bin's, the worker's): `import.meta.url` is the URL of the bundle's
 * file (IMPORT_META_URL); `__cmlintImport` is the loader's import() (see the rewrite below); the
 * VENDOR packages are imported from their files.
 */
const own = {
  ...common,
  banner: { js: `${IMPORT_META_URL}\nvar __cmlintImport = require("./compile-cache.cjs").importModule;` },
  define: { ...common.define, 'import.meta.url': '__cmlintImportMetaUrl', CMLINT_EXTRACTOR: JSON.stringify(extractorIdentity()), CMLINT_BUILD: JSON.stringify(buildIdentity()) },
  plugins: [...common.plugins, vendorFiles()],
};
/**
 * Third-party code in files of its own: without comments and indentation (less to read and parse;
 * names kept). All of it is bundled (EXTERNAL is what cmlint's bundles leave in node_modules; it
 * names @babel/*, which babel-parser.cjs is).
 */
const vendor = { ...common, external: [], minifyWhitespace: true };

// graphql-tag-pluck's ES module build creates a require() from `import.meta.url` (for its
// optional peers): the file's own URL (IMPORT_META_URL), as in cmlint's bundles. Its metafile is
// checked below.
const pluckBuild = build({
  ...vendor,
  external: PLUCK_PEERS,
  banner: { js: IMPORT_META_URL },
  define: { ...vendor.define, 'import.meta.url': '__cmlintImportMetaUrl' },
  plugins: [...vendor.plugins, vendorFiles(PARSER), pluckOnly()],
  metafile: true,
  stdin: { contents: "export { parseCode } from '@graphql-tools/graphql-tag-pluck';\n", resolveDir: root.pathname, sourcefile: PLUCK_FILE },
  outfile: new URL(PLUCK_FILE, outdir).pathname,
});

/**
 * graphql.cjs runs graphql-js's production `instanceOf` (a plain instanceof; the same in any
 * NODE_ENV), not its development one, which on every type test that fails (isScalarType(x) of
 * another kind, thousands in a validation) also compares the class names, to tell a developer
 * whose node_modules hold two copies of graphql-js that objects of one reached the other. The file
 * is one copy by construction (checked below), and cmlint gives it no objects of another; the
 * development check cost 3 % of the instructions documents add to a run.
 */
const graphqlBuild = build({
  ...vendor,
  define: { ...vendor.define, 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  stdin: { contents: graphqlVendorEntry(), resolveDir: root.pathname, sourcefile: 'graphql.cjs' },
  outfile: new URL('graphql.cjs', outdir).pathname,
});

await Promise.all([
  pluckBuild,
  build({
    ...own,
    stdin: {
      contents:
        "export { escapedError, main } from './dist/src/cli.js';\nexport { guardStream } from './dist/src/cli/std-streams.js';\nexport { saveCaches } from './dist/src/cache/cache-saves.js';\n",
      resolveDir: root.pathname,
      sourcefile: 'cli-entry.js',
    },
    outfile: new URL('cli.cjs', outdir).pathname,
  }),
  build({ ...own, entryPoints: ['dist/src/engine/worker.js'], outfile: new URL('worker.cjs', outdir).pathname }),
  // The loader itself is run by Node's require (no banner: it is what the banner requires). It
  // needs all the node modules it imports at once: they are required as they are, not made lazy.
  build({ ...common, plugins: [], entryPoints: ['dist/src/cache/compile-cache.js'], outfile: new URL('compile-cache.cjs', outdir).pathname }),
  ...Object.entries(VENDOR)
    .filter(([, file]) => file !== PLUCK_FILE)
    .map(([name, file]) =>
      build({ ...vendor, stdin: { contents: `module.exports = require(${JSON.stringify(name)});\n`, resolveDir: root.pathname, sourcefile: file }, outfile: new URL(file, outdir).pathname }),
    ),
  graphqlBuild,
  build({
    ...vendor,
    plugins: [...vendor.plugins, lodashMethods(MIMETYPE_LODASH_METHODS)],
    stdin: { contents: "module.exports = require('@contentful/mimetype');\n", resolveDir: root.pathname, sourcefile: 'mimetype.cjs' },
    outfile: new URL('mimetype.cjs', outdir).pathname,
  }),
]);
writeFileSync(new URL('worker.js', outdir), WORKER_ENTRY);

/**
 * Node 20 runs an import() in code compiled with `vm.Script` only with an experimental option
 * (a warning on stderr) that fails once the script comes from cached data ("A dynamic import
 * callback was not specified"). So each import() left in the bundles (of packages that stay in
 * node_modules, and of files by their URL: plugins, the precompiled config validator, migration
 * scripts; esbuild has already turned the imports of bundled modules into calls) becomes a call
 * of `__cmlintImport`, the loader's `importModule` (banner above), whose import() Node's own
 * loader runs: found with Babel's parser, not by searching the text. The loader sits in the same
 * directory, so specifiers resolve as they would from the bundle.
 */
function withLoaderImports(file, text) {
  const calls = importCalls(text);
  if (calls.length === 0) throw new Error(`${file}: no import() found (the bundle no longer imports its packages at run time?)`);
  for (const { start, end } of calls.reverse()) text = `${text.slice(0, start)}__cmlintImport${text.slice(end)}`;
  return text;
}

/** Where the `import` keyword of each import() is (offsets), in source order; each has exactly one argument. */
function importCalls(text) {
  const calls = [];
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object' || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression' && node.callee.type === 'Import') {
      if (node.arguments.length !== 1) throw new Error(`import() with ${node.arguments.length} arguments at offset ${node.start}`);
      calls.push({ start: node.callee.start, end: node.callee.end });
    }
    for (const key of Object.keys(node)) if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments') walk(node[key]);
  };
  walk(parse(text, { sourceType: 'script', allowReturnOutsideFunction: true }).program);
  return calls.sort((a, b) => a.start - b.start);
}

// Each of cmlint's files is read and written once: its import()s rewritten (cli.cjs, worker.cjs:
// see withLoaderImports), and its few non-ASCII characters escaped. esbuild writes code in ASCII
// but keeps the comments it keeps as written, and one character outside ASCII makes node read the
// whole file into a two-byte string, which V8 then scans as such (~3 ms more per run for cli.cjs).
for (const file of ['cli.cjs', 'worker.cjs', 'compile-cache.cjs']) {
  const path = new URL(file, outdir);
  let text = readFileSync(path, 'utf8');
  if (file !== 'compile-cache.cjs') text = withLoaderImports(file, text);
  writeFileSync(path, text.replace(/[^\0-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`));
}

// graphql-tag-pluck.cjs runs through the compile cache as the bundles do, but is third-party code
// whose import()s are not rewritten: one would fail on Node 20 (above). Nor may it load pluck's
// optional peers (PLUCK_PEERS: left out with the rest of the package, and kept external should a
// later version reach one from `parseCode`) or anything else from node_modules.
const pluckImports = Object.values((await pluckBuild).metafile.outputs)[0].imports.filter((i) => i.external && !isBuiltin(i.path));
if (pluckImports.length > 0) throw new Error(`${PLUCK_FILE} loads ${pluckImports.map((i) => `${i.path} (${i.kind})`).join(', ')} at run time`);
if (importCalls(readFileSync(new URL(PLUCK_FILE, outdir), 'utf8')).length > 0) throw new Error(`${PLUCK_FILE} has an import(), which Node 20 cannot run from a code cache`);

// graphql.cjs: graphql-js's ES modules only (a CommonJS module of it beside them would be a
// second copy of what it defines).
const graphqlDir = dirname(realpathSync(rootRequire.resolve('graphql/package.json')));
const graphqlInputs = Object.keys(Object.values((await graphqlBuild).metafile.outputs)[0].inputs).filter((path) => path !== 'graphql.cjs');
const notEsm = graphqlInputs.filter((path) => !(realpathSync(new URL(path, root)).startsWith(`${graphqlDir}${sep}`) && path.endsWith('.mjs')));
if (notEsm.length > 0) throw new Error(`graphql.cjs bundles ${notEsm.join(', ')}: only graphql-js's ES modules (${graphqlDir}/**/*.mjs) may be in it`);
