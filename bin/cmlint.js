#!/usr/bin/env node
import module from 'node:module';

// Node >= 22.1 keeps V8's compiled code of cmlint's modules between runs (in the OS temporary
// directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a shorter cold start. Older Node has no
// such cache and runs as before. Enabled before cmlint's modules load, hence the imports below.
module.enableCompileCache?.();
// `npm run build` bundles the CLI into one file (scripts/bundle.mjs): one module to load instead
// of ~90. CMLINT_UNBUNDLED=1 runs tsc's output in dist/src/ instead (for debugging).
const { main, guardStream } =
  process.env.CMLINT_UNBUNDLED === '1'
    ? { ...(await import('../dist/src/cli.js')), ...(await import('../dist/src/std-streams.js')) }
    : await import('../dist/bundle/cli.js');

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
