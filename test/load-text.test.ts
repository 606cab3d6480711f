/** Files that are not UTF-8 text: refused before parsing, with the position of the first bad byte. */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { build, collect, loadFiles, pretty, removeTempDirs, singleInputError, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

async function loadBytes(name: string, bytes: Buffer | string) {
  const dir = tempDir();
  const [file] = writeFiles(dir, { [name]: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1') });
  return loadFiles([file!], dir);
}

const NOT_UTF8 = /^Not UTF-8: byte 0x[0-9A-F]{2} here does not belong to a UTF-8 character \(was the file saved as Latin-1 or Windows-1252\?\)/;

describe('bytes that are not UTF-8', () => {
  it('a Latin-1 letter in a JSON string: the byte, its line and column', async () => {
    const text = '{\n  "contentTypes": [\n    { "sys": { "id": "caf\xe9" }, "fields": [] }\n  ]\n}\n';
    const error = await singleInputError(loadBytes('export.json', text));
    expect(error.file).toBe('export.json');
    expect(error.message).toMatch(NOT_UTF8);
    expect(error.message).toContain('byte 0xE9');
    expect(error.position).toEqual({ line: 3, column: 26 });
  });

  it('a Latin-1 letter in YAML, after UTF-8 letters on the same line (columns count characters)', async () => {
    const text = Buffer.concat([Buffer.from('locales:\n  - code: "é-', 'utf8'), Buffer.from([0xe9]), Buffer.from('"\n')]);
    const error = await singleInputError(loadBytes('space.yaml', text));
    expect(error.message).toContain('byte 0xE9');
    expect(error.position).toEqual({ line: 2, column: 14 });
  });

  it.each([
    ['an overlong encoding of /', [0xc0, 0xaf], 0xc0],
    ['a UTF-16 surrogate encoded in UTF-8', [0xed, 0xa0, 0x80], 0xed],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0xf4],
    ['a lone continuation byte', [0x80], 0x80],
    ['a five-byte lead byte', [0xf8, 0x88, 0x80, 0x80, 0x80], 0xf8],
    ['a character cut short by the next one', [0xe2, 0x82, 0x41], 0xe2],
  ])('%s', async (_name, bytes, first) => {
    const text = Buffer.concat([Buffer.from('{"locales": [{"code": "ab'), Buffer.from(bytes), Buffer.from('"}]}')]);
    const error = await singleInputError(loadBytes('export.json', text));
    expect(error.message).toContain(`byte 0x${first.toString(16).toUpperCase()}`);
    expect(error.position).toEqual({ line: 1, column: 26 });
  });

  it('a character cut short by the end of the file', async () => {
    const error = await singleInputError(loadBytes('export.json', Buffer.from([0x7b, 0x22, 0xe2, 0x82])));
    expect(error.message).toContain('byte 0xE2');
    expect(error.position).toEqual({ line: 1, column: 3 });
  });

  it('reads characters cut by its 1 MiB chunks, and places a bad byte after a chunk boundary exactly', async () => {
    const pad = (n: number) => 'x'.repeat(n);
    // "€" (3 bytes) starts 1 byte before the first chunk boundary; a bad byte sits after the second.
    const head = `{"locales": [{"code": "en", "name": "${pad((1 << 20) - 38)}`;
    expect(Buffer.byteLength(head)).toBe((1 << 20) - 1);
    const valid = Buffer.from(`${head}€"}]}\n`);
    const space = await loadBytes('export.json', valid);
    expect([...space.model.locales.keys()]).toEqual(['en']);

    const text = Buffer.concat([Buffer.from(`${head}€\n${pad(1 << 20)}`), Buffer.from([0xff]), Buffer.from('"}]}\n')]);
    const error = await singleInputError(loadBytes('export.json', text));
    expect(error.message).toContain('byte 0xFF');
    expect(error.position).toEqual({ line: 2, column: (1 << 20) + 1 });
  });

  it('valid UTF-8 of every length, with a byte order mark, is read as it is', async () => {
    const space = await loadBytes('export.json', Buffer.from(`\uFEFF${pretty({ locales: [build.locale('x-é€𝄞', null, true)] })}`));
    expect([...space.model.locales.keys()]).toEqual(['x-é€𝄞']);
  });
});

describe('text read past the first chunk: checked as it is decoded, no separate pass over the file', () => {
  /** An export whose entries fill more than the 1 MiB checked before reading; `bad` goes into the title of entry `at`. */
  function bigExport(bad: Buffer, at: number): { bytes: Buffer; offset: number } {
    const entry = (i: number, title: string) => ({
      sys: { id: `e${i}`, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'page' } } },
      fields: { title: { 'en-US': title } },
    });
    const marker = 'BAD-BYTES-HERE';
    const text = pretty({
      contentTypes: [{ sys: { id: 'page', type: 'ContentType' }, name: 'Page', fields: [{ id: 'title', name: 'Title', type: 'Symbol' }] }],
      entries: Array.from({ length: 4000 }, (_, i) => entry(i, i === at ? marker : `Entry ${i} ${'é'.repeat(200)}`)),
      locales: [{ code: 'en-US', name: 'English', default: true, fallbackCode: null }],
    });
    const [head, tail] = text.split(marker) as [string, string];
    return { bytes: Buffer.concat([Buffer.from(head), bad, Buffer.from(tail)]), offset: Buffer.byteLength(head) };
  }

  it.each([
    ['a Latin-1 letter', Buffer.from([0xe9]), 'byte 0xE9'],
    ['a NUL byte', Buffer.from([0x00]), 'NUL byte'],
  ])('%s in an entry 1.5 MB into the file: an input error with its line and column when the entries are read', async (_name, bad, says) => {
    const { bytes, offset } = bigExport(bad, 3500);
    expect(offset).toBeGreaterThan(3 << 19);
    const space = await loadBytes('export.json', bytes);
    const error = await singleInputError(collect(space.entries()));
    expect(error.message).toContain(says);
    const before = bytes.subarray(0, offset).toString('utf8');
    const lines = before.split('\n');
    expect(error.position).toEqual({ line: lines.length, column: lines.at(-1)!.length + 1 });
  });

  it('the same file without the bad byte reads whole (every entry decoded and checked)', async () => {
    const { bytes } = bigExport(Buffer.from('fine'), 3500);
    const space = await loadBytes('export.json', bytes);
    expect(await collect(space.entries())).toHaveLength(4000);
  });
});

