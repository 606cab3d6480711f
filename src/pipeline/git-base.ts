import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { BeforeInputs } from './plan.js';
import { temporaryDirectory } from '../util/temporary-directory.js';

/** `--base REF` cannot be read: not a repository, not a commit, git missing. */
export class GitBaseError extends Error {}

/** The repository's files at a commit, in a temporary directory (the work tree and index are not touched). */
export interface BaseTree {
  /** The temporary directory, holding the repository's top level at the commit. */
  dir: string;
  /** Maps a directory of the work tree to the same directory in `dir`. */
  map(path: string): string;
  /** Removes the tree; a SIGINT or SIGTERM that came while it was there then ends the process. */
  remove(): Promise<void>;
}

function git(args: readonly string[], cwd: string): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new GitBaseError(`--base: cannot run git (${result.error.message})`);
  if (result.status !== 0) throw new GitBaseError(`--base: git ${args[0]}: ${(result.stderr.trim().split('\n')[0] ?? '') || `exit ${result.status}`}`);
  return result.stdout.trim();
}

/** Extracts the tree of `ref` with `git archive | tar -x`, into a new temporary directory. */
export async function extractBase(ref: string, cwd: string): Promise<BaseTree> {
  const root = realpathSync(git(['rev-parse', '--show-toplevel'], cwd));
  if (ref.startsWith('-')) throw new GitBaseError(`--base: '${ref}' is not a commit`);
  const commit = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' });
  if (commit.status !== 0) throw new GitBaseError(`--base: '${ref}' is not a commit of the repository at ${root}`);
  const tree = temporaryDirectory('cmlint-base-');
  const { dir } = tree;
  try {
    await new Promise<void>((done, fail) => {
      const archive = spawn('git', ['archive', '--format=tar', commit.stdout.trim()], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      const tar = spawn('tar', ['-x', '-f', '-', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
      for (const child of [archive, tar]) {
        tree.children.add(child);
        child.on('close', () => tree.children.delete(child));
      }
      archive.stdout.pipe(tar.stdin);
      // tar gone (stopped by a signal, or failed) makes the pipe fail with EPIPE: its exit says why.
      tar.stdin.on('error', () => {});
      let stderr = '';
      archive.stderr.on('data', (chunk) => (stderr += chunk));
      tar.stderr.on('data', (chunk) => (stderr += chunk));
      archive.on('error', fail);
      tar.on('error', fail);
      tar.on('close', (code) => (code === 0 ? done() : fail(new GitBaseError(`--base: cannot extract ${ref}: ${stderr.trim() || `tar exit ${code}`}`))));
    });
  } catch (error) {
    await tree.remove();
    throw error instanceof GitBaseError ? error : new GitBaseError(`--base: cannot extract ${ref}: ${(error as Error).message}`);
  } finally {
    // From now on a signal removes the tree at once (git archive may not have reported its end yet).
    tree.children.clear();
  }
  // A signal that came as the extraction ended: the children it stopped were done already.
  if (tree.signalled()) await tree.remove();
  const map = (path: string) => {
    const rel = relative(root, realpathSync(path));
    return rel.startsWith('..') || isAbsolute(rel) ? path : join(dir, rel);
  };
  return { dir, map, remove: tree.remove };
}

/**
 * The inputs at the base commit for a diff run from `cwd`: the same paths (or the config's
 * include, relative to the config's directory there), read in the extracted tree.
 */
export function baseInputs(tree: BaseTree, paths: readonly string[], cwd: string, configDir: string): BeforeInputs {
  const beforeCwd = tree.map(cwd);
  mkdirSync(beforeCwd, { recursive: true });
  return { paths: paths.map((p) => (isAbsolute(p) ? join(beforeCwd, relative(cwd, p)) : p)), cwd: beforeCwd, base: tree.map(resolve(configDir)) };
}
