import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findInputs } from '../src/inputs/space/find-inputs.js';
import { InputError, InputErrors } from '../src/inputs/space/input-error.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import {
  build,
  collect,
  endOf,
  inputErrors,
  LOAD_FIXTURES,
  loadFiles,
  positionOf,
  pretty,
  removeTempDirs,
  singleInputError,
  tempDir,
  writeFiles,
} from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const MALFORMED = join(LOAD_FIXTURES, 'malformed');

function loadFixture(...files: string[]) {
  return loadSpace(
    files.map((f) => ({ absPath: join(LOAD_FIXTURES, f), explicit: true })),
    LOAD_FIXTURES,
  );
}

/** Writes one file into a fresh directory and loads it as an explicitly named input. */
async function loadOne(name: string, content: unknown) {
  const dir = tempDir();
  const [file] = writeFiles(dir, { [name]: content });
  return loadFiles([file!], dir);
}

describe('malformed JSON', () => {
  it('a trailing comma', async () => {
    const error = await singleInputError(loadFixture('malformed/trailing-comma.json'));
    expect(error.file).toBe('malformed/trailing-comma.json');
    expect(error.message).toBe('Invalid JSON: Expected a double-quoted property name');
    expect(error.position).toEqual({ line: 16, column: 9 });
    expect(error.format()).toBe('malformed/trailing-comma.json:16:9: Invalid JSON: Expected a double-quoted property name');
  });

  it('a missing comma', async () => {
    const error = await singleInputError(loadFixture('malformed/missing-comma.json'));
    expect(error.file).toBe('malformed/missing-comma.json');
    expect(error.message).toBe("Invalid JSON: Expected ',' or '}' after property value");
    expect(error.position).toEqual({ line: 7, column: 7 });
  });

  it('a missing comma between two sections', async () => {
    const text = '{\n  "contentTypes": []\n  "locales": []\n}\n';
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toMatch(/^Invalid JSON: Expected ',' or '}'/);
    expect(error.position).toEqual({ line: 3, column: 3 });
  });

  it('an unterminated string (the line break ends it)', async () => {
    const error = await singleInputError(loadFixture('malformed/unterminated-string.json'));
    expect(error.file).toBe('malformed/unterminated-string.json');
    expect(error.message).toMatch(/^Invalid JSON: .*string/);
    expect(error.position).toEqual({ line: 4, column: 40 });
  });

  it('a truncated file', async () => {
    const error = await singleInputError(loadFixture('malformed/truncated.json'));
    expect(error.file).toBe('malformed/truncated.json');
    expect(error.message).toBe('Invalid JSON: Unterminated string before end of input');
    expect(error.position).toEqual({ line: 6, column: 25 });
  });

  it('a file truncated between records', async () => {
    const text = pretty({ contentTypes: [build.contentType('page')], entries: [build.entry('e1', 'page')] });
    const cut = text.slice(0, text.indexOf('"entries"') + '"entries": [\n    '.length);
    const error = await singleInputError(loadOne('export.json', cut));
    expect(error.message).toMatch(/^Invalid JSON: .*end of input/);
    expect(error.position).toEqual(endOf(cut));
  });

  it('an empty file', async () => {
    const error = await singleInputError(loadOne('empty.json', ''));
    expect(error.file).toBe('empty.json');
    expect(error.position).toEqual({ line: 1, column: 1 });
    expect(error.format()).toMatch(/^empty\.json:1:1: /);
  });

  it('a file of whitespace only', async () => {
    const error = await singleInputError(loadOne('blank.json', '\n  \n'));
    expect(error.file).toBe('blank.json');
    expect(error.position?.line).toBeGreaterThanOrEqual(1);
  });

  it('text after the top-level value (two exports pasted into one file)', async () => {
    const first = pretty({ locales: [build.locale('en-US', null, true)] });
    const text = first + pretty({ contentTypes: [build.contentType('page')] });
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toMatch(/^Invalid JSON: Unexpected text after the JSON value/);
    // The opening brace of the second export, at the start of the line after the first one.
    expect(error.position).toEqual(endOf(first));
    expect(endOf(first).column).toBe(1);
  });

  it('text after a top-level array of resources', async () => {
    const first = pretty([build.contentType('page')]);
    const text = `${first}x\n`;
    const error = await singleInputError(loadOne('resources.json', text));
    expect(error.message).toMatch(/^Invalid JSON: Unexpected text after the JSON value/);
    expect(error.position).toEqual(endOf(first));
  });

  it('whitespace after the top-level value is fine', async () => {
    const { model } = await loadOne('export.json', `${pretty({ contentTypes: [build.contentType('page')] })}\n\r\n\t  \n`);
    expect([...model.contentTypes.keys()]).toEqual(['page']);
  });

  it('a stray closing brace at the end', async () => {
    const text = `${pretty({ locales: [build.locale('en-US', null, true)] })}}\n`;
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toMatch(/^Invalid JSON: Unexpected text after the JSON value/);
    expect(error.position).toEqual(endOf(text.slice(0, -2)));
  });

  it('a syntax error on line 1 after a byte order mark', async () => {
    const text = `\uFEFF{"contentTypes":[{"sys":{"id":"page"},"fields":[],}]}`;
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toMatch(/^Invalid JSON: /);
    expect(error.position).toEqual(positionOf(text, '}]}'));
  });

  it('a syntax error inside an entry is found while streaming, after the entries before it', async () => {
    const text = pretty({ contentTypes: [build.contentType('page')], entries: [build.entry('e1', 'page'), build.entry('e2', 'page'), build.entry('e3', 'page')] });
    const broken = text.replace('"en-US": "e2"\n', '"en-US": "e2",\n');
    const space = await loadOne('export.json', broken);
    const seen: string[] = [];
    const errors = await inputErrors(
      (async () => {
        for await (const entry of space.entries()) seen.push(entry.id);
      })(),
    );
    expect(seen).toEqual(['e1']);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.file).toBe('export.json');
    expect(errors[0]!.message).toMatch(/^Invalid JSON: /);
    // The closing brace after the trailing comma.
    expect(errors[0]!.position).toEqual({ line: positionOf(broken, '"en-US": "e2",').line + 1, column: 9 });
  });

  it('a trailing comma in the entries array is found while streaming', async () => {
    const text = pretty({ entries: [build.entry('e1', 'page')] }).replace(/}\n {2}\]/, '},\n  ]');
    const space = await loadOne('export.json', text);
    const seen: string[] = [];
    const error = await singleInputError(
      (async () => {
        for await (const entry of space.entries()) seen.push(entry.id);
      })(),
    );
    expect(seen).toEqual(['e1']);
    expect(error.message).toMatch(/^Invalid JSON: /);
    expect(error.position).toEqual({ line: positionOf(text, '  ]').line, column: 3 });
  });
});