describe('files that are not text', () => {
  it('a binary file: the first NUL byte', async () => {
    const error = await singleInputError(loadBytes('image.json', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00])));
    expect(error.message).toBe('Not a text file: it holds a NUL byte (binary data, or UTF-16 text without a byte order mark)');
    // After the PNG signature's two line feeds.
    expect(error.position).toEqual({ line: 3, column: 1 });
  });

  it.each([
    ['UTF-16 LE', [0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00], 'UTF-16'],
    ['UTF-16 BE', [0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d], 'UTF-16'],
    ['UTF-32 LE', [0xff, 0xfe, 0x00, 0x00, 0x7b, 0x00, 0x00, 0x00], 'UTF-32'],
    ['UTF-32 BE', [0x00, 0x00, 0xfe, 0xff, 0x00, 0x00, 0x00, 0x7b], 'UTF-32'],
  ])('%s text, by its byte order mark', async (_name, bytes, encoding) => {
    const error = await singleInputError(loadBytes('export.yaml', Buffer.from(bytes)));
    expect(error.message).toBe(`The file is ${encoding} (it starts with a ${encoding} byte order mark); cmlint reads UTF-8: convert the file to UTF-8`);
    expect(error.position).toEqual({ line: 1, column: 1 });
  });

  it('an empty file and a file of whitespace (JSON and YAML)', async () => {
    for (const name of ['empty.json', 'empty.yaml']) {
      const error = await singleInputError(loadBytes(name, ''));
      expect(error.format()).toBe(`${name}:1:1: The file is empty`);
    }
    const blank = await singleInputError(loadBytes('blank.json', '\uFEFF\n  \r\n\t'.replace('\uFEFF', '\xef\xbb\xbf')));
    expect(blank.format()).toBe('blank.json:3:2: The file holds only whitespace');
  });

  it('a FIFO named on the command line is refused without waiting for a writer', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe.json');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.error || made.status !== 0) return; // no mkfifo here (Windows)
    const error = await singleInputError(loadFiles([fifo], dir));
    expect(error.format()).toBe('pipe.json: Not a regular file (a directory, FIFO, socket or device): cmlint reads export files');
  });

  it('a file over 2 GiB (sparse): its first bytes decide, with a position (read whole, it would be too large to read)', async () => {
    const dir = tempDir();
    const file = join(dir, 'huge.json');
    const fd = openSync(file, 'w');
    writeSync(fd, '{"entries": [');
    closeSync(fd);
    truncateSync(file, 2 ** 31 + 10);
    try {
      const error = await singleInputError(loadSpace([{ absPath: file, explicit: true }], dir));
      expect(error.format()).toBe('huge.json:1:14: Not a text file: it holds a NUL byte (binary data, or UTF-16 text without a byte order mark)');
    } finally {
      truncateSync(file, 0);
    }
  });
});
