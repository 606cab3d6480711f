// Cold start of cmlint on a small export against `node -e 0`, measured in one session:
//   node bench/cold-start.mjs [runs=10] [export=fixtures/corpus/starter-gatsby-blog.json] [--compare DIR] [--empty-cache]
// Runs alternate between the commands after two warm-up runs each; prints medians of wall time
// and (on Linux) of CPU time (user + system, from /proc: 10 ms ticks), and the ratios to
// `node -e 0`. On a loaded machine the CPU ratio is the steadier one: wall time then includes
// waiting for a core. --compare DIR also runs DIR/bin/cmlint.js (another checkout, built) on
// the same export, in the same alternation. The bin keeps V8's compiled code of its bundles in a
// compile cache (src/cache/compile-cache.ts), which the warm-up runs fill; --empty-cache gives every
// cmlint run an empty cache directory of its own instead (a first run after an install or a
// build, which also writes the cache).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childrenCpuMs } from './child-cpu.mjs';
import { childEnv, printChildEnvNote } from './child-env.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { compare: { type: 'string' }, 'empty-cache': { type: 'boolean' } } });
const runs = Number(positionals[0] ?? 10);
const root = fileURLToPath(new URL('../', import.meta.url));
const input = positionals[1] ?? 'fixtures/corpus/starter-gatsby-blog.json';
const commands = {
  'node -e 0': ['-e', '0'],
  [`cmlint ${input}`]: ['bin/cmlint.js', input],
  ...(values.compare ? { [`compare: ${values.compare}`]: [resolve(values.compare, 'bin/cmlint.js'), input] } : {}),
};

function time(args) {
  const cache = values['empty-cache'] && args[0] !== '-e' ? mkdtempSync(join(tmpdir(), 'cmlint-bench-cache-')) : undefined;
  const env = childEnv(cache ? { CMLINT_COMPILE_CACHE: cache } : {});
  const cpuBefore = childrenCpuMs();
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore', env });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (cache) rmSync(cache, { recursive: true, force: true });
  if (result.status === null || result.status > 1) throw new Error(`${args.join(' ')} exited ${result.status}`);
  const cpuAfter = childrenCpuMs();
  return { ms, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

printChildEnvNote();
const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, { wall: [], cpu: [] }]));
for (let i = 0; i < runs + 2; i++) {
  for (const [name, args] of Object.entries(commands)) {
    const { ms, cpu } = time(args);
    if (i < 2) continue;
    samples[name].wall.push(ms);
    if (cpu !== null) samples[name].cpu.push(cpu);
  }
}
const base = samples['node -e 0'];
for (const [name, { wall, cpu }] of Object.entries(samples)) {
  const cpuText = cpu.length > 0 ? `  cpu ${median(cpu).toFixed(0)} ms (${(median(cpu) / median(base.cpu)).toFixed(2)}x)` : '';
  console.log(
    `${name.padEnd(60)} median ${median(wall).toFixed(1)} ms (${(median(wall) / median(base.wall)).toFixed(2)}x; min ${Math.min(...wall).toFixed(1)}, max ${Math.max(...wall).toFixed(1)}, n=${wall.length})${cpuText}`,
  );
}
const cmlint = samples[`cmlint ${input}`];
console.log(`ratio cmlint / node -e 0: ${(median(cmlint.wall) / median(base.wall)).toFixed(2)}${cmlint.cpu.length > 0 ? ` (CPU time: ${(median(cmlint.cpu) / median(base.cpu)).toFixed(2)})` : ''}`);
