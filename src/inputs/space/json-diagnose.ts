import { JsonSyntaxError } from './json-scan.js';

/**
 * A strict JSON validator used only after JSON.parse has refused some text, to say exactly
 * where and why (V8's messages do not always give a position). Throws JsonSyntaxError with
 * the offset (relative to the buffer) of the first error; returns normally if the text is valid.
 */
export function diagnoseJson(buf: Uint8Array, start = 0, end = buf.length): void {
  let i = start;

  const peek = (): number => (i < end ? buf[i]! : -1);
  const ws = (): void => {
    while (i < end && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x0d || buf[i] === 0x09)) i++;
  };
  const fail = (message: string): never => {
    throw new JsonSyntaxError(i >= end ? `${message} before end of input` : message, i);
  };

  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= end) fail('Unterminated string');
      const c = buf[i]!;
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail('Bad control character in string');
      if (c === 0x5c) {
        const e = buf[i + 1];
        if (e === 0x75) {
          for (let k = 2; k < 6; k++) {
            const h = buf[i + k];
            const hex = h !== undefined && ((h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66));
            if (!hex) {
              i += k;
              fail('Bad \\u escape in string');
            }
          }
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(String.fromCharCode(e))) {
          i++;
          fail('Bad escape in string');
        }
        i += 2;
        continue;
      }
      i++;
    }
  };

  const literal = (word: string): void => {
    for (let k = 0; k < word.length; k++) {
      if (buf[i] !== word.charCodeAt(k)) fail(`Unexpected token (expected ${word})`);
      i++;
    }
  };

  const number = (): void => {
    const digits = (): number => {
      const s = i;
      while (i < end && buf[i]! >= 0x30 && buf[i]! <= 0x39) i++;
      return i - s;
    };
    if (peek() === 0x2d) i++;
    if (peek() === 0x30) i++;
    else if (digits() === 0) fail('Bad number');
    if (peek() === 0x2e) {
      i++;
      if (digits() === 0) fail('Bad number: expected a digit after the decimal point');
    }
    if (peek() === 0x65 || peek() === 0x45) {
      i++;
      if (peek() === 0x2b || peek() === 0x2d) i++;
      if (digits() === 0) fail('Bad number: expected a digit in the exponent');
    }
  };

  /** After a member or element: true at the closing byte `close`, false after a comma (both consumed). */
  const endsAfterItem = (close: number, expected: string): boolean => {
    ws();
    if (peek() === 0x2c) {
      i++;
      return false;
    }
    if (peek() !== close) fail(expected);
    i++;
    return true;
  };
  /** An empty container: its closing byte `close` right after the opening one (consumed). */
  const closesAtOnce = (close: number): boolean => {
    ws();
    if (peek() !== close) return false;
    i++;
    return true;
  };

  const value = (depth: number): void => {
    if (depth > 5_000) fail('Nesting too deep');
    ws();
    const c = peek();
    if (c === 0x7b) {
      i++;
      if (closesAtOnce(0x7d)) return;
      do {
        ws();
        if (peek() !== 0x22) fail('Expected a double-quoted property name');
        string();
        ws();
        if (peek() !== 0x3a) fail("Expected ':' after property name");
        i++;
        value(depth + 1);
      } while (!endsAfterItem(0x7d, "Expected ',' or '}' after property value"));
      return;
    }
    if (c === 0x5b) {
      i++;
      if (closesAtOnce(0x5d)) return;
      do value(depth + 1);
      while (!endsAfterItem(0x5d, "Expected ',' or ']' after array element"));
      return;
    }
    if (c === 0x22) return string();
    if (c === 0x74) return literal('true');
    if (c === 0x66) return literal('false');
    if (c === 0x6e) return literal('null');
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return number();
    fail(c === -1 ? 'Expected a value' : `Unexpected character '${String.fromCharCode(c)}'`);
  };

  value(0);
  ws();
  if (i < end) fail('Unexpected text after the JSON value');
}
