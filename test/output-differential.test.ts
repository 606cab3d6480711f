/**
 * Differential test of the whole output: every fixture space, every corpus export and generated
 * findings-heavy exports, in every format, compared byte for byte with
 * outputs recorded under test/golden/differential/ from the code before the reader and the
 * placement of findings were reworked (issue 14). Each input is read whole and streamed
 * (CMLINT_WHOLE_FILE_LIMIT=0); the generated exports also with --jobs 2 (its limit set low so
 * that they are split). Only the version is normalised. The rules are fixed by
 * test/golden/differential/rules.yaml, so that rules added later do not change these files.
 * The fixtures run the built CLI in this process (what they compare is what a run prints and
 * writes); the generated exports run the real bin.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateExport } from '../bench/generate-export.mjs';
import { ROOT } from './helpers/cli.js';
import { FORMATS, runBin, runInProcess, type FormatName, type Outputs } from './helpers/differential.js';

const CONFIG = 'test/golden/differential/rules.yaml';
const AS_OF = '2026-01-01';

interface Case {
  name: string;
  args: string[];
  /**
   * Streamed, a syntax error keeps the offset where the stream found it; read whole, the file is
   * diagnosed for its first error: the two differ, and each has its own golden.
   */
  streamedDiffers?: boolean;
}

const lint = (name: string, ...args: string[]): Case => ({ name, args: [...args, '--config', CONFIG] });

/** The fixture spaces and corpus exports, each linted on its own. */
const FIXTURES: Case[] = [
  ...[
    'cli-init-content',
    'content-types-only',
    'covid-19-site-template',
    'example-taxonomy',
    'import-sample-space',
    'starter-gatsby-blog',
    'starter-hydrogen-store',
    'unlikely-friends',
  ].map((name) => lint(`corpus-${name}`, `fixtures/corpus/${name}.json`)),
  lint('demo-space', 'fixtures/demo-space'),
  lint('locales', 'fixtures/locales'),
  lint('taxonomy', 'fixtures/taxonomy/space', '--taxonomy', 'fixtures/taxonomy/org-taxonomy.json'),
  lint('graphql-template-blog', 'fixtures/graphql/template-blog'),
  lint('load-whole-export', 'fixtures/load/whole-export'),
  lint('load-split-space', 'fixtures/load/split-space'),
  lint('load-duplicate-content-type', 'fixtures/load/duplicate-content-type'),
  ...['truncated.json', 'trailing-comma.json', 'unterminated-string.json', 'missing-comma.json', 'bad-indentation.yaml', 'unresolved-alias.yaml'].map(
    (file) => ({
      ...lint(`load-malformed-${file.replace('.', '-')}`, `fixtures/load/malformed/${file}`),
      streamedDiffers: file === 'truncated.json' || file === 'unterminated-string.json',
    }),
  ),
  ...['graphql-collisions', 'hidden-required', 'lookahead', 'clean', 'malformed-json', 'warning-only', 'multi-file'].map((dir) => lint(`cli-${dir}`, `fixtures/cli/${dir}`)),
  lint('config-discovery', 'fixtures/config/discovery'),
  lint('config-include-exclude', 'fixtures/config/include-exclude'),
  lint('diff-before', 'fixtures/diff/before.json'),
  lint('diff-after', 'fixtures/diff/after.json'),
  { name: 'diff-run', args: ['diff', 'fixtures/diff/before.json', 'fixtures/diff/after.json', '--config', CONFIG] },
];

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the bin, or the CLI in this process, with every format written to a file of `dir`. */
const run = (args: readonly string[], dir: string, env: Record<string, string> = {}, cwd = ROOT, inProcess = false): Promise<Outputs> =>
  (inProcess ? runInProcess : runBin)([...args, '--as-of', AS_OF], { cwd, env, formatsDir: dir });

/** Exit code and stderr of a run, as a golden text. */
const status = (outputs: Outputs) => `exit ${outputs.code}\n--- stderr\n${outputs.stderr}`;

describe('output differential: fixtures and corpus, whole and streamed (in process)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cmlint-differential-'));
    temps.push(dir);
  });

  it.each(FIXTURES)('$name', async ({ name, args, streamedDiffers }) => {
    const whole = await run(args, join(dir, name, 'whole'), {}, ROOT, true);
    const streamed = await run(args, join(dir, name, 'streamed'), { CMLINT_WHOLE_FILE_LIMIT: '0' }, ROOT, true);
    await expect(status(whole)).toMatchFileSnapshot(`golden/differential/${name}/status.txt`);
    for (const [format, ext] of Object.entries(FORMATS) as [FormatName, string][]) {
      await expect(whole.files[format]).toMatchFileSnapshot(`golden/differential/${name}/${format}.${ext}`);
      if (streamedDiffers) await expect(streamed.files[format]).toMatchFileSnapshot(`golden/differential/${name}/streamed/${format}.${ext}`);
      else expect(streamed.files[format], `${name} ${format} streamed`).toBe(whole.files[format]);
    }
    if (streamedDiffers) await expect(status(streamed)).toMatchFileSnapshot(`golden/differential/${name}/streamed/status.txt`);
    else expect(status(streamed)).toBe(status(whole));
  });
});

/**
 * Generated exports with many findings (8 broken values in most entries, duplicate `unique`
 * values, links forward and back). Their outputs are large: the golden holds their digests and
 * finding counts.
 */
const GENERATED = [
  { name: 'generated-findings-heavy', entries: 400, seed: 7, invalidRate: 1, brokenPerEntry: 8 },
  { name: 'generated-few-findings', entries: 600, seed: 3, invalidRate: 0.05, brokenPerEntry: 1 },
];

describe('output differential: generated exports, whole, streamed and with --jobs 2 (real bin)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cmlint-differential-generated-'));
    temps.push(dir);
  });

  it.each(GENERATED)('$name', async ({ name, ...options }) => {
    await generateExport({ ...options, out: join(dir, `${name}.json`) });
    // Run in the export's directory, so that findings name it as `NAME.json`.
    const args = [`${name}.json`, '--config', join(ROOT, CONFIG)];
    const digest = (outputs: Outputs) => {
      const lines = [status(outputs)];
      for (const format of Object.keys(FORMATS) as FormatName[]) {
        const text = outputs.files[format]!;
        lines.push(`${format} ${createHash('sha256').update(text).digest('hex')} ${text.length}`);
      }
      const { findings } = JSON.parse(outputs.files.json!) as { findings: unknown[] };
      lines.push(`findings ${findings.length}`);
      return lines.join('\n') + '\n';
    };
    const whole = await run(args, join(dir, name, 'whole'), {}, dir);
    const streamed = await run(args, join(dir, name, 'streamed'), { CMLINT_WHOLE_FILE_LIMIT: '0' }, dir);
    const parallel = await run([...args, '--jobs', '2'], join(dir, name, 'jobs2'), { CMLINT_WHOLE_FILE_LIMIT: '1000' }, dir);
    await expect(digest(whole)).toMatchFileSnapshot(`golden/differential/${name}.txt`);
    expect(digest(streamed)).toBe(digest(whole));
    expect(digest(parallel)).toBe(digest(whole));
  });
});
