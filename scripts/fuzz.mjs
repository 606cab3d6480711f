#!/usr/bin/env node
// Runs the fuzzing property of test/fuzz.test.ts with many cases (default 100,000) in one
// process: each case runs cmlint's command line in-process on a mutated real or generated
// export and checks exit codes, reports and inputs (see test/fuzz/harness.ts).
//
//   node scripts/fuzz.mjs [--runs N] [--seed S [--path P]]
//
// Prints the number of cases, the time and the exit codes seen; on a failure, fast-check's seed
// and path and the failing case (replay just that case with --seed S --path P). Exit code 0 when
// every case passed.

import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100000' }, seed: { type: 'string' }, path: { type: 'string' } } });
if (!/^\d+$/.test(values.runs) || (values.seed !== undefined && !/^-?\d+$/.test(values.seed))) {
  console.error('usage: node scripts/fuzz.mjs [--runs N] [--seed S [--path P]]');
  process.exit(2);
}
process.env.CMLINT_FUZZ_RUNS = values.runs;
if (values.seed !== undefined) process.env.CMLINT_FUZZ_SEED = values.seed;
if (values.path !== undefined) process.env.CMLINT_FUZZ_PATH = values.path;

const vitest = await startVitest('test', ['test/fuzz.test.ts'], { run: true, watch: false, testNamePattern: 'mutated exports through the command line' });
await vitest.close();
process.exitCode = vitest.state.getCountOfFailedTests() > 0 ? 1 : 0;
