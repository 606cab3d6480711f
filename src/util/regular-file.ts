import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Files that cmlint reads by a path from the command line or from a config file (the config
 * itself, the baseline, the taxonomy export, plugins). A config in a pull request can name any
 * path, and a committed symbolic link can lead anywhere: `/dev/zero` read whole fills memory, a
 * FIFO or `/dev/stdin` on an open pipe waits for ever. What a path is is checked before it is
 * opened (opening a device can do something), and read only when it is a regular file (or
 * `/dev/null`).
 */

/** A path that is not a regular file, or a file larger than cmlint reads: the message says what it is. */
export class FileKindError extends Error {}

/** What a path that is not a regular file is, in words. */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (a named pipe, or a pipe such as /dev/stdin)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

/** `a character device, not a regular file`, after where a symbolic link leads (`a symbolic link to /dev/zero, …`). */
function notRegular(absPath: string, stats: Stats): string {
  let target: string | null = null;
  try {
    if (lstatSync(absPath).isSymbolicLink()) target = realpathSync.native(absPath);
  } catch {
    // A link to a pipe or a socket (/dev/stdin) leads to no path.
  }
  return `${target === null ? '' : `a symbolic link to ${target}, `}${kindOf(stats)}, not a regular file`;
}

const MIB = 1 << 20;

/** `/dev/null` is read as an empty file (`--config /dev/null`: no settings), as every program reads it. */
function isDevNull(absPath: string, stats: Stats): boolean {
  return stats.isCharacterDevice() && realpathSync.native(absPath) === '/dev/null';
}

function checkStats(absPath: string, stats: Stats, maxBytes: number): void {
  if (!stats.isFile() && !isDevNull(absPath, stats)) throw new FileKindError(notRegular(absPath, stats));
  if (stats.size > maxBytes) throw new FileKindError(tooLarge(stats.size, maxBytes));
}

function tooLarge(size: number | null, maxBytes: number): string {
  const limit = `${maxBytes / MIB} MiB`;
  return size === null ? `too large (more than ${limit})` : `too large: ${size.toLocaleString('en-US')} bytes (at most ${limit})`;
}

/** As many symbolic links as the kernel follows in a path (MAXSYMLINKS) before ELOOP. */
export const MAX_LINKS = 40;

/** Where a dangling symbolic link leads (through other links: the path that is missing); null when `absPath` is no such link. */
function missingTarget(absPath: string): string | null {
  let path = absPath;
  for (let links = 0; links <= MAX_LINKS; links++) {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats === undefined) return links === 0 ? null : path;
    if (!stats.isSymbolicLink()) return null;
    path = resolve(dirname(path), readlinkSync(path));
  }
  return null;
}

/**
 * Checks, following symbolic links, that `absPath` is a regular file of at most `maxBytes`:
 * throws a FileKindError saying what it is otherwise (a dangling link: where it leads), and the
 * file system's error (ENOENT …) when it cannot be looked at.
 */
export function checkRegularFile(absPath: string, maxBytes = Infinity): void {
  let stats: Stats;
  try {
    stats = statSync(absPath);
  } catch (error) {
    const target = (error as NodeJS.ErrnoException).code === 'ENOENT' ? missingTarget(absPath) : null;
    if (target !== null) throw new FileKindError(`a symbolic link to ${target}, which does not exist`);
    throw error;
  }
  checkStats(absPath, stats, maxBytes);
}

/** Bytes read at a time after the first read (which asks for the whole file and one byte more). */
const CHUNK = 1 << 16;

/**
 * The bytes of a regular file of at most `maxBytes` (see checkRegularFile). The file is checked
 * again once open, and read no further than the limit: a path swapped for a FIFO in between
 * does not block (it is opened non-blocking), and a file that grows, or a pseudo-file that
 * reports a size of 0 (in /proc), is cut off at the limit.
 */
export function readRegularFile(absPath: string, maxBytes: number): Buffer {
  checkRegularFile(absPath, maxBytes);
  const fd = openSync(absPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    checkStats(absPath, stats, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (let size = stats.size + 1; ; size = CHUNK) {
      const chunk = Buffer.allocUnsafe(size);
      const read = readSync(fd, chunk, 0, size, null);
      if (read === 0) return Buffer.concat(chunks, total);
      total += read;
      if (total > maxBytes) throw new FileKindError(tooLarge(null, maxBytes));
      chunks.push(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}