describe('malformed YAML', () => {
  it('bad indentation', async () => {
    const error = await singleInputError(loadFixture('malformed/bad-indentation.yaml'));
    expect(error.file).toBe('malformed/bad-indentation.yaml');
    expect(error.message).toMatch(/^Invalid YAML: /);
    expect(error.message).not.toContain('\n');
    expect(error.position?.line).toBe(8);
  });

  it('an unclosed flow sequence', async () => {
    const error = await singleInputError(loadOne('space.yaml', 'contentTypes: [\n  {sys: {id: page}, fields: []}\nlocales: []\n'));
    expect(error.file).toBe('space.yaml');
    expect(error.message).toMatch(/^Invalid YAML: /);
    expect(error.position).toBeDefined();
  });

  it('an alias to an anchor that is not defined', async () => {
    const error = await singleInputError(loadFixture('malformed/unresolved-alias.yaml'));
    expect(error.file).toBe('malformed/unresolved-alias.yaml');
    expect(error.message).toMatch(/^Invalid YAML: .*nameRules/);
    expect(error.position).toEqual({ line: 10, column: 22 });
  });

  it('several documents in one file', async () => {
    const error = await singleInputError(loadOne('space.yml', 'locales: []\n---\ncontentTypes: []\n'));
    expect(error.message).toMatch(/^Invalid YAML: /);
    expect(error.position).toEqual({ line: 2, column: 1 });
  });

  it('duplicate keys', async () => {
    const error = await singleInputError(loadOne('page.yaml', 'sys:\n  id: page\n  type: ContentType\nfields: []\nfields: []\n'));
    expect(error.message).toMatch(/^Invalid YAML: .*unique/);
    expect(error.position).toEqual({ line: 5, column: 1 });
  });

  it('anchors and aliases that resolve are fine', async () => {
    const text = [
      'contentTypes:',
      '  - sys: { id: page, type: ContentType }',
      '    fields:',
      '      - { id: title, name: Title, type: Symbol, validations: &slugRules [{ size: { max: 80 } }] }',
      '      - { id: slug, name: Slug, type: Symbol, validations: *slugRules }',
      '',
    ].join('\n');
    const { model } = await loadOne('space.yaml', text);
    expect(model.contentTypes.get('page')!.fields.map((f) => [f.id, f.json.validations])).toEqual([
      ['title', [{ size: { max: 80 } }]],
      ['slug', [{ size: { max: 80 } }]],
    ]);
  });
});

