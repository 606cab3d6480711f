import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import rule from '../../rules/re2-incompatible-pattern.js';
import type { Finding } from '../../src/engine/run-rules.js';
import { checkFlags, checkPattern, compileMatcher } from '../../src/regex/re2-engine.js';
import { contentType, runRule, testRule } from '../helpers/rule-tester.js';

const regexpField = (id: string, pattern: unknown, flags?: unknown, key = 'regexp') => ({
  id,
  type: 'Symbol',
  validations: [{ [key]: flags === undefined ? { pattern } : { pattern, flags } }],
});
const space = (...fields: Record<string, unknown>[]) => ({ contentTypes: [contentType('page', fields)] });

testRule(rule, {
  valid: [
    { name: 'the service’s predefined e-mail pattern', space: space(regexpField('email', '^\\w[\\w.-]*@([\\w-]+\\.)+[\\w-]+$', null)) },
    {
      name: 'the URL pattern of a real export',
      space: space(regexpField('url', '^(ftp|http|https):\\/\\/(\\w+:{0,1}\\w*@)?(\\S+)(:[0-9]+)?(\\/|\\/([\\w#!:.?+=&%@!\\-\\/]))?$')),
    },
    { name: 'named groups in JavaScript spelling', space: space(regexpField('date', '^(?<y>\\d{4})-(?<m>\\d{2})$', 'iu')) },
    { name: 'every accepted flag', space: space(regexpField('x', '^x$', 'gimsu')) },
    { name: 'flags missing, null or empty', space: space(regexpField('a', 'a'), regexpField('b', 'b', null), regexpField('c', 'c', '')) },
    { name: 'prohibitRegexp that RE2 accepts', space: space(regexpField('p', '\\bdraft\\b', 'i', 'prohibitRegexp')) },
    {
      name: 'items of an array with an accepted pattern',
      space: space({ id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [{ regexp: { pattern: '^[a-z-]+$' } }] } }),
    },
    {
      name: 'nested quantifiers: RE2 compiles them, so they are not reported',
      space: space(regexpField('n', '^(a+)+$'), regexpField('m', '(a|aa)+b')),
    },
    { name: 'a pattern that is not a string is not this rule’s business', space: space(regexpField('odd', 42), regexpField('none', null)) },
    {
      name: 'validations that are not objects, and fields without validations',
      space: space({ id: 'a', type: 'Symbol', validations: [null, 'regexp', { regexp: 'x' }] }, { id: 'b', type: 'Symbol' }),
    },
  ],
  invalid: [
    {
      name: 'lookahead on a field',
      space: space({ id: 'title', type: 'Symbol' }, regexpField('slug', '^(?!admin)[a-z-]+$', null)),
      findings: [
        {
          messageId: 'lookahead',
          target: { contentType: 'page', field: 'slug' },
          severity: 'error',
          message: 'uses a lookahead `(?!`',
          pointer: '/contentTypes/0/fields/1/validations/0/regexp/pattern',
        },
      ],
    },
    {
      name: 'lookbehind in prohibitRegexp',
      space: space(regexpField('path', '(?<=/)admin', null, 'prohibitRegexp')),
      findings: [
        {
          messageId: 'lookbehind',
          target: { contentType: 'page', field: 'path' },
          severity: 'error',
          message: 'The prohibitRegexp pattern uses a lookbehind `(?<=`',
          pointer: '/contentTypes/0/fields/0/validations/0/prohibitRegexp/pattern',
        },
      ],
    },
    {
      name: 'backreference on the items of a list',
      space: space({ id: 'codes', type: 'Array', items: { type: 'Symbol', validations: [{ size: { max: 3 } }, { regexp: { pattern: '^(\\w)\\1$' } }] } }),
      findings: [
        {
          messageId: 'backreference',
          target: { contentType: 'page', field: 'codes' },
          severity: 'error',
          message: 'on the items of the list uses a backreference `\\1`',
          pointer: '/contentTypes/0/fields/0/items/validations/1/regexp/pattern',
        },
      ],
    },
    {
      name: 'before 2025-04-21 the finding is a warning that says when enforcement starts',
      asOf: '2025-04-20',
      space: space(regexpField('slug', '(?=x)')),
      findings: [
        {
          messageId: 'lookahead',
          target: { contentType: 'page', field: 'slug' },
          severity: 'warning',
          message: 'enforced from 2025-04-21 (in 1 day)',
        },
      ],
    },
    {
      name: 'a \\u escape that the rewrite rescues is a warning with the rewritten pattern',
      space: space(regexpField('name', '^[\\u00c0-\\u017f a-z]+$', 'i')),
      findings: [
        {
          messageId: 'translatable',
          target: { contentType: 'page', field: 'name' },
          severity: 'warning',
          message: 'Use `^[\\x{00c0}-\\x{017f} a-z]+$` instead',
        },
      ],
      output: space(regexpField('name', '^[\\x{00c0}-\\x{017f} a-z]+$', 'i')),
    },
    {
      name: 'a pattern rewritten and a flag dropped in one validation of the items: both fixes apply, each to its own value',
      space: space({ id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [{ size: { max: 3 } }, { regexp: { pattern: '^\\cJ?[a-z]+$', flags: 'yi', message: 'lower case' } }] } }),
      findings: [
        { messageId: 'translatable', target: { contentType: 'page', field: 'tags' }, severity: 'warning' },
        { messageId: 'unsupportedFlag', target: { contentType: 'page', field: 'tags' }, severity: 'error' },
      ],
      output: space({ id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [{ size: { max: 3 } }, { regexp: { pattern: '^\\x0A?[a-z]+$', flags: 'i', message: 'lower case' } }] } }),
    },
    {
      // The widely shared "no emoji" pattern: JavaScript matches UTF-16 halves, RE2 code points, so
      // \x{d83c}[\x{d000}-\x{dfff}] never matches an emoji and the prohibition would silently stop.
      name: 'UTF-16 surrogate escapes have no one-for-one rewrite: no fix, and the message says why',
      space: space(
        regexpField('body', '(\\u00a9|\\u00ae|[\\u2000-\\u3300]|\\ud83c[\\ud000-\\udfff]|\\ud83d[\\ud000-\\udfff]|\\ud83e[\\ud000-\\udfff])', 'g', 'prohibitRegexp'),
        regexpField('smile', '^\\ud83d\\ude00$'),
        regexpField('braced', '^\\u{D83D}$', 'u'),
      ),
      findings: [
        {
          messageId: 'surrogateEscape',
          target: { contentType: 'page', field: 'body' },
          severity: 'warning',
          message: 'uses the UTF-16 surrogate escape `\\ud83c`',
        },
        { messageId: 'surrogateEscape', target: { contentType: 'page', field: 'smile' }, severity: 'warning', message: '`\\ud83d`' },
        { messageId: 'surrogateEscape', target: { contentType: 'page', field: 'braced' }, severity: 'warning', message: '`\\u{D83D}`' },
      ],
    },
    {
      name: 'an escaped backslash before u is no surrogate escape, and \\c before a non-letter is not a control escape: no rewrite',
      space: space(regexpField('path', '^\\\\ud83d\\u00e9$'), regexpField('ctl', '^\\c1\\u00e9$')),
      findings: [
        { messageId: 'translatable', target: { contentType: 'page', field: 'path' }, severity: 'warning', message: 'Use `^\\\\ud83d\\x{00e9}$`' },
        { messageId: 'unsupportedEscape', target: { contentType: 'page', field: 'ctl' }, severity: 'error', message: 'uses the escape `\\c1`' },
      ],
      output: space(regexpField('path', '^\\\\ud83d\\x{00e9}$'), regexpField('ctl', '^\\c1\\u00e9$')),
    },
    {
      name: 'the flag d never changes a match: dropped',
      space: space(regexpField('code', '[0-9]+', 'dg', 'prohibitRegexp')),
      findings: [{ messageId: 'unsupportedFlag', target: { contentType: 'page', field: 'code' }, severity: 'error' }],
      output: space(regexpField('code', '[0-9]+', 'g', 'prohibitRegexp')),
    },
    {
      name: 'the flag y on a pattern anchored at the start: a | inside a group, a class or an escape does not end the anchor',
      space: space(regexpField('code', '^(a|b)[|]\\|c', 'yi')),
      findings: [{ messageId: 'unsupportedFlag', target: { contentType: 'page', field: 'code' }, severity: 'error' }],
      output: space(regexpField('code', '^(a|b)[|]\\|c', 'i')),
    },
    {
      name: 'the flag y where the pattern is not anchored at the start, or m lets ^ match after a newline: a suggestion, not a fix',
      space: space(regexpField('a', 'x+', 'y'), regexpField('b', '^x|y', 'y'), regexpField('c', '^x', 'my'), regexpField('d', '^x$', 'v')),
      findings: [
        {
          messageId: 'unsupportedFlag',
          target: { contentType: 'page', field: 'a' },
          severity: 'error',
          suggestions: [{ id: 'dropFlags', desc: 'Drop the flag y (flags "")', output: space(regexpField('a', 'x+', ''), regexpField('b', '^x|y', 'y'), regexpField('c', '^x', 'my'), regexpField('d', '^x$', 'v')) }],
        },
        { messageId: 'unsupportedFlag', target: { contentType: 'page', field: 'b' }, severity: 'error', suggestions: [{ id: 'dropFlags' }] },
        { messageId: 'unsupportedFlag', target: { contentType: 'page', field: 'c' }, severity: 'error', suggestions: [{ id: 'dropFlags', desc: /flags "m"/ }] },
        { messageId: 'unsupportedFlag', target: { contentType: 'page', field: 'd' }, severity: 'error', suggestions: [{ id: 'dropFlags' }] },
      ],
    },
    {
      name: 'a \\u escape next to a lookahead: the lookahead is what blocks it',
      space: space(regexpField('name', '^\\u00e9(?=x)')),
      findings: [{ messageId: 'lookahead', target: { contentType: 'page', field: 'name' }, severity: 'error' }],
    },
    {
      name: 'a refused pattern and an unsupported flag are two findings, in file order',
      space: space(regexpField('handle', '^(?=@)\\w+$', 'iy')),
      findings: [
        { messageId: 'lookahead', target: { contentType: 'page', field: 'handle' }, severity: 'error' },
        {
          messageId: 'unsupportedFlag',
          target: { contentType: 'page', field: 'handle' },
          severity: 'error',
          message: "has the flag 'y'",
          pointer: '/contentTypes/0/fields/0/validations/0/regexp/flags',
        },
      ],
      // Anchored by ^ (the lookahead stays a finding: RE2 has no equivalent).
      output: space(regexpField('handle', '^(?=@)\\w+$', 'i')),
    },
    {
      name: 'flags that are not a string',
      space: space(regexpField('x', 'x', 3)),
      findings: [{ messageId: 'unsupportedFlag', target: { contentType: 'page', field: 'x' }, severity: 'error', message: "the flag '3'" }],
    },
    {
      name: 'repeat count over 1000',
      space: space(regexpField('long', '^.{1,5000}$')),
      findings: [
        { messageId: 'repeatCount', target: { contentType: 'page', field: 'long' }, severity: 'error', message: 'repeat count `{1,5000}`' },
      ],
    },
    {
      name: 'regexp and prohibitRegexp on one field, and a second content type',
      space: {
        contentTypes: [
          contentType('a', [{ id: 'f', type: 'Text', validations: [{ regexp: { pattern: '\\p{Script=Latin}' } }, { prohibitRegexp: { pattern: '(?<!x)y' } }] }]),
          contentType('b', [regexpField('g', '(')]),
        ],
      },
      findings: [
        { messageId: 'unicodeProperty', target: { contentType: 'a', field: 'f' }, severity: 'error' },
        { messageId: 'lookbehind', target: { contentType: 'a', field: 'f' }, severity: 'error' },
        { messageId: 'invalidSyntax', target: { contentType: 'b', field: 'g' }, severity: 'error', message: 'missing closing )' },
      ],
    },
  ],
});

