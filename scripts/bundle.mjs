// The second step of `npm run build`, after tsc: bundles tsc's output (dist/src/) into one ES
// module for the bin (dist/bundle/cli.js) and one for the worker thread of `--jobs`
// (dist/bundle/worker.js), so that a run loads a few files instead of ~90 (the ESM loader's
// per-module work was most of the cold start). No code splitting: the modules cmlint imports
// lazily (rules, formats, inputs) are inlined as modules initialised on their first import(), so
// nothing lazy becomes eager. dist/src/ stays tsc's output: it is the library entry
// (package.json "exports"), and CMLINT_UNBUNDLED=1 makes the bin run it.
//
// Third-party packages:
// - picocolors (3 KB, used by most runs) is inlined.
// - yaml, fast-glob and the parts of graphql-js cmlint uses are many small modules that some
//   runs need (a YAML config, `include` globs, GraphQL documents): each is bundled into a file of
//   its own beside the bundles (VENDOR), loaded when first used. Inlined, their code would be
//   parsed by every run (+10-15 ms each in a run without them); left in node_modules, a run that
//   uses them loads 73 (yaml), 26 (fast-glob) or ~95 (graphql-js) modules.
// - The rest stays in node_modules (EXTERNAL).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const outdir = new URL('dist/bundle/', root);

/** Packages that stay in node_modules, imported at run time: native, optional peers, large and used by few runs. */
const EXTERNAL = [
  're2', // native
  'ajv', 'ajv/*', // the config validator compiled ahead of time (schema/linterrc.validate.mjs) requires ajv's runtime
  '@babel/*', '@graphql-tools/*', // graphql-tag-pluck and Babel (with its own graphql-js): only for JS/TS documents and sources
  '@vue/compiler-sfc', 'svelte', 'svelte/*', '@astrojs/compiler', // optional peers
  'contentful-migration', 'amaro', 'typescript', // optional peers, also looked up from the project
];

/** Packages bundled into a file of their own in dist/bundle/, imported by the bundles as './<file>'. */
const VENDOR = {
  // yaml's build for node is CommonJS: its export names are listed (`export *` of CommonJS has none).
  yaml: { file: 'yaml.js', contents: `export { ${Object.keys(await import('yaml')).filter((name) => name !== 'default').join(', ')} } from 'yaml';\n` },
  'fast-glob': { file: 'fast-glob.js', contents: "export { default } from 'fast-glob';\n" },
};

/**
 * graphql-js is CommonJS, and src/graphql/graphql-js.ts requires its modules one by one,
 * synchronously, through createRequire (not through its index, which loads much more). In the
 * bundle (PACKAGE_LAYOUT 'bundle') it requires them from dist/bundle/graphql.cjs instead: every
 * module of graphql-js in one file, each initialised when first required, as `require(id)`. Every
 * module, so that a new require() in the sources needs no change here; one copy of graphql-js
 * for all of cmlint (graphql-js refuses objects of another copy).
 */
function graphqlVendorEntry() {
  const files = readdirSync(new URL('node_modules/graphql/', root), { recursive: true })
    .filter((name) => name.endsWith('.js'))
    .sort();
  const table = files.map((name) => `  ${JSON.stringify(`graphql/${name}`)}: () => require(${JSON.stringify(`graphql/${name}`)}),`);
  return `const modules = {\n${table.join('\n')}\n};\nmodule.exports = (id) => {\n  const load = modules[id];\n  if (!load) throw new Error('dist/bundle/graphql.cjs has no module ' + id);\n  return load();\n};\n`;
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

/** cmlint's imports of the VENDOR packages go to their files beside the bundle. */
function vendorFiles() {
  const names = Object.keys(VENDOR);
  return {
    name: 'vendor-files',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, ({ path }) => ({ path: `./${VENDOR[path].file}`, external: true }));
    },
  };
}

rmSync(outdir, { recursive: true, force: true });

const common = {
  bundle: true,
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  absWorkingDir: root.pathname,
  external: EXTERNAL,
  // Bundled CommonJS calls require() (for node's modules): esbuild's shim calls this one.
  banner: { js: "import { createRequire as __cmlintCreateRequire } from 'node:module';\nconst require = __cmlintCreateRequire(import.meta.url);" },
  // Tells src/package-root.ts that it runs from the bundle (PACKAGE_LAYOUT).
  define: { CMLINT_BUNDLE: 'true' },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [lazyBuiltins()],
};

/** cmlint's own bundles (the bin's, the worker's): the VENDOR packages imported from their files. */
const own = { ...common, plugins: [...common.plugins, vendorFiles()] };
/** Third-party code in files of its own: without comments and indentation (less to read and parse; names kept). */
const vendor = { ...common, minifyWhitespace: true };
/** The same for CommonJS files (required, not imported: no banner). */
const vendorCjs = { ...vendor, format: 'cjs', banner: {} };

await Promise.all([
  build({
    ...own,
    stdin: {
      contents: "export { main } from './dist/src/cli.js';\nexport { guardStream } from './dist/src/std-streams.js';\n",
      resolveDir: root.pathname,
      sourcefile: 'cli-entry.js',
    },
    outfile: new URL('cli.js', outdir).pathname,
  }),
  build({ ...own, entryPoints: ['dist/src/engine/worker.js'], outfile: new URL('worker.js', outdir).pathname }),
  ...Object.values(VENDOR).map(({ file, contents }) =>
    build({ ...vendor, stdin: { contents, resolveDir: root.pathname, sourcefile: file }, outfile: new URL(file, outdir).pathname }),
  ),
  build({ ...vendorCjs, stdin: { contents: graphqlVendorEntry(), resolveDir: root.pathname, sourcefile: 'graphql.cjs' }, outfile: new URL('graphql.cjs', outdir).pathname }),
  build({
    ...vendorCjs,
    plugins: [...vendor.plugins, lodashMethods(MIMETYPE_LODASH_METHODS)],
    stdin: { contents: "module.exports = require('@contentful/mimetype');\n", resolveDir: root.pathname, sourcefile: 'mimetype.cjs' },
    outfile: new URL('mimetype.cjs', outdir).pathname,
  }),
]);

// esbuild writes code in ASCII (non-ASCII characters escaped) but keeps the comments it keeps as
// written. One character outside ASCII makes node read the whole file into a two-byte string,
// which V8 then scans as such (~3 ms more per run for cli.js): the few in comments are escaped too.
for (const file of ['cli.js', 'worker.js']) {
  const path = new URL(file, outdir);
  const text = readFileSync(path, 'utf8');
  if (/[^\0-\x7f]/.test(text)) writeFileSync(path, text.replace(/[^\0-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`));
}
