import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Random access to a file's bytes without reading it whole (for files of any size). */
export class FileBytes {
  private fd: number | undefined;
  private fileSize: number | undefined;

  constructor(readonly absPath: string) {}

  private handle(): number {
    return (this.fd ??= openSync(this.absPath, 'r'));
  }

  get size(): number {
    return (this.fileSize ??= fstatSync(this.handle()).size);
  }

  /** Bytes [start, end), clamped to the file. */
  read(start: number, end: number): Buffer {
    return this.readInto(Buffer.allocUnsafe(Math.max(0, Math.min(end, this.size) - start)), start);
  }

  /** Fills `buf` (or as much as the file has) with the bytes from `start`; returns the part filled. */
  readInto(buf: Buffer, start: number): Buffer {
    const length = Math.max(0, Math.min(buf.length, this.size - start));
    let done = 0;
    while (done < length) {
      const n = readSync(this.handle(), buf, done, length - done, start + done);
      if (n === 0) break;
      done += n;
    }
    return buf.subarray(0, done);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
