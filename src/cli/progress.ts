import type { RunStats } from '../engine/run-rules.js';
import { plural } from '../util/plural.js';

/** Shown only for runs longer than this (CMLINT_PROGRESS_DELAY, milliseconds, changes it), and then at most this often. */
const DELAY_MS = 1000;
const INTERVAL_MS = 250;

/** How long a run goes before its progress line shows: CMLINT_PROGRESS_DELAY (milliseconds), else a second. */
export function progressDelay(env: Readonly<Record<string, string | undefined>>): number {
  const setting = env.CMLINT_PROGRESS_DELAY;
  const ms = setting === undefined || setting.trim() === '' ? NaN : Number(setting);
  return ms >= 0 ? ms : DELAY_MS;
}

export interface Progress {
  onProgress: (stats: Readonly<RunStats>) => void;
  /** Clears the progress line (call before anything else is printed). */
  done: () => void;
}

/**
 * Whether to show progress: only on a terminal, never in CI (the CI variable, set by GitHub
 * Actions, GitLab, Jenkins' plugins and most others), and never while a machine-readable
 * format goes to stdout.
 */
export function showProgress(stderrIsTTY: boolean, env: Readonly<Record<string, string | undefined>>, machineOnStdout: boolean): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return stderrIsTTY && !ci && !machineOnStdout;
}

/** A one-line counter on stderr, redrawn in place, shown only when the run takes a while. */
export function progressLine(write: (text: string) => void, now: () => number = Date.now, delay = DELAY_MS): Progress {
  const start = now();
  let last: number | null = null;
  let shown = false;
  return {
    onProgress(stats) {
      const t = now();
      if (t - start < delay || (last !== null && t - last < INTERVAL_MS)) return;
      last = t;
      shown = true;
      const assets = stats.assets > 0 ? `, ${stats.assets.toLocaleString('en-US')} assets` : '';
      write(`\r\u001b[Kcmlint: checked ${stats.entries.toLocaleString('en-US')} entries${assets} (${plural(stats.contentTypes, 'content type')})…`);
    },
    done() {
      if (shown) write('\r\u001b[K');
      shown = false;
    },
  };
}
