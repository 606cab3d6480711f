import { describe, expect, it } from 'vitest';
import { quoted, shorten, visible, visibleLine } from '../src/util/safe-text.js';

describe('visible', () => {
  it.each([
    ['plain text, unicode letters and emoji are unchanged', 'Größe 😀 日本', 'Größe 😀 日本'],
    ['newline, CR, tab by name', 'a\nb\rc\td', 'a\\nb\\rc\\td'],
    ['ESC of a CSI sequence', '\u001b[2K', '\\u001b[2K'],
    ['OSC 8 link with BEL', '\u001b]8;;http://x\u0007', '\\u001b]8;;http://x\\u0007'],
    ['NUL, DEL, C1 CSI', '\u0000\u007f\u009b', '\\u0000\\u007f\\u009b'],
    ['bidi override and isolates', 'a\u202Eb\u2066c\u2069', 'a\\u202eb\\u2066c\\u2069'],
    ['zero-width space, line separator, byte order mark', '\u200B\u2028\uFEFF', '\\u200b\\u2028\\ufeff'],
    ['a workflow command stays on its line', 'x\n::error file=a::b', 'x\\n::error file=a::b'],
  ])('%s', (_name, input, expected) => {
    expect(visible(input)).toBe(expected);
  });
});

describe('visibleLine (a line of a diff)', () => {
  it('escapes as visible does, but keeps tabs, a carriage return that ends the line and a byte order mark that starts it', () => {
    expect(visibleLine('\ufeff\t"a": "\u001b[2J\u202e"\r')).toBe('\ufeff\t"a": "\\u001b[2J\\u202e"\r');
  });
  it('a carriage return or byte order mark elsewhere is escaped', () => {
    expect(visibleLine('a\rb\ufeffc')).toBe('a\\rb\\ufeffc');
  });
});

describe('shorten and quoted', () => {
  it('keeps text up to 120 characters', () => {
    expect(shorten('x'.repeat(120))).toBe('x'.repeat(120));
  });
  it('cuts longer text with an ellipsis and the count left out', () => {
    expect(shorten('x'.repeat(1121))).toBe(`${'x'.repeat(120)}… (1,001 more characters)`);
  });
  it('quoted shortens before making visible (no escape is cut in half)', () => {
    expect(quoted(`${'a'.repeat(119)}\u001b${'b'.repeat(10)}`)).toBe(`${'a'.repeat(119)}\\u001b… (10 more characters)`);
  });
});
