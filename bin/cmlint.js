#!/usr/bin/env node
import module, { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run build` bundles the CLI into one CommonJS file (scripts/bundle.mjs): one module to load
// instead of ~90. It runs through cmlint's compile cache (src/compile-cache.ts): V8's compiled
// code of the bundle is kept between runs in a per-user cache directory, on every Node version
// (NODE_DISABLE_COMPILE_CACHE=1 or CMLINT_COMPILE_CACHE=0 turn it off). CMLINT_UNBUNDLED=1 runs
// tsc's output in dist/src/ instead (for debugging), without the cache.
const cache = process.env.CMLINT_UNBUNDLED === '1' ? null : createRequire(import.meta.url)('../dist/bundle/compile-cache.cjs');

// Node >= 22.1 also keeps the compiled code of the modules it loads itself (the packages that
// stay in node_modules: ajv, Babel, plugins), in the same directory. Enabled before they load.
const cacheDirectory = cache?.compileCacheDirectory();
if (cacheDirectory) module.enableCompileCache?.(join(cacheDirectory, 'node'));

const { main, guardStream } = cache
  ? cache.requireCached(fileURLToPath(new URL('../dist/bundle/cli.cjs', import.meta.url)))
  : { ...(await import('../dist/src/cli.js')), ...(await import('../dist/src/std-streams.js')) };

const stderr = guardStream(process.stderr, () => {
  process.exitCode = 2;
});
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
});
// A write error reported while main ran has set 2 already; one reported later (the last write) sets it then.
if (stdout.failure() === null && stderr.failure() === null) process.exitCode = code;
// After the output: the compile caches the run had none of (never changes the output or the code).
cache?.saveCompileCaches();
