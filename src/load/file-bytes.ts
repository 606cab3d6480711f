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
    const to = Math.min(end, this.size);
    const buf = Buffer.allocUnsafe(Math.max(0, to - start));
    let done = 0;
    while (done < buf.length) {
      const n = readSync(this.handle(), buf, done, buf.length - done, start + done);
      if (n === 0) return buf.subarray(0, done);
      done += n;
    }
    return buf;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
