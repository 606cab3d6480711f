import { accessSync, closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { visible } from '../util/safe-text.js';
import { MAX_LINKS, kindOf } from '../util/regular-file.js';
import { STOP_SIGNALS, signalsDelivered } from '../util/signals.js';

/**
 * Writing report and baseline files. Paths are checked before the run, so that a path that
 * cannot be written fails at once rather than after a long audit; files are replaced atomically
 * (a temporary file beside the target, then a rename), so that readers, a second run writing
 * the same file, a full disk or a signal leave the previous file or the new one, never a part
 * of one, and no temporary file behind.
 *
 * Only a regular file is replaced. A symbolic link is followed, and the file it leads to is
 * replaced (the link stays); a FIFO, a character device (`/dev/null`, `/dev/full`) and a file
 * descriptor's link (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`) are opened and written
 * through, as a shell's `>` does: replacing them, as root, would turn `/dev/null` into a file
 * for every process of the container, and leave a reader of the FIFO or of stdout with nothing.
 *
 * Signals: during the run, SIGINT and SIGTERM keep their default action (the process ends at
 * once, and nothing has been written yet). While files are written (asynchronously, so that a
 * signal is seen between chunks), a handler aborts the writes, their temporary files are
 * removed, and the process then ends by the same signal, as if no handler had been there. An
 * error that escapes the run (exitAfterWrites) ends the writes the same way.
 */
export class OutputFileError extends Error {
  /** `code`: the file system's error code; `reason`: what is wrong, when no such code says it. */
  constructor(file: string, code: string, reason?: string);
  constructor(file: string, code: null, reason: string);
  constructor(file: string, code: string | null, reason = code === null ? undefined : REASONS[code]) {
    super(`${visible(file)}: Cannot write output${code === null ? '' : ` (${code})`}${reason ? `: ${reason}` : ''}`);
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'a parent directory does not exist and cannot be created here',
  ENOTDIR: 'a parent of this path is a file, not a directory',
  EISDIR: 'this path is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
  ENXIO: 'no such device or address (a socket cannot be written as a file)',
};

/**
 * Writes under way. A signal, or an error that escaped the run, aborts them (between chunks);
 * each then removes its temporary file once its file operations have settled (a pending open
 * could otherwise create the file again after a removal) and the last one ends the process: by
 * that signal, or with the exit code asked for.
 */
const writes = new Set<AbortController>();
let interrupted: NodeJS.Signals | null = null;
let exitCode: number | null = null;

function onSignal(signal: NodeJS.Signals): void {
  interrupted ??= signal;
  for (const write of writes) write.abort();
}

/**
 * Ends the process with `code` (for the bin: an error that escaped the run, see escapedError in
 * cli.ts), at once when no file is being written, else once the writes under way have stopped and
 * removed their temporary files: the files they would have replaced keep what they held. A write
 * that starts meanwhile stops at once.
 */
export function exitAfterWrites(code: number): void {
  if (writes.size === 0) process.exit(code);
  exitCode ??= code;
  for (const write of writes) write.abort();
}

/** Registers a write for the signal handler (installed while any write is under way); returns its release. */
function track(write: AbortController): () => Promise<void> {
  if (writes.size === 0) for (const name of STOP_SIGNALS) process.on(name, onSignal);
  writes.add(write);
  if (interrupted !== null || exitCode !== null) write.abort();
  return async () => {
    await signalsDelivered();
    writes.delete(write);
    if (writes.size > 0) return;
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
    // With no handler left, the signal has its default action: the process ends by it.
    if (interrupted !== null) process.kill(process.pid, interrupted);
    if (exitCode !== null) process.exit(exitCode);
  };
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

function temporaryPath(absPath: string): string {
  return join(dirname(absPath), `.${basename(absPath)}.${process.pid}.tmp`);
}

/**
 * Removes the temporary files of `absPath` that runs which are gone left behind: a SIGKILL (the
 * out-of-memory killer, a CI job's timeout) ends a run without removing its temporary file. The
 * temporary file of a run that is still going (two runs writing one baseline) is left alone.
 */
function removeLeftovers(absPath: string): void {
  const prefix = `.${basename(absPath)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(absPath));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.tmp') ? name.slice(prefix.length, -'.tmp'.length) : '';
    if (/^[1-9]\d*$/.test(pid) && !isRunning(Number(pid))) rmSync(join(dirname(absPath), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process is there, and another user's.
    return codeOf(error) === 'EPERM';
  }
}

/** Where a report or baseline goes: `path` replaced atomically, or written through (see the top of this file). */
interface OutputTarget {
  path: string;
  through: boolean;
  /** For a file descriptor's link of this process (/dev/stdout), the descriptor. */
  descriptor?: number;
}

/** A directory of file descriptors' links, as realpath gives it (`/proc/self/fd` is `/proc/PID/fd`): the process id. */
const DESCRIPTOR_DIRECTORY = /^\/proc\/(\d+)(?:\/task\/\d+)?\/fd$/;

/**
 * What `absPath` leads to: a regular file to replace (or a new one), or a FIFO, a character
 * device or a file descriptor's link to write through. Symbolic links are followed one at a
 * time (a descriptor's link names no path: `pipe:[1234]`); anything else is refused.
 */
function outputTarget(absPath: string, shown: string): OutputTarget {
  let path = absPath;
  for (let links = 0; ; links++) {
    let stats;
    try {
      stats = lstatSync(path);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return { path, through: false };
      throw new OutputFileError(shown, codeOf(error));
    }
    if (stats.isSymbolicLink()) {
      const dir = realpathSync.native(dirname(path));
      const descriptors = DESCRIPTOR_DIRECTORY.exec(dir);
      if (descriptors) return { path, through: true, ...(Number(descriptors[1]) === process.pid ? { descriptor: Number(basename(path)) } : {}) };
      if (links === MAX_LINKS) throw new OutputFileError(shown, 'ELOOP');
      path = resolve(dir, readlinkSync(path));
    } else if (stats.isFile()) return { path, through: false };
    else if (stats.isFIFO() || stats.isCharacterDevice()) return { path, through: true };
    else if (stats.isDirectory()) throw new OutputFileError(shown, 'EISDIR');
    else throw new OutputFileError(shown, null, `${kindOf(stats)}: reports and baselines are written to files, FIFOs and character devices`);
  }
}

/**
 * Whether `absPath` leads to this process's stdout (`/dev/stdout`, `/dev/fd/1`, a link to
 * `/proc/self/fd/1`): the CLI writes such a report as it writes stdout, in order with what else
 * goes there, and also when stdout is a socket (which cannot be opened by a path).
 */
export function isStdout(absPath: string): boolean {
  try {
    return outputTarget(absPath, absPath).descriptor === 1;
  } catch {
    // Reported when the path is prepared.
    return false;
  }
}

/**
 * Makes sure `absPath` can be written: creates missing parent directories one level at a time
 * (Node's recursive mkdir loops forever on some pseudo file systems, such as /proc), refuses a
 * directory as the file, and creates and removes the temporary file the write will use. A
 * target written through is only checked for permission (opening a FIFO would wait for its
 * reader).
 */
export async function prepareOutputFile(absPath: string, shown: string): Promise<void> {
  const target = outputTarget(absPath, shown);
  if (target.through) {
    try {
      accessSync(target.path, constants.W_OK);
    } catch (error) {
      throw new OutputFileError(shown, codeOf(error));
    }
    return;
  }
  const missing: string[] = [];
  let dir = dirname(target.path);
  for (;;) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(dir).isDirectory();
    } catch (error) {
      const code = codeOf(error);
      if (code !== 'ENOENT' || dirname(dir) === dir) throw new OutputFileError(shown, code);
      missing.push(dir);
      dir = dirname(dir);
      continue;
    }
    if (!isDirectory) throw new OutputFileError(shown, 'ENOTDIR');
    break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw new OutputFileError(shown, codeOf(error));
    }
  }
  // A signal during the probe is held by the handler until the temporary file is gone again,
  // then ends the process as it would have.
  const temp = temporaryPath(target.path);
  const release = track(new AbortController());
  try {
    closeSync(openSync(temp, 'w'));
  } catch (error) {
    throw new OutputFileError(shown, codeOf(error));
  } finally {
    rmSync(temp, { force: true });
    await release();
  }
}

/**
 * Replaces `absPath` with `text` (a string, or its chunks in order) atomically: the old file or
 * the new one, never a part of one. A FIFO, a character device or a file descriptor's link is
 * written through instead.
 */
export async function writeOutputFile(absPath: string, shown: string, text: string | Iterable<string>): Promise<void> {
  // node:fs/promises is loaded when a run first writes a file: most runs write none, and it costs a
  // run's start ~2 ms (it loads readline and the file watchers).
  const { open, rename, rm } = await import('node:fs/promises');
  const chunks = typeof text === 'string' ? [text] : text;
  const target = outputTarget(absPath, shown);
  if (target.through) {
    // Not tracked for signals (nothing to remove): opening a FIFO waits for its reader, and a
    // signal then ends the run at once. Appended to, not truncated: through /dev/stdout, a file
    // that stdout was redirected to keeps what was written to it before.
    try {
      const file = await open(target.path, constants.O_WRONLY | constants.O_APPEND);
      try {
        await writeBatches(file, chunks);
      } finally {
        await file.close();
      }
    } catch (error) {
      // The reader of a FIFO went away: the run ends quietly, as it does when stdout's reader goes.
      if (codeOf(error) !== 'EPIPE') throw new OutputFileError(shown, codeOf(error));
    }
    return;
  }
  removeLeftovers(target.path);
  const temp = temporaryPath(target.path);
  const write = new AbortController();
  const release = track(write);
  try {
    const file = await open(temp, 'w');
    try {
      await writeBatches(file, chunks, write.signal);
    } finally {
      await file.close();
    }
    if (write.signal.aborted) throw new Error('interrupted');
    await rename(temp, target.path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new OutputFileError(shown, codeOf(error));
  } finally {
    await release();
  }
}

/** Writes the chunks to `file`, batched into writes of about `BATCH` characters (see batches); a signal stops it between writes. */
async function writeBatches(file: FileHandle, chunks: Iterable<string>, signal?: AbortSignal): Promise<void> {
  for (const batch of batches(chunks)) {
    if (signal?.aborted) throw new Error('interrupted');
    // A write may take fewer bytes than given (a disk filling up): write the rest until it fails.
    const bytes = Buffer.from(batch, 'utf8');
    for (let done = 0; done < bytes.length; ) done += (await file.write(bytes, done, bytes.length - done)).bytesWritten;
  }
}

/**
 * Characters per write. A batch is one string, flattened when it is written: kept under V8's
 * large-object size (128 KiB, 64 Ki characters of two-byte text) it is allocated and freed as
 * any young string; larger, each batch is a separate mapping freed only by a full collection
 * (SARIF of 200,000 findings took twice as long with 64 Ki-character batches).
 */
const BATCH = 1 << 15;

/** The chunks joined into pieces of about `BATCH` characters: small chunks joined, a chunk of `BATCH` or more on its own. */
export function* batches(chunks: Iterable<string>): Generator<string> {
  let batch = '';
  for (const chunk of chunks) {
    if (batch !== '' && batch.length + chunk.length > BATCH) {
      yield batch;
      batch = '';
    }
    batch += chunk;
    if (batch.length >= BATCH) {
      yield batch;
      batch = '';
    }
  }
  if (batch !== '') yield batch;
}
