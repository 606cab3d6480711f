/**
 * A worker thread of `--jobs` that fails says what failed, as the main thread would: a plugin that
 * cannot be loaded in a thread is a config error (exit 2), and any other failure an internal
 * error whose stack (the worker's) is shown only with CMLINT_DEBUG set. Before, both were printed
 * as "internal error (a bug in cmlint)" with the worker's stack folded into the message.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateExport } from '../bench/generate-export.mjs';
import { BIN, baseEnv } from './helpers/cli.js';

const RULE_META = `{ id: 'quiet-rule', description: 'x', docs: 'x', enforcement: { date: null, postponedFrom: null, note: 'x' }, severity: 'error', recommended: true, schema: { type: 'object', properties: {}, additionalProperties: false }, messages: { m: { text: 'x' } } }`;

let dir: string;
let file: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cmlint-worker-failures-'));
  file = join(dir, 'export.json');
  await generateExport({ entries: 100, seed: 1, out: file });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the bin with two threads on the export (split: CMLINT_WHOLE_FILE_LIMIT) and a plugin: `inWorker` runs when a worker thread loads it; `visitors` is what its rule's create() returns. */
function runWithPlugin(inWorker: string, visitors = '{}', env: Record<string, string> = {}) {
  writeFileSync(
    join(dir, 'plugin.mjs'),
    `import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) { ${inWorker} }\nexport default { meta: ${RULE_META}, create() { return ${visitors}; } };\n`,
  );
  writeFileSync(join(dir, 'config.yaml'), 'plugins: ["./plugin.mjs"]\n');
  const result = spawnSync(process.execPath, [BIN, file, '--config', 'config.yaml', '--jobs', '2', '--format', 'json'], {
    cwd: dir,
    env: baseEnv({ CMLINT_WHOLE_FILE_LIMIT: '1000', ...env }),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('a worker thread that fails', () => {
  it('because a plugin cannot be loaded there: a config error naming the plugin, exit 2', () => {
    const run = runWithPlugin("throw new Error('no threads, please');");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("plugins[0]: plugin './plugin.mjs': cannot load it: no threads, please");
    expect(run.stderr).not.toMatch(/internal error|\bat |\\n/);
  });

  it.each([
    ['an error thrown outside any rule', "setImmediate(() => { throw new Error('lost in a thread'); });", '{}', 'lost in a thread'],
    ['a state the thread cannot send back (a function in it)', '', '{ entry() {}, exportState() { return { keep: () => 1 }; }, importState() {} }', 'could not be cloned'],
  ])('otherwise (%s): an internal error with the message only; the stack with CMLINT_DEBUG', (_, inWorker, visitors, message) => {
    const run = runWithPlugin(inWorker, visitors);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('internal error');
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\bat |\\n/);
    const debug = runWithPlugin(inWorker, visitors, { CMLINT_DEBUG: '1' });
    expect(debug.code).toBe(2);
    expect(debug.stderr).toMatch(new RegExp(`${message}[\\s\\S]*\\n\\s+at `));
  });
});
