import { describe, expect, it } from 'vitest';
import { colorWanted, outputWidth } from '../src/util/terminal.js';
import { didYouMean, suggestions } from '../src/config/closest.js';
import { wrapText } from '../src/util/wrap-text.js';

describe('colours', () => {
  it.each([
    // flag, environment, stdout is a terminal, coloured
    [undefined, {}, true, true],
    [undefined, {}, false, false],
    [undefined, { TERM: 'dumb' }, true, false],
    [undefined, { NO_COLOR: '1' }, true, false],
    [undefined, { NO_COLOR: '' }, true, true],
    [undefined, { FORCE_COLOR: '1' }, false, true],
    [undefined, { FORCE_COLOR: '' }, false, true],
    [undefined, { FORCE_COLOR: '3' }, false, true],
    [undefined, { FORCE_COLOR: 'true' }, false, true],
    [undefined, { FORCE_COLOR: '0' }, true, false],
    [undefined, { FORCE_COLOR: 'false' }, true, false],
    [undefined, { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    [true, { NO_COLOR: '1' }, false, true],
    [false, { FORCE_COLOR: '1' }, true, false],
  ] as const)('--color %s, %j, terminal %s: %s', (flag, env, isTTY, expected) => {
    expect(colorWanted(flag, env, isTTY)).toBe(expected);
  });
});

describe('width', () => {
  it('is COLUMNS, else the terminal’s, else 100', () => {
    expect(outputWidth({ COLUMNS: '72' }, 200)).toBe(72);
    expect(outputWidth({}, 132)).toBe(132);
    expect(outputWidth({}, undefined)).toBe(100);
    for (const bad of ['', '0', '-5', 'wide', '1e3', '999999']) expect(outputWidth({ COLUMNS: bad }, undefined)).toBe(100);
  });

  it('wraps at spaces, keeps a word longer than a line whole, and never goes below 20 columns', () => {
    expect(wrapText('aaa bbb ccc ddd', 7)).toEqual(['aaa bbb ccc ddd']);
    expect(wrapText('aaaa bbbb cccc dddd eeee ffff gggg', 20)).toEqual(['aaaa bbbb cccc dddd', 'eeee ffff gggg']);
    expect(wrapText(`short ${'x'.repeat(30)} tail`, 20)).toEqual(['short', 'x'.repeat(30), 'tail']);
    expect(wrapText('', 20)).toEqual(['']);
  });
});

describe('suggestions', () => {
  const ids = ['re2-incompatible-pattern', 'field-removed', 'field-type-changed', 'field-unlocalized', 'required-field-empty', 'hidden-required-field'];

  it('a typo: the nearest by edit distance', () => {
    expect(suggestions('hidden-required-feild', ids)).toEqual(['hidden-required-field']);
    expect(suggestions('failon', ['failOn', 'maxWarnings'])).toEqual(['failOn']);
  });

  it('a part: the candidates that hold it, those that start with it first, shortest first, at most three', () => {
    expect(suggestions('re2', ids)).toEqual(['re2-incompatible-pattern']);
    expect(suggestions('field', ids)).toEqual(['field-removed', 'field-unlocalized', 'field-type-changed']);
    expect(suggestions('REQUIRED', ids)).toEqual(['required-field-empty', 'hidden-required-field']);
    // Too short to be a part, and too far to be a typo.
    expect(suggestions('fi', ids)).toEqual([]);
    expect(suggestions('x'.repeat(1_000_000), ids)).toEqual([]);
  });

  it('reads as English', () => {
    expect(didYouMean([])).toBe('');
    expect(didYouMean(['a'])).toBe(" (did you mean 'a'?)");
    expect(didYouMean(['a', 'b', 'c'])).toBe(" (did you mean 'a', 'b' or 'c'?)");
  });
});
