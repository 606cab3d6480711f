/** The signals that stop a run (Ctrl-C, a CI job cancelled), and that cmlint cleans up after. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Two turns of the event loop, with a poll phase between them: a signal that arrived while a
 * handler was installed has been dispatched to it then (libuv reads signals in the poll phase; a
 * single setImmediate may run before the next one, and a signal still undelivered when the
 * handler is removed would be lost, the process going on as if it had never come).
 */
export async function signalsDelivered(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}
