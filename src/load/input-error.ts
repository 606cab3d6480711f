import type { Position } from './source.js';

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
    const where = this.position ? `${this.file}:${this.position.line}:${this.position.column}` : this.file;
    const pointer = this.pointer !== undefined && this.pointer !== '' ? ` (at ${this.pointer})` : '';
    return `${where}: ${this.message}${pointer}`;
  }
}

/** Several input errors, reported together. */
export class InputErrors extends Error {
  constructor(readonly errors: InputError[]) {
    super(errors.map((e) => e.format()).join('\n'));
  }
}
