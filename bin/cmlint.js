#!/usr/bin/env node
import { main } from '../dist/src/cli.js';
import { guardStream } from '../dist/src/std-streams.js';

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
