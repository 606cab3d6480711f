import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository's top level (the nearest directory with `.git`, a directory or a worktree's file), else `cwd`. */
export function repositoryRoot(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}
