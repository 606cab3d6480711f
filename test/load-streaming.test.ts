import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Space } from '../src/inputs/space/load-space.js';
import { knownLayout } from '../src/inputs/space/json-stream.js';
import { JsonSourceFile } from '../src/inputs/space/source.js';
import type { SourceFile } from '../src/model/source-ref.js';
import { build, collect, loadFiles, positionOf, pretty, removeTempDirs, singleInputError, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Whether a JSON source currently holds bytes of its file: the record being streamed (with the
 * window around it). Streaming never holds the whole file.
 */
function holdsBuffer(file: SourceFile): boolean {
  expect(file).toBeInstanceOf(JsonSourceFile);
  expect(Reflect.get(file, 'buf'), `${file.path} is held whole`).toBeUndefined();
  return Reflect.get(file, 'current') !== undefined;
}

function entries(prefix: string, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => build.entry(`${prefix}${i + 1}`, 'page', `${prefix} entry number ${i + 1} `.repeat(20)));
}

/** Three JSON exports with entries (and a model), loaded as one space. */
async function threeFiles(): Promise<{ space: Space; texts: string[] }> {
  const dir = tempDir();
  const texts = [
    pretty({ contentTypes: [build.contentType('page')], locales: [build.locale('en-US', null, true)], entries: entries('a', 3) }),
    pretty({ entries: entries('b', 3), assets: [build.asset('img')] }),
    pretty(entries('c', 3)),
  ];
  const files = writeFiles(dir, { 'a.json': texts[0], 'b.json': texts[1], 'c.json': texts[2] });
  return { space: await loadFiles(files, dir), texts };
}

