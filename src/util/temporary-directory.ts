import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STOP_SIGNALS, signalsDelivered } from './signals.js';

/**
 * A new temporary directory (`cmlint diff --base`'s checkout, the copy of standard input),
 * removed when a SIGINT or SIGTERM stops the run: by their default action the process would end
 * at once and leave it behind (76 MB for a 79 MB export). While child processes that fill it run
 * (`children`: `git archive` and `tar`), the handler stops them, and the caller, at their end,
 * removes the directory; otherwise the handler removes it. Either way the process then ends by
 * the same signal, as it would have without the handler. The handler is installed before the
 * directory is made, so that no signal finds a directory without one, and stays until `remove()`.
 */
export function temporaryDirectory(prefix: string) {
  const children = new Set<ChildProcess>();
  let signalled: NodeJS.Signals | null = null;
  let dir: string | undefined;
  const removeNow = () => {
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  };
  function onSignal(signal: NodeJS.Signals): void {
    signalled ??= signal;
    if (children.size > 0) {
      for (const child of children) child.kill('SIGKILL');
      return;
    }
    removeNow();
    process.kill(process.pid, signal);
  }
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  try {
    dir = mkdtempSync(join(tmpdir(), prefix));
  } catch (error) {
    removeNow();
    throw error;
  }
  return {
    dir,
    children,
    signalled: () => signalled !== null,
    /** Removes the directory; a SIGINT or SIGTERM that came while it was there then ends the process. */
    async remove() {
      await signalsDelivered();
      removeNow();
      if (signalled !== null) process.kill(process.pid, signalled);
    },
  };
}
