/**
 * The compile cache of the bundles (src/cache/compile-cache.ts): the bin's runs in a cache directory of
 * their own (CMLINT_COMPILE_CACHE), what happened told by NODE_DEBUG=cmlint-compile-cache on
 * stderr, and the output (stdout, exit code; stderr without the debug lines) compared with a run
 * without the cache.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateExport } from '../bench/generate-export.mjs';
import { baseEnv, cmlintDebug, ROOT, type DebugRun } from './helpers/cli.js';
import { removeTempDirs, tempDir } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const VERSION_DIR = `${process.version}-${process.arch}`;
const { enableCompileCache } = nodeModule as { enableCompileCache?: unknown };
const DEBUG_LINE = /^CMLINT-COMPILE-CACHE \d+: (.*)$/gm;
type BinRun = DebugRun;

function bin(args: readonly string[], env: Record<string, string>, cwd = ROOT, nodeArgs: readonly string[] = []): BinRun {
  return cmlintDebug(['cmlint-compile-cache'], args, env, cwd, nodeArgs);
}

const output = ({ code, stdout, stderr }: BinRun) => ({ code, stdout, stderr });
/** The cache files in a cache directory (the version directory's; not node's own cache, Node >= 22.1, in `node/`). */
const cacheFiles = (dir: string) =>
  readdirSync(join(dir, VERSION_DIR))
    .filter((name) => name.endsWith('.cache'))
    .sort();
const cliCache = (dir: string) => join(dir, VERSION_DIR, cacheFiles(dir).find((name) => name.startsWith('cli.cjs-'))!);

const LINT = ['fixtures/demo-space/export.json', '--format', 'json', '--as-of', '2026-11-25'];
let uncached: BinRun;
beforeAll(() => {
  uncached = bin(LINT, { CMLINT_COMPILE_CACHE: '0' });
  expect(uncached.code).toBe(1);
  expect(uncached.cache).toEqual(['off']);
});

