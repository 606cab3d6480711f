import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmlintInProcess as cmlint, ROOT } from './helpers/cli.js';

/** YAML from anyone: an alias bomb is refused with the file and the place, never expanded or reported as a bug. */
const dir = mkdtempSync(join(tmpdir(), 'cmlint-yaml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Ten levels of ten aliases: 10^10 nodes if expanded. */
function aliasBomb(tail: string): string {
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n${tail}`;
}

describe('YAML alias bombs', () => {
  it('in a config file: a config error naming the file and the first alias, exit 2', async () => {
    const cwd = mkdtempSync(join(dir, 'config-'));
    writeFileSync(join(cwd, '.linterrc.yaml'), aliasBomb('rules: {}\n'));
    const run = await cmlint([join(ROOT, 'fixtures', 'demo-space')], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('.linterrc.yaml:2:10: invalid YAML: its aliases expand to too many nodes (over 1000; an alias bomb?)\n');
    expect(run.stdout).toBe('');
  });

  it('in an export: an input error with the file and the first alias, exit 2', async () => {
    const cwd = mkdtempSync(join(dir, 'export-'));
    writeFileSync(join(cwd, 'space.yaml'), aliasBomb('contentTypes: []\n'));
    const run = await cmlint(['space.yaml', '-f', 'json'], { cwd });
    expect(run.code).toBe(2);
    const [finding] = JSON.parse(run.stdout).findings;
    expect(finding).toMatchObject({ ruleId: 'input-error', file: 'space.yaml', line: 2, column: 10 });
    expect(finding.message).toContain('aliases expand to too many nodes');
  });

  it('a few aliases are fine', async () => {
    const cwd = mkdtempSync(join(dir, 'few-'));
    writeFileSync(join(cwd, '.linterrc.yaml'), 'defaults: &sev warning\nrules:\n  hidden-required-field: *sev\n  re2-incompatible-pattern: *sev\n');
    const run = await cmlint([join(ROOT, 'fixtures', 'cli', 'clean')], { cwd });
    expect(run.code).toBe(2);
    // The anchor key is not a config key: the config is read (aliases resolved) and then validated.
    expect(run.stderr).toMatch(/^\.linterrc\.yaml:1:1: .*defaults/);
  });
});
