import { Worker } from 'node:worker_threads';
import { InputError, InputErrors } from '../load/input-error.js';
import { knownLayout, type LayoutIndex } from '../load/json-stream.js';
import type { EntryUnit, InputFile, LoadOptions, Space } from '../load/load-space.js';
import type { SeveritySetting } from './rule.js';
import type { WireFindings } from './findings.js';
import { PROGRESS_EVERY, type RuleRunner, type RunStats } from './run-rules.js';

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

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'unit'; unit: number; findings: WireFindings; ids: string[] }
  | { type: 'states'; states: Record<string, unknown>; findings: WireFindings }
  | { type: 'input-error'; errors: { file: string; message: string; position?: { line: number; column: number }; pointer?: string }[] }
  | { type: 'crash'; message: string };

/** Units per worker and section: enough to even out the work, few enough to be cheap to hand out. */
const UNITS_PER_JOB = 8;

/**
 * Worker threads for the entries of large export files. They start as soon as the inputs are
 * known and load the config and rules while the main thread reads the model; then they read the
 * model too, with the layout index the main thread found (no second scan of the file). Each worker prepares the rules on the model without reporting, then visits the units
 * it is handed; the main thread merges findings and each rule's cross-entry state, so the result
 * is the same as with one thread.
 */
export class WorkerPool {
  private readonly workers: Worker[];
  private readonly messages: Map<Worker, (message: WorkerMessage) => void> = new Map();
  private readonly failures: Promise<never>;
  private closing = false;

  constructor(jobs: number, setup: WorkerSetup) {
    this.workers = Array.from({ length: jobs }, () => new Worker(new URL('./worker.js', import.meta.url), { workerData: setup }));
    this.failures = new Promise<never>((_, reject) => {
      for (const worker of this.workers) {
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'input-error') {
            reject(new InputErrors(message.errors.map((e) => new InputError(e.file, e.message, e.position, e.pointer))));
          } else if (message.type === 'crash') reject(new Error(`worker thread failed: ${message.message}`));
          else this.messages.get(worker)?.(message);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (!this.closing) reject(new Error(`worker thread exited with code ${code}`));
        });
      }
    });
    this.failures.catch(() => undefined);
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Visits the entries of the space: units of the large sections in the workers, the rest in the
   * main thread. Returns false (nothing done) when there is nothing to split.
   */
  async visit(space: Space, runner: RuleRunner, stats: RunStats, onProgress?: (stats: Readonly<RunStats>) => void): Promise<boolean> {
    const { units, rest } = space.splitEntries(this.workers.length * UNITS_PER_JOB);
    if (units.length < 2) return false;
    const checkIds = space.duplicateCheck();
    const layouts: Record<string, LayoutIndex> = {};
    for (const file of space.files) {
      const layout = knownLayout(file.absPath);
      if (layout) layouts[file.absPath] = layout;
    }
    let next = 0;
    const states: Record<string, unknown>[] = [];
    const done = Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const handOut = () => {
              if (next < units.length) worker.postMessage({ type: 'unit', unit: next, range: units[next++] as EntryUnit });
              else worker.postMessage({ type: 'finish' });
            };
            this.messages.set(worker, (message) => {
              try {
                handle(message);
              } catch (error) {
                reject(error);
              }
            });
            const handle = (message: WorkerMessage) => {
              if (message.type === 'ready') handOut();
              else if (message.type === 'unit') {
                checkIds(units[message.unit]!, message.ids);
                runner.findings.addWire(message.findings, space.files);
                const before = stats.entries;
                stats.entries += message.ids.length;
                if (onProgress && Math.floor(before / PROGRESS_EVERY) !== Math.floor(stats.entries / PROGRESS_EVERY)) onProgress(stats);
                handOut();
              } else if (message.type === 'states') {
                states.push(message.states);
                runner.findings.addWire(message.findings, space.files);
                resolve();
              }
            };
            worker.postMessage({ type: 'start', layouts });
          }),
      ),
    );
    await Promise.race([done, this.failures]);
    for await (const entry of rest()) {
      stats.entries++;
      runner.visit('entry', entry);
    }
    runner.importStates(states);
    return true;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
