import { spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, BIN, ROOT, type Run } from './helpers/cli.js';

/**
 * Paths that are not regular files, through the real bin. Reports and baselines are written
 * through to FIFOs, devices and file descriptors' links, and never replace them; symbolic links
 * lead to the file replaced; configs, baselines, the taxonomy and plugins are read only from
 * regular files of a sane size, whatever a pull request's config or links name.
 */

const DEMO = join(ROOT, 'fixtures', 'demo-space');
const isRoot = process.getuid?.() === 0;
// Made when the module loads: the devices below are made (or not) before the tests are collected.
const dir = mkdtempSync(join(tmpdir(), 'cmlint-special-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the test's. */
function fresh(name: string): string {
  return mkdtempSync(join(dir, `${name}-`));
}

/** The bin, run to its end (killed after 30 s: a run that hangs or reads for ever fails the test instead). */
function run(args: readonly string[], cwd = ROOT, stdout: 'pipe' | number = 'pipe'): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: baseEnv(), encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL', stdio: ['ignore', stdout, 'pipe'] });
  return { code: result.status, stdout: result.stdout ?? '', stderr: result.stderr };
}

function mkfifo(path: string): string {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

/** The demo's JSON report, as written to a file. */
function demoReport(): string {
  const file = join(fresh('expected'), 'report.json');
  run([DEMO, '-f', `json:${file}`]);
  return readFileSync(file, 'utf8');
}

/**
 * A character device like /dev/null (1,3) or /dev/full (1,7). As root, one made with mknod in the
 * test's directory, so that a cmlint that replaced it would not replace the machine's /dev/null;
 * another user cannot replace the machine's own, which is used then. Null where mknod is refused.
 */
function device(name: 'null' | 'full'): string | null {
  if (!isRoot) return `/dev/${name}`;
  const path = join(fresh('dev'), name);
  return spawnSync('mknod', [path, 'c', '1', name === 'null' ? '3' : '7']).status === 0 ? path : null;
}

describe('reports and baselines never replace what is not a regular file', () => {
  it('a FIFO: its reader gets the report, and the FIFO stays', async () => {
    const where = fresh('fifo');
    const fifo = mkfifo(join(where, 'report.fifo'));
    const reader = spawn('sh', ['-c', `cat "${fifo}" > "${join(where, 'read.json')}"`]);
    const readerDone = new Promise((resolve) => reader.on('close', resolve));
    const { code } = run([DEMO, '-f', `json:${fifo}`]);
    await readerDone;
    expect(code).toBe(1);
    expect(readFileSync(join(where, 'read.json'), 'utf8')).toBe(demoReport());
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(where).sort()).toEqual(['read.json', 'report.fifo']);
  });

  const full = device('full');
  it.skipIf(full === null)('a full device as the baseline: exit 2, ENOSPC, nothing said written, the device stays', () => {
    const { code, stderr } = run([DEMO, '--baseline-write', full!]);
    expect(code).toBe(2);
    expect(stderr).toContain(': Cannot write output (ENOSPC): no space left on device');
    expect(stderr).not.toContain('baseline written');
    expect(statSync(full!).isCharacterDevice()).toBe(true);
  });

  const nullDevice = device('null');
  it.skipIf(nullDevice === null)('the null device as a report and as a baseline: written to, and it stays a device', () => {
    expect(run([DEMO, '-f', `sarif:${nullDevice}`]).code).toBe(1);
    const baseline = run([DEMO, '--baseline-write', nullDevice!]);
    expect(baseline.code).toBe(0);
    expect(statSync(nullDevice!).isCharacterDevice()).toBe(true);
  });

  it('/dev/fd/1, /dev/stdout and a link to /proc/self/fd/1 are stdout (a socket here); the link stays', () => {
    const where = fresh('fd-link');
    const link = join(where, 'out.json');
    symlinkSync('/proc/self/fd/1', link);
    const report = demoReport();
    // As root, a cmlint that replaced /dev/stdout would replace the machine's: its links are reached from the test's directory only.
    for (const target of [link, '/dev/fd/1', ...(isRoot ? [] : ['/dev/stdout'])]) {
      const { code, stdout, stderr } = run([DEMO, '-f', `json:${target}`]);
      expect(stderr).toBe('');
      expect(code).toBe(1);
      expect(stdout).toBe(report);
    }
    expect(readlinkSync(link)).toBe('/proc/self/fd/1');
    expect(run([DEMO, '-f', 'sarif', '-f', `json:${link}`]).stderr).toContain('only one format can go to stdout (sarif, json)');
  });

  it('stdout redirected to a file, as /dev/fd/1: the report follows what the file held', () => {
    const where = fresh('fd-file');
    const out = join(where, 'out.txt');
    const fd = openSync(out, 'w');
    try {
      writeSync(fd, 'before\n');
      expect(run([DEMO, '-f', 'json:/dev/fd/1'], ROOT, fd).code).toBe(1);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(out, 'utf8')).toBe(`before\n${demoReport()}`);
  });

  it('a FIFO reached through /proc/self/fd/3 (a descriptor other than stdout) is written through', async () => {
    const where = fresh('fd3');
    const fifo = mkfifo(join(where, 'report.fifo'));
    const reader = spawn('sh', ['-c', `cat "${fifo}" > "${join(where, 'read.json')}"`]);
    const readerDone = new Promise((resolve) => reader.on('close', resolve));
    const result = spawnSync('sh', ['-c', `exec 3>"${fifo}"; exec "${process.execPath}" "${BIN}" "${DEMO}" -f json:/proc/self/fd/3`], { cwd: ROOT, env: baseEnv(), encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
    await readerDone;
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(readFileSync(join(where, 'read.json'), 'utf8')).toBe(demoReport());
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  it('a symbolic link to a file: the file it leads to is replaced atomically, the link stays (also a relative link in a linked directory, and a dangling one)', () => {
    const where = fresh('links');
    mkdirSync(join(where, 'real', 'sub'), { recursive: true });
    writeFileSync(join(where, 'real', 'report.json'), 'previous');
    symlinkSync('real/report.json', join(where, 'link.json'));
    symlinkSync('real/sub', join(where, 'sublink'));
    // `..` from the directory the link is in (real/sub), not from the path given (sublink/).
    symlinkSync('../up.json', join(where, 'real', 'sub', 'up.json'));
    symlinkSync('new/dangling.json', join(where, 'dangling.json'));
    expect(run([DEMO, '-f', `json:${join(where, 'link.json')}`, '-f', `sarif:${join(where, 'sublink', 'up.json')}`]).code).toBe(1);
    expect(run([DEMO, '--baseline-write', join(where, 'dangling.json')]).code).toBe(0);
    expect(readFileSync(join(where, 'real', 'report.json'), 'utf8')).toBe(demoReport());
    expect(JSON.parse(readFileSync(join(where, 'real', 'up.json'), 'utf8')).version).toBe('2.1.0');
    expect(JSON.parse(readFileSync(join(where, 'new', 'dangling.json'), 'utf8')).version).toBe(1);
    for (const link of ['link.json', 'sublink', 'real/sub/up.json', 'dangling.json']) expect(lstatSync(join(where, link)).isSymbolicLink(), link).toBe(true);
    expect(readdirSync(join(where, 'real')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a socket is refused before the run, saying what it is', async () => {
    const where = fresh('socket');
    const socket = join(where, 's.sock');
    const { createServer } = await import('node:net');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const { code, stderr } = run([DEMO, '-f', `json:${socket}`]);
      expect(code).toBe(2);
      expect(stderr).toBe(`${socket}: Cannot write output: a socket: reports and baselines are written to files, FIFOs and character devices\n`);
    } finally {
      server.close();
    }
  });
});

describe('a temporary file that a killed run left behind', () => {
  it('is removed by the next run that writes that report; a running one keeps its own', () => {
    const where = fresh('leftover');
    // A process that has ended: its temporary file is a leftover (SIGKILL runs no handler).
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(where, `.report.json.${gone}.tmp`), 'partial');
    // This test's own process is running: its file could be a write under way.
    writeFileSync(join(where, `.report.json.${process.pid}.tmp`), 'under way');
    writeFileSync(join(where, `.other.json.${gone}.tmp`), 'another report');
    expect(run([DEMO, '-f', `json:${join(where, 'report.json')}`]).code).toBe(1);
    expect(readdirSync(where).sort()).toEqual([`.other.json.${gone}.tmp`, `.report.json.${process.pid}.tmp`, 'report.json']);
  });
});

describe('config, baseline, taxonomy and plugins: only regular files of a sane size are read (exit 2, saying what the path is)', () => {
  let project: string;
  beforeAll(() => {
    project = fresh('project');
    copyFileSync(join(DEMO, 'export.json'), join(project, 'export.json'));
    mkfifo(join(project, 'pipe'));
  });

  it.each([
    ['--config /dev/zero', ['--config', '/dev/zero'], 'cannot read config file: a character device, not a regular file'],
    ['--config /dev/urandom', ['--config', '/dev/urandom'], 'cannot read config file: a character device, not a regular file'],
    ['--config FIFO', ['--config', 'pipe'], 'pipe: cannot read config file: a FIFO (a named pipe, or a pipe such as /dev/stdin), not a regular file'],
    ['--baseline /dev/zero', ['--baseline', '/dev/zero'], 'cannot read baseline: a character device, not a regular file'],
    ['--baseline FIFO', ['--baseline', 'pipe'], 'pipe: cannot read baseline: a FIFO (a named pipe, or a pipe such as /dev/stdin), not a regular file'],
    ['--config DIRECTORY', ['--config', '.'], '.: cannot read config file: a directory, not a regular file'],
  ])('%s', (_name, flags, message) => {
    const { code, stdout, stderr } = run(['.', ...flags], project);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${message}\n`);
  });

  it('--config /dev/null is an empty config (no settings), as for other programs', () => {
    const { code, stderr } = run(['.', '--config', '/dev/null', '-f', 'json'], project);
    expect(stderr).toBe('');
    expect(code).toBe(1);
  });

  it('--config /dev/stdin on a pipe that stays open', async () => {
    // Open for reading and writing, a FIFO does not wait for a writer; this process keeps it open, so the pipe never ends.
    const pipe = openSync(mkfifo(join(fresh('stdin'), 'stdin')), 'r+');
    try {
      const result = spawnSync(process.execPath, [BIN, '.', '--config', '/dev/stdin'], { cwd: project, env: baseEnv(), encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL', stdio: [pipe, 'pipe', 'pipe'] });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/dev\/stdin: cannot read config file: a symbolic link to \S+\/stdin, a FIFO \(a named pipe, or a pipe such as \/dev\/stdin\), not a regular file\n$/);
    } finally {
      closeSync(pipe);
    }
  });

  it('a committed .linterrc.yaml that is a link to /dev/zero: says where it leads', () => {
    const where = fresh('linked-config');
    copyFileSync(join(DEMO, 'export.json'), join(where, 'export.json'));
    symlinkSync('/dev/zero', join(where, '.linterrc.yaml'));
    expect(run(['.'], where)).toEqual({ code: 2, stdout: '', stderr: '.linterrc.yaml: cannot read config file: a symbolic link to /dev/zero, a character device, not a regular file\n' });
  });

  it('a committed .linterrc.yaml that is a dangling link: a config error saying where it leads, not the config of a directory above', () => {
    const above = fresh('dangling-config');
    writeFileSync(join(above, '.linterrc.yaml'), 'rules: {}\n');
    const where = join(above, 'project');
    mkdirSync(join(where, 'sub'), { recursive: true });
    copyFileSync(join(DEMO, 'export.json'), join(where, 'export.json'));
    symlinkSync('sub/../gone.yaml', join(where, '.linterrc.yaml'));
    const message = `.linterrc.yaml: cannot read config file: a symbolic link to ${join(where, 'gone.yaml')}, which does not exist\n`;
    expect(run(['.'], where)).toEqual({ code: 2, stdout: '', stderr: message });
    // Through a second link: the path that is missing.
    symlinkSync('gone.yaml', join(where, 'link.yaml'));
    rmSync(join(where, '.linterrc.yaml'));
    symlinkSync('link.yaml', join(where, '.linterrc.yaml'));
    expect(run(['.'], where)).toEqual({ code: 2, stdout: '', stderr: message });
  });

  it.each([
    ['baseline: /dev/urandom', 'baseline: /dev/urandom\n', 'cannot read baseline: a character device, not a regular file'],
    ['baseline: a FIFO', 'baseline: pipe\n', 'pipe: cannot read baseline: a FIFO (a named pipe, or a pipe such as /dev/stdin), not a regular file'],
    ['taxonomy: a FIFO', 'taxonomy: pipe\n', 'pipe: A FIFO (a named pipe, or a pipe such as /dev/stdin), not a regular file (the taxonomy export named by the config key "taxonomy")'],
    ['plugins: a FIFO', 'plugins: ["./pipe"]\n', ".linterrc.yaml:1:11: plugins[0]: plugin './pipe': cannot load it: a FIFO (a named pipe, or a pipe such as /dev/stdin), not a regular file"],
    ['plugins: /dev/zero', 'plugins: ["/dev/zero"]\n', ".linterrc.yaml:1:11: plugins[0]: plugin '/dev/zero': cannot load it: a character device, not a regular file"],
  ])('in the config, %s', (_name, config, message) => {
    writeFileSync(join(project, '.linterrc.yaml'), config);
    try {
      const { code, stderr } = run(['.', '-f', 'json'], project);
      expect(code).toBe(2);
      expect(stderr).toContain(`${message}\n`);
    } finally {
      rmSync(join(project, '.linterrc.yaml'));
    }
  });

  it('--taxonomy on a FIFO says what it is (it exists)', () => {
    const { code, stderr } = run(['.', '--taxonomy', 'pipe', '-f', 'json'], project);
    expect(code).toBe(2);
    expect(stderr).toBe('pipe: A FIFO (a named pipe, or a pipe such as /dev/stdin), not a regular file (the taxonomy export named by --taxonomy)\n');
  });

  it('a config over 1 MiB and a baseline over 256 MiB are refused before they are read (sparse files)', () => {
    const config = join(project, 'huge.yaml');
    writeFileSync(config, '');
    truncateSync(config, (1 << 20) + 1);
    const baseline = join(project, 'huge-baseline.json');
    writeFileSync(baseline, '');
    truncateSync(baseline, 300 << 20);
    expect(run(['.', '--config', 'huge.yaml'], project).stderr).toBe('huge.yaml: cannot read config file: too large: 1,048,577 bytes (at most 1 MiB)\n');
    expect(run(['.', '--baseline', 'huge-baseline.json'], project).stderr).toBe('huge-baseline.json: cannot read baseline: too large: 314,572,800 bytes (at most 256 MiB)\n');
  });
});