describe('the compile cache', () => {
  it('is written by a first run and accepted by the next, with the same output', () => {
    const dir = tempDir('cmlint-cache-');
    const first = bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    expect(output(first)).toEqual(output(uncached));
    expect(first.cache).toContain('cli.cjs: no cache');
    expect(first.cache).toContain(`cli.cjs: cache written to ${cliCache(dir)}`);
    // The demo space has assets checked against mimetype groups: the table's file is cached too.
    expect(cacheFiles(dir).map((name) => name.replace(/-[0-9a-f]{8}-[0-9a-f]+\.cache$/, ''))).toEqual(['cli.cjs', 'mimetype.cjs']);
    // The user's own: no one else may read or write it.
    expect(statSync(join(dir, VERSION_DIR)).mode & 0o777).toBe(0o700);
    expect(statSync(cliCache(dir)).mode & 0o777).toBe(0o600);
    // Node >= 22.1: node's own compile cache (of the packages in node_modules) in the same directory.
    expect(readdirSync(join(dir, VERSION_DIR)).includes('node')).toBe(typeof enableCompileCache === 'function');
    const written = statSync(cliCache(dir)).mtimeMs;

    const second = bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    expect(output(second)).toEqual(output(uncached));
    expect(second.cache).toEqual(['cli.cjs: cache accepted', 'mimetype.cjs: cache accepted']);
    // An accepted cache is not written again.
    expect(statSync(cliCache(dir)).mtimeMs).toBe(written);
  });

  it("runs the files of Babel's parser and graphql-tag-pluck (a .tsx document) from the cache too, with the same output", () => {
    const dir = tempDir('cmlint-cache-');
    mkdirSync(join(dir, 'src'));
    const page = join(dir, 'src', 'page.tsx');
    const pageText = "import { gql } from 'graphql-tag';\nexport const Q = gql`\n  query PageQ { pageCollection(limit: 0) { items { noSuchField } } }\n`;\nexport const Page = () => <div>{String(Q)}</div>;\n";
    writeFileSync(page, pageText);
    writeFileSync(join(dir, '.linterrc.yaml'), `include: [${JSON.stringify(join(ROOT, 'fixtures/graphql/template-marketing/export.json'))}]\ndocuments: ["src/*.tsx"]\n`);
    const args = ['--format', 'json', '--as-of', '2026-11-25'];
    const off = bin(args, { CMLINT_COMPILE_CACHE: '0' }, dir);
    expect(off.code).toBe(1);
    expect(off.stdout).toContain('"graphql-document-invalid"');
    const cache = join(dir, 'cache');
    // The document written anew between the runs (same content, new times): the documents'
    // extraction cache (test/extract-cache.test.ts) does not hold it, so Babel runs again.
    const [first, second] = [0, 1].map(() => {
      writeFileSync(page, pageText);
      return bin(args, { CMLINT_COMPILE_CACHE: cache }, dir);
    });
    for (const run of [first!, second!]) expect(output(run)).toEqual(output(off));
    for (const file of ['babel-parser.cjs', 'graphql-tag-pluck.cjs']) {
      expect(first!.cache).toContain(`${file}: no cache`);
      expect(second!.cache).toContain(`${file}: cache accepted`);
    }
  });

  it('marks an accepted cache as used at most daily, and removes what no run used for 30 days when it writes a cache', () => {
    const dir = tempDir('cmlint-cache-');
    const env = { CMLINT_COMPILE_CACHE: dir };
    expect(output(bin(LINT, env))).toEqual(output(uncached));
    const version = join(dir, VERSION_DIR);
    const cli = cliCache(dir);
    const mimetype = join(version, cacheFiles(dir).find((name) => name.startsWith('mimetype.cjs-'))!);
    const daysAgo = (days: number) => (Date.now() - days * 24 * 60 * 60 * 1000) / 1000;
    const file = (path: string, days: number) => {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, 'cache');
      utimesSync(path, daysAgo(days), daysAgo(days));
    };
    // In this version's directory: a cache of an installation gone, one still used, one left half-written.
    file(join(version, 'cli.cjs-00000000-c3583e1f.cache'), 40);
    file(join(version, 'cli.cjs-11111111-c3583e1f.cache'), 20);
    file(join(version, 'cli.cjs-00000000-c3583e1f.cache.123-abc.tmp'), 40);
    // Another Node version's directory, unused (node's own cache in it too), and one still used.
    file(join(dir, 'v18.20.0-x64', 'cli.cjs-22222222-c3583e1f.cache'), 40);
    file(join(dir, 'v18.20.0-x64', 'node', 'cached'), 40);
    utimesSync(join(dir, 'v18.20.0-x64'), daysAgo(40), daysAgo(40));
    file(join(dir, 'v19.0.0-x64', 'cli.cjs-33333333-c3583e1f.cache'), 40);
    file(join(dir, 'v19.0.0-x64', 'cli.cjs-44444444-c3583e1f.cache'), 2);
    // The documents' extraction caches and caches of findings: of a project gone, and still used.
    file(join(dir, 'documents', '00000000.json'), 40);
    file(join(dir, 'documents', '00000000.results.json'), 40);
    file(join(dir, 'documents', '11111111.json'), 2);
    file(join(dir, 'documents', '11111111.results.json'), 2);
    // What this module did not make (CMLINT_COMPILE_CACHE may name a directory that holds more).
    file(join(dir, 'notes', 'old.cache'), 40);
    file(join(dir, 'v17.0.0-x64', 'notes.txt'), 40);
    file(join(version, 'notes.txt'), 40);
    file(join(dir, 'documents', 'notes.txt'), 40);
    for (const old of ['notes', 'v17.0.0-x64']) utimesSync(join(dir, old), daysAgo(40), daysAgo(40));
    utimesSync(cli, daysAgo(2), daysAgo(2));
    utimesSync(mimetype, daysAgo(0.5), daysAgo(0.5));
    const mimetypeUsed = statSync(mimetype).mtimeMs;

    // A run that accepts every cache: marks the one last marked 2 days ago, writes and removes nothing.
    const accepting = bin(LINT, env);
    expect(output(accepting)).toEqual(output(uncached));
    expect(accepting.cache).toEqual(['cli.cjs: cache accepted', 'mimetype.cjs: cache accepted']);
    expect(statSync(cli).mtimeMs).toBeGreaterThan(daysAgo(0.01) * 1000);
    expect(statSync(mimetype).mtimeMs).toBe(mimetypeUsed);
    expect(existsSync(join(version, 'cli.cjs-00000000-c3583e1f.cache'))).toBe(true);
    expect(existsSync(join(dir, 'v18.20.0-x64'))).toBe(true);

    // A run that writes a cache removes what no run used for 30 days.
    rmSync(mimetype);
    const writing = bin(LINT, env);
    expect(output(writing)).toEqual(output(uncached));
    expect(writing.cache).toContain(`mimetype.cjs: cache written to ${mimetype}`);
    expect(readdirSync(dir).sort()).toEqual(['documents', 'notes', VERSION_DIR, 'v17.0.0-x64', 'v19.0.0-x64'].sort());
    expect(readdirSync(join(dir, 'documents')).sort()).toEqual(['11111111.json', '11111111.results.json', 'notes.txt']);
    expect(readdirSync(join(dir, 'v19.0.0-x64'))).toEqual(['cli.cjs-44444444-c3583e1f.cache']);
    expect(readdirSync(version).filter((name) => name.startsWith('cli.cjs-')).sort()).toEqual([basename(cli), 'cli.cjs-11111111-c3583e1f.cache'].sort());
    expect(existsSync(join(version, 'notes.txt'))).toBe(true);
    expect(existsSync(join(dir, 'notes', 'old.cache'))).toBe(true);
  });

  it('is written again, once, by the first run that loads a file the run that wrote it had not (GraphQL documents after model-only runs)', () => {
    // A real app's model and its 20 .graphql documents; the model-only run uses a config without `documents`.
    const project = tempDir('cmlint-cache-project-');
    const app = join(ROOT, 'fixtures', 'graphql', 'template-marketing');
    cpSync(join(app, 'export.json'), join(project, 'export.json'));
    cpSync(join(app, 'documents'), join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'model.yaml'), 'include: ["export.json"]\n');
    writeFileSync(join(project, 'documents.yaml'), 'include: ["export.json"]\ndocuments: ["src/**/*.graphql"]\n');
    const modelOnly = ['--config', 'model.yaml', '--format', 'json', '--as-of', '2026-11-25'];
    const withDocuments = ['--config', 'documents.yaml', '--format', 'json', '--as-of', '2026-11-25'];
    const uncachedDocuments = bin(withDocuments, { CMLINT_COMPILE_CACHE: '0' }, project);
    expect(uncachedDocuments.code).toBe(0);
    const dir = tempDir('cmlint-cache-');
    const env = { CMLINT_COMPILE_CACHE: dir };
    const writes = (run: BinRun) => run.cache.filter((line) => line.includes(' written'));

    expect(writes(bin(modelOnly, env, project))).toContain(`cli.cjs: cache written to ${cliCache(dir)}`);
    const modelCache = statSync(cliCache(dir)).size;
    expect(writes(bin(modelOnly, env, project))).toEqual([]);
    // The first run with documents loads graphql.cjs: the caches of the files it shares with the
    // model-only runs are written again, with the documents' code in them.
    const first = bin(withDocuments, env, project);
    expect(output(first)).toEqual(output(uncachedDocuments));
    expect(first.cache).toContain('cli.cjs: cache accepted');
    expect(first.cache).toContain('cli.cjs: cache written by a run without graphql.cjs: written again');
    expect(first.cache).toContain(`cli.cjs: cache written to ${cliCache(dir)}`);
    expect(statSync(cliCache(dir)).size).toBeGreaterThan(modelCache);
    // Then every cache is accepted and none is written, with documents or without. (A document
    // edited, so that the findings about documents are not replayed from their cache and
    // graphql.cjs loads: src/engine/code-results-cache.ts.)
    appendFileSync(join(project, 'src', 'ctf-cta.graphql'), '\n# edited\n');
    const again = bin(withDocuments, env, project);
    expect(output(again)).toEqual(output(uncachedDocuments));
    expect(again.cache).toContain('graphql.cjs: cache accepted');
    expect(writes(again)).toEqual([]);
    expect(writes(bin(modelOnly, env, project))).toEqual([]);

    // Another project's runs keep a cache of their own, without the documents' code (V8 would
    // deserialise all of it at each start).
    const projectCache = cliCache(dir);
    const elsewhere = bin(LINT, env);
    expect(output(elsewhere)).toEqual(output(uncached));
    expect(elsewhere.cache).toContain('cli.cjs: no cache');
    const elsewhereCache = cacheFiles(dir).map((name) => join(dir, VERSION_DIR, name)).find((file) => basename(file).startsWith('cli.cjs-') && file !== projectCache)!;
    expect(statSync(elsewhereCache).size).toBeLessThan(statSync(projectCache).size);
    expect(bin(LINT, env).cache).toContain('cli.cjs: cache accepted');
    expect(bin(withDocuments, env, project).cache).toContain('cli.cjs: cache accepted');
  });

  it('is off with CMLINT_COMPILE_CACHE=0 or NODE_DISABLE_COMPILE_CACHE=1: nothing written, same output', () => {
    const dir = tempDir('cmlint-cache-');
    const run = bin(LINT, { CMLINT_COMPILE_CACHE: dir, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(output(run)).toEqual(output(uncached));
    expect(run.cache).toEqual(['off']);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('lives in the user cache directory by default (XDG_CACHE_HOME, else ~/.cache), and prints nothing without NODE_DEBUG', () => {
    const home = tempDir('cmlint-cache-home-');
    const env = { HOME: home, XDG_CACHE_HOME: '', CMLINT_COMPILE_CACHE: '', NODE_DEBUG: '' };
    const run = bin(LINT, env);
    expect(output(run)).toEqual(output(uncached));
    expect(run.cache).toEqual([]);
    expect(cacheFiles(join(home, '.cache', 'cmlint', 'compile-cache')).length).toBe(2);
    const xdg = tempDir('cmlint-cache-xdg-');
    expect(output(bin(LINT, { ...env, XDG_CACHE_HOME: xdg }))).toEqual(output(uncached));
    expect(cacheFiles(join(xdg, 'cmlint', 'compile-cache')).length).toBe(2);
  });

  it('refuses a damaged cache file (flipped bytes, cut short) and writes it anew, with the same output', () => {
    const dir = tempDir('cmlint-cache-');
    bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    const good = readFileSync(cliCache(dir));
    const damaged = Buffer.from(good);
    for (const at of [0.3, 0.6, 0.9]) {
      const i = Math.floor(good.length * at);
      damaged[i] = good[i]! ^ 0x5a;
    }
    for (const bad of [damaged, good.subarray(0, Math.floor(good.length * 0.7))]) {
      writeFileSync(cliCache(dir), bad);
      // Without V8's checksums, such a cache is deserialised as it is and node aborts.
      const run = bin(LINT, { CMLINT_COMPILE_CACHE: dir });
      expect(output(run)).toEqual(output(uncached));
      expect(run.cache).toContain('cli.cjs: cache rejected by V8');
      expect(run.cache).toContain(`cli.cjs: cache written to ${cliCache(dir)}`);
      expect(bin(LINT, { CMLINT_COMPILE_CACHE: dir }).cache).toContain('cli.cjs: cache accepted');
    }
  });

  it('refuses a damaged cache file when node runs with --no-verify-snapshot-checksum too (the checksums are still set around its compiles)', () => {
    const dir = tempDir('cmlint-cache-');
    const flag = ['--no-verify-snapshot-checksum'];
    expect(bin(LINT, { CMLINT_COMPILE_CACHE: dir }, ROOT, flag).cache).toContain(`cli.cjs: cache written to ${cliCache(dir)}`);
    const damaged = readFileSync(cliCache(dir));
    const i = Math.floor(damaged.length * 0.6);
    damaged[i] = damaged[i]! ^ 0x5a;
    writeFileSync(cliCache(dir), damaged);
    const run = bin(LINT, { CMLINT_COMPILE_CACHE: dir }, ROOT, flag);
    expect(output(run)).toEqual(output(uncached));
    expect(run.cache).toContain('cli.cjs: cache rejected by V8');
  });

  it('is ignored where the directory is not writable: same output and exit code', () => {
    const dir = tempDir('cmlint-cache-');
    writeFileSync(join(dir, 'file'), '');
    const run = bin(LINT, { CMLINT_COMPILE_CACHE: join(dir, 'file', 'cache') });
    expect(output(run)).toEqual(output(uncached));
    expect(run.cache.filter((line) => line.startsWith('cli.cjs: cache not written:'))).toHaveLength(1);
  });

  it('is not used from a directory or file others can write to, nor written there', () => {
    const dir = tempDir('cmlint-cache-');
    bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    chmodSync(join(dir, VERSION_DIR), 0o770);
    const before = readFileSync(cliCache(dir));
    const run = bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    expect(output(run)).toEqual(output(uncached));
    expect(run.cache).toContain('cli.cjs: cache not used: directory writable by group or others');
    expect(run.cache).toContain('cli.cjs: cache not written: directory writable by group or others');
    expect(readFileSync(cliCache(dir))).toEqual(before);

    chmodSync(join(dir, VERSION_DIR), 0o700);
    chmodSync(cliCache(dir), 0o666);
    const file = bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    expect(output(file)).toEqual(output(uncached));
    expect(file.cache).toContain('cli.cjs: cache not used: file writable by group or others');
    // Written anew (the new file is the user's own, 0o600).
    expect(statSync(cliCache(dir)).mode & 0o777).toBe(0o600);
  });

  it.skipIf(process.getuid?.() !== 0)('is not used from a directory of another user (as root: the directory given to nobody)', (context) => {
    const dir = tempDir('cmlint-cache-');
    bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    try {
      chownSync(join(dir, VERSION_DIR), 65534, 65534);
    } catch {
      // Root of a user namespace without that user mapped.
      context.skip();
    }
    const run = bin(LINT, { CMLINT_COMPILE_CACHE: dir });
    expect(output(run)).toEqual(output(uncached));
    expect(run.cache).toContain('cli.cjs: cache not used: directory owned by another user');
  });

  it('gives byte-identical --jobs 2 output with and without a cache (the worker thread compiles without one)', async () => {
    const dir = tempDir('cmlint-cache-');
    const file = join(dir, 'export.json');
    await generateExport({ entries: 1500, seed: 3, invalidRate: 0.1, out: file });
    const args = [file, '--jobs', '2', '--format', 'json', '--as-of', '2026-11-25'];
    const env = { CMLINT_WHOLE_FILE_LIMIT: '0' };
    const off = bin(args, { ...env, CMLINT_COMPILE_CACHE: '0' });
    expect(off.code).toBe(1);
    expect((JSON.parse(off.stdout) as { findings: unknown[] }).findings.length).toBeGreaterThan(50);
    const cache = join(dir, 'cache');
    const runs = [0, 1].map(() => bin(args, { ...env, CMLINT_COMPILE_CACHE: cache }));
    for (const run of runs) expect(output(run)).toEqual(output(off));
    expect(runs[1]!.cache).toContain('cli.cjs: cache accepted');
    // V8's flags (the cache's checksums) are the process's: a second thread does not change them.
    expect(cacheFiles(cache).filter((name) => name.startsWith('worker.cjs-'))).toEqual([]);
  });
});

describe('the cache key', () => {
  /** Runs `file` (a CommonJS file) through the loader in a new process: what it printed, and the debug lines. */
  function load(file: string, cache: string): { stdout: string; cache: string[] } {
    const loader = join(ROOT, 'dist/bundle/compile-cache.cjs');
    const script = `const c = require(${JSON.stringify(loader)}); c.requireCached(${JSON.stringify(file)}); c.saveCompileCaches();`;
    const result = spawnSync(process.execPath, ['-e', script], { env: baseEnv({ NODE_DEBUG: 'cmlint-compile-cache', CMLINT_COMPILE_CACHE: cache }), encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return { stdout: result.stdout, cache: [...result.stderr.matchAll(DEBUG_LINE)].map((m) => m[1]!) };
  }

  it("identifies the file's content, not only its length: a file rewritten with the same length is not run from the old cache", () => {
    const dir = tempDir('cmlint-cache-');
    const cache = join(dir, 'cache');
    const file = join(dir, 'module.cjs');
    writeFileSync(file, "console.log('old');\n");
    expect(load(file, cache)).toEqual({ stdout: 'old\n', cache: ['module.cjs: no cache', `module.cjs: cache written to ${join(cache, VERSION_DIR, cacheFiles(cache)[0]!)}`] });
    const cacheFile = join(cache, VERSION_DIR, cacheFiles(cache)[0]!);
    const old = readFileSync(cacheFile);
    expect(load(file, cache).cache).toEqual(['module.cjs: cache accepted']);

    writeFileSync(file, "console.log('new');\n");
    const rewritten = load(file, cache);
    expect(rewritten.stdout).toBe('new\n');
    expect(rewritten.cache[0]).toBe('module.cjs: cache made for another file, content, Node or flags');
    // The check that matters is ours: V8 itself takes the old cache for the new file (same
    // length) and runs the old code, as the old cache with the new file's key shows.
    const fresh = readFileSync(cacheFile);
    const header = (data: Buffer) => data.subarray(0, data.indexOf(10) + 1);
    writeFileSync(cacheFile, Buffer.concat([header(fresh), old.subarray(header(old).length)]));
    expect(load(file, cache)).toEqual({ stdout: 'old\n', cache: ['module.cjs: cache accepted'] });
  });

  it("keeps caches apart by V8's flags, not by node's own options", () => {
    const dir = tempDir('cmlint-cache-');
    writeFileSync(join(dir, 'preload.cjs'), '');
    const run = (flags: string[]) => bin(['--version'], { CMLINT_COMPILE_CACHE: join(dir, 'cache') }, ROOT, flags).stdout;
    const clis = () => cacheFiles(join(dir, 'cache')).filter((name) => name.startsWith('cli.cjs-'));
    const plain = run([]);
    expect(run(['--require', join(dir, 'preload.cjs')])).toBe(plain);
    expect(clis()).toHaveLength(1);
    expect(run(['--max-old-space-size=300'])).toBe(plain);
    expect(clis()).toHaveLength(2);
  });
});
