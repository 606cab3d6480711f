import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../config/run-config.js';
import { RuleConfiguration } from '../config/resolve-rules.js';
import { InputError, InputErrors } from '../inputs/space/input-error.js';
import { expectIdentities, type FileIdentity } from '../inputs/space/file-bytes.js';
import { rememberLayout, type LayoutIndex } from '../inputs/space/json-stream.js';
import { loadSpace, type EntryUnit } from '../inputs/space/load-space.js';
import type { WorkerMessage, WorkerSetup } from './parallel.js';
import { rulesToRun } from './rules-registry.js';
import { runsIn } from './rule.js';
import { RuleRunner } from './run-rules.js';

/** A worker thread of a parallel run: see parallel.ts. */
const setup = workerData as WorkerSetup;
const port = parentPort!;
const send = (message: WorkerMessage): void => port.postMessage(message);

type Incoming = { type: 'start'; layouts: Record<string, LayoutIndex>; identities: Record<string, FileIdentity> } | { type: 'unit'; unit: number; range: EntryUnit };

/** Messages that arrive before the rules are ready (the main thread hands out a first unit at once) wait here. */
const waiting: Incoming[] = [];
let handle: ((message: Incoming) => void) | null = null;
let started: (start: Extract<Incoming, { type: 'start' }>) => void;
const start = new Promise<Extract<Incoming, { type: 'start' }>>((resolve) => (started = resolve));
port.on('message', (message: Incoming) => {
  if (message.type === 'start') started(message);
  else if (handle) handle(message);
  else waiting.push(message);
});

prepare().catch(fail);

/** Loads the config, the model and the rules, then visits the units handed over (a function, not top-level awaits: the worker's bundle is CommonJS). */
async function prepare(): Promise<void> {
  // The config (and its plugins) load while the main thread reads the model; the model is read
  // here once the main thread says start, with the layout of large files it found.
  const loaded = await loadConfig(setup.cwd, undefined, setup.configPath ?? undefined);
  const { layouts, identities } = await start;
  for (const [absPath, layout] of Object.entries(layouts)) rememberLayout(absPath, layout);
  expectIdentities(identities);

  const space = await loadSpace(setup.inputs, setup.cwd, { taxonomy: setup.taxonomy });
  const fileIndex = new Map(space.files.map((file, i) => [file, i]));
  // Workers visit entries only: the rules that check other inputs alone (code, migrations) run on the main thread.
  const configuration = new RuleConfiguration(loaded.rules, loaded.config, setup.ruleSeverities);
  const rules = await rulesToRun(loaded.rules.filter((r) => configuration.isActive(r.meta.id) && runsIn(r.meta, false)), new Set());
  const runner = new RuleRunner(new RuleConfiguration(rules, loaded.config, setup.ruleSeverities), space.model, setup.asOf, space.files);
  // The main thread reports what the model and the assets give; here they only prepare the rules.
  runner.reporting = false;
  runner.visitModel();
  for await (const asset of space.assets()) runner.visit('asset', asset);
  runner.reporting = true;

  handle = (message) => {
    try {
      if (message.type === 'unit') {
        const ids: string[] = [];
        for (const entry of space.entriesIn(message.range)) {
          runner.visit('entry', entry);
          ids.push(entry.id);
        }
        // What the rules gathered for their cross-entry state goes with the unit (the main thread merges it while the threads go on).
        const states = runner.exportStates();
        send({ type: 'unit', unit: message.unit, findings: runner.findings.takeWire(fileIndex), ids, states });
      }
    } catch (error) {
      fail(error);
    }
  };
  for (const message of waiting.splice(0)) handle(message);
  send({ type: 'ready' });
}

function fail(error: unknown): void {
  if (error instanceof InputErrors || error instanceof InputError) {
    const errors = error instanceof InputErrors ? error.errors : [error];
    send({ type: 'input-error', errors: errors.map((e) => ({ file: e.file, message: e.message, position: e.position, pointer: e.pointer })) });
  } else {
    send({ type: 'crash', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
