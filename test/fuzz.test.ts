/**
 * Property-based fuzzing of the whole command line on mutated real and generated exports (see
 * test/fuzz/harness.ts for what is mutated and checked). The suite runs a few hundred cases;
 * `node scripts/fuzz.mjs` runs 100,000 or more through this same file (CMLINT_FUZZ_RUNS), and
 * CMLINT_FUZZ_SEED with CMLINT_FUZZ_PATH replays a failing case.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateExport } from '../bench/generate-export.mjs';
import { BIN, baseEnv } from './helpers/cli.js';
import { caseFiles, describeCase, fuzzCase, runCase, type Seed } from './fuzz/harness.js';
import { CORPUS } from './helpers/corpus.js';

const RUNS = Number(process.env.CMLINT_FUZZ_RUNS ?? 300);
const SEED = process.env.CMLINT_FUZZ_SEED === undefined ? undefined : Number(process.env.CMLINT_FUZZ_SEED);
/** With the seed, fast-check's `path` of a failure replays just that case. */
const PATH = process.env.CMLINT_FUZZ_PATH;

// In memory where there is a tmpfs: every case writes and reads its files.
const work = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'cmlint-fuzz-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The real exports of the corpus (read, never written), the demo space, and generated exports with broken values. */
const seeds: Seed[] = [];
beforeAll(async () => {
  for (const name of readdirSync(CORPUS).filter((n) => n.endsWith('.json')).sort()) {
    seeds.push({ name: `corpus/${name}`, doc: JSON.parse(readFileSync(join(CORPUS, name), 'utf8')) });
  }
  seeds.push({ name: 'fixtures/demo-space', doc: JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'demo-space', 'export.json'), 'utf8')) });
  for (const seed of [1, 2, 3]) {
    const out = join(work, `generated-${seed}.json`);
    await generateExport({ entries: 30, seed, invalidRate: 0.2, out });
    seeds.push({ name: `generated seed ${seed}`, doc: JSON.parse(readFileSync(out, 'utf8')) });
  }
});

describe('fuzzing', () => {
  it(`${RUNS} mutated exports through the command line: exit 0, 1 or 2, valid reports, no crash, inputs unchanged`, async () => {
    const dir = join(work, 'case');
    const codes = [0, 0, 0];
    let inputErrors = 0;
    let slowest = { ms: 0, what: '' };
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fuzzCase(seeds.length), async (c) => {
        const result = await runCase(seeds[c.seed]!, c, dir);
        if (result.problems.length > 0) {
          // Kept for a look and a rerun with the real bin: cd there, then cmlint ARGS.
          const kept = mkdtempSync(join(tmpdir(), 'cmlint-fuzz-failure-'));
          cpSync(dir, kept, { recursive: true });
          throw new Error(`${result.problems.join('\n')}\nfiles: ${kept}\nargs: ${JSON.stringify(result.args)}\ncase: ${describeCase(seeds[c.seed]!, c)}`);
        }
        codes[result.code]!++;
        if (result.ms > slowest.ms) slowest = { ms: result.ms, what: describeCase(seeds[c.seed]!, c).slice(0, 300) };
        if (result.inputErrors > 0) inputErrors++;
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), ...(PATH === undefined ? {} : { path: PATH }), endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${RUNS} cases in ${seconds.toFixed(1)} s (${Math.round(RUNS / seconds)}/s): exit 0: ${codes[0]}, exit 1: ${codes[1]}, exit 2: ${codes[2]} (${inputErrors} stopped by input errors); slowest run ${Math.round(slowest.ms)} ms: ${slowest.what}`,
    );
    // The mutations reach all three outcomes (a generator that only broke files would test little).
    expect(Math.min(...codes)).toBeGreaterThan(0);
  });

  it('the real bin on 12 mutated exports: the same checks hold in a separate process', () => {
    const cases = fc.sample(fuzzCase(seeds.length), { numRuns: 12, seed: 42 });
    for (const [i, c] of cases.entries()) {
      const dir = join(work, `bin-${i}`);
      mkdirSync(dir, { recursive: true });
      const files = caseFiles(seeds[c.seed]!, c);
      for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
      const run = spawnSync(process.execPath, [BIN, ...Object.keys(files), '-f', 'json', '--as-of', '2026-11-21'], { cwd: dir, env: baseEnv(), encoding: 'utf8' });
      expect([0, 1, 2], run.stderr).toContain(run.status);
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
      const report = JSON.parse(run.stdout) as { findings: { ruleId: string; message: string }[] };
      expect(report.findings.filter((f) => f.message.startsWith('Internal error in rule'))).toEqual([]);
      expect(run.status === 2).toBe(report.findings.some((f) => f.ruleId === 'input-error'));
      for (const [name, bytes] of Object.entries(files)) expect(readFileSync(join(dir, name)).equals(bytes), name).toBe(true);
    }
  });
});
