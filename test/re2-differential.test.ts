import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkFlags, checkPattern, compileMatcher } from '../src/regex/re2-engine.js';

/**
 * Entry values are matched with node `re2` (C++ RE2) once re2js, the service's engine, has
 * accepted the pattern. This table checks that both engines give the same answer on the same
 * pattern, flags and value: realistic validation patterns, probes of RE2 syntax that only RE2
 * has, Unicode classes and case folding, short values and values long enough (≥ 1024 code
 * units) for compileMatcher to hand them to node `re2`.
 */
const require = createRequire(import.meta.url);
const { RE2JS } = require('re2js') as typeof import('re2js');
const NodeRE2 = require('re2') as typeof import('re2');

const PATTERNS: [pattern: string, flags: string | null][] = [
  // The service's predefined patterns and common real ones.
  ['^\\w[\\w.-]*@([\\w-]+\\.)+[\\w-]+$', null],
  ['^(ftp|http|https):\\/\\/(\\w+:{0,1}\\w*@)?(\\S+)(:[0-9]+)?(\\/|\\/([\\w#!:.?+=&%@!\\-\\/]))?$', null],
  ['^(0?[1-9]|1[012])[- \\/.](0?[1-9]|[12][0-9]|3[01])[- \\/.](19|20)?\\d\\d$', null],
  ['^(0?[1-9]|1[012]):[0-5][0-9](:[0-5][0-9])?\\s*[aApP][mM]$', null],
  ['^\\d[ -.]?\\(?\\d\\d\\d\\)?[ -.]?\\d\\d\\d[ -.]?\\d\\d\\d\\d$', null],
  ['^\\d{5}$|^\\d{5}-\\d{4}$', null],
  ['^[a-z0-9]+(?:-[a-z0-9]+)*$', null],
  ['^#[0-9a-f]{6}$', 'i'],
  ['^\\S+$', null],
  ['<script', 'i'],
  ['^\\s|\\s$', null],
  // Unicode classes, scripts and case folding.
  ['^\\p{L}+$', null],
  ['\\p{Lu}', null],
  ['\\p{Lu}', 'i'],
  ['^[\\p{L}\\p{N} ]+$', 'u'],
  ['\\p{Greek}', null],
  ['\\P{L}', null],
  ['\\pN', null],
  ['caf\\x{e9}', null],
  ['\\x{1F600}', null],
  ['straße', 'i'],
  ['k', 'i'],
  ['σ', 'i'],
  ['[a-z]', 'i'],
  ['\\bcafé\\b', null],
  ['^\\w+$', null],
  ['\\d', null],
  // Anchors, dot and flags.
  ['^.$', null],
  ['^..$', null],
  ['^.$', 's'],
  ['a.b', 's'],
  ['^b', 'm'],
  ['a$', 'm'],
  ['\\Aab\\z', null],
  ['^$', 'm'],
  ['x$', 'gu'],
  // Syntax only RE2 has.
  ['(?i)CAFÉ', null],
  ['(?P<word>\\w+)-(?P<n>\\d+)', null],
  ['[[:alpha:]]+', null],
  ['[[:^alpha:]]', null],
  ['\\Qa.b\\E', null],
  ['[\\p{L}--[a-z]]', null],
  ['a{,3}b', null],
  ['(a+)+$', null],
  ['(a|aa)+b', null],
  ['\\x00', null],
  ['[^a]', null],
];

const VALUES = [
  '',
  'a',
  'ab',
  'a.b',
  'a\nb',
  'a\r\nb',
  'abc\n',
  'user@example.com',
  'https://example.com/path?q=1',
  '12/31/2024',
  '11:45 pm',
  '1 (555) 123-4567',
  '12345-6789',
  'my-slug-1',
  '#A0b1C2',
  'has space',
  ' leading',
  '<SCRIPT>',
  'word-42',
  'café',
  'CAFÉ',
  'straße',
  'STRASSE',
  'K',
  '\u212a',
  'ς',
  'Σ',
  'αβγ',
  '日本語',
  '٣',
  '😀',
  'x😀y',
  '\u00a0',
  '\u2028',
  '\0',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!',
];

/** Each value as it is, and padded to at least 1024 code units at either end. */
function variants(value: string): string[] {
  return [value, `${'x'.repeat(1100)}${value}`, `${value}${' '.repeat(1100)}`];
}

function re2jsFind(pattern: string, flags: string | null, value: string): boolean {
  return RE2JS.compile(pattern, checkFlags(flags).bits).matcher(value).find();
}

function nodeTest(pattern: string, flags: string | null): (value: string) => boolean {
  const letters = [...new Set([...(flags ?? '')].filter((f) => 'ims'.includes(f)))].join('');
  const re = new NodeRE2(pattern, `${letters}u`);
  return (value) => re.test(value);
}

describe('re2js and node re2 give the same match results', () => {
  it('every pattern of the table is one that re2js accepts', () => {
    expect(PATTERNS.filter(([p, f]) => !checkPattern(p, checkFlags(f).bits).accepted)).toEqual([]);
  });

  it.each(PATTERNS.map(([pattern, flags]) => ({ pattern, flags })))('/$pattern/$flags', ({ pattern, flags }) => {
    const native = nodeTest(pattern, flags);
    const matcher = compileMatcher(pattern, flags);
    const disagreements: string[] = [];
    for (const value of VALUES.flatMap(variants)) {
      const expected = re2jsFind(pattern, flags, value);
      const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…${value.slice(-20)}` : value);
      if (native(value) !== expected) disagreements.push(`node re2 ${!expected} on ${shown}`);
      if (matcher.test(value) !== expected) disagreements.push(`compileMatcher ${!expected} on ${shown}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('the table has matches and non-matches on long values, so the native path is exercised both ways', () => {
    const answers = new Set<boolean>();
    for (const [pattern, flags] of PATTERNS) for (const value of VALUES) answers.add(re2jsFind(pattern, flags, `${'x'.repeat(1100)}${value}`));
    expect([...answers].sort()).toEqual([false, true]);
  });
});

describe('lone surrogates', () => {
  // JSON can hold "\ud800"; node re2 converts it to U+FFFD (UTF-8), re2js keeps the surrogate.
  const long = `${'x'.repeat(1100)}a\ud800b`;

  it('node re2 alone would answer differently from re2js', () => {
    expect(re2jsFind('\\x{FFFD}', null, long)).toBe(false);
    expect(nodeTest('\\x{FFFD}', null)(long)).toBe(true);
  });

  it('compileMatcher keeps such values with re2js', () => {
    for (const [pattern, expected] of [
      ['\\x{FFFD}', false],
      ['[\\x{D800}-\\x{DFFF}]', true],
      ['a.b', true],
    ] as const) {
      expect(re2jsFind(pattern, null, long), pattern).toBe(expected);
      expect(compileMatcher(pattern, null).test(long), pattern).toBe(expected);
    }
  });
});
