import { createRequire } from 'node:module';

/**
 * The service validates `regexp` / `prohibitRegexp` patterns with re2js, so re2js's verdict is
 * the truth here. Patterns from inputs are never run with JavaScript's RegExp (ReDoS): matching
 * uses re2js, or node's C++ `re2` binding for long values once re2js has accepted the pattern.
 * Both engines are loaded on first use, so runs without patterns do not pay for them.
 */

type RE2JSClass = typeof import('re2js').RE2JS;
type NodeRE2Class = typeof import('re2');

const require = createRequire(import.meta.url);
let re2jsClass: RE2JSClass | undefined;
let nodeRe2: NodeRE2Class | null | undefined;

function RE2JS(): RE2JSClass {
  return (re2jsClass ??= (require('re2js') as typeof import('re2js')).RE2JS);
}

/** node `re2`, or null when the native addon is not available on this machine. */
function nodeRE2(): NodeRE2Class | null {
  if (nodeRe2 === undefined) {
    try {
      nodeRe2 = require('re2') as NodeRE2Class;
    } catch {
      nodeRe2 = null;
    }
  }
  return nodeRe2;
}

export type ProblemKind =
  | 'lookahead'
  | 'lookbehind'
  | 'backreference'
  | 'unicodeEscape'
  | 'controlEscape'
  | 'surrogateEscape'
  | 'emptyClass'
  | 'unicodeProperty'
  | 'repeatCount'
  | 'unsupportedEscape'
  | 'unsupportedGroup'
  | 'invalidSyntax';

/** Problems that `RE2JS.translateRegExp` rewrites mechanically into an equivalent RE2 form. */
const TRANSLATABLE: ReadonlySet<ProblemKind> = new Set(['unicodeEscape', 'controlEscape', 'emptyClass']);

export interface PatternProblem {
  kind: ProblemKind;
  /** The part of the pattern re2js stopped at. */
  construct: string;
  /** re2js's own description, e.g. "invalid escape sequence". */
  detail: string;
}

export type PatternVerdict =
  | { accepted: true }
  | {
      accepted: false;
      problem: PatternProblem;
      /** An equivalent pattern that re2js accepts, when a mechanical rewrite gives one. */
      suggestion: string | null;
    };

export interface FlagsVerdict {
  /** re2js flag bits for the accepted letters. */
  bits: number;
  /** Letters (or a non-string value, shown as JSON) that the service refuses. */
  unsupported: string[];
}

/** Letters the service accepts: i, m, s are mapped; u and g are accepted and have no effect. */
export function checkFlags(flags: unknown): FlagsVerdict {
  if (flags === undefined || flags === null) return { bits: 0, unsupported: [] };
  if (typeof flags !== 'string') return { bits: 0, unsupported: [JSON.stringify(flags)] };
  const engine = RE2JS();
  let bits = 0;
  const unsupported: string[] = [];
  for (const letter of flags) {
    if (letter === 'i') bits |= engine.CASE_INSENSITIVE;
    else if (letter === 'm') bits |= engine.MULTILINE;
    else if (letter === 's') bits |= engine.DOTALL;
    else if (letter !== 'u' && letter !== 'g' && !unsupported.includes(letter)) unsupported.push(letter);
  }
  return { bits, unsupported };
}

interface SyntaxFailure {
  error?: string;
  input?: string;
  message: string;
}

/** The construct as users wrote it: re2js gives `\\u` for `\\u00e9`, and the whole rest for `(?<=…`. */
function shownConstruct(kind: ProblemKind, input: string, pattern: string): string {
  if (kind === 'lookbehind') return input.slice(0, 4);
  if (kind === 'unicodeEscape' || kind === 'controlEscape') {
    const at = pattern.indexOf(input);
    const escape = /^\\(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|c[A-Za-z])/.exec(pattern.slice(at));
    if (at >= 0 && escape) return escape[0];
  }
  const shown = input === '' ? pattern : input;
  return shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
}

function classify(failure: SyntaxFailure, pattern: string): PatternProblem {
  const detail = failure.error ?? failure.message;
  const construct = failure.input ?? '';
  const kind = ((): ProblemKind => {
    switch (detail) {
      case 'invalid or unsupported Perl syntax':
        return construct === '(?=' || construct === '(?!' ? 'lookahead' : 'unsupportedGroup';
      case 'invalid named capture':
        return construct.startsWith('(?<=') || construct.startsWith('(?<!') ? 'lookbehind' : 'invalidSyntax';
      case 'invalid escape sequence':
        if (/^\\[1-9k]/.test(construct)) return 'backreference';
        if (construct.startsWith('\\u')) return 'unicodeEscape';
        if (construct.startsWith('\\c')) return 'controlEscape';
        return 'unsupportedEscape';
      case 'invalid repeat count':
        return (construct.match(/\d+/g) ?? []).some((n) => Number(n) > 1000) ? 'repeatCount' : 'invalidSyntax';
      case 'invalid character class range':
        return /^\\[pP]/.test(construct) ? 'unicodeProperty' : 'invalidSyntax';
      case 'missing closing ]':
        return construct.startsWith('[]') || construct.startsWith('[^]') ? 'emptyClass' : 'invalidSyntax';
      default:
        return 'invalidSyntax';
    }
  })();
  return { kind, construct: shownConstruct(kind, construct, pattern), detail };
}

