/**
 * Huge words: ids, keys and values of megabytes in exports and config files are shortened for
 * people in one pass (a pattern over the word overflowed the regular expression stack at about
 * 8 MB), config errors quote them shortened, and a record too long to be one JavaScript string is
 * an input error that says which limit it hit.
 */
import { constants } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closest } from '../src/config/closest.js';
import type { Finding } from '../src/engine/findings.js';
import { readableFinding, readable, shortenWords } from '../src/util/safe-text.js';
import { InputError } from '../src/inputs/space/input-error.js';
import { TooLongError, overStringLimit, utf8Text } from '../src/inputs/space/json-scan.js';
import { grownValueWindow, parseAt } from '../src/inputs/space/json-stream.js';
import { BIN, baseEnv, cmlintInProcess as cmlint } from './helpers/cli.js';
import { build, pretty, removeTempDirs, tempDir } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const MB8 = 8 << 20;

describe('shortenWords', () => {
  const long = (n: number, c = 'x') => c.repeat(n);
  it.each([
    ['a short message is unchanged', 'Field title is empty', 'Field title is empty'],
    ['a word of 120 characters is kept', `id ${long(120)} here`, `id ${long(120)} here`],
    ['a word of 121 is shortened, the words around it kept', `id '${long(121)}' here`, `id '${long(119)}… (3 more characters) here`],
    ['every long word on its own, whitespace kept as it is', `${long(200)}\n\t${long(130, 'y')} end`, `${long(120)}… (80 more characters)\n\t${long(120, 'y')}… (10 more characters) end`],
    ['unicode whitespace separates words (as \\s does)', `${long(100)}\u00a0${long(100)}`, `${long(100)}\u00a0${long(100)}`],
    ['only whitespace', ' '.repeat(300), ' '.repeat(300)],
  ])('%s', async (_name, text, expected) => {
    expect(shortenWords(text)).toBe(expected);
  });

  it('a word of 8 MB in a finding’s message: one pass, no stack overflow', async () => {
    const key = long(MB8);
    const finding = { message: `Field 'title' holds a value for locale '${key}' which the space does not configure`, file: 'a.json', pointer: `/entries/0/fields/title/${key}` } as Finding;
    const shown = readableFinding({ ...finding, target: { contentType: 'page', field: 'title', entry: 'e1', locale: key } });
    expect(shown.message).toBe(`Field 'title' holds a value for locale '${long(119)}… (8,388,490 more characters) which the space does not configure`);
    // Each key of a pointer on its own: the keys before the huge one are kept whole.
    expect(shown.pointer).toBe(`/entries/0/fields/title/${long(120)}… (8,388,488 more characters)`);
    expect(shown.target.locale).toBe(`${long(120)}… (8,388,488 more characters)`);
  });

  it('an input error’s message quoting a huge id is shortened on stderr', async () => {
    const error = new InputError('b.json', `Duplicate entry '${long(MB8)}': also in a.json at /entries/0`, { line: 2, column: 3 }, '/0');
    expect(error.format()).toBe(`b.json:2:3: Duplicate entry '${long(119)}… (8,388,491 more characters) also in a.json at /entries/0 (at /0)`);
  });

  it('readable makes visible after shortening (no escape is cut in half)', async () => {
    expect(readable(`${long(119)}\u001b${long(10, 'b')} ok`)).toBe(`${long(119)}\\u001b… (10 more characters) ok`);
  });
});