describe('files that are not exports', () => {
  it('a top-level scalar (JSON and YAML)', async () => {
    for (const [name, text, at] of [
      ['scalar.json', '"contentful-export"\n', { line: 1, column: 1 }],
      ['number.json', '\n  42\n', { line: 2, column: 3 }],
      ['null.json', 'null', { line: 1, column: 1 }],
      ['scalar.yaml', '# just a note\njust some text\n', { line: 2, column: 1 }],
    ] as const) {
      const error = await singleInputError(loadOne(name, text));
      expect(error.file).toBe(name);
      expect(error.message).toBe('Expected a JSON/YAML object or array at the top level');
      expect(error.position).toEqual(at);
    }
  });

  it('an explicitly named file that is not an export is an error; found by scanning a directory, it is skipped', async () => {
    const dir = tempDir();
    const [notes, array] = writeFiles(dir, {
      'notes.json': { name: 'x' },
      'list.yaml': '- one\n- two\n',
      'space/page.json': build.contentType('page'),
    });
    const errors = await inputErrors(loadFiles([notes!, array!], dir, true));
    expect(errors.map((e) => [e.file, e.message])).toEqual([
      ['notes.json', 'Not a space export: no content types, entries, assets or locales, and no resource with sys.type'],
      ['list.yaml', 'Not a space export: no content types, entries, assets or locales, and no resource with sys.type'],
    ]);

    const scanned = await findInputs([dir], { cwd: dir, base: dir, include: [], exclude: [] });
    expect(scanned.map((i) => i.explicit)).toEqual([false, false, false]);
    const space = await loadSpace(scanned, dir);
    expect(space.files.map((f) => f.path)).toEqual(['space/page.json']);
    expect([...space.model.contentTypes.keys()]).toEqual(['page']);
  });

  it('a file that disappeared before it was read', async () => {
    const dir = tempDir();
    const error = await singleInputError(loadSpace([{ absPath: join(dir, 'gone.json'), explicit: true }], dir));
    expect(error.file).toBe('gone.json');
    expect(error.message).toMatch(/ENOENT/);
  });
});

