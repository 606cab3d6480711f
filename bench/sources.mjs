// Times a lint of a generated repository of application sources (bench/generate-sources.mjs):
//   node bench/sources.mjs --dir /tmp/bench-sources --runs 5
// Medians of `--runs` runs after one warm-up, with --jobs 1, wall-clock and CPU time (user +
// sys, from /usr/bin/time: on a shared machine the wall-clock time includes waiting for a CPU).
// Baseline in the same session: the same run with the source rules off, so that the files are
// found (globbed) but not read or parsed: start-up and discovery only.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { childEnv, printChildEnvNote } from './child-env.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string' }, runs: { type: 'string', default: '5' } } });
const bin = new URL('../bin/cmlint.js', import.meta.url).pathname;
const runs = Number(values.runs);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const SOURCE_RULES = ['legacy-usage-endpoint', 'role-offset-paging', 'insecure-delivery-url', 'boilerplate-command', 'display-field-select'];

function time(args) {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, bin, ...args], { cwd: values.dir, encoding: 'utf8', maxBuffer: 1 << 28, env: childEnv() });
  if (run.status === 2) throw new Error(run.stderr || run.stdout.slice(0, 2000));
  const [wall, user, sys] = run.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + sys, stdout: run.stdout };
}

function series(args) {
  time(args);
  const all = [];
  for (let i = 0; i < runs; i++) all.push(time(args));
  return { wall: median(all.map((r) => r.wall)), cpu: median(all.map((r) => r.cpu)), last: all[all.length - 1] };
}

const args = ['--jobs', '1', '--format', 'json', '--as-of', '2026-11-21'];
const sources = series(args);
const baseline = series([...args, ...SOURCE_RULES.flatMap((id) => ['--rule', `${id}=off`])]);
const report = JSON.parse(sources.last.stdout);
const byRule = {};
for (const f of report.findings) byRule[f.ruleId] = (byRule[f.ruleId] ?? 0) + 1;
printChildEnvNote();
console.log(`sources lint, --jobs 1: median wall ${sources.wall.toFixed(2)} s, CPU ${sources.cpu.toFixed(2)} s (${runs} runs)`);
console.log(`baseline (source rules off: start-up and discovery): median wall ${baseline.wall.toFixed(2)} s, CPU ${baseline.cpu.toFixed(2)} s`);
console.log(`files read: ${report.summary.filesRead}; findings by rule: ${JSON.stringify(byRule)}`);
