#!/usr/bin/env node
// cmlint against Spectral on the same export, with equivalent two-rule rulesets (cmlint's two
// content-type rules; bench/spectral/ruleset.yaml for Spectral), measured in one run:
//
//   node bench/spectral.mjs [--file PATH] [--mb 50] [--runs 3]
//
// Spectral is not a dependency of cmlint: it is installed on demand into bench/out/spectral
// (npm install --no-save @stoplight/spectral-cli) the first time. Each command runs in a fresh
// process after one warm-up; medians; peak RSS from /usr/bin/time.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childEnv, printChildEnvNote } from './child-env.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { file: { type: 'string' }, mb: { type: 'string', default: '50' }, runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const prefix = `${root}bench/out/spectral`;
const spectralBin = `${prefix}/node_modules/@stoplight/spectral-cli/dist/index.js`;

if (!existsSync(spectralBin)) {
  mkdirSync(prefix, { recursive: true });
  writeFileSync(`${prefix}/package.json`, '{ "private": true }\n');
  console.log('installing @stoplight/spectral-cli into bench/out/spectral …');
  const installed = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '@stoplight/spectral-cli@6'], { cwd: prefix, stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('npm install of @stoplight/spectral-cli failed');
}

let file = values.file;
if (!file) {
  file = `${root}bench/out/export-${values.mb}mb-seed1.json`;
  if (!existsSync(file)) {
    const entries = Math.round((Number(values.mb) * 1e6) / 11_160);
    const generated = spawnSync(process.execPath, ['bench/generate-export.mjs', '--entries', String(entries), '--seed', '1', '--out', file], { cwd: root, stdio: 'inherit' });
    if (generated.status !== 0) throw new Error('generator failed');
  }
}
const config = `${root}bench/out/content-type-rules.yaml`;
writeFileSync(config, 'extends: []\nrules:\n  re2-incompatible-pattern: error\n  hidden-required-field: error\n');

function measure(args) {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26, env: childEnv() });
  const [seconds, kb] = result.stderr.trim().split('\n').pop().split(' ').map(Number);
  if (result.status === null || result.status > 2) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 500)}`);
  return { seconds, rssMiB: kb / 1024 };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

const commands = {
  cmlint: ['bin/cmlint.js', file, '--config', config, '--format', 'json'],
  spectral: ['--max-old-space-size=8192', spectralBin, 'lint', file, '--ruleset', 'bench/spectral/ruleset.yaml', '--format', 'json', '--quiet'],
};
const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
for (const args of Object.values(commands)) measure(args); // warm-up
for (let i = 0; i < runs; i++) for (const [name, args] of Object.entries(commands)) samples[name].push(measure(args));
printChildEnvNote();
console.log(`file: ${file}; ${runs} runs after a warm-up, alternating; node ${process.version}`);
for (const [name, xs] of Object.entries(samples)) {
  console.log(`${name.padEnd(9)} median ${median(xs.map((s) => s.seconds)).toFixed(2)} s  peak RSS ${Math.max(...xs.map((s) => s.rssMiB)).toFixed(0)} MiB  (runs: ${xs.map((s) => s.seconds.toFixed(2)).join(', ')})`);
}
const ratio = median(samples.spectral.map((s) => s.seconds)) / median(samples.cmlint.map((s) => s.seconds));
console.log(`cmlint is ${ratio.toFixed(1)}x faster than Spectral`);