/**
 * The rule must agree with re2js, the service's engine: it reports a pattern exactly when re2js
 * refuses it (with i/m/s mapped and u/g accepted), or when a flag is not one of i, m, s, u, g.
 * `expect` lists the message ids the rule gives; [] means accepted.
 */
const TABLE: { pattern: string; flags?: string | null; expect: string[] }[] = [
  // lookaround
  { pattern: '(?=a)b', expect: ['lookahead'] },
  { pattern: 'a(?!b)', expect: ['lookahead'] },
  { pattern: '^(?=.*\\d)(?=.*[a-z]).{8,}$', expect: ['lookahead'] },
  { pattern: '(?<=a)b', expect: ['lookbehind'] },
  { pattern: '(?<!a)b', expect: ['lookbehind'] },
  // backreferences
  { pattern: '(a)\\1', expect: ['backreference'] },
  { pattern: '(\\w+)\\s\\1', expect: ['backreference'] },
  { pattern: '\\2(a)(b)', expect: ['backreference'] },
  { pattern: '(?<q>["\'])x\\k<q>', expect: ['backreference'] },
  { pattern: '\\u00e9\\k<x>(?<x>a)', expect: ['backreference'] },
  // \u escapes and other JavaScript spellings
  { pattern: '\\u00e9', expect: ['translatable'] },
  { pattern: '^[\\u4e00-\\u9fa5]+$', expect: ['translatable'] },
  { pattern: '\\u{1F600}', flags: 'u', expect: ['translatable'] },
  { pattern: 'caf\\u00e9(?=!)', expect: ['lookahead'] },
  { pattern: '\\ud83d\\ude00(?=!)', expect: ['lookahead'] },
  { pattern: '[\\ud800-\\udbff][\\udc00-\\udfff]', expect: ['surrogateEscape'] },
  { pattern: '\\u{0000dfff}', flags: 'u', expect: ['surrogateEscape'] },
  { pattern: '\\u{E000}\\ud7ff', flags: 'u', expect: ['translatable'] },
  { pattern: '\\cJ', expect: ['translatable'] },
  { pattern: '[^]', expect: ['translatable'] },
  { pattern: '[]', expect: ['translatable'] },
  { pattern: '\\Z', expect: ['unsupportedEscape'] },
  { pattern: '\\h', expect: ['unsupportedEscape'] },
  { pattern: '\\R', expect: ['unsupportedEscape'] },
  { pattern: '\\e', expect: ['unsupportedEscape'] },
  // \p classes
  { pattern: '\\p{L}+', expect: [] },
  { pattern: '\\p{Lu}', expect: [] },
  { pattern: '\\p{Greek}', expect: [] },
  { pattern: '\\P{N}', expect: [] },
  { pattern: '\\pL', expect: [] },
  { pattern: '\\p{Script=Greek}', flags: 'u', expect: ['unicodeProperty'] },
  { pattern: '\\p{Letter}', flags: 'u', expect: ['unicodeProperty'] },
  // groups
  { pattern: '(?<year>\\d{4})-(?<month>\\d{2})', expect: [] },
  { pattern: '(?P<name>x)', expect: [] },
  { pattern: '(?:x)', expect: [] },
  { pattern: '(?i)abc', expect: [] },
  { pattern: '(?s).', expect: [] },
  { pattern: '(?#comment)', expect: ['unsupportedGroup'] },
  { pattern: '(?>atomic)', expect: ['unsupportedGroup'] },
  // repeat counts
  { pattern: 'a{1000}', expect: [] },
  { pattern: 'a{0,1000}', expect: [] },
  { pattern: 'a{1001}', expect: ['repeatCount'] },
  { pattern: 'a{5,2000}', expect: ['repeatCount'] },
  { pattern: 'a{2,1}', expect: ['invalidSyntax'] },
  { pattern: '(ab){3}', expect: [] },
  { pattern: 'a{,3}', expect: [] },
  // flags, every letter JavaScript knows plus some it does not
  { pattern: '^x$', flags: 'i', expect: [] },
  { pattern: '^x$', flags: 'm', expect: [] },
  { pattern: '^x$', flags: 's', expect: [] },
  { pattern: '^x$', flags: 'u', expect: [] },
  { pattern: '^x$', flags: 'g', expect: [] },
  { pattern: '^x$', flags: 'gimsu', expect: [] },
  { pattern: '^x$', flags: 'y', expect: ['unsupportedFlag'] },
  { pattern: '^x$', flags: 'd', expect: ['unsupportedFlag'] },
  { pattern: '^x$', flags: 'v', expect: ['unsupportedFlag'] },
  { pattern: '^x$', flags: 'iy', expect: ['unsupportedFlag'] },
  { pattern: '^x$', flags: 'I', expect: ['unsupportedFlag'] },
  { pattern: '^x$', flags: '', expect: [] },
  { pattern: '^x$', flags: null, expect: [] },
  { pattern: '(?=x)', flags: 'y', expect: ['lookahead', 'unsupportedFlag'] },
  // escapes RE2 shares with JavaScript, and RE2-only syntax
  { pattern: '\\A\\z', expect: [] },
  { pattern: '\\x{41}', expect: [] },
  { pattern: '\\x41', expect: [] },
  { pattern: '\\0', expect: [] },
  { pattern: '\\012', expect: [] },
  { pattern: '\\b\\B\\d\\w\\s', expect: [] },
  { pattern: '[\\p{L}--[a-z]]', expect: [] },
  { pattern: '\\/\\-[\\-]', expect: [] },
  { pattern: '', expect: [] },
  // syntax errors
  { pattern: 'a++', expect: ['invalidSyntax'] },
  { pattern: 'a**', expect: ['invalidSyntax'] },
  { pattern: '(', expect: ['invalidSyntax'] },
  { pattern: '[z-a]', expect: ['invalidSyntax'] },
  { pattern: '*a', expect: ['invalidSyntax'] },
  { pattern: 'a\\', expect: ['invalidSyntax'] },
  // nested quantifiers and real-world patterns
  { pattern: '(a+)+$', expect: [] },
  { pattern: '(a|aa)+b', expect: [] },
  { pattern: '^\\d{5}(-\\d{4})?$', expect: [] },
  { pattern: '^(1[0-2]|0?[1-9]):[0-5][0-9] ?[AaPp][Mm]$', expect: [] },
];

