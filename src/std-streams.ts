export interface GuardedStream {
  write: (text: string) => void;
  /** The error code that stopped writes other than a closed pipe (a full disk, say), or null. */
  failure: () => string | null;
}

/**
 * A writer for stdout or stderr. When the reader goes away (`cmlint … | head -1`: EPIPE), further
 * output is dropped quietly and the run ends with the exit code its findings give, as
 * `git log | head` ends without a word; any other write error (ENOSPC when redirected to a full
 * disk) is kept for `failure()` and calls `onFailure`.
 */
export function guardStream(stream: NodeJS.WritableStream, onFailure: (code: string) => void): GuardedStream {
  let closed = false;
  let failure: string | null = null;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    closed = true;
    if (error.code === 'EPIPE' || failure !== null) return;
    failure = error.code ?? error.message;
    onFailure(failure);
  });
  return {
    write(text) {
      if (!closed) stream.write(text);
    },
    failure: () => failure,
  };
}
