import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from './helpers/cli.js';

/**
 * `--fix-dry-run` and `--fix-migration` on every real export in fixtures/real-spaces (a copy of
 * each, with the folder's config: every rule, as of 2026-11-21): nothing is written by the dry
 * run, the migration script is written only when its replay proves it (no step refused, its
 * findings gone, no finding added), replayed again with the `migrations` key it clears as many
 * findings as it fixes and adds none, and the numbers of fixes and suggestions are these.
 */
const DIR = fileURLToPath(new URL('../fixtures/real-spaces/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cmlint-fix-real-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What of a JSON finding these checks read. */
interface Finding {
  ruleId: string;
  target: Record<string, string | null>;
  suggestions: unknown[];
}

const names = readdirSync(DIR)
  .filter((name) => name !== 'expected' && (name.endsWith('.json') || statSync(join(DIR, name)).isDirectory()))
  .sort();

/** Fixes `--fix` would apply, and suggestions offered, by export (the exports not listed have neither). */
const EXPECTED: Record<string, { fixes: number; suggestions: number }> = {
  'anag-versicherungpartner.json': { fixes: 2, suggestions: 0 },
  'stepzen-ecommerce.json': { fixes: 3, suggestions: 0 },
};

describe('fixes on the real exports in fixtures/real-spaces', () => {
  it.each(names)('%s', async (name) => {
    const dir = join(work, name.replace(/\.json$/, ''));
    cpSync(join(DIR, '.linterrc.yaml'), join(dir, '.linterrc.yaml'));
    cpSync(join(DIR, name), join(dir, name), { recursive: true });
    const before = readFileSync(join(DIR, name.endsWith('.json') ? name : join(name, 'export.json')));

    const dry = await runMain(['--fix-dry-run', '-f', 'json:report.json', name], dir);
    expect(dry.code).not.toBe(2);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { findings: Finding[]; summary: { fixable: number } };
    const counts = { fixes: report.summary.fixable, suggestions: report.findings.reduce((n, f) => n + f.suggestions.length, 0) };
    expect(counts).toEqual(EXPECTED[name] ?? { fixes: 0, suggestions: 0 });
    expect(dry.stderr.split('\n')[0]).toBe(counts.fixes === 0 ? 'cmlint: nothing to fix' : `cmlint: --fix would apply ${counts.fixes} fixes to 1 file (nothing written)`);
    expect((dry.stdout.match(/^\+(?!\+\+ )/gm) ?? []).length).toBe(counts.fixes);
    expect(readFileSync(join(dir, name.endsWith('.json') ? name : join(name, 'export.json')))).toEqual(before);

    const migration = await runMain(['--fix-migration', 'fix.js', '-f', 'json:/dev/null', name], dir);
    expect(migration.code, migration.stderr).not.toBe(2);
    expect(existsSync(join(dir, 'fix.js'))).toBe(counts.fixes > 0);
    if (counts.fixes === 0) return;
    expect(migration.stderr).toContain(`cmlint: wrote fix.js: ${counts.fixes} fixes, proven by replaying it offline`);
    // Replayed as any migration script is (the `migrations` key): as many findings gone as it fixes, none added.
    mkdirSync(join(dir, 'migrations'));
    cpSync(join(dir, 'fix.js'), join(dir, 'migrations', '001-fix.js'));
    writeFileSync(join(dir, '.linterrc.yaml'), `extends: [all]\nasOf: 2026-11-21\ninclude: ["${name.endsWith('.json') ? name : `${name}/**/*.json`}"]\nmigrations: ["migrations/*.js"]\n`);
    const replayed = await runMain(['-f', 'json'], dir);
    const keys = (findings: Finding[]) => findings.map((f) => `${f.ruleId} ${JSON.stringify(f.target)}`).sort();
    const was = keys(report.findings);
    const left = keys((JSON.parse(replayed.stdout) as { findings: Finding[] }).findings);
    expect(left.filter((k) => !was.includes(k))).toEqual([]);
    expect(was.length - left.length).toBe(counts.fixes);
  });
});
