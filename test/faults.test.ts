import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, BIN, cmlint, ROOT, type Run } from './helpers/cli.js';

/**
 * Faults a CI gate meets, each through the real bin: a reader that closes the pipe, report and
 * baseline paths that cannot be written, a full disk, signals, and two runs writing one file.
 */

const DEMO = join(ROOT, 'fixtures', 'demo-space');
const isRoot = process.getuid?.() === 0;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmlint-faults-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `script` with bash (pipes, redirections) in the repository root. */
function bash(script: string, extra: Record<string, string> = {}): Run {
  const result = spawnSync('bash', ['-c', script], { cwd: ROOT, env: baseEnv({ BIN, ...extra }), encoding: 'utf8' });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The bin, started in the background; resolves with its exit code (or signal) and its stderr. */
function start(args: readonly string[]): { child: ReturnType<typeof spawn>; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: baseEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
  return { child, done };
}

function noTraceIn(text: string): void {
  expect(text).not.toMatch(/\n\s+at |Error:|EPIPE|internal error/);
}

describe('a reader that closes the pipe', () => {
  // 100 KB of SARIF on the demo: more than a pipe holds, so the reader is gone before the last write.
  it.each([
    ['stdout: -f sarif | head -1', `node "$BIN" fixtures/demo-space -f sarif | head -1; echo "exit=\${PIPESTATUS[0]}" >&2`],
    ['stdout: -f json | head -c 10', `node "$BIN" fixtures/demo-space -f json | head -c 10 >/dev/null; echo "exit=\${PIPESTATUS[0]}" >&2`],
    ['stdout and stderr: 2>&1 | head -1', `node "$BIN" fixtures/demo-space -f sarif 2>&1 | head -1 >/dev/null; echo "exit=\${PIPESTATUS[0]}" >&2`],
    ['stderr alone: input errors on stderr, 2>&1 >/dev/null | head -c 1', `node "$BIN" fixtures/cli/malformed-json -f json 2>&1 >/dev/null | head -c 1 >/dev/null; echo "exit=\${PIPESTATUS[0]}" >&2`],
  ])('%s: no trace, the exit code of the findings', (_name, script) => {
    const run = bash(script);
    noTraceIn(run.stderr);
    // The demo space has errors: exit 1, as without the pipe; the malformed export is an input error: 2.
    expect(run.stderr).toMatch(script.includes('malformed') ? /^exit=2\n$/ : /exit=1\n$/);
  });

  it('a slow reader: stdout holds at most a piece of the report, not the report (bytes buffered in the bin, measured by a preloaded probe)', () => {
    const export_ = join(dir, 'findings.json');
    // About 4.5 MB of JSON findings.
    const generated = spawnSync(process.execPath, ['bench/generate-export.mjs', '--entries', '1000', '--seed', '3', '--invalid-rate', '1', '--broken-per-entry', '8', '--out', export_], { cwd: ROOT, encoding: 'utf8' });
    expect(generated.status).toBe(0);
    const probe = join(dir, 'probe.cjs');
    const most = join(dir, 'most-buffered');
    // The bin's stdout: the most bytes it held queued for the pipe after any write, and the bytes written.
    writeFileSync(
      probe,
      `let most = 0;
let total = 0;
const write = process.stdout.write;
process.stdout.write = function (chunk, ...rest) {
  total += Buffer.byteLength(chunk);
  const result = write.call(this, chunk, ...rest);
  most = Math.max(most, this.writableLength);
  return result;
};
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(most)}, JSON.stringify({ most, total })));
`,
    );
    const reader = join(dir, 'slow-reader.cjs');
    // Reads 16 KB at a time with a pause after each: far slower than cmlint writes.
    writeFileSync(
      reader,
      `const { readSync } = require('node:fs');
const buf = Buffer.alloc(16384);
const pause = new Int32Array(new SharedArrayBuffer(4));
let total = 0;
for (let n; (n = readSync(0, buf)) > 0; ) {
  total += n;
  Atomics.wait(pause, 0, 0, 1);
}
console.log(total);
`,
    );
    const run = bash(`node -r "${probe}" "$BIN" "${export_}" -f json | node "${reader}"; echo "exit=\${PIPESTATUS[0]}" >&2`);
    expect(run.stderr).toBe('exit=1\n');
    const written = JSON.parse(readFileSync(most, 'utf8')) as { most: number; total: number };
    expect(written.total).toBeGreaterThan(4_000_000);
    expect(Number(run.stdout)).toBe(written.total);
    // One piece of the report (about 32 KB), never the report.
    expect(written.most).toBeLessThan(256 * 1024);
  }, 60_000);

  it('stdout redirected to a full device: exit 2 with a clear message, no trace', () => {
    const run = bash(`node "$BIN" fixtures/demo-space -f json > /dev/full`);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('cmlint: Cannot write output to standard output (ENOSPC)\n');
  });
});

describe('report and baseline paths that cannot be written fail fast: exit 2, "file: Cannot write output (CODE)"', () => {
  const cases: [string, () => string, string][] = [
    ['a missing parent on a pseudo file system (/proc: recursive mkdir loops there)', () => '/proc/nope/x.json', 'ENOENT'],
    ['a parent that is a file', () => (writeFileSync(join(dir, 'a-file'), 'x'), join(dir, 'a-file', 'x.json')), 'ENOTDIR'],
    ['a directory given as the file', () => (mkdirSync(join(dir, 'a-dir'), { recursive: true }), join(dir, 'a-dir')), 'EISDIR'],
    [
      'no permission',
      () => {
        // root may write anywhere but in sysfs; other users are kept out of a read-only directory.
        if (isRoot) return '/sys/cmlint-report.json';
        const locked = join(dir, 'locked');
        mkdirSync(locked, { recursive: true });
        chmodSync(locked, 0o555);
        return join(locked, 'x.json');
      },
      'EACCES',
    ],
  ];

  it.each(cases)('report, %s', (_name, path, code) => {
    const target = path();
    const run = cmlint([DEMO, '-f', `json:${target}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${target}: Cannot write output (${code})`);
    noTraceIn(run.stderr);
  });

  it.each(cases)('baseline, %s', (_name, path, code) => {
    const run = cmlint([DEMO, '--baseline-write', path()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`: Cannot write output \\(${code}\\)`));
    noTraceIn(run.stderr);
  });

  it('missing parent directories of a report are created', () => {
    const target = join(dir, 'new', 'deeper', 'report.json');
    const run = cmlint([DEMO, '-f', `json:${target}`]);
    expect(run.code).toBe(1);
    expect(JSON.parse(readFileSync(target, 'utf8')).findings.length).toBeGreaterThan(0);
  });
});

/** Whether this machine lets a user namespace mount a tmpfs (Linux with unprivileged user namespaces, or root). */
const canMountTmpfs = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', 'mount -t tmpfs -o size=16k tmpfs /mnt'], { encoding: 'utf8' }).status === 0;

describe.skipIf(!canMountTmpfs)('a full disk while writing a report (a 32 KB tmpfs)', () => {
  it('exits 2 with a clear message, keeps the previous report and leaves no temporary file', () => {
    // The SARIF report of the demo (100 KB) does not fit; the previous report (a few bytes) stays.
    const script = [
      'set -u',
      'mount -t tmpfs -o size=32k tmpfs /mnt',
      'printf previous > /mnt/report.sarif',
      'node "$BIN" fixtures/demo-space -f sarif:/mnt/report.sarif -f json:/mnt/small.json',
      'echo "exit=$?"',
      'echo "kept=$(cat /mnt/report.sarif)"',
      'ls -A /mnt',
    ].join('\n');
    const result = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'bash', '-c', script], { cwd: ROOT, env: baseEnv({ BIN }), encoding: 'utf8' });
    expect(result.stderr).toContain('/mnt/report.sarif: Cannot write output (ENOSPC)');
    noTraceIn(result.stderr);
    expect(result.stdout).toContain('exit=2');
    expect(result.stdout).toContain('kept=previous');
    const files = result.stdout.trim().split('\n').slice(2);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('signals and concurrent runs', () => {
  // A run of about 0.5 s, and one of about 1.5 s (signals 200 ms in land in the run, also on a loaded machine).
  let big: string;
  let long: string;
  beforeAll(() => {
    big = join(dir, 'big.json');
    long = join(dir, 'long.json');
    for (const [file, entries] of [[big, '1500'], [long, '5000']] as const) {
      const generated = spawnSync(process.execPath, ['bench/generate-export.mjs', '--entries', entries, '--seed', '5', '--invalid-rate', '0.05', '--out', file], { cwd: ROOT, encoding: 'utf8' });
      expect(generated.status).toBe(0);
    }
  });

  function leftovers(where: string): string[] {
    return readdirSync(where).filter((name) => name.endsWith('.tmp'));
  }

  // A signal ends cmlint by that signal, as if it had no handler (a shell shows 130 or 143).
  it.each([
    ['SIGINT', '--baseline-write'],
    ['SIGTERM', '--baseline-write'],
    ['SIGINT', '-f'],
    ['SIGTERM', '-f'],
  ] as const)('%s during a run with %s: the run stops, the previous file stays whole, no temporary file is left', async (signal, flag) => {
    const out = mkdtempSync(join(dir, 'signal-'));
    const target = join(out, flag === '-f' ? 'report.json' : 'baseline.json');
    writeFileSync(target, 'previous');
    const args = flag === '-f' ? [long, '-f', `json:${target}`, '-f', `sarif:${join(out, 'report.sarif')}`] : [long, '--baseline-write', target];
    const { child, done } = start(args);
    // Early in the run: the whole file is being read and linted.
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill(signal);
    const ended = await done;
    expect(ended.signal).toBe(signal);
    noTraceIn(ended.stderr);
    expect(readFileSync(target, 'utf8')).toBe('previous');
    expect(leftovers(out)).toEqual([]);
  });

  it('a signal at any moment leaves the old file or a whole new one, and no temporary file', async () => {
    const out = mkdtempSync(join(dir, 'signal-any-'));
    const target = join(out, 'baseline.json');
    for (const delay of [0, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600, 900]) {
      writeFileSync(target, 'previous');
      const { child, done } = start([big, '--baseline-write', target]);
      setTimeout(() => child.kill('SIGTERM'), delay);
      const { code, signal } = await done;
      const text = readFileSync(target, 'utf8');
      if (text === 'previous') expect(signal).toBe('SIGTERM');
      else expect(JSON.parse(text).version).toBe(1);
      expect(code === 0 || signal === 'SIGTERM').toBe(true);
      expect(leftovers(out)).toEqual([]);
    }
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s while a large file is being written: the temporary file is removed, the previous file stays', async (signal) => {
    const out = mkdtempSync(join(dir, 'write-window-'));
    const target = join(out, 'report.json');
    writeFileSync(target, 'previous');
    // 300 MB written in chunks: the signal arrives once the temporary file exists.
    const script = `const { writeOutputFile } = await import(${JSON.stringify(join(ROOT, 'dist', 'src', 'pipeline', 'output-file.js'))});
await writeOutputFile(process.argv[1], 'report.json', 'x'.repeat(300 * 1024 * 1024));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, target], { stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, sig) => resolve(sig)));
    while (leftovers(out).length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    child.kill(signal);
    expect(await ended).toBe(signal);
    expect(readFileSync(target, 'utf8')).toBe('previous');
    expect(leftovers(out)).toEqual([]);
  });

  it('an error that escapes the run while a file is being written: the write stops, its temporary file is removed, the previous file stays, exit code 2', () => {
    const out = mkdtempSync(join(dir, 'escaped-'));
    const target = join(out, 'report.json');
    writeFileSync(target, 'previous');
    // The bin's handler calls exitAfterWrites(2); here the report's second piece does, once the first is in the temporary file.
    const script = `const { exitAfterWrites, writeOutputFile } = await import(${JSON.stringify(join(ROOT, 'dist', 'src', 'pipeline', 'output-file.js'))});
const { readdirSync } = await import('node:fs');
function* report() {
  yield 'x'.repeat(1 << 16);
  process.stdout.write(readdirSync(process.argv[2]).filter((n) => n.endsWith('.tmp')).length + ' temporary file\\n');
  exitAfterWrites(2);
  yield 'y'.repeat(1 << 16);
}
await writeOutputFile(process.argv[1], 'report.json', report());
process.stdout.write('not reached\\n');`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, target, out], { encoding: 'utf8' });
    expect({ code: result.status, stdout: result.stdout }).toEqual({ code: 2, stdout: '1 temporary file\n' });
    expect(readFileSync(target, 'utf8')).toBe('previous');
    expect(leftovers(out)).toEqual([]);
  });

  describe('cmlint diff --base: its temporary checkout is removed on a signal', () => {
    let repo: string;
    beforeAll(() => {
      repo = mkdtempSync(join(dir, 'repo-'));
      const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo });
      git('init', '-q');
      writeFileSync(join(repo, 'space.json'), readFileSync(long));
      git('add', 'space.json');
      expect(git('commit', '-q', '-m', 'base').status).toBe(0);
    });

    /** The checkouts in `tmp` (cmlint's temporary directory, TMPDIR). */
    const checkouts = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith('cmlint-base-'));

    // At once (git archive and tar may be running), and once the export is extracted whole (the run reads and lints it).
    it.each([
      ['SIGINT', 'at once'],
      ['SIGTERM', 'at once'],
      ['SIGINT', 'once extracted'],
      ['SIGTERM', 'once extracted'],
    ] as const)('%s %s', async (signal, when) => {
      const tmp = mkdtempSync(join(dir, 'tmp-'));
      const child = spawn(process.execPath, [BIN, 'diff', '--base', 'HEAD'], { cwd: repo, env: baseEnv({ TMPDIR: tmp }), stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, sig) => resolve(sig)));
      const size = statSync(long).size;
      const ready = () => {
        const [checkout] = checkouts(tmp);
        if (checkout === undefined) return false;
        return when === 'at once' || (statSync(join(tmp, checkout, 'space.json'), { throwIfNoEntry: false })?.size ?? 0) === size;
      };
      while (!ready()) await new Promise((resolve) => setTimeout(resolve, 2));
      child.kill(signal);
      expect(await ended).toBe(signal);
      noTraceIn(stderr);
      expect(checkouts(tmp)).toEqual([]);
    });
  });

  it('two runs writing the same baseline at once leave one valid baseline', async () => {
    const out = mkdtempSync(join(dir, 'concurrent-'));
    const target = join(out, 'baseline.json');
    const runs = [start([big, '--baseline-write', target]), start([big, '--baseline-write', target])];
    const results = await Promise.all(runs.map((r) => r.done));
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    const baseline = JSON.parse(readFileSync(target, 'utf8'));
    expect(baseline.version).toBe(1);
    expect(baseline.findings.length).toBeGreaterThan(0);
    expect(leftovers(out)).toEqual([]);
  });
});