describe('sections and records without what identifies them', () => {
  it('"entries": {} (a section that is not an array)', async () => {
    const text = '{\n  "contentTypes": [],\n  "entries": {}\n}\n';
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toBe('"entries" must be an array');
    expect(error.pointer).toBe('/entries');
    expect(error.position).toEqual({ line: 3, column: 14 });
    expect(error.format()).toBe('export.json:3:14: "entries" must be an array (at /entries)');
  });

  it('"locales": null and "contentTypes": "..." in YAML', async () => {
    const error = await singleInputError(loadOne('export.yaml', 'contentTypes: []\nlocales: null\n'));
    expect(error.message).toBe('"locales" must be an array');
    expect(error.pointer).toBe('/locales');
    const other = await singleInputError(loadOne('export.json', { contentTypes: 'page' }));
    expect(other.message).toBe('"contentTypes" must be an array');
  });

  it('a content type without sys.id', async () => {
    const text = pretty({ contentTypes: [build.contentType('page'), { sys: { type: 'ContentType', version: 1 }, name: 'Nameless', fields: [] }] });
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toBe('A content type needs a string sys.id');
    expect(error.pointer).toBe('/contentTypes/1/sys');
    expect(error.position).toEqual(positionOf(text, '"sys"', 2));
  });

  it('a content type whose sys.id is not a string, or that has no sys at all', async () => {
    const numeric = await singleInputError(loadOne('export.json', { contentTypes: [{ sys: { id: 42 }, fields: [] }] }));
    expect(numeric.message).toBe('A content type needs a string sys.id');
    const text = pretty({ contentTypes: [{ name: 'No sys', fields: [] }] });
    const noSys = await singleInputError(loadOne('export.json', text));
    expect(noSys.message).toBe('A content type needs a string sys.id');
    // The pointer names the missing member; the position falls back to the record.
    expect(noSys.pointer).toBe('/contentTypes/0/sys');
    expect(noSys.position).toEqual({ line: 3, column: 5 });
  });

  it('a content type without fields', async () => {
    const text = pretty({ contentTypes: [{ sys: { id: 'page', type: 'ContentType' }, name: 'Page' }] });
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toBe(`Content type 'page' has no "fields" array`);
    expect(error.pointer).toBe('/contentTypes/0');
    expect(error.position).toEqual({ line: 3, column: 5 });
    const notArray = await singleInputError(loadOne('export.json', { contentTypes: [{ sys: { id: 'page' }, fields: {} }] }));
    expect(notArray.message).toBe(`Content type 'page' has no "fields" array`);
  });

  it('a field without id', async () => {
    const ct = build.contentType('page', ['title', 'body']);
    delete (ct.fields as Record<string, unknown>[])[1]!.id;
    const text = pretty({ contentTypes: [ct] });
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toBe(`Field 1 of content type 'page' needs a string "id"`);
    expect(error.pointer).toBe('/contentTypes/0/fields/1');
    expect(error.position).toEqual({ line: positionOf(text, '"name": "body"').line - 1, column: 9 });
  });

  it('a field without type', async () => {
    const ct = build.contentType('page', ['title', 'body']);
    delete (ct.fields as Record<string, unknown>[])[1]!.type;
    const text = pretty({ contentTypes: [ct] });
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toBe(`Field 'body' of content type 'page' needs a string "type"`);
    expect(error.pointer).toBe('/contentTypes/0/fields/1');
    expect(error.position).toEqual({ line: positionOf(text, '"id": "body"').line - 1, column: 9 });
  });

  it('a field that is not an object', async () => {
    const error = await singleInputError(loadOne('export.json', { contentTypes: [{ sys: { id: 'page' }, fields: ['title'] }] }));
    expect(error.message).toBe(`Field 0 of content type 'page' must be an object`);
    expect(error.pointer).toBe('/contentTypes/0/fields/0');
  });

  it('a content type in a YAML file without a field type', async () => {
    const text = 'sys:\n  id: page\n  type: ContentType\nfields:\n  - id: title\n    name: Title\n  - id: body\n    name: Body\n';
    const error = await singleInputError(loadOne('page.yaml', text));
    expect(error.message).toBe(`Field 'title' of content type 'page' needs a string "type"`);
    expect(error.pointer).toBe('/fields/0');
    expect(error.position).toEqual({ line: 5, column: 5 });
  });

  it('a single-resource content type file without sys.id', async () => {
    const error = await singleInputError(loadOne('page.json', { sys: { type: 'ContentType' }, fields: [] }));
    expect(error.message).toBe('A content type needs a string sys.id');
    expect(error.pointer).toBe('/sys');
    expect(error.position).toEqual({ line: 2, column: 3 });
  });

  it('a locale without code', async () => {
    const text = pretty({ locales: [build.locale('en-US', null, true), { name: 'German', default: false, sys: { type: 'Locale', id: 'loc-de' } }] });
    const error = await singleInputError(loadOne('export.json', text));
    expect(error.message).toBe('A locale needs a string "code"');
    expect(error.pointer).toBe('/locales/1');
    expect(error.position).toEqual({ line: positionOf(text, '"name": "German"').line - 1, column: 5 });
  });

  it('an editor interface without sys.contentType', async () => {
    const error = await singleInputError(loadOne('export.json', { editorInterfaces: [{ sys: { id: 'default', type: 'EditorInterface' }, controls: [] }] }));
    expect(error.message).toMatch(/editor interface needs sys\.contentType\.sys\.id/);
    expect(error.pointer).toBe('/editorInterfaces/0/sys');
  });

  it('an entry without sys.contentType is found while streaming', async () => {
    const bad = build.entry('e2', 'page');
    delete (bad.sys as Record<string, unknown>).contentType;
    const text = pretty({ contentTypes: [build.contentType('page')], entries: [build.entry('e1', 'page'), bad, build.entry('e3', 'page')] });
    const space = await loadOne('export.json', text);
    const seen: string[] = [];
    const error = await singleInputError(
      (async () => {
        for await (const entry of space.entries()) seen.push(entry.id);
      })(),
    );
    expect(seen).toEqual(['e1']);
    expect(error.file).toBe('export.json');
    expect(error.message).toBe(`Entry 'e2' needs sys.contentType.sys.id naming its content type`);
    expect(error.pointer).toBe('/entries/1/sys');
    expect(error.position).toEqual({ line: positionOf(text, '"id": "e2"').line - 1, column: 7 });
  });

  it('an entry without sys.id, and an asset without sys.id', async () => {
    const space = await loadOne('export.json', { entries: [{ sys: { type: 'Entry', contentType: { sys: { id: 'page' } } }, fields: {} }], assets: [{ sys: { type: 'Asset' }, fields: {} }] });
    const entryError = await singleInputError(collect(space.entries()));
    expect(entryError.message).toBe('An entry needs a string sys.id');
    expect(entryError.pointer).toBe('/entries/0/sys');
    const assetError = await singleInputError(collect(space.assets()));
    expect(assetError.message).toBe('An asset needs a string sys.id');
    expect(assetError.pointer).toBe('/assets/0/sys');
  });
});

