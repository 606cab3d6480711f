import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'cmlint.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A run of the bin with NODE_DEBUG on for some sections: stderr without their lines, and those lines. */
export interface DebugRun extends Run {
  /** The debug lines of the sections, without their prefix (`CMLINT-COMPILE-CACHE 123: `). */
  cache: string[];
}

/** Runs the real bin with NODE_DEBUG set to `sections` (the caches': `cmlint-compile-cache`, `cmlint-extract-cache`). */
export function cmlintDebug(sections: readonly string[], args: readonly string[], env: Record<string, string>, cwd = ROOT, nodeArgs: readonly string[] = []): DebugRun {
  const result = spawnSync(process.execPath, [...nodeArgs, BIN, ...args], { cwd, env: baseEnv({ NODE_DEBUG: sections.join(','), ...env }), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const line = new RegExp(`^(?:${sections.map((s) => s.toUpperCase()).join('|')}) \\d+: (.*)$`, 'gm');
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr.replace(line, '').replace(/^\n/gm, ''),
    cache: [...result.stderr.matchAll(line)].map((m) => m[1]!),
  };
}

/**
 * Where the bin's runs in tests keep their caches, unless a test names another place: not the
 * user's cache directory, which the tests' runs in temporary projects would fill (a compile cache
 * and an extraction cache per project directory). Shared by the test runs of this user (cmlint
 * creates it 0700, and prunes what is unused for 30 days).
 */
const TEST_CACHE = join(tmpdir(), `cmlint-test-caches-${process.getuid?.() ?? 'user'}`);

/** The inherited environment without what changes cmlint's output, with the tests' cache directory. */
export function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['NO_COLOR', 'FORCE_COLOR', 'COLUMNS', 'CMLINT_DEBUG', 'NODE_OPTIONS', 'CI', 'GITHUB_ACTIONS']) delete env[key];
  return { ...env, CMLINT_COMPILE_CACHE: TEST_CACHE, ...extra };
}

/** Runs the real bin, `node bin/cmlint.js ...args`, in `cwd` (the repository root unless given). */
export function cmlint(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: baseEnv(options.env), encoding: 'utf8' });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Main = typeof import('../../src/cli.js').main;

/** `main(argv)` in this process with stdout and stderr collected (not terminals): exit code and what it wrote. */
async function collect(main: Main, argv: readonly string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main([...argv], { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd, env, isTTY: false });
  return { code, stdout, stderr };
}

/** Runs the CLI's `main` (its sources) in this process, in `cwd`, with an empty environment: exit code and what it wrote. */
export async function runMain(argv: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = await import('../../src/cli.js');
  return collect(main, argv, cwd, env);
}

/**
 * Runs the built CLI (`main` of dist/src/cli.js, what the bin's bundle is made from) in this
 * process, as `cmlint(args)` runs the bin: in `cwd` (the repository root unless given), with the
 * bin's environment (`baseEnv(env)`), which is also process.env while it runs (for what cmlint reads
 * from the process, such as CMLINT_WHOLE_FILE_LIMIT and the worker threads' environment). Without a
 * process of its own, and so without the compile cache and the caches saved after a run (those are
 * the bundle's): for tests of what cmlint says and the exit code it returns. Tests of the process
 * (its streams, signals, caches, what it loads) run the bin.
 */
export async function cmlintInProcess(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const { main } = (await import(join(ROOT, 'dist', 'src', 'cli.js'))) as { main: Main };
  const env = baseEnv(options.env);
  const processEnv = process.env;
  process.env = env;
  try {
    return await collect(main, args, options.cwd ?? ROOT, env);
  } finally {
    process.env = processEnv;
  }
}
