import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { InputError, InputErrors } from '../../src/inputs/space/input-error.js';
import { loadSpace, type Space } from '../../src/inputs/space/load-space.js';
import type { Position } from '../../src/model/source-ref.js';

/** Helpers shared by the reader tests (test/load-*.test.ts). */

/** The folder holding the on-disk fixtures of the reader tests. */
export const LOAD_FIXTURES = fileURLToPath(new URL('../../fixtures/load/', import.meta.url));

/** A record as the export writes it: pretty-printed with 2 spaces, ending with a newline. */
export function pretty(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Temporary directories, removed by `removeTempDirs` (call it from `afterAll`). */
const tempDirs: string[] = [];

export function tempDir(prefix = 'cmlint-load-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Writes files below `dir`: strings and buffers as they are, anything else as pretty JSON.
 * Returns the absolute paths, in the order given.
 */
export function writeFiles(dir: string, files: Record<string, unknown>): string[] {
  return Object.entries(files).map(([rel, content]) => {
    const file = join(dir, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' || Buffer.isBuffer(content) ? content : pretty(content));
    return file;
  });
}

/** Loads files as if each was named on the command line. */
export function loadFiles(files: readonly string[], cwd: string, explicit = true): Promise<Space> {
  return loadSpace(
    files.map((absPath) => ({ absPath, explicit })),
    cwd,
  );
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The InputErrors a promise rejects with (fails the test if it resolves or throws anything else). */
export async function inputErrors(promise: Promise<unknown>): Promise<InputError[]> {
  let thrown: unknown;
  try {
    await promise;
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected the readers to reject with InputErrors').toBeInstanceOf(InputErrors);
  const { errors } = thrown as InputErrors;
  for (const error of errors) expect(error).toBeInstanceOf(InputError);
  return errors;
}

/** The only InputError a promise rejects with. */
export async function singleInputError(promise: Promise<unknown>): Promise<InputError> {
  const errors = await inputErrors(promise);
  expect(errors.map((e) => e.format())).toHaveLength(1);
  return errors[0]!;
}

/**
 * Line and column (1-based, columns in UTF-16 code units) of the `occurrence`-th match of
 * `needle` in `text`: computed on the JavaScript string, independently of the readers, which
 * work on bytes. A leading byte order mark is not part of the text an editor shows.
 */
export function positionOf(text: string, needle: string, occurrence = 1): Position {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let at = -1;
  for (let n = 0; n < occurrence; n++) {
    at = body.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' occurs fewer than ${occurrence} times`);
  }
  const before = body.slice(0, at);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: at - lineStart + 1 };
}

/** Position of the end of `text` (where a reader stops on a truncated file). */
export function endOf(text: string): Position {
  const lines = text.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** Minimal records shaped like the export's, for generated cases. */
export const build = {
  contentType(id: string, fieldIds: string[] = ['title']): Record<string, unknown> {
    return {
      sys: { id, type: 'ContentType', version: 1 },
      name: id,
      displayField: fieldIds[0] ?? null,
      fields: fieldIds.map((f) => ({ id: f, name: f, type: 'Symbol', localized: false, required: false, validations: [], disabled: false, omitted: false })),
    };
  },
  editorInterface(contentTypeId: string): Record<string, unknown> {
    return {
      sys: { id: 'default', type: 'EditorInterface', version: 1, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentTypeId } } },
      controls: [{ fieldId: 'title', widgetId: 'singleLine', widgetNamespace: 'builtin' }],
    };
  },
  locale(code: string, fallbackCode: string | null = null, isDefault = false): Record<string, unknown> {
    return { name: code, code, fallbackCode, default: isDefault, optional: false, sys: { type: 'Locale', id: `loc-${code}`, version: 1 } };
  },
  entry(id: string, contentTypeId: string, title = id): Record<string, unknown> {
    return {
      metadata: { tags: [] },
      sys: { id, type: 'Entry', version: 1, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentTypeId } } },
      fields: { title: { 'en-US': title } },
    };
  },
  asset(id: string): Record<string, unknown> {
    return {
      metadata: { tags: [] },
      sys: { id, type: 'Asset', version: 1 },
      fields: { title: { 'en-US': id }, file: { 'en-US': { url: `//images.example.net/${id}.png`, fileName: `${id}.png`, contentType: 'image/png' } } },
    };
  },
};
