#!/usr/bin/env node
// Runs the fuzzing property of test/fuzz.test.ts with many cases (default 100,000) in one
// process: each case runs cmlint's command line in-process on a mutated real or generated
// export and checks exit codes, reports and inputs (see test/fuzz/harness.ts).
//
//   node scripts/fuzz.mjs [--runs N] [--seed S]
//
// Prints the number of cases, the time and the exit codes seen; on a failure, fast-check's seed
// and the failing case (replay it with --seed and the same --runs). Exit code 0 when every case
// passed.

import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100000' }, seed: { type: 'string' } } });
if (!/^\d+$/.test(values.runs) || (values.seed !== undefined && !/^-?\d+$/.test(values.seed))) {
  console.error('usage: node scripts/fuzz.mjs [--runs N] [--seed S]');
  process.exit(2);
}
process.env.CMLINT_FUZZ_RUNS = values.runs;
if (values.seed !== undefined) process.env.CMLINT_FUZZ_SEED = values.seed;

const vitest = await startVitest('test', ['test/fuzz.test.ts'], { run: true, watch: false, testNamePattern: 'mutated exports through the command line' });
await vitest.close();
process.exitCode = vitest.state.getCountOfFailedTests() > 0 ? 1 : 0;