type Compiled = ReturnType<RE2JSClass['compile']>;

/** Patterns re2js accepted, compiled, by flag bits and pattern: each is compiled once, for its verdict and its matchers. */
const compiledPatterns = new Map<string, Compiled>();

/** Compiles with re2js; returns the syntax failure, or null if the pattern is accepted (and compiled: `compiled`). */
function tryCompile(pattern: string, bits: number): SyntaxFailure | null {
  try {
    compiled(pattern, bits);
    return null;
  } catch (error) {
    if (error instanceof Error && error.name === 'RE2JSSyntaxException') return error as SyntaxFailure;
    throw error;
  }
}

/** The pattern compiled by re2js with `bits` (once per run); throws re2js's error if it is refused. */
function compiled(pattern: string, bits: number): Compiled {
  const key = `${bits}\0${pattern}`;
  let program = compiledPatterns.get(key);
  if (!program) {
    program = RE2JS().compile(pattern, bits);
    compiledPatterns.set(key, program);
  }
  return program;
}

const verdicts = new Map<string, PatternVerdict>();

/** re2js's verdict on a pattern compiled with `bits` (from `checkFlags`). */
export function checkPattern(pattern: string, bits: number): PatternVerdict {
  const key = `${bits}\0${pattern}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = judge(pattern, bits);
    verdicts.set(key, verdict);
  }
  return verdict;
}

/**
 * The first escape that translateRegExp rewrites into something that matches other strings:
 * a UTF-16 surrogate (`\ud83d`, `\u{DE00}`), which JavaScript matches as half of a character and
 * RE2 as a code point no well-formed text contains (`\ud83d\ude00` would never match 😀 again);
 * and `\c` before a non-letter, which JavaScript reads as a backslash and a `c` (the rewrite
 * drops the backslash; RE2 has no such escape). Read by scanning escapes, never by running the
 * pattern.
 */
function escapeWithoutRewrite(pattern: string): Pick<PatternProblem, 'kind' | 'construct'> | null {
  const surrogate = /\\u(?:[dD][89a-fA-F][0-9a-fA-F]{2}|\{0*[dD][89a-fA-F][0-9a-fA-F]{2}\})/y;
  const backslashC = /\\c(?:[^A-Za-z]|$)/y;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    surrogate.lastIndex = backslashC.lastIndex = i;
    const found = surrogate.exec(pattern);
    if (found) return { kind: 'surrogateEscape', construct: found[0] };
    const literal = backslashC.exec(pattern);
    if (literal) return { kind: 'unsupportedEscape', construct: literal[0] };
    i++;
  }
  return null;
}

function judge(pattern: string, bits: number): PatternVerdict {
  const failure = tryCompile(pattern, bits);
  if (!failure) return { accepted: true };
  const problem = classify(failure, pattern);
  if (!TRANSLATABLE.has(problem.kind)) return { accepted: false, problem, suggestion: null };
  // translateRegExp turns the backreference `\k<name>` into the text `k<name>`: that blocks the pattern.
  const namedBackreference = /\\k<[^>]*>?/.exec(pattern);
  if (namedBackreference) {
    return { accepted: false, problem: { kind: 'backreference', construct: namedBackreference[0], detail: 'invalid escape sequence' }, suggestion: null };
  }
  const translated = RE2JS().translateRegExp(pattern) as string;
  const remaining = tryCompile(translated, bits);
  if (!remaining) {
    const unmatched = escapeWithoutRewrite(pattern);
    return unmatched ? { accepted: false, problem: { ...problem, ...unmatched }, suggestion: null } : { accepted: false, problem, suggestion: translated };
  }
  // The rewrite does not rescue the pattern: name what still blocks it.
  const blocking = classify(remaining, translated);
  return { accepted: false, problem: TRANSLATABLE.has(blocking.kind) ? problem : blocking, suggestion: null };
}

export interface Matcher {
  /** Unanchored search, like `RegExp.prototype.test`. */
  test(value: string): boolean;
}

/** Values at least this long are matched with node `re2` (much faster on long texts). */
const LONG_VALUE = 1024;

/**
 * node `re2` matches UTF-8, into which a lone surrogate (`"\ud800"` is valid JSON) converts as
 * U+FFFD, while re2js sees the surrogate itself: such values stay with re2js, so both give the
 * same answers.
 */
function isWellFormed(value: string): boolean {
  return (value as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * A matcher for a pattern that `checkPattern` accepted with these flags. Throws if re2js
 * refuses the pattern: refused patterns are reported, never matched.
 */
export function compileMatcher(pattern: string, flags: string | null | undefined): Matcher {
  const { bits } = checkFlags(flags);
  const program = compiled(pattern, bits);
  let native: { test(value: string): boolean } | null | undefined;
  return {
    test(value) {
      if (value.length >= LONG_VALUE && isWellFormed(value)) {
        if (native === undefined) {
          const NodeRE2 = nodeRE2();
          const letters = [...new Set([...(flags ?? '')].filter((f) => f === 'i' || f === 'm' || f === 's'))].join('');
          try {
            native = NodeRE2 ? new NodeRE2(pattern, `${letters}u`) : null;
          } catch {
            native = null;
          }
        }
        if (native) return native.test(value);
      }
      return program.matcher(value).find();
    },
  };
}
