/**
 * Inputs that change under the run: a file truncated, grown, written, replaced or deleted while
 * it is read, and files that were found but cannot be opened by the name found (deleted since,
 * or named in bytes that are not UTF-8). Each is an input error naming the file (exit 2, a valid
 * report), never a hang or an internal error. The changes are made between two reads through the
 * readers' own API, not by racing a timer.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, renameSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { FileBytes } from '../src/inputs/space/file-bytes.js';
import { InputError } from '../src/inputs/space/input-error.js';
import { streamElements } from '../src/inputs/space/json-stream.js';
import { BIN, ROOT, baseEnv } from './helpers/cli.js';
import { build, loadFiles, pretty, removeTempDirs, singleInputError, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Fails, instead of hanging, a reader that keeps reading without getting anywhere (before the
 * fix, a window read past the new end of a truncated file was read again forever).
 */
function failWhenSpinning(): void {
  const readInto = FileBytes.prototype.readInto;
  let calls = 0;
  vi.spyOn(FileBytes.prototype, 'readInto').mockImplementation(function (this: FileBytes, buf, start) {
    if (++calls > 500) throw new Error('the reader keeps reading the same bytes: it spins');
    return readInto.call(this, buf, start);
  });
}

/** An export of `count` entries of about 1 KB each: several 1 MB windows of the streaming reader. */
function largeExport(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => build.entry(`e${i}`, 'page', `entry ${i} `.repeat(100)));
  return pretty({ contentTypes: [build.contentType('page')], locales: [build.locale('en-US', null, true)], entries });
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return expect.fail('expected an error');
}

describe('a file that changes between two reads', () => {
  const file = (text: string) => writeFiles(tempDir(), { 'space.json': text })[0]!;

  it.each([
    ['truncated', (path: string) => truncateSync(path, 10), /\(it was 4,096 bytes, now 10\)/],
    ['grown', (path: string) => appendFileSync(path, ' '), /\(it was 4,096 bytes, now 4,097\)/],
    ['written in place (same size)', (path: string) => utimesSync(path, new Date(), new Date(Date.now() + 5000)), /\(it was written to\)/],
  ])('%s: the next read says the file changed, naming it', (_name, change, how) => {
    const path = file(' '.repeat(4096));
    const bytes = new FileBytes(path, 'space.json');
    expect(bytes.read(0, 10)).toHaveLength(10);
    change(path);
    const error = thrown(() => bytes.read(10, 20));
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).file).toBe('space.json');
    expect((error as InputError).message).toMatch(/^The file changed while it was read /);
    expect((error as InputError).message).toMatch(how);
  });

  it('replaced by another file, or deleted, while it was closed between two passes', () => {
    const path = file(' '.repeat(4096));
    const bytes = new FileBytes(path, 'space.json');
    bytes.read(0, 10);
    bytes.close();
    writeFileSync(`${path}.new`, ' '.repeat(4096));
    renameSync(`${path}.new`, path);
    expect(() => bytes.read(0, 10)).toThrow('The file changed while it was read (another file took its place)');
    bytes.close();
    rmSync(path);
    expect(() => bytes.read(0, 10)).toThrow('The file changed while it was read (it was deleted)');
  });

  it('an unchanged file reads the same after it was closed and opened again', () => {
    const path = file('{"a": 1}');
    const bytes = new FileBytes(path, 'space.json');
    expect(bytes.read(0, 4).toString()).toBe('{"a"');
    bytes.close();
    expect(bytes.read(4, 100).toString()).toBe(': 1}');
  });

  it('the streaming reader stops with the change when the file is truncated between two windows (it spun forever)', () => {
    failWhenSpinning();
    const text = largeExport(3000);
    const path = file(text);
    const bytes = new FileBytes(path, 'space.json');
    const start = text.indexOf('"entries": [') + '"entries": '.length;
    const elements = streamElements(bytes, start, Buffer.byteLength(text) - 2);
    expect(elements.next().done).toBe(false);
    truncateSync(path, 1_500_000);
    expect(() => [...elements]).toThrow(/^The file changed while it was read \(it was [\d,]+ bytes, now 1,500,000\)/);
  });

  it('streaming the entries of a space: an input error naming the file, and no entry read after the change', async () => {
    failWhenSpinning();
    const dir = tempDir();
    const [path] = writeFiles(dir, { 'space.json': largeExport(3000) });
    const space = await loadFiles([path!], dir);
    const seen: string[] = [];
    const error = await singleInputError(
      (async () => {
        for await (const entry of space.entries()) {
          seen.push(entry.id);
          if (seen.length === 1) truncateSync(path!, 1_500_000);
        }
      })(),
    );
    // The entries of the window read before the change come out; none after it.
    expect(seen.length).toBeLessThan(1000);
    expect(error.format()).toMatch(/^space\.json: The file changed while it was read \(it was [\d,]+ bytes, now 1,500,000\): lint files that nothing writes to during the run$/);
  });

  it('a file deleted after the model was read: an input error, not a file that never was there', async () => {
    const dir = tempDir();
    const [path] = writeFiles(dir, { 'space.json': largeExport(3) });
    const space = await loadFiles([path!], dir);
    rmSync(path!);
    const error = await singleInputError((async () => { for await (const _ of space.entries()); })());
    expect(error.format()).toBe('space.json: The file changed while it was read (it was deleted): lint files that nothing writes to during the run');
  });
});

