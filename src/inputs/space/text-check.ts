import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { InputError, fileSystemError } from './input-error.js';
import type { Position } from '../../model/source-ref.js';

/** Bytes read at a time, into one small buffer (fresh memory is slow to touch: 1 MiB cost 4-20 ms here). */
const CHUNK = 1 << 16;
/** What `start` checks: the file's first MiB. */
const START_BYTES = 1 << 20;

/**
 * Checks that an input file is UTF-8 text, reading it in chunks (constant memory, files of any
 * size): a regular file, not empty, not UTF-16 or UTF-32, without a NUL byte (binary data), and
 * without a byte sequence that is not UTF-8. The last matters most: a file saved as Latin-1 or
 * Windows-1252 would otherwise be decoded with U+FFFD in place of every accented letter, and
 * linted silently with the wrong values. Throws an InputError with the position of the first bad
 * byte.
 *
 * With `start` only the file's first MiB is checked (more, up to its first text, if that is
 * only whitespace): JSON inputs are checked so before they are read, and the rest of their text as it
 * is decoded (see `utf8Text` in json-scan.ts), so that no separate pass reads a large file whole
 * for this; when decoding finds a byte that is not UTF-8, or reading the file fails in any way,
 * the whole file is checked, so that a text problem is reported as before, first bad byte first.
 */
export function checkText(absPath: string, path: string, extent: 'whole' | 'start' = 'whole'): void {
  let fd: number;
  try {
    // Non-blocking: opening a FIFO named on the command line must not wait for a writer.
    fd = openSync(absPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw fileSystemError(path, error);
  }
  try {
    const problem = findProblem(fd, extent === 'start');
    if (problem) throw new InputError(path, problem.message, problem.offset === undefined ? undefined : positionAt(fd, problem.offset));
  } finally {
    closeSync(fd);
  }
}

interface Problem {
  message: string;
  offset?: number;
}

function findProblem(fd: number, startOnly: boolean): Problem | null {
  if (!fstatSync(fd).isFile()) return { message: 'Not a regular file (a directory, FIFO, socket or device): cmlint reads export files' };
  const buf = Buffer.allocUnsafe(CHUNK);
  /** File offset of buf[0]. */
  let offset = 0;
  /** Bytes at the start of buf carried over from the previous chunk (an incomplete character). */
  let carry = 0;
  let sawText = false;
  for (;;) {
    const read = readSync(fd, buf, carry, CHUNK - carry, null);
    const length = carry + read;
    if (offset === 0 && carry === 0) {
      if (length === 0) return { message: 'The file is empty', offset: 0 };
      const encoding = wideEncoding(buf.subarray(0, length));
      if (encoding) return { message: `The file is ${encoding} (it starts with a ${encoding} byte order mark); cmlint reads UTF-8: convert the file to UTF-8`, offset: 0 };
    }
    const chunk = buf.subarray(0, length);
    const nul = chunk.indexOf(0);
    if (nul >= 0) return { message: 'Not a text file: it holds a NUL byte (binary data, or UTF-16 text without a byte order mark)', offset: offset + nul };
    const end = read === 0 ? length : completeEnd(chunk);
    if (!isUtf8(chunk.subarray(0, end))) {
      const bad = firstInvalid(chunk, end);
      const hex = `0x${chunk[bad]!.toString(16).toUpperCase().padStart(2, '0')}`;
      return {
        message: `Not UTF-8: byte ${hex} here does not belong to a UTF-8 character (was the file saved as Latin-1 or Windows-1252?); export files are UTF-8: convert the file`,
        offset: offset + bad,
      };
    }
    if (!sawText) sawText = hasNonWhitespace(chunk.subarray(offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0, end));
    if (read === 0 || (startOnly && sawText && offset + length >= START_BYTES)) break;
    buf.copy(buf, 0, end, length);
    carry = length - end;
    offset += end;
  }
  return sawText ? null : { message: 'The file holds only whitespace', offset };
}

/** "UTF-16" or "UTF-32" when the bytes start with the byte order mark of one of them. */
function wideEncoding(head: Buffer): string | null {
  if (head[0] === 0x00 && head[1] === 0x00 && head[2] === 0xfe && head[3] === 0xff) return 'UTF-32';
  if (head[0] === 0xff && head[1] === 0xfe && head[2] === 0x00 && head[3] === 0x00) return 'UTF-32';
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'UTF-16';
  return null;
}

/** End of the last complete character in `chunk`: a multi-byte character cut by the chunk's end is left for the next chunk. */
function completeEnd(chunk: Buffer): number {
  const length = chunk.length;
  for (let i = length - 1; i >= Math.max(0, length - 3); i--) {
    const b = chunk[i]!;
    if (b < 0x80) return length;
    if (b >= 0xc0) return i + (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2) > length ? i : length;
  }
  return length;
}

/** Offset of the first byte in chunk[0, end) that does not start a valid UTF-8 character (only called when there is one). */
function firstInvalid(chunk: Buffer, end: number): number {
  let i = 0;
  while (i < end) {
    const b = chunk[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const [more, min, bits] = b >= 0xc2 && b <= 0xdf ? [1, 0x80, b & 0x1f] : b >= 0xe0 && b <= 0xef ? [2, 0x800, b & 0x0f] : b >= 0xf0 && b <= 0xf4 ? [3, 0x10000, b & 0x07] : [0, 0, 0];
    if (more === 0) return i;
    let codePoint = bits;
    for (let k = 1; k <= more; k++) {
      const c = chunk[i + k];
      if (c === undefined || i + k >= end || (c & 0xc0) !== 0x80) return i;
      codePoint = (codePoint << 6) | (c & 0x3f);
    }
    if (codePoint < min || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return i;
    i += more + 1;
  }
  return Math.min(i, end - 1);
}

function hasNonWhitespace(bytes: Buffer): boolean {
  for (const c of bytes) if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return true;
  return false;
}

/** Line and column (UTF-16 code units, after a byte order mark) of a byte offset, by reading the file up to it. */
function positionAt(fd: number, offset: number): Position {
  const buf = Buffer.allocUnsafe(CHUNK);
  let line = 1;
  let lineStart = 0;
  for (let at = 0; at < offset; ) {
    const read = readSync(fd, buf, 0, Math.min(CHUNK, offset - at), at);
    if (read === 0) break;
    for (let i = buf.indexOf(0x0a); i >= 0 && i < read; i = buf.indexOf(0x0a, i + 1)) {
      line++;
      lineStart = at + i + 1;
    }
    at += read;
  }
  // The line up to the offset is valid UTF-8; decoded a chunk at a time, as a line can be long.
  const decoder = new StringDecoder('utf8');
  let column = 1;
  for (let at = lineStart; at < offset; ) {
    const read = readSync(fd, buf, 0, Math.min(CHUNK, offset - at), at);
    if (read === 0) break;
    const text = decoder.write(buf.subarray(0, read));
    column += at === 0 && text.startsWith('\uFEFF') ? text.length - 1 : text.length;
    at += read;
  }
  return { line, column };
}
