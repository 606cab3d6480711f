#!/usr/bin/env node
// CommonJS (bin/package.json): an ES module entry costs node ~8 ms more to start (its module
// loader, and the entry read asynchronously), a tenth of what cmlint adds to node's own start.
'use strict';
const { join } = require('node:path');

// `npm run build` bundles the CLI into one CommonJS file (scripts/bundle.mjs): one module to load
// instead of ~90. It runs through cmlint's compile cache (src/cache/compile-cache.ts): V8's compiled
// code of the bundle is kept between runs in a per-user cache directory, on every Node version
// (NODE_DISABLE_COMPILE_CACHE=1 or CMLINT_COMPILE_CACHE=0 turn it off). CMLINT_UNBUNDLED=1 runs
// tsc's output in dist/src/ instead (for debugging), without the cache.
const cache = process.env.CMLINT_UNBUNDLED === '1' ? null : require('../dist/bundle/compile-cache.cjs');

// Node >= 22.1 also keeps the compiled code of the modules it loads itself (the packages that
// stay in node_modules: ajv, Babel, plugins), in the same directory. Enabled before they load.
const { enableCompileCache } = require('node:module');
const nodeCacheDirectory = cache && enableCompileCache ? cache.nodeCompileCacheDirectory() : null;
if (nodeCacheDirectory) enableCompileCache(nodeCacheDirectory);

async function run() {
  const { main, escapedError, guardStream, saveCaches } = cache
    ? cache.requireCached(join(__dirname, '../dist/bundle/cli.cjs'))
    : { ...(await import('../dist/src/cli.js')), ...(await import('../dist/src/cli/std-streams.js')) };

  const stderr = guardStream(process.stderr, () => {
    process.exitCode = 2;
  });
  // A promise that nothing awaits (a plugin's), or a callback that throws: an internal error and exit code 2, not Node's stack trace and exit code 1.
  const escaped = (error) => escapedError(error, { stderr: stderr.write, env: process.env });
  process.on('unhandledRejection', escaped);
  process.on('uncaughtException', escaped);
  const stdout = guardStream(process.stdout, (code) => {
    stderr.write(`cmlint: Cannot write output to standard output (${code})\n`);
    process.exitCode = 2;
  });

  const code = await main(process.argv.slice(2), {
    stdout: stdout.write,
    stderr: stderr.write,
    cwd: process.cwd(),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stdout.isTTY === true ? process.stdout.columns : undefined,
    stdin: () => process.stdin,
  });
  // A write error reported while main ran has set 2 already; one reported later (the last write) sets it then.
  if (stdout.failure() === null && stderr.failure() === null) process.exitCode = code;
  // After the output: the compile caches the run had none of (or had from a run that loaded less), and the caches the run
  // opened that have something new: the documents' extraction cache, the findings about code (src/cache/cache-saves.ts).
  // Never changes the output or the code.
  cache?.saveCompileCaches();
  saveCaches?.();
}

run();