type RE2JSType = typeof import('re2js').RE2JS;
const { RE2JS } = createRequire(import.meta.url)('re2js') as { RE2JS: RE2JSType };

/** re2js's own verdict, computed here independently of src/regex. */
function re2jsRefuses(pattern: string, flags: string | null | undefined): boolean {
  const letters = flags ?? '';
  if ([...letters].some((l) => !'imsug'.includes(l))) return true;
  let bits = 0;
  if (letters.includes('i')) bits |= RE2JS.CASE_INSENSITIVE;
  if (letters.includes('m')) bits |= RE2JS.MULTILINE;
  if (letters.includes('s')) bits |= RE2JS.DOTALL;
  try {
    RE2JS.compile(pattern, bits);
    return false;
  } catch {
    return true;
  }
}

describe('re2-incompatible-pattern agrees with re2js', () => {
  let findings: Finding[];

  beforeAll(async () => {
    const fields = TABLE.map((row, i) => regexpField(`f${i}`, row.pattern, row.flags));
    findings = await runRule(rule, space(...fields));
  });

  it('covers at least 60 patterns', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TABLE.map((row, i) => ({ ...row, i })))('/$pattern/$flags', ({ pattern, flags, expect: messageIds, i }) => {
    const reported = findings.filter((f) => f.target.field === `f${i}`);
    expect(reported.length > 0).toBe(re2jsRefuses(pattern, flags));
    expect(reported.map((f) => f.messageId)).toEqual(messageIds);
  });
});