describe('duplicate ids', () => {
  it('the same content type id in two files: the message names both files', async () => {
    const error = await singleInputError(loadFixture('duplicate-content-type/export.json', 'duplicate-content-type/overrides.yaml'));
    expect(error.file).toBe('duplicate-content-type/overrides.yaml');
    expect(error.message).toBe("Duplicate content type 'blogPost': also in duplicate-content-type/export.json at /contentTypes/0");
    expect(error.position).toEqual({ line: 2, column: 1 });
  });

  it('the same content type id twice in one file, and duplicate locales and editor interfaces', async () => {
    const text = pretty({
      contentTypes: [build.contentType('page'), build.contentType('blog'), build.contentType('page')],
      editorInterfaces: [build.editorInterface('page'), build.editorInterface('page')],
      locales: [build.locale('en-US', null, true), build.locale('en-US')],
    });
    const errors = await inputErrors(loadOne('export.json', text));
    // The errors of one file are all reported, in document order.
    expect(errors.map((e) => [e.message, e.pointer])).toEqual([
      ["Duplicate content type 'page': also in export.json at /contentTypes/0", '/contentTypes/2'],
      ["Duplicate editor interface of content type 'page': also in export.json at /editorInterfaces/0", '/editorInterfaces/1'],
      ["Duplicate locale 'en-US': also in export.json at /locales/0", '/locales/1'],
    ]);
    expect(errors[0]!.position).toEqual({ line: positionOf(text, '"id": "page"', 2).line - 2, column: 5 });
  });

  it('the same entry id in two files is found while streaming; the message names both files', async () => {
    const dir = tempDir();
    const [a, b] = writeFiles(dir, {
      'a.json': { contentTypes: [build.contentType('page')], entries: [build.entry('e1', 'page'), build.entry('e2', 'page')] },
      'b/entries.json': [build.entry('e3', 'page'), build.entry('e1', 'page', 'again'), build.entry('e4', 'page')],
    });
    const space = await loadFiles([a!, b!], dir);
    const seen: string[] = [];
    const error = await singleInputError(
      (async () => {
        for await (const entry of space.entries()) seen.push(entry.id);
      })(),
    );
    expect(seen).toEqual(['e1', 'e2', 'e3']);
    expect(error.file).toBe('b/entries.json');
    expect(error.message).toBe("Duplicate entry 'e1': also in a.json at /entries/0");
    expect(error.pointer).toBe('/1');
    expect(error.position?.column).toBe(3);
  });

  it('the same entry id twice in one file', async () => {
    const space = await loadOne('export.json', { entries: [build.entry('e1', 'page'), build.entry('e1', 'page')] });
    const error = await singleInputError(collect(space.entries()));
    expect(error.message).toBe("Duplicate entry 'e1': also in export.json at /entries/0");
    expect(error.pointer).toBe('/entries/1');
  });

  it('the same asset id twice', async () => {
    const space = await loadOne('export.yaml', `assets:\n  - sys: { id: a1, type: Asset }\n  - sys: { id: a1, type: Asset }\n`);
    const error = await singleInputError(collect(space.assets()));
    expect(error.message).toBe("Duplicate asset 'a1': also in export.yaml at /assets/0");
    expect(error.position).toEqual({ line: 3, column: 5 });
  });

  it('an entry, an asset and a content type may share an id', async () => {
    const space = await loadOne('export.json', { contentTypes: [build.contentType('x')], entries: [build.entry('x', 'x')], assets: [build.asset('x')] });
    expect((await collect(space.entries())).map((e) => e.id)).toEqual(['x']);
    expect((await collect(space.assets())).map((a) => a.id)).toEqual(['x']);
  });
});

