/**
 * Differential test of `--jobs`: the findings of a run are the same, in the same order, for any
 * number of threads. Generated exports with `crossLinks` (bench/generate-export.mjs): links to
 * entries before and after them in the file, two link fields with one validation, link arrays
 * with several wrong items. CMLINT_WHOLE_FILE_LIMIT makes these small files count as large, so
 * that their entries are cut into units of 256 KiB (more units than the largest N has threads).
 *
 * Which thread visits which unit depends on timing (the main thread takes the first, each worker
 * one of the next at once, the rest go to whichever thread asks); the assertion holds for every
 * such assignment. N = 3 and 7 run through the API in this process: the CLI caps `--jobs` at the
 * machine's parallelism (2 on the project's machines), the API starts the threads it is asked for.
 * The bin's own output is compared for N = 1 and 2 in the test after it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateExport } from '../bench/generate-export.mjs';
import type * as Api from '../src/index.js';
import { BIN, ROOT, baseEnv } from './helpers/cli.js';

const api = (await import(join(ROOT, 'dist/src/index.js'))) as typeof Api;
const CONFIG = join(ROOT, 'test/golden/differential/rules.yaml');
const AS_OF = '2026-11-21';
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const UNIT = 256 << 10;

let dir: string;
let limit: string | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmlint-jobs-'));
  // Read by the main thread and by the workers (which copy the environment when they start).
  limit = process.env.CMLINT_WHOLE_FILE_LIMIT;
  process.env.CMLINT_WHOLE_FILE_LIMIT = '1000';
});
afterAll(() => {
  if (limit === undefined) delete process.env.CMLINT_WHOLE_FILE_LIMIT;
  else process.env.CMLINT_WHOLE_FILE_LIMIT = limit;
  rmSync(dir, { recursive: true, force: true });
});

async function generated(seed: number): Promise<string> {
  const file = join(dir, `export-${seed}.json`);
  await generateExport({ entries: 300, seed, invalidRate: 0.5, brokenPerEntry: 4, crossLinks: true, out: file });
  return file;
}

async function findings(file: string, jobs: number, configPath = CONFIG): Promise<string> {
  const config = await api.loadConfig(dir, undefined, configPath);
  const { result } = await api.lint({ paths: [file], cwd: dir, config, asOf: AS_OF, jobs });
  return JSON.stringify({ findings: result.findings, stats: result.stats }, null, 1);
}

describe('--jobs: the same findings in the same order for any number of threads', () => {
  it.each(SEEDS)('seed %i: N = 1, 2, 3, 7 (API)', async (seed) => {
    const file = await generated(seed);
    expect(statSync(file).size).toBeGreaterThan(8 * UNIT);
    const one = await findings(file, 1);
    const list = (JSON.parse(one) as { findings: Api.Finding[] }).findings;
    // What the export holds for the threads to hand over: findings decided at the end about links
    // to entries anywhere in the file, in both link fields, and about items of link arrays.
    const links = list.filter((f) => f.messageId === 'linkContentType');
    expect(links.filter((f) => f.target.field === 'author').length).toBeGreaterThan(5);
    expect(links.filter((f) => f.target.field === 'reviewer').length).toBeGreaterThan(5);
    expect(links.filter((f) => f.target.field === 'contributors').length).toBeGreaterThan(5);
    for (const jobs of [2, 3, 7]) expect(await findings(file, jobs), `--jobs ${jobs}`).toBe(one);
  });

  it('a rule that throws stops where it would with one thread: at its first entry in input order, or at the model', async () => {
    // Entry 10 is in the main thread's first unit; a worker is always handed the second at once.
    const rule = (id: string, visitors: string) =>
      `{ meta: { id: '${id}', description: 'x', docs: 'x', enforcement: { date: null, postponedFrom: null, note: 'x' }, severity: 'error', recommended: true, schema: { type: 'object', properties: {}, additionalProperties: false }, messages: { seen: { text: 'Entry {{id}}.' } } },
        create(context) { return { ${visitors} }; } }`;
    const seen = "context.report({ node: entry, messageId: 'seen', data: { id: entry.id } });";
    writeFileSync(
      join(dir, 'throwing.mjs'),
      `export default { rules: [
        ${rule('throws-on-entries', `entry(entry) { if (['/10', '/100', '/200'].some((end) => entry.source.pointer.endsWith(end))) throw new Error('boom'); ${seen} }`)},
        ${rule('throws-on-a-content-type', `contentType(type) { if (type.id === 'faq') throw new Error('boom'); }, entry(entry) { ${seen} }`)},
      ] };\n`,
    );
    const configPath = join(dir, 'throwing.yaml');
    writeFileSync(configPath, 'plugins: ["./throwing.mjs"]\nextends: []\nrules:\n  throws-on-entries: error\n  throws-on-a-content-type: error\n  entry-field-validation: error\n');
    const file = await generated(12);
    const one = await findings(file, 1, configPath);
    const list = (JSON.parse(one) as { findings: Api.Finding[] }).findings;
    expect(list.filter((f) => f.ruleId === 'throws-on-entries').map((f) => f.internal)).toEqual([...Array<boolean>(10).fill(false), true]);
    expect(list.filter((f) => f.ruleId === 'throws-on-a-content-type').map((f) => f.internal)).toEqual([true]);
    for (const jobs of [2, 3, 7]) expect(await findings(file, jobs, configPath), `--jobs ${jobs}`).toBe(one);
  });

  it('the bin prints byte-identical output with --jobs 1 and 2, and caps N at the machine parallelism, saying so once', async () => {
    const file = await generated(11);
    const run = (jobs: number) => {
      const result = spawnSync(process.execPath, [BIN, file, '--config', CONFIG, '--as-of', AS_OF, '--format', 'json', '--jobs', String(jobs)], {
        cwd: dir,
        env: baseEnv({ CMLINT_WHOLE_FILE_LIMIT: '1000' }),
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    const one = run(1);
    expect(one.code, one.stderr).toBe(1);
    expect(one.stderr).toBe('');
    const cores = availableParallelism();
    if (cores >= 2) expect(run(2)).toEqual(one);
    const many = run(cores + 5);
    expect(many.stdout).toBe(one.stdout);
    expect(many.code).toBe(one.code);
    expect(many.stderr).toBe(`cmlint: --jobs ${cores + 5}: this machine runs ${cores} threads at a time; using ${cores}.\n`);
  });
});
