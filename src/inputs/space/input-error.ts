import { constants } from 'node:buffer';
import { readable, visible } from '../../util/safe-text.js';
import type { Position } from '../../model/source-ref.js';

/** A problem with an input file that stops cmlint from reading it: exit code 2. */
export class InputError extends Error {
  constructor(
    /** Path as shown to users. */
    readonly file: string,
    message: string,
    readonly position?: Position,
    readonly pointer?: string,
  ) {
    super(message);
  }

  /** `file:line:col: message` (or `file: message (at /pointer)` when there is no position). */
  format(): string {
    // For people (stderr, stylish): what came from the input is made visible (see util/safe-text.ts).
    const where = this.position ? `${visible(this.file)}:${this.position.line}:${this.position.column}` : visible(this.file);
    const pointer = this.pointer !== undefined && this.pointer !== '' ? ` (at ${visible(this.pointer)})` : '';
    return `${where}: ${readable(this.message)}${pointer}`;
  }
}

/** Several input errors, reported together. */
export class InputErrors extends Error {
  constructor(readonly errors: InputError[]) {
    super(errors.map((e) => e.format()).join('\n'));
  }
}

/** Why a text cannot be read as one string (a YAML file, a JSON record), whatever the memory. */
export const OVER_STRING_LIMIT = `longer than the longest string JavaScript can hold (V8's limit: ${constants.MAX_STRING_LENGTH.toLocaleString('en-US')} characters)`;

const FILE_SYSTEM_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'Permission denied',
  EPERM: 'Permission denied',
  EISDIR: 'Is a directory',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
  ENOTDIR: 'Not a directory',
  EMFILE: 'Too many open files',
  EIO: 'Input/output error',
  ERR_FS_FILE_TOO_LARGE: 'The file is too large to read whole (over 2 GiB)',
  ERR_STRING_TOO_LONG: `Too large to read whole: ${OVER_STRING_LIMIT}`,
};

/**
 * Why a path that was found or named is not there. Node.js reads file names and arguments as
 * UTF-8, with U+FFFD in place of bytes that are not: a file whose name is not UTF-8 is listed,
 * but cannot be opened by the name read.
 */
export function missingReason(path: string): string {
  return path.includes('\uFFFD')
    ? 'No such file or directory by this name: its name on disk is probably not UTF-8 (\uFFFD stands for the bytes that are not), and cmlint can open files by UTF-8 names only. Rename the file'
    : 'No such file or directory';
}

/** An input error for what reading a file or directory threw: the reason in words, with the error code. */
export function fileSystemError(path: string, error: unknown): InputError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === 'ENOENT'
      ? missingReason(path)
      : code !== undefined && Object.hasOwn(FILE_SYSTEM_REASONS, code)
        ? FILE_SYSTEM_REASONS[code]
        : error instanceof Error
          ? error.message
          : String(error);
  return new InputError(path, `Cannot read: ${reason}${code ? ` (${code})` : ''}`);
}