describe('reporting', () => {
  it('reports the errors of several files together, in input order', async () => {
    const dir = tempDir();
    const [good, badJson, badYaml] = writeFiles(dir, {
      'a-good.json': { contentTypes: [build.contentType('page')] },
      'b-bad.json': '{\n  "locales": [\n    {"code": "en-US",}\n  ]\n}\n',
      'c-bad.yaml': 'contentTypes:\n  - sys: {id: blog}\n    name: Blog\n',
    });
    let thrown: unknown;
    try {
      await loadFiles([good!, badJson!, badYaml!], dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputErrors);
    const { errors, message } = thrown as InputErrors;
    expect(errors.map((e) => e.format())).toEqual([
      'b-bad.json:3:22: Invalid JSON: Expected a double-quoted property name',
      `c-bad.yaml:2:5: Content type 'blog' has no "fields" array (at /contentTypes/0)`,
    ]);
    expect(message).toBe(errors.map((e) => e.format()).join('\n'));
  });

  it('formats an error without a position as file: message', () => {
    expect(new InputError('space.json', 'No such file or directory').format()).toBe('space.json: No such file or directory');
    expect(new InputError('space.json', 'Bad', undefined, '/entries/0').format()).toBe('space.json: Bad (at /entries/0)');
    expect(new InputError('space.json', 'Bad', { line: 2, column: 3 }, '').format()).toBe('space.json:2:3: Bad');
  });
});

describe('the malformed fixtures', () => {
  it('every file in fixtures/load/malformed is rejected with a position', async () => {
    const inputs = await findInputs([MALFORMED], { cwd: LOAD_FIXTURES, base: LOAD_FIXTURES, include: [], exclude: [] });
    expect(inputs.length).toBeGreaterThanOrEqual(6);
    const errors = await inputErrors(loadSpace(inputs, LOAD_FIXTURES));
    expect(errors.map((e) => e.file)).toEqual(inputs.map((i) => `malformed/${i.absPath.split('/').pop()}`));
    for (const error of errors) expect(error.position, error.format()).toBeDefined();
  });
});