/**
 * A rewrite the rule offers as a fix must match what the JavaScript pattern matched: each pattern
 * (written here, so JavaScript's RegExp may run it) against sample strings, re2js running the rewrite.
 */
const REWRITES: { pattern: string; flags?: string }[] = [
  { pattern: '^[\\u00c0-\\u017f a-z]+$', flags: 'i' },
  { pattern: '^\\u{1F600}+$', flags: 'u' },
  { pattern: '^\\cJ?x\\cm$' },
  // Without u, JavaScript counts an emoji as two of any character; RE2 always counts code points
  // (as it does for `.`, in every pattern the service runs).
  { pattern: '^[^]{2}$', flags: 'u' },
  { pattern: 'a[]|b' },
  { pattern: '^(?<y>\\d{4})-\\u002d\\/$' },
  { pattern: '^\\\\ud83d\\u00e9$' },
  { pattern: '[\\u2000-\\u3300]', flags: 'g' },
  // Seen in public schemas and forms: scripts by their blocks (CJK, Hebrew, Arabic, Hangul), ASCII only.
  { pattern: '^[\\u4e00-\\u9fa5a-zA-Z]+$' },
  { pattern: '^[\\u0590-\\u05FF ]+$' },
  { pattern: '^[\\u0600-\\u06FF ]+$', flags: 'i' },
  { pattern: '^[\\uAC00-\\uD7A3A-Za-z]+$' },
  { pattern: '^[\\u0000-\\u007F]*$' },
  { pattern: '^[\\u4e00-\\u9fa5·]+$' },
];
const SAMPLES = [
  ...['', 'x', 'é', 'Éa z', '😀', '😀😀', 'a', 'b', '\nx\r', '\nx\u000d', 'ab', '2024--/', '\\ud83dé', '\u2014', 'u{1F600}', '\u00e9\u00e9'],
  ...['中文abc', '王·小明', 'שלום עולם', 'مرحبا بك', '한글Abc', 'ascii only ~', 'ascii ©', '\ud7a3', '\ud7a4'],
];

describe('re2-incompatible-pattern rewrites match the strings the JavaScript pattern matched', () => {
  it.each(REWRITES)('/$pattern/$flags', ({ pattern, flags = '' }) => {
    const verdict = checkPattern(pattern, checkFlags(flags).bits);
    expect(verdict.accepted).toBe(false);
    const suggestion = verdict.accepted ? null : verdict.suggestion;
    expect(suggestion).not.toBeNull();
    const rewrite = compileMatcher(suggestion as string, flags);
    const original = new RegExp(pattern, flags.replace('g', ''));
    for (const sample of SAMPLES) expect(rewrite.test(sample), JSON.stringify(sample)).toBe(original.test(sample));
  });
});
