import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import type { FileIdentity } from '../../model/source-ref.js';
import { InputError } from './input-error.js';

export type { FileIdentity };

/**
 * The file changed while cmlint read it: it shrank, grew, was written or replaced (a file of a
 * space is read several times, in windows, and closed between passes). What was read before
 * and after would not fit together, and a window read past the new end would never fill.
 */
export class FileChangedError extends InputError {
  constructor(file: string, how: string) {
    super(file, `The file changed while it was read (${how}): lint files that nothing writes to during the run`);
  }
}


/**
 * The identities of the files as the main thread read them, by absolute path, in a worker thread
 * of a parallel run (engine/parallel.ts): a worker opens the files itself, and what it reads must
 * be what the main thread read, from its first read on. Empty in the main thread.
 */
const expectedIdentities = new Map<string, FileIdentity>();

/** For a worker thread: the identities its files must have (see FileBytes.identity). */
export function expectIdentities(identities: Readonly<Record<string, FileIdentity>>): void {
  for (const [absPath, identity] of Object.entries(identities)) expectedIdentities.set(absPath, identity);
}

/** Random access to a file's bytes without reading it whole (for files of any size). */
export class FileBytes {
  private fd: number | undefined;
  /**
   * The file as it was first opened (in a worker thread: as the main thread first opened it):
   * every read checks that it is still that file, unchanged.
   */
  private first: FileIdentity | undefined;

  constructor(
    readonly absPath: string,
    /** The path as shown to users, for its input errors. */
    readonly path: string,
  ) {
    this.first = expectedIdentities.get(absPath);
  }

  private handle(): number {
    if (this.fd !== undefined) return this.fd;
    let fd: number;
    try {
      fd = openSync(this.absPath, 'r');
    } catch (error) {
      // Gone since it was first opened: a change, not a file that never was there.
      if (this.first !== undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileChangedError(this.path, 'it was deleted');
      throw error;
    }
    this.fd = fd;
    if (this.first === undefined) {
      const { dev, ino, size, mtimeMs } = fstatSync(fd);
      this.first = { dev, ino, size, mtimeMs };
    }
    return fd;
  }

  /** The file as it was first opened (opened now if it was not yet). */
  get identity(): FileIdentity {
    if (this.first === undefined) this.handle();
    return this.first!;
  }

  /** The size when first opened (known without opening the file again once it was). */
  get size(): number {
    if (this.first === undefined) this.handle();
    return this.first!.size;
  }

  /** Bytes [start, end), clamped to the file. */
  read(start: number, end: number): Buffer {
    return this.readInto(Buffer.allocUnsafe(Math.max(0, Math.min(end, this.size) - start)), start);
  }

  /** Fills `buf` (or as much as the file has) with the bytes from `start`; returns the part filled. */
  readInto(buf: Buffer, start: number): Buffer {
    const fd = this.handle();
    this.checkUnchanged(fd);
    const length = Math.max(0, Math.min(buf.length, this.size - start));
    let done = 0;
    while (done < length) {
      const n = readSync(fd, buf, done, length - done, start + done);
      if (n === 0) throw new FileChangedError(this.path, `it ended at byte ${(start + done).toLocaleString('en-US')}, not ${this.size.toLocaleString('en-US')}`);
      done += n;
    }
    return buf.subarray(0, done);
  }

  /** Throws if the file open now is not the one first opened, or has been written since (one fstat: cheap next to a read). */
  private checkUnchanged(fd: number): void {
    const now = fstatSync(fd);
    const first = this.first!;
    if (now.ino !== first.ino || now.dev !== first.dev) throw new FileChangedError(this.path, 'another file took its place');
    if (now.size !== first.size) {
      throw new FileChangedError(this.path, `it was ${first.size.toLocaleString('en-US')} bytes, now ${now.size.toLocaleString('en-US')}`);
    }
    if (now.mtimeMs !== first.mtimeMs) throw new FileChangedError(this.path, 'it was written to');
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/**
 * The stats of a path, or undefined when it cannot be stat'ed for any reason (gone since it was
 * found, a file where a directory was, no permission): reading it then says why, as an input error.
 */
export function statIfReadable(absPath: string): Stats | undefined {
  try {
    return statSync(absPath);
  } catch {
    return undefined;
  }
}
