import { realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A symbolic link to a directory that contains it, met in a walk (absolute paths). */
export class DirectorySymlinkLoop extends Error {
  constructor(
    readonly link: string,
    readonly ancestor: string,
  ) {
    super(`directory symlink loop: ${link} leads back to ${ancestor}`);
  }
}

/**
 * Stops fast-glob from following a symbolic link to a directory that contains the link (a
 * directory symlink loop), which it would otherwise walk until the path is too long, taking
 * exponential time when there are two. Used as fast-glob's `statSync`, which it calls for symbolic
 * links: the first loop is recorded, and its link is not followed.
 */
export class LoopGuard {
  found: DirectorySymlinkLoop | null = null;
  private readonly realPaths = new Map<string, string>();

  /** `cwd`: the walk's, which relative paths are resolved against. */
  constructor(private readonly cwd: string) {}

  readonly statSync = (path: string): Stats => {
    const stats = statSync(path);
    if (!stats.isDirectory()) return stats;
    const link = resolve(this.cwd, path);
    const ancestor = this.loopAncestor(link);
    if (ancestor === null) return stats;
    this.found ??= new DirectorySymlinkLoop(link, ancestor);
    // fast-glob leaves a link it cannot stat unfollowed (as a dangling one).
    const loop: NodeJS.ErrnoException = new Error('directory symlink loop');
    loop.code = 'ELOOP';
    throw loop;
  };

  /** The directory above `path` (on its way from the root) that is the same directory as `path`, if any. */
  private loopAncestor(path: string): string | null {
    const real = this.realPath(path);
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      if (this.realPath(dir) === real) return dir;
      if (dirname(dir) === dir) return null;
    }
  }

  private realPath(path: string): string {
    let real = this.realPaths.get(path);
    if (real === undefined) {
      try {
        real = realpathSync.native(path);
      } catch {
        real = path;
      }
      this.realPaths.set(path, real);
    }
    return real;
  }
}
