import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findInputs } from '../src/inputs/space/find-inputs.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { build, collect, LOAD_FIXTURES, loadFiles, pretty, removeTempDirs, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

/** Scans a directory as `cmlint <dir>` does and loads what it finds. */
async function loadDirectory(dir: string, cwd: string) {
  const inputs = await findInputs([dir], { cwd, base: cwd, include: [], exclude: [] });
  return loadSpace(inputs, cwd);
}

describe('a directory of files merged into one space', () => {
  // fixtures/load/split-space holds one space spread over files of every shape:
  //   assets/ada-portrait.json        one Asset (JSON)
  //   content-types/author.json       one ContentType (JSON)
  //   content-types/blogPost.yaml     one ContentType (YAML)
  //   editor-interfaces.json          a JSON array of EditorInterfaces
  //   entries/authors.json            a CMA collection of Entries (JSON)
  //   entries/post-3.yml              one Entry (YAML, .yml)
  //   entries/posts.yaml              a YAML array: Entry, Asset, Entry
  //   locales.yml                     a CMA collection of Locales (YAML)
  //   notes.json                      not an export: skipped
  //   tags/featured.json              one Tag: part of the space, nothing cmlint reads
  const SPLIT = join(LOAD_FIXTURES, 'split-space');

  it('reads every file it recognises, sorted by path', async () => {
    const space = await loadDirectory(SPLIT, LOAD_FIXTURES);
    expect(space.files.map((f) => f.path)).toEqual([
      'split-space/assets/ada-portrait.json',
      'split-space/content-types/author.json',
      'split-space/content-types/blogPost.yaml',
      'split-space/editor-interfaces.json',
      'split-space/entries/authors.json',
      'split-space/entries/post-3.yml',
      'split-space/entries/posts.yaml',
      'split-space/locales.yml',
      'split-space/tags/featured.json',
    ]);
  });

  it('merges content types from a JSON and a YAML resource file', async () => {
    const { model } = await loadDirectory(SPLIT, LOAD_FIXTURES);
    expect([...model.contentTypes.keys()]).toEqual(['author', 'blogPost']);
    expect(model.contentTypes.get('blogPost')!.fields.map((f) => [f.id, f.json.type])).toEqual([
      ['title', 'Symbol'],
      ['slug', 'Symbol'],
      ['author', 'Link'],
    ]);
    expect(model.contentTypes.get('blogPost')!.fields[2]!.json.validations).toEqual([{ linkContentType: ['author'] }]);
    expect(model.contentTypes.get('author')!.source.file.path).toBe('split-space/content-types/author.json');
    expect(model.contentTypes.get('blogPost')!.source.file.path).toBe('split-space/content-types/blogPost.yaml');
  });

  it('reads editor interfaces from a JSON array and locales from a YAML collection', async () => {
    const { model } = await loadDirectory(SPLIT, LOAD_FIXTURES);
    expect([...model.editorInterfaces.keys()]).toEqual(['author', 'blogPost']);
    expect([...model.locales.keys()]).toEqual(['en-US', 'de-DE']);
    expect(model.defaultLocale?.code).toBe('en-US');
    expect(model.fallbackChain('de-DE')).toEqual(['de-DE', 'en-US']);
    // `fallbackCode: null` in YAML is null, not the string "null".
    expect(model.locales.get('en-US')!.json.fallbackCode).toBeNull();
  });

  it('streams entries in file order (sorted paths), then document order within a file', async () => {
    const space = await loadDirectory(SPLIT, LOAD_FIXTURES);
    const entries = await collect(space.entries());
    expect(entries.map((e) => [e.id, e.contentTypeId, e.source.file.path, e.source.pointer])).toEqual([
      ['grace', 'author', 'split-space/entries/authors.json', '/items/0'],
      ['ada', 'author', 'split-space/entries/authors.json', '/items/1'],
      ['third-post', 'blogPost', 'split-space/entries/post-3.yml', ''],
      ['hello-world', 'blogPost', 'split-space/entries/posts.yaml', '/0'],
      ['second-post', 'blogPost', 'split-space/entries/posts.yaml', '/2'],
    ]);
    expect(entries[3]!.json.fields?.author).toEqual({ 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'ada' } } });
  });

  it('streams assets from single-resource files and from mixed arrays', async () => {
    const space = await loadDirectory(SPLIT, LOAD_FIXTURES);
    const assets = await collect(space.assets());
    expect(assets.map((a) => [a.id, a.source.file.path, a.source.pointer])).toEqual([
      ['ada-portrait', 'split-space/assets/ada-portrait.json', ''],
      ['cover', 'split-space/entries/posts.yaml', '/1'],
    ]);
  });

  it('gives the same result whatever order the files are named in', async () => {
    const files = [
      'locales.yml',
      'entries/posts.yaml',
      'entries/post-3.yml',
      'entries/authors.json',
      'editor-interfaces.json',
      'content-types/blogPost.yaml',
      'content-types/author.json',
      'assets/ada-portrait.json',
    ].map((f) => join(SPLIT, f));
    const inputs = await findInputs(files, { cwd: LOAD_FIXTURES, base: LOAD_FIXTURES, include: [], exclude: [] });
    const space = await loadSpace(inputs, LOAD_FIXTURES);
    expect((await collect(space.entries())).map((e) => e.id)).toEqual(['grace', 'ada', 'third-post', 'hello-world', 'second-post']);
    expect([...space.model.contentTypes.keys()]).toEqual(['author', 'blogPost']);
  });
});

