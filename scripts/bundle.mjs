// The second step of `npm run build`, after tsc: bundles tsc's output (dist/src/) into one ES
// module for the bin (dist/bundle/cli.js) and one for the worker thread of `--jobs`
// (dist/bundle/worker.js), so that a run loads two or three files instead of ~90 (the ESM loader's
// per-module work was most of the cold start). No code splitting: the modules cmlint imports
// lazily (rules, formats, inputs) are inlined as modules initialised on their first import(), so
// nothing lazy becomes eager. Third-party packages that are large, native, optional peers or
// loaded by a computed path stay external (node_modules); see EXTERNAL.
// dist/src/ stays tsc's output: it is the library entry (package.json "exports").
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);

/** Packages that stay in node_modules (imported at run time): native, optional peers, large and used by few runs. */
export const EXTERNAL = [
  're2', // native
  'ajv', 'ajv/*', // the generated config validator (schema/linterrc.validate.mjs) requires ajv's runtime
  '@babel/*', '@graphql-tools/*', // graphql-tag-pluck and Babel: only for JS/TS documents and sources
  '@vue/compiler-sfc', 'svelte', 'svelte/*', '@astrojs/compiler', // optional peers
  'contentful-migration', 'amaro', 'typescript', // optional peers, found from the project too
  'graphql', 'graphql/*', 'yaml', 'fast-glob', 'picocolors',
];

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

const outdir = new URL('dist/bundle/', root);
rmSync(outdir, { recursive: true, force: true });

const common = {
  bundle: true,
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  absWorkingDir: root.pathname,
  external: EXTERNAL,
  // Bundled CommonJS calls require() for node's modules: esbuild's shim calls the module's own.
  banner: { js: "import { createRequire as __cmlintCreateRequire } from 'node:module';\nconst require = __cmlintCreateRequire(import.meta.url);" },
  legalComments: 'none',
  plugins: [lazyBuiltins()],
  logLevel: 'warning',
};

await build({
  ...common,
  stdin: {
    contents: "export { main } from './dist/src/cli.js';\nexport { guardStream } from './dist/src/std-streams.js';\n",
    resolveDir: root.pathname,
    sourcefile: 'cli-entry.js',
  },
  outfile: new URL('cli.js', outdir).pathname,
});
await build({ ...common, entryPoints: ['dist/src/engine/worker.js'], outfile: new URL('worker.js', outdir).pathname });
