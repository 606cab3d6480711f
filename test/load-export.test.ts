import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { build, collect, LOAD_FIXTURES, loadFiles, removeTempDirs, singleInputError, tempDir, writeFiles } from './helpers/load-helpers.js';
import { CORPUS } from './helpers/corpus.js';

afterAll(removeTempDirs);

const WHOLE_EXPORT = join(LOAD_FIXTURES, 'whole-export', 'export.json');

describe('a whole export file', () => {
  it('reads content types by id, with their fields in order', async () => {
    const space = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    const { contentTypes } = space.model;
    expect([...contentTypes.keys()]).toEqual(['author', 'blogPost']);
    const blogPost = contentTypes.get('blogPost')!;
    expect(blogPost.kind).toBe('contentType');
    expect(blogPost.json.name).toBe('Blog post');
    expect(blogPost.json.displayField).toBe('title');
    expect(blogPost.fields.map((f) => [f.id, f.json.type, f.index])).toEqual([
      ['title', 'Symbol', 0],
      ['slug', 'Symbol', 1],
      ['author', 'Link', 2],
      ['keywords', 'Array', 3],
    ]);
    for (const field of blogPost.fields) expect(field.contentType).toBe(blogPost);
    expect(blogPost.fields[1]!.json.validations).toEqual([{ unique: true }, { regexp: { pattern: '^[a-z0-9-]+$', flags: null } }]);
    expect(contentTypes.get('author')!.fields.map((f) => f.id)).toEqual(['name', 'avatar']);
  });

  it('reads editor interfaces by the id of their content type', async () => {
    const space = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    const { editorInterfaces } = space.model;
    expect([...editorInterfaces.keys()]).toEqual(['author', 'blogPost']);
    expect(editorInterfaces.get('blogPost')!.json.controls?.map((c) => c.widgetId)).toEqual(['singleLine', 'slugEditor', 'entryLinkEditor', 'tagEditor']);
    expect(editorInterfaces.get('author')!.contentTypeId).toBe('author');
  });

  it('reads locales, the default locale and fallback chains', async () => {
    const { model } = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    expect([...model.locales.keys()]).toEqual(['en-US', 'de-DE', 'de-AT', 'fr-CA', 'es-ES', 'es-MX']);
    expect(model.defaultLocale?.code).toBe('en-US');
    expect(model.fallbackChain('en-US')).toEqual(['en-US']);
    expect(model.fallbackChain('de-AT')).toEqual(['de-AT', 'de-DE', 'en-US']);
  });

  it('stops a fallback chain at a fallback to a locale that is not configured', async () => {
    const { model } = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    expect(model.locales.get('fr-CA')!.json.fallbackCode).toBe('fr-FR');
    expect(model.fallbackChain('fr-CA')).toEqual(['fr-CA']);
    expect(model.fallbackChain('fr-FR')).toEqual([]);
  });

  it('stops a fallback chain at a cycle instead of hanging', async () => {
    const { model } = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    expect(model.fallbackChain('es-ES')).toEqual(['es-ES', 'es-MX']);
    expect(model.fallbackChain('es-MX')).toEqual(['es-MX', 'es-ES']);
  });

  it('stops a fallback chain at a locale that falls back to itself, and at a longer cycle', async () => {
    const dir = tempDir();
    const [file] = writeFiles(dir, {
      'export.json': {
        locales: [build.locale('en-US', 'en-US', true), build.locale('a', 'b'), build.locale('b', 'c'), build.locale('c', 'a')],
      },
    });
    const { model } = await loadFiles([file!], dir);
    expect(model.fallbackChain('en-US')).toEqual(['en-US']);
    expect(model.fallbackChain('b')).toEqual(['b', 'c', 'a']);
  });

  it('streams entries and assets in document order with their content type ids', async () => {
    const space = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    const entries = await collect(space.entries());
    expect(entries.map((e) => [e.id, e.contentTypeId])).toEqual([
      ['ada', 'author'],
      ['hello-world', 'blogPost'],
      ['second-post', 'blogPost'],
      ['grace', 'author'],
    ]);
    expect(entries[1]!.json.fields?.title).toEqual({ 'en-US': 'Hello, world', 'de-DE': 'Hallo, Welt' });
    expect(entries[1]!.json.metadata?.tags).toEqual([{ sys: { type: 'Link', linkType: 'Tag', id: 'featured' } }]);
    const assets = await collect(space.assets());
    expect(assets.map((a) => [a.kind, a.id])).toEqual([
      ['asset', 'ada-portrait'],
      ['asset', 'cover'],
    ]);
    expect(assets[1]!.json.fields?.file?.['en-US']).toMatchObject({ fileName: 'cover.jpg', contentType: 'image/jpeg' });
  });

  it('can stream the entries more than once', async () => {
    const space = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    const first = (await collect(space.entries())).map((e) => e.id);
    const second = (await collect(space.entries())).map((e) => e.id);
    expect(second).toEqual(first);
    expect(first).toHaveLength(4);
  });

  it('ignores tags, roles, webhooks and keys it does not know (newer exports)', async () => {
    const space = await loadFiles([WHOLE_EXPORT], LOAD_FIXTURES);
    // The fixture holds tags, webhooks, roles, `experiences` and an unknown `workflowDefinitions`
    // section whose records have a sys.type: none of them becomes part of the model.
    expect(space.model.contentTypes.size).toBe(2);
    expect(space.model.editorInterfaces.size).toBe(2);
    expect(space.model.locales.size).toBe(6);
    expect(space.files.map((f) => f.path)).toEqual(['whole-export/export.json']);
  });

  describe('any subset of the export keys', () => {
    const subsets: { name: string; content: Record<string, unknown>; contentTypes: string[]; locales: string[]; entries: string[]; assets: string[] }[] = [
      { name: 'only contentTypes', content: { contentTypes: [build.contentType('page')] }, contentTypes: ['page'], locales: [], entries: [], assets: [] },
      {
        name: 'contentTypes and editorInterfaces',
        content: { contentTypes: [build.contentType('page')], editorInterfaces: [build.editorInterface('page')] },
        contentTypes: ['page'],
        locales: [],
        entries: [],
        assets: [],
      },
      { name: 'only locales', content: { locales: [build.locale('en-US', null, true)] }, contentTypes: [], locales: ['en-US'], entries: [], assets: [] },
      {
        name: 'only entries and assets (skipContentModel)',
        content: { entries: [build.entry('e1', 'page')], assets: [build.asset('a1')] },
        contentTypes: [],
        locales: [],
        entries: ['e1'],
        assets: ['a1'],
      },
      { name: 'only tags', content: { tags: [] }, contentTypes: [], locales: [], entries: [], assets: [] },
      { name: 'only roles and webhooks', content: { roles: [], webhooks: [] }, contentTypes: [], locales: [], entries: [], assets: [] },
      { name: 'empty sections', content: { contentTypes: [], editorInterfaces: [], entries: [], assets: [], locales: [] }, contentTypes: [], locales: [], entries: [], assets: [] },
      {
        name: 'keys in an unusual order with an unknown key in between',
        content: { locales: [build.locale('de-DE', null, true)], futureFeature: { enabled: true }, entries: [build.entry('e1', 'page')], contentTypes: [build.contentType('page')] },
        contentTypes: ['page'],
        locales: ['de-DE'],
        entries: ['e1'],
        assets: [],
      },
    ];
    for (const subset of subsets) {
      it(subset.name, async () => {
        const dir = tempDir();
        const [file] = writeFiles(dir, { 'export.json': subset.content });
        const space = await loadFiles([file!], dir);
        expect([...space.model.contentTypes.keys()]).toEqual(subset.contentTypes);
        expect([...space.model.locales.keys()]).toEqual(subset.locales);
        expect((await collect(space.entries())).map((e) => e.id)).toEqual(subset.entries);
        expect((await collect(space.assets())).map((a) => a.id)).toEqual(subset.assets);
        expect(space.files).toHaveLength(1);
      });
    }

    it('has no default locale when none is marked default, and takes the first of several', async () => {
      const dir = tempDir();
      const [none, two] = writeFiles(dir, {
        'none.json': { locales: [build.locale('en-US'), build.locale('de-DE')] },
        'two.json': { locales: [build.locale('en-GB'), build.locale('de-DE', null, true), build.locale('en-US', null, true)] },
      });
      expect((await loadFiles([none!], dir)).model.defaultLocale).toBeUndefined();
      expect((await loadFiles([two!], dir)).model.defaultLocale?.code).toBe('de-DE');
    });

    it('an object with no export key at all is not an export', async () => {
      const dir = tempDir();
      const [file] = writeFiles(dir, { 'export.json': {} });
      const error = await singleInputError(loadFiles([file!], dir));
      expect(error.file).toBe('export.json');
      expect(error.message).toMatch(/Not a space export/);
    });
  });
});