describe('every shape, in JSON and in YAML', () => {
  const ct = build.contentType('page', ['title', 'body']);
  const ei = build.editorInterface('page');
  const en = build.locale('en-US', null, true);
  const de = build.locale('de-DE', 'en-US');
  const e1 = build.entry('e1', 'page');
  const e2 = build.entry('e2', 'page');
  const a1 = build.asset('a1');

  /** YAML as a person would write it: block style, keys in the same order as the JSON. */
  function yaml(value: unknown, indent = ''): string {
    if (Array.isArray(value)) {
      if (value.length === 0) return ' []\n';
      return `\n${value.map((v) => `${indent}-${yaml(v, `${indent}  `).replace(/^\n\s*/, ' ')}`).join('')}`;
    }
    if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      if (entries.length === 0) return ' {}\n';
      return `\n${entries.map(([k, v]) => `${indent}${k}:${yaml(v, `${indent}  `)}`).join('')}`;
    }
    return ` ${JSON.stringify(value)}\n`;
  }
  const toYaml = (value: unknown): string => yaml(value).replace(/^\n/, '');

  const shapes: Record<string, unknown> = {
    'single resources': null,
    'an array of resources': [ct, ei, en, de, e1, a1, e2],
    'a CMA collection': { sys: { type: 'Array' }, total: 7, skip: 0, limit: 100, items: [ct, ei, en, de, e1, a1, e2] },
  };

  for (const format of ['json', 'yaml', 'yml'] as const) {
    for (const [shape, content] of Object.entries(shapes)) {
      it(`${shape} (.${format})`, async () => {
        const dir = tempDir();
        const write = (value: unknown): string => (format === 'json' ? pretty(value) : toYaml(value));
        const files: Record<string, string> =
          content === null
            ? {
                [`1-content-type.${format}`]: write(ct),
                [`2-editor-interface.${format}`]: write(ei),
                [`3-locale-en.${format}`]: write(en),
                [`4-locale-de.${format}`]: write(de),
                [`5-entry.${format}`]: write(e1),
                [`6-asset.${format}`]: write(a1),
                [`7-entry.${format}`]: write(e2),
              }
            : { [`space.${format}`]: write(content) };
        writeFiles(dir, files);
        const space = await loadDirectory(dir, dir);
        expect(space.files).toHaveLength(Object.keys(files).length);
        expect([...space.model.contentTypes.keys()]).toEqual(['page']);
        expect(space.model.contentTypes.get('page')!.fields.map((f) => f.id)).toEqual(['title', 'body']);
        expect([...space.model.editorInterfaces.keys()]).toEqual(['page']);
        expect([...space.model.locales.keys()]).toEqual(['en-US', 'de-DE']);
        expect(space.model.fallbackChain('de-DE')).toEqual(['de-DE', 'en-US']);
        const entries = await collect(space.entries());
        expect(entries.map((e) => [e.id, e.contentTypeId])).toEqual([
          ['e1', 'page'],
          ['e2', 'page'],
        ]);
        expect(entries[0]!.json.fields?.title).toEqual({ 'en-US': 'e1' });
        expect((await collect(space.assets())).map((a) => a.id)).toEqual(['a1']);
        const pointers = content === null ? ['', ''] : shape === 'a CMA collection' ? ['/items/4', '/items/6'] : ['/4', '/6'];
        expect(entries.map((e) => e.source.pointer)).toEqual(pointers);
      });
    }
  }

  it('skips array elements and collection items that are not resources cmlint reads', async () => {
    const dir = tempDir();
    const [file] = writeFiles(dir, {
      'mixed.json': [{ sys: { id: 'featured', type: 'Tag' }, name: 'Featured' }, 42, null, 'text', { name: 'no sys' }, e1, { sys: { id: 'x', type: 'Snapshot' } }, a1],
    });
    const space = await loadFiles([file!], dir);
    expect((await collect(space.entries())).map((e) => [e.id, e.source.pointer])).toEqual([['e1', '/5']]);
    expect((await collect(space.assets())).map((a) => [a.id, a.source.pointer])).toEqual([['a1', '/7']]);
  });

  it('merges a whole export with resource files beside it', async () => {
    const dir = tempDir();
    writeFiles(dir, {
      'a-export.json': { contentTypes: [ct], locales: [en], entries: [e1] },
      'b-more/blog.yaml': toYaml(build.contentType('blog')),
      'b-more/entries.json': [build.entry('b1', 'blog'), build.entry('b2', 'blog')],
    });
    const space = await loadDirectory(dir, dir);
    expect([...space.model.contentTypes.keys()]).toEqual(['page', 'blog']);
    expect((await collect(space.entries())).map((e) => `${e.source.file.path}#${e.source.pointer}`)).toEqual([
      'a-export.json#/entries/0',
      'b-more/entries.json#/0',
      'b-more/entries.json#/1',
    ]);
  });

  it('the same resource in JSON and YAML loads to the same model', async () => {
    const dir = tempDir();
    const [json, yml] = writeFiles(dir, { 'json/page.json': pretty(ct), 'yaml/page.yaml': toYaml(ct) });
    const fromJson = (await loadFiles([json!], dir)).model.contentTypes.get('page')!;
    const fromYaml = (await loadFiles([yml!], dir)).model.contentTypes.get('page')!;
    expect(fromYaml.json).toEqual(fromJson.json);
    expect(fromYaml.json).toEqual(ct);
  });
});