describe('an 8 MB locale key in an export, through every human format', () => {
  const dir = tempDir();
  const key = 'k'.repeat(MB8);
  const page = build.contentType('page');
  writeFileSync(
    join(dir, 'space.json'),
    pretty({ contentTypes: [page], locales: [build.locale('en-US', null, true)], entries: [{ ...build.entry('e1', 'page'), fields: { title: { [key]: 'Hi' } } }] }),
  );

  it.each(['stylish', 'github', 'markdown', 'junit'])('%s: the finding, with the key shortened (it crashed with "Maximum call stack size exceeded")', async (format) => {
    const run = await cmlint(['space.json', '-f', format, '--no-color', '--as-of', '2026-11-21'], { cwd: dir });
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code).toBe(1);
    // In the message the word is the key in quotes (github shows only the message).
    // Stylish wraps at spaces: the lines of a finding joined again.
    expect(run.stdout.replace(/\n {2}/g, ' ')).toContain(`'${'k'.repeat(119)}… (8,388,491 more characters)`);
    expect(run.stdout.length).toBeLessThan(20_000);
  });

  it('json keeps the key whole', async () => {
    const run = spawnSync(process.execPath, [BIN, 'space.json', '-f', 'json', '--as-of', '2026-11-21'], { cwd: dir, env: baseEnv(), encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(run.status).toBe(1);
    const findings = (JSON.parse(run.stdout) as { findings: { ruleId: string; target: { locale: string | null } }[] }).findings;
    expect(findings.find((f) => f.ruleId === 'unconfigured-locale')!.target.locale).toBe(key);
  });
});

describe('config errors quote what they quote from the config shortened', () => {
  it('a 10 MB config is refused before it is read (an unknown rule key that long took 35 s and printed 21 MB)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.linterrc.json'), JSON.stringify({ rules: { ['k'.repeat(10 << 20)]: 'error' } }));
    writeFileSync(join(dir, 'space.json'), pretty({ locales: [build.locale('en-US', null, true)] }));
    const run = await cmlint(['space.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^\.linterrc\.json: cannot read config file: too large: 10,485,[\d,]+ bytes \(at most 1 MiB\)\n$/);
  });

  it('an unknown rule key of 1,000,000 characters (within the size limit): one short error at once', async () => {
    const dir = tempDir();
    const key = 'k'.repeat(1_000_000);
    writeFileSync(join(dir, '.linterrc.json'), JSON.stringify({ rules: { [key]: 'error' } }));
    writeFileSync(join(dir, 'space.json'), pretty({ locales: [build.locale('en-US', null, true)] }));
    const run = await cmlint(['space.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `.linterrc.json:1:11: rules.${'k'.repeat(114)}… (999,887 more characters) unknown rule '${'k'.repeat(119)}… (999,882 more characters)\n`,
    );
  });

  it('a near name is still suggested; a word far longer than every rule id is compared with none', async () => {
    const ids = ['hidden-required-field', 'input-shape'];
    expect(closest('hidden-required-feild', ids)).toBe('hidden-required-field');
    expect(closest('k'.repeat(10 << 20), ids)).toBeUndefined();
  });

  it('a usage error quoting a huge argument', async () => {
    // An argument of 100 KB (Linux refuses one over 128 KB).
    const run = await cmlint(['--format', 'f'.repeat(100_000)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('… (');
    expect(run.stderr.length).toBeLessThan(2000);
  });
});

describe('a record too long to be one JavaScript string', () => {
  it('is not a syntax error and not a YAML hint: the limit it hit, at its first byte in the file', async () => {
    // Zero bytes (valid UTF-8, so only the length is at fault); Buffer.alloc does not touch the pages.
    const bytes = Buffer.alloc(constants.MAX_STRING_LENGTH + 2);
    const error = (() => {
      try {
        parseAt(bytes, 1, bytes.length, 4096);
      } catch (thrown) {
        return thrown;
      }
      return expect.fail('expected an error');
    })();
    expect(error).toBeInstanceOf(TooLongError);
    expect((error as TooLongError).offset).toBe(4097);
    expect((error as TooLongError).message).toBe(
      "Too large to read: cmlint parses each entry, asset and other record whole, and the text of this one is longer than the longest string JavaScript can hold (V8's limit: 536,870,888 characters)",
    );
    expect(utf8Text(bytes, 0, 10)).toBe('\0'.repeat(10));
  });

  /** The window lengths a value that never ends is read with, from 64 bytes, until it is refused (a limit of `limit` code units). */
  function windows(char: string, limit: number): number[] {
    const text = Buffer.from(`"${char.repeat(4 * limit)}`);
    const lengths = [64];
    for (;;) {
      const next = grownValueWindow(text.subarray(0, lengths.at(-1)), 0, lengths.at(-1)!, limit);
      if (next === null) return lengths;
      lengths.push(next);
    }
  }

  it('the window that looks for its end grows no further than the text a string can hold, and stops there', async () => {
    // One byte a character: refused at the first window longer than the limit, never read at twice its size.
    expect(windows('a', 1000)).toEqual([64, 128, 256, 512, 1001]);
    // Three bytes a character (€): 1001 bytes could still be a string of 334 characters; 3000 bytes, not.
    expect(windows('€', 1000)).toEqual([64, 128, 256, 512, 1001, 2002, 3000]);
    // Four bytes a character (two UTF-16 code units each): 2002 bytes are over 1000 code units.
    expect(windows('😀', 1000)).toEqual([64, 128, 256, 512, 1001, 2002]);
    // V8's limit (bytes that are not touched: no memory is used): 256 MiB grows to the limit and one byte, not to 512 MiB.
    expect(grownValueWindow(Buffer.alloc(2 ** 28), 0, 2 ** 28)).toBe(constants.MAX_STRING_LENGTH + 1);
  });

  it('counts UTF-16 code units as V8 does (a character cut at the end counts whole)', async () => {
    const text = Buffer.from('aé€😀');
    expect([1, 2, 3, 4, 5, 6].map((limit) => overStringLimit(text, 0, text.length, limit))).toEqual([true, true, true, true, false, false]);
    expect(overStringLimit(text, 0, text.length - 1, 4)).toBe(true);
    expect(overStringLimit(text, 1, text.length, 4)).toBe(false);
  });
});
