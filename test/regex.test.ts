import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkFlags, checkPattern, compileMatcher } from '../src/regex/re2-engine.js';

const { RE2JS } = createRequire(import.meta.url)('re2js') as typeof import('re2js');

describe('compileMatcher', () => {
  it('searches unanchored, like RegExp.prototype.test', () => {
    const m = compileMatcher('b+', null);
    expect(m.test('abbc')).toBe(true);
    expect(m.test('ac')).toBe(false);
  });

  it('applies i, m and s and ignores u and g', () => {
    expect(compileMatcher('^abc$', 'i').test('ABC')).toBe(true);
    expect(compileMatcher('^abc$', '').test('ABC')).toBe(false);
    expect(compileMatcher('^b$', 'm').test('a\nb\nc')).toBe(true);
    expect(compileMatcher('^b$', null).test('a\nb\nc')).toBe(false);
    expect(compileMatcher('a.c', 's').test('a\nc')).toBe(true);
    expect(compileMatcher('a.c', 'gu').test('a\nc')).toBe(false);
  });

  it('gives on long values (node re2) the answers re2js gives', () => {
    const long = `${'x'.repeat(5000)}caf\u00e9\n${'y'.repeat(5000)}`;
    for (const [pattern, flags, expected] of [
      ['caf\\x{e9}', null, true],
      ['CAFÉ', 'i', true],
      ['^x+caf', null, true],
      ['^y', null, false],
      ['^y', 'm', true],
      ['é.y', null, false],
      ['é.y', 's', true],
      ['\\p{Lu}', null, false],
    ] as const) {
      const bits = checkFlags(flags).bits;
      expect(RE2JS.compile(pattern, bits).matcher(long).find(), `re2js: ${pattern} /${flags}`).toBe(expected);
      expect(compileMatcher(pattern, flags).test(long), `matcher: ${pattern} /${flags}`).toBe(expected);
    }
  });

  it('runs catastrophic-backtracking patterns on 50 KB values (a backtracking engine would never answer)', () => {
    const value = `${'a'.repeat(50_000)}!`;
    expect(compileMatcher('(a+)+$', null).test(value)).toBe(false);
    expect(compileMatcher('(a|aa)+b', null).test(value)).toBe(false);
  });

  it('refuses to build a matcher for a pattern re2js refuses', () => {
    expect(() => compileMatcher('(?=a)', null)).toThrow();
  });
});

describe('checkFlags and checkPattern', () => {
  it('maps i, m, s to flag bits and lists each refused letter once', () => {
    expect(checkFlags('ii').unsupported).toEqual([]);
    expect(checkFlags('yyd').unsupported).toEqual(['y', 'd']);
    expect(checkFlags('i').bits).not.toBe(checkFlags('m').bits);
  });

  it('depends on the flags it is given: (?i) is inline syntax, not a flag', () => {
    expect(checkPattern('(?i)a', 0).accepted).toBe(true);
    expect(checkPattern('a{1001}', checkFlags('i').bits).accepted).toBe(false);
  });
});
