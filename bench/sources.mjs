// Times a lint of a generated repository of application sources (bench/generate-sources.mjs):
//   node bench/sources.mjs --dir /tmp/bench-sources --runs 5 [--compare DIR]
// Medians of `--runs` runs after one warm-up, with --jobs 1, wall-clock and CPU time (user +
// sys, from /usr/bin/time: on a shared machine the wall-clock time includes waiting for a CPU).
// Baseline in the same session: the same run with the source rules off, so that the files are
// found (globbed) but not read or parsed: start-up and discovery only. --compare DIR runs
// DIR/bin/cmlint.js (another checkout, built) too, each of its runs alternating with this one's.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { childEnv, printChildEnvNote } from './child-env.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string' }, runs: { type: 'string', default: '5' }, compare: { type: 'string' } } });
const bins = [new URL('../bin/cmlint.js', import.meta.url).pathname, ...(values.compare ? [resolve(values.compare, 'bin', 'cmlint.js')] : [])];
const runs = Number(values.runs);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const SOURCE_RULES = ['legacy-usage-endpoint', 'role-offset-paging', 'insecure-delivery-url', 'boilerplate-command', 'display-field-select'];

function time(bin, args) {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, bin, ...args], { cwd: values.dir, encoding: 'utf8', maxBuffer: 1 << 28, env: childEnv() });
  if (run.status === 2) throw new Error(run.stderr || run.stdout.slice(0, 2000));
  const [wall, user, sys] = run.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + sys, stdout: run.stdout };
}

/** Each bin's runs, alternating after one warm-up each: medians and the last run. */
function series(args) {
  for (const bin of bins) time(bin, args);
  const all = bins.map(() => []);
  for (let i = 0; i < runs; i++) bins.forEach((bin, k) => all[k].push(time(bin, args)));
  return all.map((list) => ({ wall: median(list.map((r) => r.wall)), cpu: median(list.map((r) => r.cpu)), last: list[list.length - 1] }));
}

const args = ['--jobs', '1', '--format', 'json', '--as-of', '2026-11-21'];
const sources = series(args);
const baseline = series([...args, ...SOURCE_RULES.flatMap((id) => ['--rule', `${id}=off`])]);
printChildEnvNote();
bins.forEach((bin, k) => {
  const report = JSON.parse(sources[k].last.stdout);
  const byRule = {};
  for (const f of report.findings) byRule[f.ruleId] = (byRule[f.ruleId] ?? 0) + 1;
  if (bins.length > 1) console.log(`\n${bin}`);
  console.log(`sources lint, --jobs 1: median wall ${sources[k].wall.toFixed(2)} s, CPU ${sources[k].cpu.toFixed(2)} s (${runs} runs)`);
  console.log(`baseline (source rules off: start-up and discovery): median wall ${baseline[k].wall.toFixed(2)} s, CPU ${baseline[k].cpu.toFixed(2)} s`);
  console.log(`files read: ${report.summary.filesRead}; findings by rule: ${JSON.stringify(byRule)}`);
});
