/**
 * Golden tests of every output format: the built CLI (in process) on fixture spaces, compared with the files
 * in test/golden/ (review a change there like code). Only the version is normalised.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMATTERS, formatChunks } from '../src/format/index.js';
import { FORMAT_NAMES, loadFormatChunks } from '../src/format/load.js';
import { toolVersion } from '../src/util/version.js';
import { CONTEXT, NASTY, finding, result } from './helpers/findings.js';
import { cmlintInProcess as cmlint } from './helpers/cli.js';
import { sarifValidator } from './helpers/sarif-schema.js';
import { parseXml } from './helpers/xml.js';

const MULTI_FILE = 'fixtures/cli/multi-file';
const DEMO = 'fixtures/demo-space';
const AFTER_BOTH_DATES = '2025-05-01';
/** Before RE2 enforcement: the demo space then has enforced, upcoming and (the plugin rule's) undated findings. */
const BEFORE_RE2 = '2025-04-01';

/** Only the built-in rules of issue time and the golden plugin rule run (new rules must not change these files). */
const GOLDEN_CONFIG = ['--config', 'fixtures/cli/golden/.linterrc.yaml'];

const normalise = (text: string) => text.split(toolVersion()).join('<version>');

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('golden output per format', () => {
  const cases: [string, string[], number][] = [
    ['stylish', [MULTI_FILE, '--as-of', AFTER_BOTH_DATES], 1],
    ['json', [MULTI_FILE, '--as-of', AFTER_BOTH_DATES, '-f', 'json'], 1],
    ['sarif', [MULTI_FILE, '--as-of', AFTER_BOTH_DATES, '-f', 'sarif'], 1],
    ['junit', [MULTI_FILE, '--as-of', AFTER_BOTH_DATES, '-f', 'junit'], 1],
    ['github', [MULTI_FILE, '--as-of', AFTER_BOTH_DATES, '-f', 'github'], 1],
    ['markdown', [DEMO, '--as-of', BEFORE_RE2, '-f', 'markdown'], 1],
  ];
  it.each(cases)('%s', async (name, args, code) => {
    const run = await cmlint([...args, ...GOLDEN_CONFIG]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(code);
    const ext = { stylish: 'txt', json: 'json', sarif: 'sarif', junit: 'xml', github: 'txt', markdown: 'md' }[name];
    await expect(normalise(run.stdout)).toMatchFileSnapshot(`golden/${name}.${ext}`);
  });

  it('the SARIF of a real run is valid against the SARIF 2.1.0 schema, and its junit parses', async () => {
    const validate = sarifValidator();
    const sarif = JSON.parse((await cmlint([DEMO, '-f', 'sarif'])).stdout) as unknown;
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    const junit = parseXml((await cmlint([DEMO, '-f', 'junit', '--as-of', AFTER_BOTH_DATES])).stdout);
    const findings = (JSON.parse((await cmlint([DEMO, '-f', 'json', '--as-of', AFTER_BOTH_DATES])).stdout) as { findings: unknown[] }).findings;
    expect(findings.length).toBeGreaterThan(5);
    expect(junit.attributes.tests).toBe(String(findings.length));
  });
});

describe('formats loaded on demand (the CLI loads only the formats a run writes)', () => {
  it('are the formats of the API, in its order, and print what its formatters print', async () => {
    const FINDINGS = [
      finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }),
      finding('undated-rule', { contentType: 'page', entry: 'e1', field: 'title', locale: 'de-DE' }, { message: NASTY, severity: 'warning' }),
    ];
    expect(FORMAT_NAMES).toEqual(Object.keys(FORMATTERS));
    for (const name of FORMAT_NAMES) {
      const loaded = [...(await loadFormatChunks(name))(result(FINDINGS), CONTEXT)].join('');
      expect(loaded).toBe([...formatChunks(name)(result(FINDINGS), CONTEXT)].join(''));
      expect(loaded).toBe(FORMATTERS[name]!(result(FINDINGS), CONTEXT));
    }
  });
});

describe('several formats in one run', () => {
  it('writes each NAME:FILE format to its file and the one without a file to stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-formats-'));
    temps.push(dir);
    const args = [MULTI_FILE, '--as-of', AFTER_BOTH_DATES];
    const run = await cmlint([...args, '-f', 'stylish', '-f', `sarif:${dir}/reports/out.sarif`, '--format', `markdown:${dir}/audit.md`, '-f', `junit:${dir}/junit.xml`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe((await cmlint(args)).stdout);
    expect(readFileSync(join(dir, 'reports', 'out.sarif'), 'utf8')).toBe((await cmlint([...args, '-f', 'sarif'])).stdout);
    expect(readFileSync(join(dir, 'audit.md'), 'utf8')).toBe((await cmlint([...args, '-f', 'markdown'])).stdout);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toBe((await cmlint([...args, '-f', 'junit'])).stdout);
  });

  it('prints nothing on stdout when every format goes to a file; paths are relative to the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-formats-'));
    temps.push(dir);
    const run = await cmlint([join(process.cwd(), MULTI_FILE), '-f', 'json:out.json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).findings).toHaveLength(8);
  });

  const usage: [string, string[], RegExp][] = [
    ['two formats on stdout', ['-f', 'stylish', '-f', 'json'], /only one format can go to stdout \(stylish, json\)/],
    ['two formats to one file', ['-f', 'json:a.out', '-f', 'sarif:./a.out'], /two formats write to a\.out/],
    ['a format with an empty file', ['-f', 'sarif:'], /no file after ':'/],
    ['an unknown format with a file', ['-f', 'xml:out.xml'], /unknown format 'xml' \(stylish, json, sarif, junit, github, markdown\)/],
  ];
  it.each(usage)('exits 2 for %s', async (_name, flags, reason) => {
    const run = await cmlint([MULTI_FILE, ...flags]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toMatch(reason);
  });
});
