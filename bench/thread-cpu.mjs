#!/usr/bin/env node
// CPU time per thread of one run (Linux: /proc/PID/task/*/stat, polled every 50 ms), and the bytes
// the run read (rchar of /proc/PID/io). On a shared machine wall time includes waiting for a core;
// per-thread CPU says what each thread did: the main thread, the `--workers` busiest other
// threads (the worker threads of a `--jobs` run: Node names every thread "node"), and V8's and
// libuv's helper threads (compilers, garbage collection) as one sum.
//
//   node bench/thread-cpu.mjs [--workers 1] -- bin/cmlint.js FILE --config CONFIG --format json --jobs 2

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { childEnv } from './child-env.mjs';

const { values, positionals } = parseArgs({ options: { workers: { type: 'string', default: '0' } }, allowPositionals: true });
const started = performance.now();
const child = spawn(process.execPath, positionals, { stdio: ['ignore', 'ignore', 'inherit'], env: childEnv() });
/** CPU ms per thread id, as last seen. */
const cpu = new Map();
let bytesRead = 0;
const poll = () => {
  try {
    bytesRead = Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${child.pid}/io`, 'utf8'))[1]);
    for (const tid of readdirSync(`/proc/${child.pid}/task`)) {
      const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
      // utime and stime: the 12th and 13th fields after the command name, in clock ticks (100 a second).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    // The process or a thread ended between two reads.
  }
};
const timer = setInterval(poll, 50);
child.on('exit', () => {
  clearInterval(timer);
  const s = (ms) => (ms / 1000).toFixed(2);
  const main = cpu.get(String(child.pid)) ?? 0;
  const others = [...cpu].filter(([tid]) => tid !== String(child.pid)).map(([, ms]) => ms).sort((a, b) => b - a);
  const workers = others.slice(0, Number(values.workers));
  const helpers = others.slice(workers.length).reduce((a, b) => a + b, 0);
  const all = main + helpers + workers.reduce((a, b) => a + b, 0);
  console.log(
    `wall ${s(performance.now() - started)} s; CPU: main ${s(main)} s, workers ${workers.map(s).join(' ') || '-'}, helpers ${s(helpers)}, all ${s(all)} s; read ${(bytesRead / 1e9).toFixed(2)} GB`,
  );
});
