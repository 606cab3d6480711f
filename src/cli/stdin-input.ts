import { createWriteStream, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InputError } from '../inputs/space/input-error.js';
import { temporaryDirectory } from '../util/temporary-directory.js';

/** The path that names standard input on the command line. */
export const STDIN_ARGUMENT = '-';

/** How findings and errors name the export read from standard input. */
export const STDIN_NAME = '<stdin>';

/** Standard input's copy: the file to read, and its removal. */
export interface StdinCopy {
  absPath: string;
  remove(): Promise<void>;
}

/** Blanks before a JSON value (and the bytes of a UTF-8 byte order mark). */
const LEADING = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);

/**
 * Copies standard input (`-` among the paths: `gunzip -c space.json.gz | cmlint -`) into a file of a new
 * temporary directory, so that it is read as every export is: JSON in windows of 1 MB at any
 * size, its text checked as it is decoded, positions from its bytes. The copy is written as it
 * arrives, never held in memory. It is JSON when its first character other than blanks is `{`
 * or `[` (or when it is empty: then the empty-file error), else YAML. The directory goes with
 * `remove()`, or when a SIGINT or SIGTERM stops the run.
 */
export async function copyStdin(stdin: NodeJS.ReadableStream): Promise<StdinCopy> {
  const tmp = temporaryDirectory('cmlint-stdin-');
  try {
    const copy = join(tmp.dir, 'stdin');
    let first: number | undefined;
    const sniff = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        first ??= chunk.find((byte) => !LEADING.has(byte));
        done(null, chunk);
      },
    });
    try {
      await pipeline(stdin, sniff, createWriteStream(copy, { mode: 0o600 }));
    } catch (error) {
      throw new InputError(STDIN_NAME, `Cannot read standard input into a temporary file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const absPath = join(tmp.dir, first === undefined || first === 0x7b || first === 0x5b ? 'stdin.json' : 'stdin.yaml');
    renameSync(copy, absPath);
    return { absPath, remove: tmp.remove };
  } catch (error) {
    await tmp.remove();
    throw error;
  }
}
