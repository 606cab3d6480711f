import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGlob, escapeGlob, GlobSyntaxError } from '../src/util/glob/compile-glob.js';
import { DirectorySymlinkLoop } from '../src/util/glob/symlink-loops.js';
import { globsMatch, readGlobs, walkGlobs } from '../src/util/glob/walk-globs.js';
import { removeTempDirs, tempDir } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const path = (glob: string) => compileGlob(glob, { paths: true }).matches;
const id = (glob: string) => compileGlob(glob, { paths: false }).matches;

/**
 * `*a` twelve times then `*c`: a JavaScript RegExp of it backtracks through every way to place the
 * a's (over a minute for a 40-character name, each star multiplying the time by 2.5); with 24
 * stars and 200 characters, longer than the age of the universe. A test that ran such a matcher
 * would time out.
 */
const BACKTRACKING = `${'*a'.repeat(24)}*c`;
const LONG = 'a'.repeat(200);

describe('compileGlob', () => {
  it.each([
    ['*.json', 'a.json', true],
    ['*.json', 'dir/a.json', false],
    ['**/*.json', 'a.json', true],
    ['**/*.json', 'a/b/c.json', true],
    ['a/**/b.json', 'a/b.json', true],
    ['a/**/b.json', 'a/x/y/b.json', true],
    ['a/**/b.json', 'a/xb.json', false],
    ['a/**', 'a/b/c', true],
    ['a/**', 'b/c', false],
    ['a**b', 'axxb', true],
    ['a**b', 'ax/xb', false],
    ['?.json', 'a.json', true],
    ['?', '/', false],
    ['[abc].json', 'b.json', true],
    ['[a-c].json', 'd.json', false],
    ['[!a-c].json', 'd.json', true],
    ['[^a-c].json', 'a.json', false],
    ['[!a]', '/', false],
    ['[]]', ']', true],
    ['[a', '[a', true],
    ['{a,b}.json', 'b.json', true],
    ['{a,b}.json', 'c.json', false],
    ['x{a,{b,c}d}y', 'xcdy', true],
    ['x{a,{b,c}d}y', 'xcy', false],
    ['{a/b,c}/*.json', 'a/b/x.json', true],
    ['x{}y', 'xy', true],
    ['\\*.json', '*.json', true],
    ['\\*.json', 'a.json', false],
    ['a,b', 'a,b', true],
    ['(a|b)+', '(a|b)+', true],
    ['.*', '.hidden', true],
  ])('path glob %s against %s: %s', (glob, name, expected) => {
    expect(path(glob)(name)).toBe(expected);
  });

  it('content type id globs: * and ? match any character', () => {
    expect(id('legacy*')('legacy/page')).toBe(true);
    expect(id('promo?')('promo/')).toBe(true);
    expect(id('blog.post')('blogXpost')).toBe(false);
    expect(id('{article,newsletter}')('newsletter')).toBe(true);
  });

  it('matches in linear time: globs that make a backtracking matcher run for years answer at once', () => {
    expect(id(BACKTRACKING)(LONG)).toBe(false);
    expect(id(BACKTRACKING)(`${LONG}c`)).toBe(true);
    expect(path(BACKTRACKING)(LONG)).toBe(false);
    expect(path(`**/${BACKTRACKING}`)(`${'a/'.repeat(100)}${LONG}`)).toBe(false);
    expect(id(`${'{a,aa}'.repeat(40)}c`)(LONG)).toBe(false);
    expect(id(`${'?'.repeat(30)}*`.repeat(10) + 'c')(LONG)).toBe(false);
  });

  it('compiles braces nested a hundred thousand deep without running out of stack', () => {
    const deep = `${'{'.repeat(100_000)}a${'}'.repeat(100_000)}`;
    expect(id(deep)('a')).toBe(true);
  });

  it.each([
    ['{abc', "the '{' at character 1 is not closed"],
    ['a{b,c', "the '{' at character 2 is not closed"],
    ['}', "the '}' at character 1 closes no '{'"],
    ['a}b{', "the '}' at character 2 closes no '{'"],
    ['[z-a]', "the range 'z-a' at character 1 is reversed"],
  ])('%s is not a glob: %s', (glob, detail) => {
    for (const paths of [true, false]) {
      expect(() => compileGlob(glob, { paths })).toThrow(GlobSyntaxError);
      expect(() => compileGlob(glob, { paths })).toThrow(detail);
    }
  });
});

