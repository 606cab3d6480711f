import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/inputs/space/input-error.js';
import { loadMigrationTool } from '../../src/inputs/migrations/tool.js';

const dir = mkdtempSync(join(tmpdir(), 'cmlint-no-tool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the migration tool (an optional peer dependency)', () => {
  it('missing: an input error on the config that says how to install it', () => {
    let error: unknown;
    try {
      loadMigrationTool(dir, '.linterrc.yaml', [join(dir, 'package.json')]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).format()).toBe(
      ".linterrc.yaml: The config key \"migrations\" needs the migration tool's package, which is not installed: run `npm install --save-dev contentful-migration` (cmlint replays the scripts with its parser, offline)",
    );
  });

  it('installed: its own parser, and its message for a locale that does not exist recognised', () => {
    const tool = loadMigrationTool(dir, '.linterrc.yaml');
    expect(typeof tool.createMigrationParser).toBe('function');
    expect(tool.unknownLocale('Cannot set default value for locale "de-DE" on field "title". The locale does not exist.')).toBe('de-DE');
    expect(tool.unknownLocale('Field with id "x" cannot be deleted because it does not exist.')).toBeNull();
  });
});