describe('the real exports in the corpus', () => {
  const expected: Record<string, { contentTypes: number; editorInterfaces: number; locales: number; entries: number; assets: number; defaultLocale?: string }> = {
    'cli-init-content.json': { contentTypes: 1, editorInterfaces: 1, locales: 1, entries: 1, assets: 1, defaultLocale: 'en-US' },
    'content-types-only.json': { contentTypes: 3, editorInterfaces: 0, locales: 0, entries: 0, assets: 0 },
    'covid-19-site-template.json': { contentTypes: 7, editorInterfaces: 7, locales: 1, entries: 26, assets: 5, defaultLocale: 'en-US' },
    'example-taxonomy.json': { contentTypes: 0, editorInterfaces: 0, locales: 0, entries: 0, assets: 0 },
    // Both of its locales are marked default: the first one wins.
    'import-sample-space.json': { contentTypes: 2, editorInterfaces: 2, locales: 2, entries: 4, assets: 4, defaultLocale: 'en-US' },
    'starter-gatsby-blog.json': { contentTypes: 2, editorInterfaces: 2, locales: 1, entries: 4, assets: 4, defaultLocale: 'en-US' },
    'starter-hydrogen-store.json': { contentTypes: 3, editorInterfaces: 3, locales: 1, entries: 3, assets: 14, defaultLocale: 'en-US' },
    'unlikely-friends.json': { contentTypes: 2, editorInterfaces: 2, locales: 1, entries: 0, assets: 0, defaultLocale: 'en-US' },
  };

  it('lists every JSON file of the corpus here', () => {
    expect(readdirSync(CORPUS).filter((f) => f.endsWith('.json')).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [name, counts] of Object.entries(expected)) {
    it(name, async () => {
      const space = await loadSpace([{ absPath: join(CORPUS, name), explicit: true }], CORPUS);
      const entries = await collect(space.entries());
      const assets = await collect(space.assets());
      expect({
        contentTypes: space.model.contentTypes.size,
        editorInterfaces: space.model.editorInterfaces.size,
        locales: space.model.locales.size,
        entries: entries.length,
        assets: assets.length,
        ...(counts.defaultLocale ? { defaultLocale: space.model.defaultLocale?.code } : {}),
      }).toEqual(counts);
      for (const entry of entries) expect(entry.source.pointer).toMatch(/^\/entries\/\d+$/);
      expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    });
  }
});
