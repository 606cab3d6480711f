import { Worker } from 'node:worker_threads';
import { InputError, InputErrors } from '../load/input-error.js';
import type { EntryUnit, InputFile, LoadOptions, Space } from '../load/load-space.js';
import type { SeveritySetting } from './rule.js';
import { PROGRESS_EVERY, type Finding, type Pending, type RuleRunner, type RunStats } from './run-rules.js';

/** What a worker thread needs to build the same space and rules as the main thread. */
export interface WorkerSetup {
  inputs: readonly InputFile[];
  taxonomy: LoadOptions['taxonomy'];
  cwd: string;
  /** The config file (absolute), or null for none. */
  configPath: string | null;
  ruleSeverities: Readonly<Record<string, SeveritySetting>>;
  asOf: string;
}

/** A finding as a worker sends it: its record is named by file index, pointer and offset. */
export interface WirePending {
  finding: Finding;
  file: number;
  pointer: string;
  offset: number;
  path: string[];
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'unit'; unit: number; pending: WirePending[]; ids: string[] }
  | { type: 'states'; states: Record<string, unknown>; pending: WirePending[] }
  | { type: 'input-error'; errors: { file: string; message: string; position?: { line: number; column: number }; pointer?: string }[] }
  | { type: 'crash'; message: string };

/** Units per worker and section: enough to even out the work, few enough to be cheap to hand out. */
const UNITS_PER_JOB = 8;

/**
 * Visits the entries of large export files in `jobs` worker threads. Each worker reads the same
 * inputs and rules, prepares the rules on the model without reporting, then visits the units it
 * is handed; the main thread merges findings and each rule's cross-entry state, so the result is
 * the same as with one thread. Returns false (nothing done) when there is nothing to split.
 */
export async function runEntriesInWorkers(
  space: Space,
  runner: RuleRunner,
  stats: RunStats,
  jobs: number,
  setup: WorkerSetup,
  onProgress?: (stats: Readonly<RunStats>) => void,
): Promise<boolean> {
  const { units, rest } = space.splitEntries(jobs * UNITS_PER_JOB);
  if (units.length < 2) return false;
  const checkIds = space.duplicateCheck();
  const toPending = (p: WirePending): Pending => {
    const file = space.files[p.file]!;
    return { finding: p.finding, ref: { file, pointer: p.pointer, offset: p.offset }, path: p.path };
  };

  const workers = Array.from({ length: Math.min(jobs, units.length) }, () => new Worker(new URL('./worker.js', import.meta.url), { workerData: setup }));
  let next = 0;
  const states: Record<string, unknown>[] = [];
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const handOut = () => {
              if (next < units.length) worker.postMessage({ type: 'unit', unit: next, range: units[next++] as EntryUnit });
              else worker.postMessage({ type: 'finish' });
            };
            worker.on('message', (message: WorkerMessage) => {
              try {
                if (message.type === 'ready') handOut();
                else if (message.type === 'unit') {
                  checkIds(units[message.unit]!, message.ids);
                  runner.pending.push(...message.pending.map(toPending));
                  const before = stats.entries;
                  stats.entries += message.ids.length;
                  if (onProgress && Math.floor(before / PROGRESS_EVERY) !== Math.floor(stats.entries / PROGRESS_EVERY)) onProgress(stats);
                  handOut();
                } else if (message.type === 'states') {
                  states.push(message.states);
                  runner.pending.push(...message.pending.map(toPending));
                  resolve();
                } else if (message.type === 'input-error') {
                  reject(new InputErrors(message.errors.map((e) => new InputError(e.file, e.message, e.position, e.pointer))));
                } else reject(new Error(`worker thread failed: ${message.message}`));
              } catch (error) {
                reject(error);
              }
            });
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`worker thread exited with code ${code}`)));
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  for await (const entry of rest()) {
    stats.entries++;
    runner.visit('entry', entry);
  }
  runner.importStates(states);
  return true;
}
