import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { visible } from '../src/util/safe-text.js';
import { cmlintInProcess as cmlint } from './helpers/cli.js';

/**
 * Exports are written by anyone who can edit a space or open a pull request, and cmlint's output
 * goes to terminals and CI logs. A crafted export must not forge a workflow command (a line a CI
 * runner reads as `::error file=…`, `::add-mask::`, `::stop-commands::`) nor send escape
 * sequences to a terminal, in any human format; the finding itself is still reported.
 */
const dir = mkdtempSync(join(tmpdir(), 'cmlint-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Hostile strings: ids and values as an attacker shapes them. */
const HOSTILE: Record<string, string> = {
  'newline + workflow command + OSC 8 link + BEL': 'evil\n::error file=forged.ts,line=1::forged\r\u001b]8;;http://x\u0007',
  'CR alone (overwrites the line on a terminal)': 'ok\r::warning file=forged.ts::over',
  'CSI: erase line, cursor up, colours': '\u001b[2K\u001b[1A\u001b[31mred',
  'NUL and other C0 controls': 'a\u0000b\u0008c\u000bd\u001fe',
  'C1 controls (8-bit CSI)': 'x\u009b31my\u0085z',
  'bidi override (reverses what a reviewer reads)': 'admin\u202Enimda\u2066x\u2069',
  'zero-width and line separators': 'a\u200Bb\u2028::error::x\u2029c\uFEFF',
  'a workflow command at the start': '::add-mask::secret',
  'stop-commands': '::stop-commands::token',
  'very long id': `long-${'x'.repeat(5000)}`,
};

/** An export in which every hostile string is an entry id in a `unique` clash, and a field id of a hidden required field. */
function hostileExport(value: string): unknown {
  const entry = (id: string) => ({
    sys: { id, type: 'Entry', contentType: { sys: { id: 'page' } }, publishedVersion: 2, version: 3 },
    fields: { slug: { 'en-US': `same${value}` } },
  });
  return {
    locales: [{ code: 'en-US', name: 'English', default: true, fallbackCode: null }],
    contentTypes: [
      {
        sys: { id: 'page', type: 'ContentType' },
        name: 'Page',
        displayField: 'slug',
        fields: [
          { id: 'slug', name: 'Slug', type: 'Symbol', validations: [{ unique: true }] },
          { id: `hidden${value}`, name: 'Hidden', type: 'Symbol', required: true, disabled: true },
        ],
      },
    ],
    entries: [entry(value), entry(`other${value}`)],
  };
}

/** Every control character and invisible formatting character but the newline between lines. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const FORMATS = ['stylish', 'github', 'markdown', 'junit'] as const;

describe.each(Object.entries(HOSTILE))('an export with %s', (_name, value) => {
  const space = join(dir, `space-${Object.keys(HOSTILE).indexOf(_name)}`);
  mkdirSync(space, { recursive: true });
  writeFileSync(join(space, 'export.json'), JSON.stringify(hostileExport(value), null, 2));

  it.each(FORMATS)('-f %s: no forged workflow command, no control character, the findings still reported', async (format) => {
    const run = await cmlint(['export.json', '-f', format, '--no-color'], { cwd: space });
    expect(run.code).toBe(1);
    for (const stream of [run.stdout, run.stderr]) {
      expect(stream).not.toMatch(CONTROL);
      for (const line of stream.split('\n')) {
        // Only cmlint's own annotations begin with `::`, each at the real file.
        if (line.startsWith('::')) {
          expect(format).toBe('github');
          expect(line).toMatch(/^::(error|warning|notice) file=export\.json,line=\d+,col=\d+,title=[a-z-]+::/);
        }
      }
    }
    expect(run.stdout).toContain('entry-field-validation');
    expect(run.stdout).toContain('hidden-required-field');
    // The id is shown, made visible (and shortened when long), not dropped.
    expect(run.stdout).toContain(visible(value).slice(0, 40).replace(/%/g, format === 'github' ? '%25' : '%'));
  });

  it('-f json keeps the exact strings', async () => {
    const run = await cmlint(['export.json', '-f', 'json'], { cwd: space });
    const findings = JSON.parse(run.stdout).findings as { target: { entry: string | null; field: string | null } }[];
    expect(findings.map((f) => f.target.entry)).toContain(value);
    expect(findings.map((f) => f.target.field)).toContain(`hidden${value}`);
  });
});

describe('hostile file names', () => {
  it('an input error on stderr names the file visibly, with no forged line', async () => {
    const space = join(dir, 'files');
    mkdirSync(space, { recursive: true });
    writeFileSync(join(space, 'bad\n::error file=forged.ts::x\u001b[2K.json'), '{ "entries": [ }');
    const run = await cmlint(['.', '-f', 'json'], { cwd: space });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toMatch(CONTROL);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
    expect(run.stderr).toContain('bad\\n::error file=forged.ts::x\\u001b[2K.json:1:');
  });

  it('long ids are shortened for people, with how much was left out', async () => {
    const run = await cmlint(['export.json', '--no-color'], { cwd: join(dir, `space-${Object.keys(HOSTILE).indexOf('very long id')}`) });
    // Stylish wraps at spaces: the lines of a finding joined again.
    expect(run.stdout.replace(/\n {2}/g, ' ')).toMatch(/long-x{115}… \(4,8\d\d more characters\)/);
    expect(run.stdout).not.toContain('x'.repeat(200));
  });
});
