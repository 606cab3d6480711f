#!/usr/bin/env node
// Control experiment for --jobs: what the machine can give at the moment. Times one process doing
// `JSON.parse` of FILE `--repeat` times, then two such processes at once, alternating, medians.
// Two at once taking as long as one alone means two cores are free (2x the throughput); taking
// twice as long means the second core is busy with other work and no thread count can help.
//
//   node bench/parallel-control.mjs --file bench/out/export-50mb.json [--runs 5] [--repeat 3]

import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { file: { type: 'string' }, runs: { type: 'string', default: '5' }, repeat: { type: 'string', default: '3' } } });
if (!values.file) throw new Error('--file is required');
const script = `const fs=require('fs');for(let i=0;i<${Number(values.repeat)};i++)JSON.parse(fs.readFileSync(${JSON.stringify(values.file)},'utf8'))`;

function once() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}

async function timed(processes) {
  const started = performance.now();
  await Promise.all(Array.from({ length: processes }, once));
  return (performance.now() - started) / 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const alone = [];
const together = [];
await timed(1); // warm-up
for (let i = 0; i < Number(values.runs); i++) {
  alone.push(await timed(1));
  together.push(await timed(2));
}
const a = median(alone);
const t = median(together);
console.log(`one process: median ${a.toFixed(2)} s (${alone.map((s) => s.toFixed(2)).join(', ')})`);
console.log(`two at once: median ${t.toFixed(2)} s (${together.map((s) => s.toFixed(2)).join(', ')})`);
console.log(`throughput of two against one: ${((2 * a) / t).toFixed(2)}x (2.00x: two free cores; 1.00x: none to spare)`);
