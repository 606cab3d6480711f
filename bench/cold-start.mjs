// Cold start of cmlint on a small export against `node -e 0`, measured in one session:
//   node bench/cold-start.mjs [runs=10] [export=fixtures/corpus/starter-gatsby-blog.json]
// Runs alternate between the two commands after two warm-up runs each; prints medians and the ratio.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 10);
const root = fileURLToPath(new URL('../', import.meta.url));
const input = process.argv[3] ?? 'fixtures/corpus/starter-gatsby-blog.json';
const commands = {
  'node -e 0': ['-e', '0'],
  [`cmlint ${input}`]: ['bin/cmlint.js', input],
};

function time(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
  if (result.status === null || result.status > 1) throw new Error(`${args.join(' ')} exited ${result.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
for (let i = 0; i < runs + 2; i++) {
  for (const [name, args] of Object.entries(commands)) {
    const ms = time(args);
    if (i >= 2) samples[name].push(ms);
  }
}
const [baseline, cmlint] = Object.keys(commands).map((name) => median(samples[name]));
for (const [name, xs] of Object.entries(samples)) {
  console.log(`${name.padEnd(60)} median ${median(xs).toFixed(1)} ms  (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`);
}
console.log(`ratio cmlint / node -e 0: ${(cmlint / baseline).toFixed(2)}`);
