import { closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { visible } from './format/safe-text.js';

/**
 * Writing report and baseline files. Paths are checked before the run, so that a path that
 * cannot be written fails at once rather than after a long audit; files are replaced atomically
 * (a temporary file beside the target, then a rename), so that readers, a second run writing
 * the same file, a full disk or a signal leave the previous file or the new one, never a part
 * of one, and no temporary file behind.
 *
 * Signals: during the run, SIGINT and SIGTERM keep their default action (the process ends at
 * once, and nothing has been written yet). While files are written (asynchronously, so that a
 * signal is seen between chunks), a handler aborts the writes, their temporary files are
 * removed, and the process then ends by the same signal, as if no handler had been there.
 */
export class OutputFileError extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
  ) {
    super(`${visible(file)}: Cannot write output (${code})${REASONS[code] ? `: ${REASONS[code]}` : ''}`);
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
};

/**
 * Writes under way. A signal aborts them (between chunks); each then removes its temporary file
 * once its file operations have settled (a pending open could otherwise create the file again
 * after a removal) and the last one ends the process by that signal.
 */
const writes = new Set<AbortController>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
let interrupted: NodeJS.Signals | null = null;

function onSignal(signal: NodeJS.Signals): void {
  interrupted ??= signal;
  for (const write of writes) write.abort();
}

/**
 * Two turns of the event loop, with a poll phase between them: a signal that arrived while the
 * handler was installed has been dispatched to it then (libuv reads signals in the poll phase; a
 * single setImmediate may run before the next one, and a signal still undelivered when the
 * handler is removed would be lost, the process going on as if it had never come).
 */
async function signalsDelivered(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Registers a write for the signal handler (installed while any write is under way); returns its release. */
function track(write: AbortController): () => Promise<void> {
  if (writes.size === 0) for (const name of SIGNALS) process.on(name, onSignal);
  writes.add(write);
  return async () => {
    await signalsDelivered();
    writes.delete(write);
    if (writes.size > 0) return;
    for (const name of SIGNALS) process.off(name, onSignal);
    // With no handler left, the signal has its default action: the process ends by it.
    if (interrupted !== null) process.kill(process.pid, interrupted);
  };
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

function temporaryPath(absPath: string): string {
  return join(dirname(absPath), `.${basename(absPath)}.${process.pid}.tmp`);
}

/**
 * Makes sure `absPath` can be written: creates missing parent directories one level at a time
 * (Node's recursive mkdir loops forever on some pseudo file systems, such as /proc), refuses a
 * directory as the file, and creates and removes the temporary file the write will use.
 */
export async function prepareOutputFile(absPath: string, shown: string): Promise<void> {
  const missing: string[] = [];
  let dir = dirname(absPath);
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
  try {
    if (statSync(absPath).isDirectory()) throw new OutputFileError(shown, 'EISDIR');
  } catch (error) {
    if (error instanceof OutputFileError) throw error;
    if (codeOf(error) !== 'ENOENT') throw new OutputFileError(shown, codeOf(error));
  }
  // A signal during the probe is held by the handler until the temporary file is gone again,
  // then ends the process as it would have.
  const temp = temporaryPath(absPath);
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

/** Replaces `absPath` with `text` (a string, or its chunks in order) atomically: the old file or the new one, never a part of one. */
export async function writeOutputFile(absPath: string, shown: string, text: string | Iterable<string>): Promise<void> {
  // node:fs/promises is loaded when a run first writes a file: most runs write none, and it costs a
  // run's start ~2 ms (it loads readline and the file watchers).
  const { rename, rm, writeFile } = await import('node:fs/promises');
  const temp = temporaryPath(absPath);
  const write = new AbortController();
  const release = track(write);
  try {
    if (typeof text === 'string') await writeFile(temp, text, { signal: write.signal });
    else await writeChunks(temp, text, write.signal);
    if (interrupted !== null) throw new Error('interrupted');
    await rename(temp, absPath);
  } catch (error) {
    await rm(temp, { force: true });
    throw new OutputFileError(shown, codeOf(error));
  } finally {
    await release();
  }
}

/** Writes the chunks to a new file, batched into writes of about `BATCH` characters (see batches); a signal stops it between writes. */
async function writeChunks(path: string, chunks: Iterable<string>, signal: AbortSignal): Promise<void> {
  const { open } = await import('node:fs/promises');
  const file = await open(path, 'w');
  try {
    for (const batch of batches(chunks)) {
      if (signal.aborted) throw new Error('interrupted');
      // A write may take fewer bytes than given (a disk filling up): write the rest until it fails.
      const bytes = Buffer.from(batch, 'utf8');
      for (let done = 0; done < bytes.length; ) done += (await file.write(bytes, done, bytes.length - done)).bytesWritten;
    }
  } finally {
    await file.close();
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
