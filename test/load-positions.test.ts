import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { recordOf } from '../src/model/nodes.js';
import { build, collect, LOAD_FIXTURES, loadFiles, positionOf, pretty, removeTempDirs, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const WHOLE_EXPORT = join(LOAD_FIXTURES, 'whole-export', 'export.json');
const SPLIT = join(LOAD_FIXTURES, 'split-space');

function loadWhole() {
  return loadSpace([{ absPath: WHOLE_EXPORT, explicit: true }], LOAD_FIXTURES);
}

describe('JSON pointers of records', () => {
  it('content types, editor interfaces and locales of a whole export', async () => {
    const { model } = await loadWhole();
    expect([...model.contentTypes.values()].map((c) => c.source.pointer)).toEqual(['/contentTypes/0', '/contentTypes/1']);
    expect([...model.editorInterfaces.values()].map((e) => e.source.pointer)).toEqual(['/editorInterfaces/0', '/editorInterfaces/1']);
    expect(model.locales.get('es-MX')!.source.pointer).toBe('/locales/5');
    for (const ct of model.contentTypes.values()) expect(ct.source.file.path).toBe('whole-export/export.json');
  });

  it('entries and assets of a whole export', async () => {
    const space = await loadWhole();
    const entries = await collect(space.entries());
    expect(entries.map((e) => e.source.pointer)).toEqual(['/entries/0', '/entries/1', '/entries/2', '/entries/3']);
    expect(entries[3]!.id).toBe('grace');
    expect((await collect(space.assets())).map((a) => a.source.pointer)).toEqual(['/assets/0', '/assets/1']);
  });

  it('records of a JSON array, of a CMA collection and of single-resource files', async () => {
    const dir = tempDir();
    const [array, collection, single] = writeFiles(dir, {
      'array.json': [build.locale('en-US', null, true), build.contentType('page'), build.entry('e1', 'page'), build.entry('e2', 'page')],
      'collection.json': { sys: { type: 'Array' }, total: 2, skip: 0, limit: 100, items: [build.asset('a1'), build.contentType('blog')] },
      'single.json': build.editorInterface('page'),
    });
    const space = await loadFiles([array!, collection!, single!], dir);
    expect(space.model.contentTypes.get('page')!.source.pointer).toBe('/1');
    expect(space.model.contentTypes.get('blog')!.source.pointer).toBe('/items/1');
    expect(space.model.locales.get('en-US')!.source.pointer).toBe('/0');
    expect(space.model.editorInterfaces.get('page')!.source.pointer).toBe('');
    expect((await collect(space.entries())).map((e) => e.source.pointer)).toEqual(['/2', '/3']);
    expect((await collect(space.assets())).map((a) => a.source.pointer)).toEqual(['/items/0']);
  });

  it('YAML records: single resource, array element and collection item', async () => {
    const space = await loadSpace(
      ['content-types/blogPost.yaml', 'entries/posts.yaml', 'locales.yml'].map((f) => ({ absPath: join(SPLIT, f), explicit: true })),
      LOAD_FIXTURES,
    );
    expect(space.model.contentTypes.get('blogPost')!.source.pointer).toBe('');
    expect(space.model.locales.get('de-DE')!.source.pointer).toBe('/items/1');
    expect((await collect(space.entries())).map((e) => e.source.pointer)).toEqual(['/0', '/2']);
    expect((await collect(space.assets())).map((a) => a.source.pointer)).toEqual(['/1']);
  });
});

describe('line and column in JSON files', () => {
  it('the start of a record and members inside it (2-space pretty-printed export)', async () => {
    const space = await loadWhole();
    const blogPost = space.model.contentTypes.get('blogPost')!;
    const { file } = blogPost.source;
    expect(file.locate(blogPost.source, [])).toEqual({ line: 44, column: 5 });
    expect(file.locate(blogPost.source, ['displayField'])).toEqual({ line: 52, column: 7 });
    // A field, as rules report it (recordOf), and a property of that field.
    const keywords = blogPost.fields[3]!;
    const { source, path } = recordOf(keywords);
    expect(path).toEqual(['fields', '3']);
    expect(file.locate(source, path)).toEqual({ line: 103, column: 9 });
    expect(file.locate(source, [...path, 'type'])).toEqual({ line: 106, column: 11 });

    const grace = (await collect(space.entries()))[3]!;
    expect(grace.source.file.locate(grace.source, [])).toEqual({ line: 315, column: 5 });
    expect(grace.source.file.locate(grace.source, ['sys', 'id'])).toEqual({ line: 320, column: 9 });
    expect(grace.source.file.locate(grace.source, ['fields', 'name', 'en-US'])).toEqual({ line: 335, column: 11 });

    const esMx = space.model.locales.get('es-MX')!;
    expect(esMx.source.file.locate(esMx.source, ['code'])).toEqual({ line: 477, column: 7 });
  });

  it('agrees with a position computed from the text for every field of every content type', async () => {
    const text = readFileSync(WHOLE_EXPORT, 'utf8');
    const { model } = await loadWhole();
    for (const ct of model.contentTypes.values()) {
      for (const field of ct.fields) {
        const at = ct.source.file.locate(ct.source, ['fields', String(field.index), 'id']);
        const line = text.split('\n')[at.line - 1]!;
        expect(line.slice(at.column - 1)).toBe(`"id": "${field.id}",`);
      }
    }
  });

  it('a pointer to a key that does not exist lands on its parent', async () => {
    const space = await loadWhole();
    const blogPost = space.model.contentTypes.get('blogPost')!;
    const { file } = blogPost.source;
    // missing member of a field → the field
    expect(file.locate(blogPost.source, ['fields', '3', 'defaultValue'])).toEqual({ line: 103, column: 9 });
    // missing array element → the key of the array
    expect(file.locate(blogPost.source, ['fields', '99', 'id'])).toEqual({ line: 55, column: 7 });
    // missing member of the record → the record
    expect(file.locate(blogPost.source, ['metadata', 'taxonomy'])).toEqual({ line: 44, column: 5 });
    // a path below a scalar → the scalar's key
    expect(file.locate(blogPost.source, ['displayField', 'x'])).toEqual({ line: 52, column: 7 });

    const helloWorld = (await collect(space.entries()))[1]!;
    // an entry without a value for a locale → the field
    expect(helloWorld.source.file.locate(helloWorld.source, ['fields', 'slug', 'de-DE'])).toEqual({ line: 260, column: 9 });
  });

  it('records of a single-resource file and of a JSON array', async () => {
    const dir = tempDir();
    const arrayText = pretty([build.locale('en-US', null, true), build.entry('e1', 'page'), build.entry('e2', 'page', 'Zweiter Eintrag')]);
    const singleText = pretty(build.contentType('page', ['title', 'body']));
    const [array, single] = writeFiles(dir, { 'entries.json': arrayText, 'page.json': singleText });
    const space = await loadFiles([array!, single!], dir);
    const [, e2] = await collect(space.entries());
    const betweenSecondAndThird = positionOf(arrayText, '},\n  {', 2);
    expect(e2!.source.file.locate(e2!.source, [])).toEqual({ line: betweenSecondAndThird.line + 1, column: 3 });
    expect(e2!.source.file.locate(e2!.source, ['fields', 'title', 'en-US'])).toEqual(positionOf(arrayText, '"en-US": "Zweiter Eintrag"'));
    const page = space.model.contentTypes.get('page')!;
    expect(page.source.file.locate(page.source, [])).toEqual({ line: 1, column: 1 });
    expect(page.source.file.locate(page.source, ['fields', '1', 'id'])).toEqual(positionOf(singleText, '"id": "body"'));
  });

  it('a UTF-8 byte order mark is not counted as a column', async () => {
    const dir = tempDir();
    // Minified: everything on line 1, after the BOM.
    const minified = `\uFEFF${JSON.stringify({ contentTypes: [build.contentType('page', ['title', 'body'])], entries: [build.entry('e1', 'page')] })}`;
    const prettyText = `\uFEFF${pretty({ contentTypes: [build.contentType('blog', ['title', 'body'])] })}`;
    const [min, pre] = writeFiles(dir, { 'minified.json': minified, 'pretty.json': prettyText });
    const space = await loadFiles([min!, pre!], dir);

    const page = space.model.contentTypes.get('page')!;
    expect(page.source.file.locate(page.source, [])).toEqual({ line: 1, column: 18 });
    expect(page.source.file.locate(page.source, [])).toEqual(positionOf(minified, '{"sys":{"id":"page"'));
    expect(page.source.file.locate(page.source, ['fields', '1', 'type'])).toEqual(positionOf(minified, '"type"', 3));
    const [e1] = await collect(space.entries());
    expect(e1!.source.file.locate(e1!.source, ['fields', 'title', 'en-US'])).toEqual(positionOf(minified, '"en-US":"e1"'));

    const blog = space.model.contentTypes.get('blog')!;
    expect(blog.source.file.locate(blog.source, [])).toEqual({ line: 3, column: 5 });
    expect(blog.source.file.locate(blog.source, ['fields', '1', 'id'])).toEqual(positionOf(prettyText, '"id": "body"'));
  });

  it('columns count UTF-16 code units when non-ASCII text comes before the target on the same line', async () => {
    const dir = tempDir();
    const title = 'Größe 😀 – ça va';
    const entry = { sys: { id: 'e1', type: 'Entry', contentType: { sys: { id: 'page' } } }, fields: { title: { 'de-DE': title, 'en-US': 'Size' }, 'caf\u00e9': { 'en-US': 1 } } };
    // Each entry on one line (as some tools write them), with non-ASCII on earlier lines too.
    const text = `{\n  "contentTypes": [{"sys": {"id": "ünïcødé"}, "name": "Ünïcødé 🎉", "fields": [{"id": "a", "type": "Symbol"}]}],\n  "entries": [\n    ${JSON.stringify(entry)},\n    ${JSON.stringify({ ...entry, sys: { ...entry.sys, id: 'e2' } }).replace('"caf\u00e9"', '"caf\\u00e9"')}\n  ]\n}\n`;
    const [file] = writeFiles(dir, { 'export.json': text });
    const space = await loadFiles([file!], dir);
    const [e1, e2] = await collect(space.entries());
    const at = e1!.source.file.locate(e1!.source, ['fields', 'title', 'en-US']);
    expect(at).toEqual(positionOf(text, '"en-US":"Size"'));
    // 4 + the JSON before the title + the title in UTF-16 units (😀 counts 2, ö, ß, – and ç 1 each).
    const before = `    {"sys":{"id":"e1","type":"Entry","contentType":{"sys":{"id":"page"}}},"fields":{"title":{"de-DE":"${title}",`;
    expect(at).toEqual({ line: 4, column: before.length + 1 });
    expect(title.length).toBe(16);
    expect(Buffer.byteLength(title)).toBe(23);
    expect(e1!.source.file.locate(e1!.source, ['fields', 'café', 'en-US'])).toEqual(positionOf(text, '"en-US":1'));
    // A key written with an escape is found by its value; the column counts the escape as written.
    expect(e2!.source.file.locate(e2!.source, ['fields', 'café'])).toEqual(positionOf(text, '"caf\\u00e9"'));
    const ct = space.model.contentTypes.get('ünïcødé')!;
    expect(ct.source.file.locate(ct.source, ['fields', '0', 'type'])).toEqual(positionOf(text, '"type": "Symbol"'));
  });

  it('handles CRLF line endings', async () => {
    const dir = tempDir();
    const text = pretty({ contentTypes: [build.contentType('page', ['title', 'body'])] }).replace(/\n/g, '\r\n');
    const [file] = writeFiles(dir, { 'export.json': text });
    const { model } = await loadFiles([file!], dir);
    const page = model.contentTypes.get('page')!;
    const lf = text.replace(/\r\n/g, '\n');
    expect(page.source.file.locate(page.source, ['fields', '1', 'id'])).toEqual(positionOf(lf, '"id": "body"'));
  });
});

describe('line and column in YAML files', () => {
  async function loadYaml(...files: string[]) {
    return loadSpace(
      files.map((f) => ({ absPath: join(SPLIT, f), explicit: true })),
      LOAD_FIXTURES,
    );
  }

  it('a single resource: the record, a field, a validation', async () => {
    const { model } = await loadYaml('content-types/blogPost.yaml');
    const blogPost = model.contentTypes.get('blogPost')!;
    const { file } = blogPost.source;
    expect(file.path).toBe('split-space/content-types/blogPost.yaml');
    expect(file.locate(blogPost.source, [])).toEqual({ line: 1, column: 1 });
    expect(file.locate(blogPost.source, ['displayField'])).toEqual({ line: 6, column: 1 });
    const slug = blogPost.fields[1]!;
    const { source, path } = recordOf(slug);
    expect(file.locate(source, path)).toEqual({ line: 18, column: 5 });
    expect(file.locate(source, [...path, 'validations', '0', 'unique'])).toEqual({ line: 24, column: 9 });
    expect(file.locate(source, ['fields', '2', 'validations', '0', 'linkContentType', '0'])).toEqual({ line: 34, column: 27 });
  });

  it('array elements and collection items', async () => {
    const space = await loadYaml('entries/posts.yaml', 'locales.yml');
    const entries = await collect(space.entries());
    const secondPost = entries[1]!;
    expect(secondPost.id).toBe('second-post');
    expect(secondPost.source.file.locate(secondPost.source, [])).toEqual({ line: 37, column: 3 });
    expect(secondPost.source.file.locate(secondPost.source, ['sys', 'id'])).toEqual({ line: 40, column: 5 });
    const [cover] = await collect(space.assets());
    expect(cover!.source.file.locate(cover!.source, ['fields', 'file', 'en-US', 'fileName'])).toEqual({ line: 35, column: 9 });
    const de = space.model.locales.get('de-DE')!;
    expect(de.source.file.locate(de.source, ['fallbackCode'])).toEqual({ line: 20, column: 5 });
  });

  it('a pointer to a key that does not exist lands on its parent', async () => {
    const space = await loadYaml('content-types/blogPost.yaml', 'entries/posts.yaml');
    const blogPost = space.model.contentTypes.get('blogPost')!;
    const { file } = blogPost.source;
    expect(file.locate(blogPost.source, ['fields', '1', 'defaultValue'])).toEqual({ line: 18, column: 5 });
    expect(file.locate(blogPost.source, ['fields', '9'])).toEqual({ line: 9, column: 1 });
    expect(file.locate(blogPost.source, ['metadata'])).toEqual({ line: 1, column: 1 });
    const [helloWorld] = await collect(space.entries());
    expect(helloWorld!.source.file.locate(helloWorld!.source, ['fields', 'slug', 'de-DE'])).toEqual({ line: 17, column: 5 });
  });

  it('columns count UTF-16 code units after non-ASCII text on the same line', async () => {
    const dir = tempDir();
    const text = [
      '# Ünïcødé comment 🎉',
      'sys: { id: e1, type: Entry, contentType: { sys: { id: page } } }',
      'fields:',
      '  title: { de-DE: "Größe 😀 – ça va", en-US: Size }',
      '',
    ].join('\n');
    const [file] = writeFiles(dir, { 'entry.yaml': text });
    const space = await loadFiles([file!], dir);
    const [e1] = await collect(space.entries());
    expect(e1!.source.pointer).toBe('');
    expect(e1!.source.file.locate(e1!.source, ['fields', 'title', 'en-US'])).toEqual(positionOf(text, 'en-US: Size'));
    expect(positionOf(text, 'en-US: Size')).toEqual({ line: 4, column: 39 });
    expect(e1!.source.file.locate(e1!.source, ['sys', 'contentType'])).toEqual(positionOf(text, 'contentType'));
  });

  it('a UTF-8 byte order mark is not counted as a column', async () => {
    const dir = tempDir();
    const text = '\uFEFF{ sys: { id: page, type: ContentType }, name: Page, fields: [{ id: title, type: Symbol }] }\n';
    const [file] = writeFiles(dir, { 'page.yaml': text });
    const { model } = await loadFiles([file!], dir);
    const page = model.contentTypes.get('page')!;
    expect(page.source.file.locate(page.source, [])).toEqual({ line: 1, column: 1 });
    expect(page.source.file.locate(page.source, ['fields', '0', 'type'])).toEqual(positionOf(text, 'type: Symbol'));
    expect(positionOf(text, 'type: Symbol')).toEqual({ line: 1, column: 75 });
  });
});

describe('columns on one long line (a minified export)', () => {
  it('are the same whatever order positions are asked in, with non-ASCII and astral text before them', async () => {
    const dir = tempDir();
    const entries = Array.from({ length: 60 }, (_, i) => ({
      sys: { id: `e${i}`, type: 'Entry', contentType: { sys: { id: 'page' } } },
      fields: { title: { 'en-US': i % 3 === 0 ? `Größe 😀 ${i}` : `ça va – ${i}`, 'de-DE': `x${i}` } },
    }));
    const text = `\uFEFF${JSON.stringify({ contentTypes: [build.contentType('page')], entries })}`;
    const [file] = writeFiles(dir, { 'minified.json': text });
    const space = await loadFiles([file!], dir);
    const all = await collect(space.entries());
    const expected = all.map((_, i) => positionOf(text, `"de-DE":"x${i}"`));
    const ask = (order: number[]) => order.map((i) => all[i]!.source.file.locate(all[i]!.source, ['fields', 'title', 'de-DE']));
    const forwards = all.map((_, i) => i);
    const shuffled = forwards.map((i) => (i * 37) % all.length);
    expect(ask(forwards)).toEqual(expected);
    expect(ask([...forwards].reverse())).toEqual([...expected].reverse());
    expect(ask(shuffled)).toEqual(shuffled.map((i) => expected[i]));
  });
});
