#!/usr/bin/env node
// Benchmark of `cmlint diff`: two generated exports of about --mb MB each (the "after" one is the
// "before" one with its content model changed: a field removed, one retyped, one made
// non-localized, an `in` list narrowed, a field made required, an optional field added), diffed,
// against a plain lint of the "after" export. Fresh process per run, one warm-up each, runs
// alternated, medians.
//
//   node bench/diff.mjs [--mb 50] [--runs 5] [--seed 1]

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childEnv, printChildEnvNote } from './child-env.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { mb: { type: 'string', default: '50' }, runs: { type: 'string', default: '5' }, seed: { type: 'string', default: '1' } } });
const runs = Number(values.runs);
const BYTES_PER_ENTRY = 11_160;

const before = `${root}bench/out/diff-before-${values.mb}mb-seed${values.seed}.json`;
const after = `${root}bench/out/diff-after-${values.mb}mb-seed${values.seed}.json`;
if (!existsSync(before)) {
  mkdirSync(`${root}bench/out`, { recursive: true });
  const entries = Math.round((Number(values.mb) * 1e6) / BYTES_PER_ENTRY);
  const result = spawnSync(process.execPath, ['bench/generate-export.mjs', '--entries', String(entries), '--seed', values.seed, '--out', before], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('generate-export failed');
}
if (!existsSync(after)) {
  const space = JSON.parse(readFileSync(before, 'utf8'));
  const changes = [];
  for (const type of space.contentTypes) {
    const fields = type.fields;
    const pick = (test) => fields.find((f) => !f.deleted && test(f));
    const id = type.sys.id;
    const symbol = pick((f) => f.type === 'Symbol' && !f.required && f.id !== type.displayField);
    if (symbol) (symbol.required = true), changes.push(`${id}.${symbol.id} required`);
    const localized = pick((f) => f.localized && f.type === 'Text');
    if (localized) (localized.localized = false), changes.push(`${id}.${localized.id} unlocalized`);
    const integer = pick((f) => f.type === 'Integer');
    if (integer) (integer.type = 'Number'), changes.push(`${id}.${integer.id} retyped`);
    const inList = pick((f) => f.validations?.some((v) => Array.isArray(v.in) && v.in.length > 1));
    if (inList) {
      const v = inList.validations.find((v) => Array.isArray(v.in) && v.in.length > 1);
      v.in = v.in.slice(0, -1);
      changes.push(`${id}.${inList.id} in narrowed`);
    }
    const removed = pick((f) => f.type === 'Boolean');
    if (removed) fields.splice(fields.indexOf(removed), 1), changes.push(`${id}.${removed.id} removed`);
    fields.push({ id: 'benchNewField', name: 'New', type: 'Symbol', localized: false, required: false, validations: [], disabled: false, omitted: false });
  }
  writeFileSync(after, `${JSON.stringify(space, null, 2)}\n`);
  console.error(`after: ${changes.length} changes (${changes.slice(0, 6).join(', ')}, …)`);
}

const cli = `${root}bin/cmlint.js`;
const time = (args) => {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, ...args, '--format', 'json', '--as-of', '2026-11-21'], { cwd: root, maxBuffer: 1 << 30, encoding: 'utf8', env: childEnv() });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 && result.status !== 1) throw new Error(`cmlint ${args.join(' ')}: exit ${result.status}: ${result.stderr}`);
  return { ms, findings: JSON.parse(result.stdout).findings };
};
const cases = { lint: ['lint', after], diff: ['diff', before, after] };
const times = { lint: [], diff: [] };
let counts = {};
for (const [name, args] of Object.entries(cases)) counts[name] = time(args).findings; // warm-up
for (let i = 0; i < runs; i++) for (const [name, args] of Object.entries(cases)) times[name].push(time(args).ms);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (f) => (statSync(f).size / 1e6).toFixed(1);
const byRule = (findings) => Object.entries(findings.reduce((m, f) => ((m[f.ruleId] = (m[f.ruleId] ?? 0) + 1), m), {})).map(([k, v]) => `${k} ${v}`).join(', ');
printChildEnvNote();
console.log(`before ${mb(before)} MB, after ${mb(after)} MB, ${runs} runs each, alternated, load average ${(await import('node:os')).loadavg()[0].toFixed(2)}`);
console.log(`lint (recommended rules) of after: median ${(median(times.lint) / 1000).toFixed(2)} s  [${times.lint.map((t) => (t / 1000).toFixed(2)).join(', ')}]  findings: ${counts.lint.length}`);
console.log(`diff before after:              median ${(median(times.diff) / 1000).toFixed(2)} s  [${times.diff.map((t) => (t / 1000).toFixed(2)).join(', ')}]  findings: ${byRule(counts.diff)}`);
console.log(`ratio diff / lint: ${(median(times.diff) / median(times.lint)).toFixed(2)}x`);
