import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../../src/model/source-ref.js';
import type { EntryRef } from '../../src/model/nodes.js';
import { AssetTable, EntryIds, EntryRows, HOLDS_LIVE_VALUES, PUBLISHED_UNCHANGED, UniqueValues } from '../../src/validation/cross-entry-state.js';

const file = (path: string) => ({ path, absPath: `/x/${path}`, locate: () => ({ line: 1, column: 1 }), release() {} }) as SourceFile;
const ref = (id: string, contentTypeId: string, source: EntryRef['source']): EntryRef => ({ kind: 'entry', id, contentTypeId, source });

describe('EntryRows', () => {
  it('gives back each entry exactly: pointers with and without an index, offsets beyond 4 GB, flags', () => {
    const ids = new EntryIds();
    const rows = new EntryRows(ids);
    const a = file('a.json');
    const b = file('b.json');
    const refs = [
      ref('e1', 'page', { file: a, pointer: '/entries/0', offset: 12 }),
      ref('e2', 'page', { file: a, pointer: '/entries/41', offset: 2 ** 32 + 7 }),
      ref('e3', 'post', { file: b, pointer: '/entries/007', offset: 3 * 2 ** 32 - 1 }),
      ref('e4', 'post', { file: b, pointer: '', offset: 0 }),
      ref('e5', 'post', { file: b, pointer: '/items/12345678901', offset: 9e12 }),
    ];
    const numbers = refs.map((r, i) => rows.add(r, i % 2 ? PUBLISHED_UNCHANGED : HOLDS_LIVE_VALUES));
    numbers.forEach((n, i) => {
      expect(rows.ref(n)).toEqual(refs[i]);
      expect(rows.ref(n).source.file).toBe(refs[i]!.source.file);
      expect(rows.has(n, PUBLISHED_UNCHANGED)).toBe(i % 2 === 1);
      expect(rows.has(n, HOLDS_LIVE_VALUES)).toBe(i % 2 === 0);
      expect(rows.contentTypeOf(n)).toBe(refs[i]!.contentTypeId);
    });
    // Input order: file path, then offset.
    expect(rows.compare(numbers[0]!, numbers[1]!)).toBeLessThan(0);
    expect(rows.compare(numbers[2]!, numbers[1]!)).toBeGreaterThan(0);
    expect(rows.compare(numbers[3]!, numbers[2]!)).toBeLessThan(0);
  });
});

describe('EntryIds', () => {
  it('knows the content type of entries seen, not of ids only linked to', () => {
    const ids = new EntryIds();
    const target = ids.add('later');
    ids.setType('e1', 'page');
    expect(ids.type('e1')).toBe('page');
    expect(ids.type('later')).toBeUndefined();
    expect(ids.type('never')).toBeUndefined();
    ids.setType('later', 'post');
    expect(ids.typeAt(target)).toBe('post');
    expect(ids.takeSeen()).toEqual([
      ['later', 'post'],
      ['e1', 'page'],
    ]);
    // Then only what was seen since: a worker thread hands over its entries unit by unit.
    ids.add('linked');
    ids.setType('e2', 'page');
    ids.setType('linked', 'tag');
    expect(ids.takeSeen()).toEqual([
      ['e2', 'page'],
      ['linked', 'tag'],
    ]);
    expect(ids.takeSeen()).toEqual([]);
    expect(ids.type('e1')).toBe('page');
  });
});

describe('UniqueValues', () => {
  it('lists each value of a group held twice or more, with its holders in the order added', () => {
    const values = new UniqueValues();
    values.add(0, 'x', 1);
    values.add(1, 'x', 2);
    values.add(0, 'y', 3);
    values.add(0, 'x', 4);
    values.add(1, 'x', 5);
    values.add(0, 'x', 6);
    expect([...values.shared()]).toEqual([
      { group: 0, value: 'x', rows: [1, 4, 6] },
      { group: 1, value: 'x', rows: [2, 5] },
    ]);
  });
});

describe('AssetTable', () => {
  it('gives back the files of each asset as given, unknown sizes as null, and nothing for an asset not seen', () => {
    const assets = new AssetTable();
    const image = { contentType: 'image/png', groups: ['image'], size: 1200, width: 40, height: 0 };
    const pdf = { contentType: 'application/pdf', groups: ['pdfdocument'], size: null, width: null, height: null };
    const noType = { contentType: '', groups: ['attachment'], size: 2 ** 40 + 0.5, width: null, height: -0 };
    assets.set('a1', [image, pdf]);
    assets.set('a2', []);
    assets.set('a3', [noType, image]);
    expect(assets.get('a1')).toEqual([image, pdf]);
    expect(assets.get('a2')).toEqual([]);
    expect(assets.get('a3')).toEqual([noType, image]);
    expect(Object.is(assets.get('a3')![0]!.height, -0)).toBe(true);
    expect(assets.get('a4')).toBeUndefined();
    assets.set('a1', [pdf]);
    expect(assets.get('a1')).toEqual([pdf]);
  });
});
