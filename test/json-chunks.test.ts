import { describe, expect, it } from 'vitest';
import { hole, prettyJsonWithArray } from '../src/format/json-chunks.js';
import { batches } from '../src/pipeline/output-file.js';

const whole = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;
const chunked = (skeleton: unknown, items: unknown[]) => [...prettyJsonWithArray(skeleton, items)];

describe('prettyJsonWithArray', () => {
  const items = Array.from({ length: 600 }, (_, i) => ({ n: i, text: `line\nbreak "${i}"`, nested: { list: [i, null, 'x'], empty: [], none: {} } }));

  it('prints the array in place, byte-identical to JSON.stringify at any depth', () => {
    expect(chunked({ a: 1, items: hole(), z: { b: [] } }, items).join('')).toBe(whole({ a: 1, items, z: { b: [] } }));
    const deep = (list: unknown) => ({ runs: [{ tool: { rules: [{ id: 'r' }] }, results: list, properties: { asOf: '2026-01-01' } }] });
    expect(chunked(deep(hole()), items).join('')).toBe(whole(deep(items)));
  });

  it('prints an empty array as []', () => {
    expect(chunked({ findings: hole(), summary: { error: 0 } }, []).join('')).toBe(whole({ findings: [], summary: { error: 0 } }));
  });

  it('yields many chunks for many elements, not one string', () => {
    expect(chunked({ findings: hole() }, items).length).toBeGreaterThan(2);
  });

  it('refuses a skeleton without the array', () => {
    expect(() => chunked({ findings: [] }, items)).toThrow(/exactly once/);
  });
});

describe('batches', () => {
  it('joins small chunks into large ones without changing the text', () => {
    const chunks = Array.from({ length: 5000 }, (_, i) => `chunk ${i} `.repeat(50));
    const out = [...batches(chunks)];
    expect(out.join('')).toBe(chunks.join(''));
    expect(out.length).toBeGreaterThan(1);
    expect(out.length).toBeLessThan(chunks.length / 10);
  });
});