describe('walkGlobs', () => {
  const root = tempDir('cmlint-glob-');
  const files = [`space/${'a'.repeat(40)}.json`, 'space/x.json', 'space/.hidden.json', 'space/nested/y.json', 'space/.dot/z.json', 'other/w.json'];
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '{}');
  }
  const walk = (patterns: string[], dot = false) =>
    walkGlobs(fg, readGlobs(patterns), { cwd: join(root, 'space'), dot, ignore: [] })
      .map((p) => relative(root, p))
      .sort();

  it('finds what fast-glob finds for ordinary globs, dot files only with `dot` or a glob that names them', () => {
    for (const patterns of [['*.json'], ['**/*.json'], ['nested/*'], ['../other/*.json'], ['.*.json'], ['**/*.json', '!nested/**'], ['{x,nested/y}.json'], ['./x.json']]) {
      for (const dot of [false, true]) {
        const expected = fg.sync(patterns, { cwd: join(root, 'space'), dot, onlyFiles: true, absolute: true }).map((p) => relative(root, p));
        expect(walk(patterns, dot), `${patterns.join(' ')}, dot: ${dot}`).toEqual(expected.sort());
      }
    }
  });

  it('walks with a glob that makes fast-glob backtrack, and answers at once', () => {
    expect(walk([`${'*a'.repeat(12)}*c`])).toEqual([]);
    expect(walk([`${'*a'.repeat(12)}*`])).toEqual([`space/${'a'.repeat(40)}.json`]);
  });

  it('follows symbolic links, but stops at a link to a directory that contains it, naming the link and where it leads', () => {
    const dir = tempDir('cmlint-glob-loop-');
    mkdirSync(join(dir, 'src', 'lib'), { recursive: true });
    writeFileSync(join(dir, 'src', 'lib', 'a.ts'), '');
    mkdirSync(join(dir, 'common'));
    writeFileSync(join(dir, 'common', 'b.ts'), '');
    symlinkSync('../common', join(dir, 'src', 'common'));
    expect(walkGlobs(fg, readGlobs(['src/**/*.ts']), { cwd: dir, dot: false, ignore: [] }).map((p) => relative(dir, p)).sort()).toEqual(['src/common/b.ts', 'src/lib/a.ts']);
    symlinkSync('..', join(dir, 'src', 'lib', 'up'));
    let thrown: unknown;
    try {
      walkGlobs(fg, readGlobs(['src/**/*.ts']), { cwd: dir, dot: false, ignore: [] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DirectorySymlinkLoop);
    expect([(thrown as DirectorySymlinkLoop).link, (thrown as DirectorySymlinkLoop).ancestor]).toEqual([join(dir, 'src', 'lib', 'up'), join(dir, 'src')]);
  });

  it('escapeGlob: a name with glob characters (a backslash before one too) as a glob that the walk finds it by, and nothing else (fast-glob sees no escapes)', () => {
    const dir = tempDir('cmlint-glob-escape-');
    const names = ['a\\*b.json', 'a\\b.json', '{x.json', '[ab].json', '!n.json', '+(y).json', 'what?.json', 'a,b|c@d.json'];
    for (const name of [...names, 'a.json', 'b.json', 'y.json', 'whatx.json']) writeFileSync(join(dir, name), '{}');
    for (const name of names) {
      expect(walkGlobs(fg, readGlobs([escapeGlob(name)]), { cwd: dir, dot: false, ignore: [] }), name).toEqual([join(dir, name)]);
      expect(walkGlobs(fg, readGlobs([`**/${escapeGlob(name)}`]), { cwd: dir, dot: false, ignore: [] }), name).toEqual([join(dir, name)]);
    }
  });

  it('globsMatch: paths relative to the base; outside it only globs that climb out of it match', () => {
    const globs = readGlobs(['**/*.json', '!nested/**']);
    expect(globsMatch(globs, join(root, 'space', 'x.json'), join(root, 'space'))).toBe(true);
    expect(globsMatch(globs, join(root, 'space', 'nested', 'y.json'), join(root, 'space'))).toBe(false);
    expect(globsMatch(globs, join(root, 'other', 'w.json'), join(root, 'space'))).toBe(false);
    expect(globsMatch(readGlobs(['../other/*.json']), join(root, 'other', 'w.json'), join(root, 'space'))).toBe(true);
    expect(globsMatch(readGlobs([`${join(root, 'other')}/*.json`]), join(root, 'other', 'w.json'), join(root, 'space'))).toBe(true);
  });
});
