#!/usr/bin/env node
// Benchmark harness: throughput and peak memory of a full lint (every rule on) against a bare
// JSON.parse of the same file, measured in one run so that the ratios hold on a busy machine.
//
//   node bench/run.mjs [--mb 400] [--runs 3] [--jobs 1,2] [--seed 1] [--file PATH] [--no-parse]
//                      [--rules all|content-types] [--whole-file-limit BYTES] [--compare DIR] [--no-cold-start]
//                      [--format json|sarif|NAME:FILE]
//
// --rules content-types runs only the two content-type rules (re2-incompatible-pattern,
// hidden-required-field); --whole-file-limit sets CMLINT_WHOLE_FILE_LIMIT for the cmlint runs
// (0: every file streamed); --compare DIR also runs DIR/bin/cmlint.js (another checkout, built)
// with the same arguments, alternating with this one, so that before and after share one run.
// Besides wall time it reports CPU time (user + system, medians, and its ratio to JSON.parse's):
// on a shared machine wall time includes waiting for a core, CPU time does not; with worker
// threads (--jobs) CPU time adds up the threads, so only wall time shows a parallel gain.
// --format is cmlint's (default json, to stdout, which goes to /dev/null; NAME:FILE writes FILE).
//
// The export is generated once per size and seed with bench/generate-export.mjs into bench/out/
// (or taken from --file). Every measurement runs in a fresh process after one warm-up run, the
// measurements alternating run by run (JSON.parse, each --jobs, each --compare); times are
// medians, peak RSS is the largest resident set of the runs (from /usr/bin/time). The 1-minute
// load average is printed at the start and end of the series: on a shared machine it says
// whether a second core was free.
// It ends with the cold start of cmlint on a small corpus export against `node -e 0`
// (bench/cold-start.mjs).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childEnv, printChildEnvNote } from './child-env.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '400' },
    runs: { type: 'string', default: '3' },
    jobs: { type: 'string', default: '1,2' },
    seed: { type: 'string', default: '1' },
    file: { type: 'string' },
    'no-parse': { type: 'boolean', default: false },
    rules: { type: 'string', default: 'all' },
    'whole-file-limit': { type: 'string' },
    compare: { type: 'string' },
    'no-cold-start': { type: 'boolean', default: false },
    format: { type: 'string', default: 'json' },
  },
});
const runs = Number(values.runs);
/** The generator writes about 11 KB per entry (measured: 400 MB for 36,000 entries). */
const BYTES_PER_ENTRY = 11_160;

function generate(mb, seed) {
  const out = `${root}bench/out/export-${mb}mb-seed${seed}.json`;
  if (!existsSync(out)) {
    mkdirSync(`${root}bench/out`, { recursive: true });
    const entries = Math.round((mb * 1e6) / BYTES_PER_ENTRY);
    const result = spawnSync(process.execPath, ['bench/generate-export.mjs', '--entries', String(entries), '--seed', String(seed), '--out', out], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error('generator failed');
  }
  return out;
}

/** Wall time (s), CPU time (user + system, s) and peak RSS (MiB) of one process, via /usr/bin/time. */
function measure(args, env = {}) {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', process.execPath, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: childEnv(env),
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const last = result.stderr.trim().split('\n').pop();
  const [seconds, kb, user, system] = last.split(' ').map(Number);
  if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 500)}`);
  return { seconds, rssMiB: kb / 1024, cpu: user + system };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Measures each of `commands` ({ name, args, env }) after a warm-up each, alternating them run by run. */
function series(...commands) {
  for (const c of commands) measure(c.args, c.env); // warm-up
  const samples = commands.map(() => []);
  for (let i = 0; i < runs; i++) commands.forEach((c, k) => samples[k].push(measure(c.args, c.env)));
  return commands.map((c, k) => ({
    name: c.name,
    seconds: median(samples[k].map((s) => s.seconds)),
    cpu: median(samples[k].map((s) => s.cpu)),
    rssMiB: Math.max(...samples[k].map((s) => s.rssMiB)),
    samples: samples[k],
  }));
}

const file = values.file ?? generate(Number(values.mb), Number(values.seed));
const size = statSync(file).size;
const config = `${root}bench/out/${values.rules === 'content-types' ? 'content-type-rules' : 'all-rules'}.yaml`;
mkdirSync(`${root}bench/out`, { recursive: true });
writeFileSync(
  config,
  values.rules === 'content-types' ? 'extends: []\nrules:\n  re2-incompatible-pattern: error\n  hidden-required-field: error\n' : 'extends: all\n',
);
const env = values['whole-file-limit'] === undefined ? {} : { CMLINT_WHOLE_FILE_LIMIT: values['whole-file-limit'] };
console.log(`file: ${file} (${(size / 1e6).toFixed(0)} MB); ${runs} runs after a warm-up; node ${process.version}`);
printChildEnvNote();

const commands = [];
// V8 cannot make a string of more than about 512 MiB: JSON.parse of the whole file stops there.
if (!values['no-parse'] && size < 500 * 2 ** 20) {
  commands.push({ name: 'JSON.parse(readFileSync)', args: ['-e', `JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`] });
}
for (const jobs of values.jobs.split(',').map(Number)) {
  const args = (bin) => [bin, file, '--config', config, '--format', values.format, '--as-of', '2026-11-21', '--jobs', String(jobs)];
  commands.push({ name: `cmlint --jobs ${jobs}`, args: args('bin/cmlint.js'), env });
  if (values.compare) commands.push({ name: `compare --jobs ${jobs}`, args: args(`${values.compare}/bin/cmlint.js`), env });
}
const loadBefore = loadavg()[0];
const results = series(...commands);
console.log(`load average (1 min): ${loadBefore.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`);
const baseline = results[0]?.name.startsWith('JSON.parse') ? results[0] : null;
for (const r of results) {
  const mbps = size / 1e6 / r.seconds;
  const ratio = baseline ? ` ${(baseline.seconds / r.seconds).toFixed(2)}x JSON.parse` : '';
  const cpuRatio = baseline ? ` ${(baseline.cpu / r.cpu).toFixed(2)}x` : '';
  console.log(
    `${r.name.padEnd(28)} median ${r.seconds.toFixed(2)} s  ${mbps.toFixed(0).padStart(4)} MB/s${ratio}  CPU ${r.cpu.toFixed(2)} s${cpuRatio}  peak RSS ${r.rssMiB.toFixed(0)} MiB  (runs: ${r.samples.map((s) => s.seconds.toFixed(2)).join(', ')})`,
  );
}

// Cold start needs finer clocks than /usr/bin/time's: bench/cold-start.mjs times with hrtime.
if (!values['no-cold-start']) spawnSync(process.execPath, ['bench/cold-start.mjs', '10'], { cwd: root, stdio: 'inherit' });
