/**
 * The caches a run writes after its output (the documents' extraction cache, the cache of
 * findings about code): each registers its save when it is opened, and the bin calls `saveCaches`
 * once `main()` has returned and the output is written. A save never throws and never changes the
 * output or the exit code. (The compile cache, bundled on its own, has its own save.)
 */
const pending: (() => void)[] = [];

/** Registers `save` to run after the output. */
export function saveAfterRun(save: () => void): void {
  pending.push(save);
}

/** Runs the saves registered so far, once each. */
export function saveCaches(): void {
  for (const save of pending.splice(0)) save();
}
