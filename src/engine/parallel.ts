import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { InputError, InputErrors } from '../inputs/space/input-error.js';
import type { FileIdentity } from '../inputs/space/file-bytes.js';
import { knownLayout, type LayoutIndex } from '../inputs/space/json-stream.js';
import type { EntryUnit, InputFile, LoadOptions, Space } from '../inputs/space/load-space.js';
import type { SeveritySetting } from './rule.js';
import type { WireFindings } from './findings.js';
import { PROGRESS_EVERY, type EntryPool, type RuleRunner, type RunStats } from './run-rules.js';

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
  | { type: 'unit'; unit: number; findings: WireFindings; ids: string[]; states: Record<string, unknown> }
  | { type: 'input-error'; errors: { file: string; message: string; position?: { line: number; column: number }; pointer?: string }[] }
  | { type: 'crash'; message: string };

/**
 * Units a ready worker holds at a time: one to work on and two waiting, so that it does not wait
 * for the main thread, which answers only between units of its own (slower than the worker's: it
 * also cuts units and merges states). With two, a worker on a loaded machine idled about 0.2 s
 * of a run; units are small towards the end, so holding more costs little there.
 */
const UNITS_AHEAD = 3;

/**
 * Threads for the entries of large export files: `jobs - 1` worker threads, and the main thread,
 * which takes units of entries from the same queue. The workers start as soon as the inputs are
 * known and load the config and rules while the main thread reads the model; then they read the
 * model too, with the layout index the main thread found (no second search of the file). Units
 * are cut as they are handed out (see `Space.splitEntries`), so that no thread waits for the
 * whole section to be searched. Each worker prepares the rules on the model without reporting,
 * then visits the units it is handed and sends, per unit, its findings, the entry ids (for the
 * duplicate check) and what each rule gathered for its cross-entry state; the main thread merges
 * them as they arrive, between its own units, so the result is the same as with one thread and
 * nothing is left to hand over at the end.
 */
export class WorkerPool implements EntryPool {
  private readonly workers: Worker[];
  private readonly messages: Map<Worker, (message: WorkerMessage) => void> = new Map();
  private readonly failures: Promise<never>;
  private closing = false;

  constructor(jobs: number, setup: WorkerSetup) {
    this.workers = Array.from({ length: Math.max(0, jobs - 1) }, () => new Worker(new URL('./worker.js', import.meta.url), { workerData: setup }));
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

  /** Threads in all, the main thread included. */
  get size(): number {
    return this.workers.length + 1;
  }

  private started = false;

  /**
   * Lets the workers read the model (with the members of large files the main thread found), as
   * soon as the main thread has read it: they prepare their rules while the main thread does.
   * Each file must be, from a worker's first read on, the file the main thread read (its
   * identity): one changed in between is an input error, as when the main thread reads it again.
   */
  start(space: Space): void {
    if (this.started) return;
    this.started = true;
    const layouts: Record<string, LayoutIndex> = {};
    const identities: Record<string, FileIdentity> = {};
    for (const file of space.files) {
      const layout = knownLayout(file.absPath);
      if (layout) layouts[file.absPath] = layout;
      if (file.identity) identities[file.absPath] = file.identity;
    }
    for (const worker of this.workers) worker.postMessage({ type: 'start', layouts, identities });
  }

  /**
   * Visits the entries of the space: units of the large sections in the workers and the main
   * thread, the rest in the main thread. Returns false (nothing done) when there is nothing to split.
   */
  async visit(space: Space, runner: RuleRunner, stats: RunStats, onProgress?: (stats: Readonly<RunStats>) => void): Promise<boolean> {
    this.start(space);
    // Synchronous up to the handlers set below: a worker's answer cannot arrive before them.
    const split = space.splitEntries(this.size);
    if (!split) {
      await this.close();
      return false;
    }
    /** The units cut so far, by number (in file order). */
    const units: EntryUnit[] = [];
    const take = (): number | undefined => {
      const unit = split.next();
      if (unit === undefined) return undefined;
      return units.push(unit) - 1;
    };
    const checkIds = inUnitOrder(split.checkIds, units);
    const counted = (ids: readonly string[]) => {
      const before = stats.entries;
      stats.entries += ids.length;
      if (onProgress && Math.floor(before / PROGRESS_EVERY) !== Math.floor(stats.entries / PROGRESS_EVERY)) onProgress(stats);
    };
    // The main thread's first unit is the section's first (so it visits the first entries itself, before any state arrives).
    const first = take();
    const done = Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let held = 0;
            // One unit before the worker is ready (it may take long to be), `UNITS_AHEAD` once it is.
            let ahead = 1;
            const handOut = () => {
              while (held < ahead) {
                const unit = take();
                if (unit === undefined) break;
                worker.postMessage({ type: 'unit', unit, range: units[unit]! });
                held++;
              }
              // Every unit it was handed is back: nothing more to wait for (a worker that was never ready is not waited for).
              if (held === 0) resolve();
            };
            const handle = (message: WorkerMessage) => {
              if (message.type === 'ready') {
                ahead = UNITS_AHEAD;
                handOut();
              } else if (message.type === 'unit') {
                held--;
                checkIds(message.unit, message.ids);
                runner.importStates([message.states]);
                runner.findings.addWire(message.findings, space.files);
                counted(message.ids);
                handOut();
              }
            };
            this.messages.set(worker, (message) => {
              try {
                handle(message);
              } catch (error) {
                reject(error);
              }
            });
            // Its first unit at once: the worker starts on it as soon as it is ready, without waiting for the main thread's unit to end.
            handOut();
          }),
      ),
    );
    // The main thread takes units too, one at a time, letting the workers' messages in between.
    let failed: unknown;
    this.failures.catch((error: unknown) => (failed ??= error));
    done.catch((error: unknown) => (failed ??= error));
    for (let unit = first; unit !== undefined; unit = failed === undefined ? take() : undefined) {
      const ids: string[] = [];
      for (const entry of space.entriesIn(units[unit]!)) {
        runner.visit('entry', entry);
        ids.push(entry.id);
      }
      checkIds(unit, ids);
      counted(ids);
      await yieldToEvents();
    }
    if (failed !== undefined) throw failed;
    await Promise.race([done, this.failures]);
    for await (const entry of split.rest()) {
      stats.entries++;
      runner.visit('entry', entry);
    }
    return true;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * The duplicate check of entry ids, fed unit by unit in file order whatever order the threads
 * finish units in: a duplicate is then reported as one thread reports it (the later entry, naming
 * the first).
 */
function inUnitOrder(check: (unit: EntryUnit, ids: readonly string[]) => void, units: readonly EntryUnit[]): (unit: number, ids: readonly string[]) => void {
  const waiting = new Map<number, readonly string[]>();
  let due = 0;
  return (unit, ids) => {
    waiting.set(unit, ids);
    for (let ready = waiting.get(due); ready !== undefined; ready = waiting.get(due)) {
      waiting.delete(due);
      check(units[due++]!, ready);
    }
  };
}