describe('worker threads (--jobs): a file changed after the main thread read it and before a worker did', () => {
  /** tsc's output: the pool starts dist/src/engine/worker.js beside it, as the bin's runs start the bundle's. */
  const dist = (module: string) => import(pathToFileURL(join(ROOT, 'dist', 'src', module)).href);

  it.each([
    ['nothing changed', null, null],
    ['the JSON export written to (same size)', 'space.json', /^The file changed while it was read \(it was written to\)/],
    ['the YAML file replaced by a longer one', 'types.yaml', /^The file changed while it was read \(another file took its place\)/],
  ])('%s: the worker checks the identity the main thread saw at its first read', async (_name, changed, message) => {
    const { WorkerPool } = (await dist('engine/parallel.js')) as typeof import('../src/engine/parallel.js');
    const { loadSpace } = (await dist('inputs/space/load-space.js')) as typeof import('../src/inputs/space/load-space.js');
    const dir = tempDir();
    const paths = writeFiles(dir, { 'space.json': largeExport(3), 'types.yaml': 'contentTypes:\n  - { sys: { id: post }, name: Post, fields: [] }\n' });
    const inputs = paths.map((absPath) => ({ absPath, explicit: true }));
    const pool = new WorkerPool(2, { inputs, taxonomy: undefined, cwd: dir, configPath: null, ruleSeverities: {}, asOf: '2026-11-21' });
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      // The main thread reads the model, and the file changes before the pool lets the worker read it.
      const space = await loadSpace(inputs, dir);
      if (changed === 'space.json') utimesSync(join(dir, changed), new Date(), new Date(Date.now() + 5000));
      if (changed === 'types.yaml') {
        writeFileSync(join(dir, 'new.yaml'), 'contentTypes:\n  - { sys: { id: article }, name: Article, fields: [] }\n');
        renameSync(join(dir, 'new.yaml'), join(dir, changed));
      }
      pool.start(space);
      const worker = posted.mock.instances[0] as unknown as Worker;
      const reply = await new Promise<{ type: string; errors?: { file: string; message: string }[] }>((resolve) => worker.once('message', resolve));
      if (changed === null) expect(reply).toEqual({ type: 'ready' });
      else {
        expect(reply.type).toBe('input-error');
        expect(reply.errors!.map((e) => e.file)).toEqual([changed]);
        expect(reply.errors![0]!.message).toMatch(message!);
      }
    } finally {
      await pool.close();
    }
  });
});

/** Runs the bin through a shell, so that arguments can hold bytes that are not UTF-8 (printf escapes). */
function lintInShell(cwd: string, args: string, format: string) {
  const run = spawnSync('sh', ['-c', `"$0" "$1" ${args} -f ${format} --as-of 2026-11-21`, process.execPath, BIN], { cwd, env: baseEnv(), encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('a file found that cannot be opened by the name found', () => {
  /** A directory with a good export and a file whose name has the byte 0xFF (not UTF-8). */
  function space(): string {
    const dir = tempDir();
    writeFiles(dir, { 'space/good.json': pretty({ locales: [build.locale('en-US', null, true)] }) });
    writeFileSync(Buffer.from(`${dir}/space/bad\xff.json`, 'latin1'), pretty({ contentTypes: [build.contentType('page')] }));
    return dir;
  }
  const MESSAGE =
    'No such file or directory by this name: its name on disk is probably not UTF-8 (\uFFFD stands for the bytes that are not), and cmlint can open files by UTF-8 names only. Rename the file';

  it.each(['json', 'sarif'])('in a directory: an input error (not an internal error), and the %s report is a valid document', (format) => {
    const run = lintInShell(space(), 'space', format);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toBe(`space/bad\uFFFD.json: Cannot read: ${MESSAGE} (ENOENT)\n`);
    const report = JSON.parse(run.stdout) as { findings?: { ruleId: string; file: string }[]; runs?: { invocations: { toolExecutionNotifications: { message: { text: string } }[] }[] }[] };
    if (format === 'json') expect(report.findings!.map((f) => [f.ruleId, f.file])).toEqual([['input-error', 'space/bad\uFFFD.json']]);
    else expect(report.runs![0]!.invocations[0]!.toolExecutionNotifications.map((n) => n.message.text)).toEqual([expect.stringContaining(MESSAGE)]);
  });

  it('named on the command line: says why a file that is there cannot be found', () => {
    const run = lintInShell(space(), `"$(printf 'space/bad\\377.json')"`, 'json');
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toBe(`space/bad\uFFFD.json: ${MESSAGE}\n`);
  });
});
