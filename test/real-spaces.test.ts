import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint, loadConfig, type Finding } from '../src/index.js';
import { baseEnv, BIN } from './helpers/cli.js';

/**
 * Every built-in rule on every real export in fixtures/real-spaces (provenance: its README.md),
 * through the public API, against the findings a person reviewed: fixtures/real-spaces/expected/
 * <name>.txt, one finding per line. A change in what cmlint says about a real space shows in the
 * diff of those files. `npm run update-real-spaces` rewrites them; read the diff before committing.
 */
const DIR = fileURLToPath(new URL('../fixtures/real-spaces/', import.meta.url));
const EXPECTED_DIR = join(DIR, 'expected');
const AS_OF = '2026-11-21';
const UPDATE = process.env.CMLINT_UPDATE_REAL_SPACES === '1';

/** Each export: a .json file, or a folder holding the files of one export. */
const exportsHere = readdirSync(DIR)
  .filter((name) => name !== 'expected' && (name.endsWith('.json') || statSync(join(DIR, name)).isDirectory()))
  .map((name) => name.replace(/\.json$/, ''))
  .sort();

const loaded = await loadConfig(DIR);

/** One line per finding: severity, rule/message id, target, then the message as people read it. */
function findingLine(f: Pick<Finding, 'severity' | 'ruleId' | 'target' | 'message'> & { messageId?: string }): string {
  const { contentType, field, entry, locale } = f.target;
  const target = [contentType, field, entry, locale].map((part) => part ?? '-').join(' / ');
  const id = f.messageId === undefined ? f.ruleId : `${f.ruleId}/${f.messageId}`;
  return `${f.severity} ${id} [${target}] ${f.message.replace(/\s*\n\s*/g, ' ')}`;
}

function pathOf(name: string): string {
  return existsSync(join(DIR, `${name}.json`)) ? `${name}.json` : name;
}

function expectedLines(name: string): string[] {
  return readFileSync(join(EXPECTED_DIR, `${name}.txt`), 'utf8').split('\n');
}

describe('every rule on the real exports in fixtures/real-spaces', () => {
  it('runs with every built-in rule, as of a fixed date', () => {
    expect(loaded.config).toMatchObject({ extends: ['all'], asOf: AS_OF });
    expect(exportsHere.length).toBeGreaterThanOrEqual(25);
  });

  it('has a reviewed expectation file for each export and none for an export that is gone', () => {
    const files = readdirSync(EXPECTED_DIR).filter((name) => name.endsWith('.txt')).map((name) => name.replace(/\.txt$/, ''));
    if (!UPDATE) expect(files.sort()).toEqual(exportsHere);
  });

  it.each(exportsHere)('%s', async (name) => {
    const { result } = await lint({ paths: [pathOf(name)], cwd: DIR, config: loaded, asOf: AS_OF });
    // No crash and no input error: the run would not exit 2.
    expect(result.findings.filter((f) => f.internal).map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
    expect(result.stats.filesRead).toBeGreaterThan(0);
    const actual = `${result.findings.map(findingLine).sort().join('\n')}\n`;
    const expectedFile = join(EXPECTED_DIR, `${name}.txt`);
    if (UPDATE) writeFileSync(expectedFile, actual);
    // Compared line by line, so that a failure shows which findings came or went.
    expect(actual.split('\n')).toEqual(expectedLines(name));
  });
});

describe('the real bin on each real export', () => {
  /** `node bin/cmlint.js <export> --format json` in DIR, without blocking the other runs. */
  const runBin = (name: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, pathOf(name), '--format', 'json'], { cwd: DIR, env: baseEnv(), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
      });
    });

  // The same findings through the command line (its JSON output has no message ids), and the exit
  // code a CI gate sees: 1 when an error is reported, else 0; never 2 (a crash or an input error).
  it.concurrent.each(exportsHere)('%s', async (name) => {
    const run = await runBin(name);
    expect(run.stderr).toBe('');
    const { findings } = JSON.parse(run.stdout) as { findings: Parameters<typeof findingLine>[0][] };
    const reviewed = expectedLines(name)
      .filter((line) => line !== '')
      .map((line) => line.replace(/^(\S+ [^/ ]+)\/\S+/, '$1'));
    expect(findings.map(findingLine).sort()).toEqual(reviewed.sort());
    expect(run.code).toBe(findings.some((f) => f.severity === 'error') ? 1 : 0);
  });
});
