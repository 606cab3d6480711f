export interface GuardedStream {
  /** Settles once the stream has taken `text` out of its buffer (written it to the pipe, file or terminal), or has failed. */
  write: (text: string) => Promise<void>;
  /** The error code that stopped writes other than a closed pipe (a full disk, say), or null. */
  failure: () => string | null;
}

/**
 * A writer for stdout or stderr. When the reader goes away (`cmlint … | head -1`: EPIPE), further
 * output is dropped quietly and the run ends with the exit code its findings give, as
 * `git log | head` ends without a word; any other write error (ENOSPC when redirected to a full
 * disk) is kept for `failure()` and calls `onFailure`.
 *
 * A write's promise waits for the write itself, so that a caller that awaits it between the
 * pieces of a report holds at most one piece in memory: a pipe to a slow reader (a CI runner)
 * would otherwise queue the whole report in the stream's buffer (1.3 GB of memory for 200 MB of
 * JSON), and a large enough queue fails with ENOBUFS.
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
      if (closed) return Promise.resolve();
      // The callback comes also when the write fails or the stream is destroyed (EPIPE).
      return new Promise((resolve) => stream.write(text, () => resolve()));
    },
    failure: () => failure,
  };
}