describe('streaming entries from JSON files', () => {
  it('holds no file in memory once the model is read', async () => {
    const { space } = await threeFiles();
    expect(space.files).toHaveLength(3);
    for (const file of space.files) expect(holdsBuffer(file), file.path).toBe(false);
  });

  it("releases a file's buffer once its entries were streamed, before the next file's entries", async () => {
    const { space } = await threeFiles();
    const release = vi.spyOn(JsonSourceFile.prototype, 'release');
    const [a, b, c] = space.files;
    const seen: string[] = [];
    for await (const entry of space.entries()) {
      seen.push(entry.id);
      const file = entry.source.file;
      // The file being streamed is held while its entries come out …
      expect(holdsBuffer(file), `${entry.id}: its own file`).toBe(true);
      // … and every file before it has been released.
      const index = space.files.indexOf(file);
      for (const earlier of space.files.slice(0, index)) {
        expect(holdsBuffer(earlier), `${entry.id}: ${earlier.path}`).toBe(false);
        expect(release.mock.contexts).toContain(earlier);
      }
      for (const later of space.files.slice(index + 1)) expect(holdsBuffer(later), `${entry.id}: ${later.path}`).toBe(false);
    }
    expect(seen).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
    expect(release.mock.contexts).toEqual(expect.arrayContaining([a, b, c]));
    for (const file of space.files) expect(holdsBuffer(file)).toBe(false);
  });

  it('releases the file when the loop is left early', async () => {
    const { space } = await threeFiles();
    const release = vi.spyOn(JsonSourceFile.prototype, 'release');
    let first: string | undefined;
    for await (const entry of space.entries()) {
      first = entry.id;
      expect(holdsBuffer(entry.source.file)).toBe(true);
      break;
    }
    expect(first).toBe('a1');
    expect(release.mock.contexts).toEqual([space.files[0]]);
    for (const file of space.files) expect(holdsBuffer(file), file.path).toBe(false);
  });

  it('releases the file when a rule throws while visiting an entry', async () => {
    const { space } = await threeFiles();
    await expect(
      (async () => {
        for await (const entry of space.entries()) {
          if (entry.id === 'b2') throw new Error('rule crashed');
        }
      })(),
    ).rejects.toThrow('rule crashed');
    for (const file of space.files) expect(holdsBuffer(file), file.path).toBe(false);
  });

  it('releases the file when one of its entries is malformed', async () => {
    const dir = tempDir();
    const broken = pretty({ entries: entries('a', 3) }).replace('"id": "a2"', '"id": "a2",');
    const [file] = writeFiles(dir, { 'a.json': broken });
    const space = await loadFiles([file!], dir);
    await singleInputError(collect(space.entries()));
    expect(holdsBuffer(space.files[0]!)).toBe(false);
  });

  it('parses one entry at a time, never the whole entries array', async () => {
    const dir = tempDir();
    const many = entries('e', 40);
    const text = pretty({ contentTypes: [build.contentType('page')], entries: many });
    const [file] = writeFiles(dir, { 'export.json': text });
    const space = await loadFiles([file!], dir);
    const oneEntry = pretty(many[0]).length + 200;

    const parse = vi.spyOn(JSON, 'parse');
    const iterator = space.entries()[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // Taking the first entry parsed that entry only.
    const parsedForFirst = parse.mock.calls.length;
    expect(parsedForFirst).toBeGreaterThanOrEqual(1);
    expect(parsedForFirst).toBeLessThanOrEqual(2);
    let count = 1;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) count++;
    expect(count).toBe(40);
    const lengths = parse.mock.calls.map(([input]) => String(input).length);
    expect(Math.max(...lengths)).toBeLessThan(oneEntry);
    expect(text.length).toBeGreaterThan(30 * oneEntry);
  });

  it('does not read a file again for a kind of record it does not hold', async () => {
    const { space } = await threeFiles();
    const buffer = vi.spyOn(JsonSourceFile.prototype, 'slice');
    expect((await collect(space.assets())).map((a) => a.id)).toEqual(['img']);
    // Only b.json holds assets; a.json and c.json were not touched.
    expect(new Set(buffer.mock.contexts)).toEqual(new Set([space.files[1]]));
  });

  it('still gives line and column for an entry after its file was released', async () => {
    const { space, texts } = await threeFiles();
    const all = await collect(space.entries());
    const b2 = all.find((e) => e.id === 'b2')!;
    expect(holdsBuffer(b2.source.file)).toBe(false);
    expect(b2.source.file.locate(b2.source, ['sys', 'id'])).toEqual(positionOf(texts[1]!, '"id": "b2"'));
    b2.source.file.release();
    expect(holdsBuffer(b2.source.file)).toBe(false);
    expect(b2.source.file.locate(b2.source, ['fields', 'title', 'en-US'])).toEqual(positionOf(texts[1]!, '"en-US": "b entry number 2'));
  });

  it('streams entries and assets independently, each any number of times', async () => {
    const { space } = await threeFiles();
    const entryIterator = space.entries()[Symbol.asyncIterator]();
    expect((await entryIterator.next()).value?.id).toBe('a1');
    // Streaming assets meanwhile does not disturb the entries.
    expect((await collect(space.assets())).map((a) => a.id)).toEqual(['img']);
    const rest: string[] = [];
    for (let next = await entryIterator.next(); !next.done; next = await entryIterator.next()) rest.push(next.value.id);
    expect(rest).toEqual(['a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
    expect((await collect(space.entries())).map((e) => e.id)).toHaveLength(9);
  });
});

describe('the layout search reads the file in chunks: keys, elements and closing lines at a chunk boundary', () => {
  /** A multiple of every chunk size the searches use (chunks start where a section or run starts). */
  const CHUNK = 1 << 20;

  /** 40 entries (the one at `padded` with a title of `pad` letters), then `locales`. */
  function make(padded: number, pad: number): string {
    const entries = Array.from({ length: 40 }, (_, i) => build.entry(`e${i}`, 'page', 'x'.repeat(i === padded ? pad : 100)));
    return pretty({ contentTypes: [build.contentType('page')], entries, locales: [build.locale('en-US', null, true)] });
  }

  /** The export in which `measure` (which grows with the pad, byte for byte) gives `target`; loaded. */
  async function loadPadded(padded: number, measure: (text: string) => number, target: number): Promise<{ text: string; file: string; space: Space }> {
    const text = make(padded, 100 + target - measure(make(padded, 100)));
    expect(measure(text)).toBe(target);
    const dir = tempDir();
    const [file] = writeFiles(dir, { 'export.json': text });
    return { text, file: file!, space: await loadFiles([file!], dir) };
  }

  /** Offsets in the entries section, from its "[". */
  const entriesStart = (text: string) => text.indexOf('[', text.indexOf('"entries": ['));

  it.each([-6, -5, -3, -1, 0, 1])('the key line at 1 MiB %+d: its section is found, the entries counted', async (delta) => {
    const { space } = await loadPadded(39, (text) => text.indexOf('\n  "locales"'), CHUNK + delta);
    expect([...space.model.locales.keys()]).toEqual(['en-US']);
    expect(await space.count('entry')).toBe(40);
    expect((await collect(space.entries())).map((e) => e.id)).toEqual(Array.from({ length: 40 }, (_, i) => `e${i}`));
  });

  it.each([-7, -6, -5, -4, -3, -1, 0, 1])('the closing line of the entries 1 MiB %+d after their "[": the sections after them are found', async (delta) => {
    // The entries' "]" (then ",\n  \"locales\"").
    const { text, file, space } = await loadPadded(39, (t) => t.indexOf('\n  ],\n  "locales"') + 3 - entriesStart(t), CHUNK + delta);
    expect([...space.model.locales.keys()]).toEqual(['en-US']);
    expect(await space.count('entry')).toBe(40);
    // Found by the layout (a miss would fall back to the exact scan, with the same results).
    expect(knownLayout(file)?.counts.get(entriesStart(text))).toBe(40);
  });

  it.each([-5, -3, -1, 0])('an element line ("\\n    {") 1 MiB %+d after the section starts is counted once', async (delta) => {
    // The last of 40 entries starts there: the entry before it is padded.
    const { space } = await loadPadded(38, (t) => t.lastIndexOf('\n    {', t.indexOf('\n  ],\n  "locales"')) - entriesStart(t), CHUNK + delta);
    expect(await space.count('entry')).toBe(40);
  });
});
