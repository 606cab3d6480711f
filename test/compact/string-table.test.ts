import { describe, expect, it } from 'vitest';
import { ByteList, IntList, Numbering, NumberList } from '../../src/util/compact/lists.js';
import { StringTable } from '../../src/util/compact/string-table.js';

describe('StringTable', () => {
  it('numbers strings in the order first added and gives them back', () => {
    const table = new StringTable();
    expect(table.add('b')).toBe(0);
    expect(table.add('a')).toBe(1);
    expect(table.add('b')).toBe(0);
    expect(table.find('a')).toBe(1);
    expect(table.find('c')).toBe(-1);
    expect(table.size).toBe(2);
    expect([table.get(0), table.get(1)]).toEqual(['b', 'a']);
  });

  it('keeps the empty string, Latin-1, wide characters, lone surrogates and long strings exactly', () => {
    const table = new StringTable();
    const texts = ['', 'é', 'ÿ', 'Ā', '東京', '\ud800', 'a'.repeat(4096), 'b'.repeat(4097), `${'c'.repeat(5000)}東`, '\0', 'a\0b'];
    const numbers = texts.map((t) => table.add(t));
    expect(new Set(numbers).size).toBe(texts.length);
    texts.forEach((t, i) => {
      expect(table.get(numbers[i]!)).toBe(t);
      expect(table.find(t)).toBe(numbers[i]);
      expect(table.add(t)).toBe(numbers[i]);
    });
  });

  it('tells strings apart by tag', () => {
    const table = new StringTable();
    const a1 = table.add('x', 1);
    const a2 = table.add('x', 2);
    const a0 = table.add('x');
    const w1 = table.add('東', 1);
    const w2 = table.add('東', 2);
    expect(new Set([a0, a1, a2, w1, w2]).size).toBe(5);
    expect([table.tag(a0), table.tag(a1), table.tag(a2), table.tag(w1), table.tag(w2)]).toEqual([0, 1, 2, 1, 2]);
    expect(table.find('x', 2)).toBe(a2);
    expect(table.find('x', 3)).toBe(-1);
  });

  it('agrees with a Map over many strings (growth of its slots and chunks, strings that cross a chunk end)', () => {
    const table = new StringTable();
    const reference = new Map<string, number>();
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let i = 0; i < 120_000; i++) {
      // Ids of 1–60 characters from a small alphabet, so that many repeat.
      const length = 1 + (random() % 60);
      let text = '';
      for (let k = 0; k < length; k++) text += 'abAB01-_'[random() % 8];
      if (i % 1000 === 0) text += 'ü'.repeat(i % 3) + (i % 7 === 0 ? '€' : '');
      if (!reference.has(text)) reference.set(text, reference.size);
      expect(table.add(text)).toBe(reference.get(text));
    }
    expect(table.size).toBe(reference.size);
    for (const [text, n] of reference) {
      expect(table.find(text)).toBe(n);
      expect(table.get(n)).toBe(text);
    }
  });
});

describe('chunked lists', () => {
  it('hold values across chunk boundaries, and extend with zeros', () => {
    const ints = new IntList();
    const numbers = new NumberList();
    const bytes = new ByteList();
    for (let i = 0; i < 40_000; i++) {
      expect(ints.push(-i)).toBe(i);
      numbers.push(i * 2 ** 33 + 0.5);
      bytes.push(i & 0xff);
    }
    expect([ints.get(16383), ints.get(16384), ints.get(39_999)]).toEqual([-16383, -16384, -39_999]);
    expect(numbers.get(20_000)).toBe(20_000 * 2 ** 33 + 0.5);
    expect(bytes.get(300)).toBe(300 & 0xff);
    ints.set(5, 42);
    expect(ints.get(5)).toBe(42);
    ints.extend(70_000);
    expect(ints.length).toBe(70_000);
    expect(ints.get(69_999)).toBe(0);
    expect(ints.push(1)).toBe(70_000);
    expect(ints.get(70_000)).toBe(1);
  });

  it('Numbering numbers distinct values in the order first seen', () => {
    const numbering = new Numbering<string>();
    expect([numbering.of('b'), numbering.of('a'), numbering.of('b')]).toEqual([0, 1, 0]);
    expect(numbering.values).toEqual(['b', 'a']);
  });
});
