import { symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInputs, type FindInputsOptions } from '../src/inputs/space/find-inputs.js';
import { InputError } from '../src/inputs/space/input-error.js';
import type { InputFile } from '../src/inputs/space/load-space.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { build, collect, removeTempDirs, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

let root: string;

beforeAll(() => {
  root = tempDir('cmlint-find-inputs-');
  writeFiles(root, {
    'space/a.json': { contentTypes: [build.contentType('page')] },
    'space/b.yaml': 'locales: []\n',
    'space/c.yml': 'entries: []\n',
    'space/nested/d.json': [build.entry('e1', 'page')],
    'space/nested/deeper/e.yaml': 'assets: []\n',
    'space/README.md': '# space\n',
    'space/data.txt': 'not json\n',
    'space/schema.graphql': 'type Query { a: String }\n',
    'space/package.json': { name: 'space', version: '1.0.0' },
    'space/package-lock.json': { name: 'space', lockfileVersion: 3 },
    'space/nested/package.json': { name: 'nested' },
    'space/.linterrc.yaml': 'rules: {}\n',
    'space/nested/.linterrc.json': { rules: {} },
    // Would be a duplicate content type if it were read.
    'space/node_modules/some-pkg/export.json': { contentTypes: [build.contentType('page')] },
    'space/nested/node_modules/x.yaml': 'contentTypes: []\n',
    'space/.git/info.json': {},
    'space/.hidden/f.json': {},
    'other/g.json': { locales: [] },
    'config/.linterrc.yaml': 'include: ["models/**/*.yaml"]\n',
    'config/models/h.yaml': 'contentTypes: []\n',
    'config/models/drafts/i.yaml': 'contentTypes: []\n',
    'config/drafts/j.json': { entries: [] },
  });
});

function options(overrides: Partial<FindInputsOptions> = {}): FindInputsOptions {
  return { cwd: root, base: root, include: [], exclude: [], ...overrides };
}

/** Paths relative to the temporary root, with whether each was named explicitly. */
function shown(inputs: InputFile[]): string[] {
  return inputs.map((i) => `${relative(root, i.absPath).split('\\').join('/')}${i.explicit ? ' (explicit)' : ''}`);
}

describe('findInputs', () => {
  it('takes an explicitly named file as it is, marked explicit', async () => {
    expect(shown(await findInputs(['space/a.json'], options()))).toEqual(['space/a.json (explicit)']);
    expect(shown(await findInputs([join(root, 'other/g.json')], options({ cwd: join(root, 'space') })))).toEqual(['other/g.json (explicit)']);
    // Relative to cwd, not to base.
    expect(shown(await findInputs(['a.json'], options({ cwd: join(root, 'space'), base: join(root, 'config') })))).toEqual(['space/a.json (explicit)']);
  });

  it('takes any extension and any name when a file is named explicitly', async () => {
    expect(shown(await findInputs(['space/data.txt', 'space/package.json', 'space/node_modules/some-pkg/export.json'], options()))).toEqual([
      'space/data.txt (explicit)',
      'space/node_modules/some-pkg/export.json (explicit)',
      'space/package.json (explicit)',
    ]);
  });

  it('scans a directory for .json, .yaml and .yml files, skipping node_modules, package files, cmlint config and hidden folders', async () => {
    expect(shown(await findInputs(['space'], options()))).toEqual(['space/a.json', 'space/b.yaml', 'space/c.yml', 'space/nested/d.json', 'space/nested/deeper/e.yaml']);
  });

  it('leaves out package files and cmlint config even when a glob names them: such a glob matches nothing', async () => {
    for (const glob of ['space/**/.linterrc.*', 'space/**/package*.json', 'space/node_modules/**/*.json']) {
      await expect(findInputs([glob], options()), glob).rejects.toThrow('No files match this glob');
    }
  });

  it('is an error for a glob on the command line that matches nothing', async () => {
    await expect(findInputs(['space/**/*.nothing', 'space/a.json'], options())).rejects.toThrow('No files match this glob');
  });

  it('scans the working directory when given no paths and no include globs', async () => {
    expect(shown(await findInputs([], options({ cwd: join(root, 'config') })))).toEqual(['config/drafts/j.json', 'config/models/drafts/i.yaml', 'config/models/h.yaml']);
  });

  it('expands globs relative to the working directory', async () => {
    expect(shown(await findInputs(['space/**/*.yml'], options()))).toEqual(['space/c.yml']);
    expect(shown(await findInputs(['*.json'], options({ cwd: join(root, 'space') })))).toEqual(['space/a.json']);
    expect(shown(await findInputs(['space/**/*.json'], options()))).toEqual(['space/a.json', 'space/nested/d.json']);
    expect(shown(await findInputs(['{space,other}/*.{json,yml}'], options()))).toEqual(['other/g.json', 'space/a.json', 'space/c.yml']);
  });

  it('expands an absolute glob', async () => {
    expect(shown(await findInputs([`${root}/space/nested/**/*.yaml`], options({ cwd: join(root, 'other') })))).toEqual(['space/nested/deeper/e.yaml']);
  });

  it('uses the include globs relative to the base directory when given no paths', async () => {
    const found = await findInputs([], options({ cwd: join(root, 'space'), base: join(root, 'config'), include: ['models/**/*.yaml'] }));
    expect(shown(found)).toEqual(['config/models/drafts/i.yaml', 'config/models/h.yaml']);
    expect(found.every((i) => !i.explicit)).toBe(true);
  });

  it('ignores the include globs when paths are given', async () => {
    expect(shown(await findInputs(['other'], options({ base: join(root, 'config'), include: ['models/**/*.yaml'] })))).toEqual(['other/g.json']);
  });

  it('leaves out what the exclude globs match, relative to the base directory', async () => {
    const config = join(root, 'config');
    expect(shown(await findInputs([], options({ base: config, include: ['**/*.{json,yaml}'], exclude: ['**/drafts/**'] })))).toEqual(['config/models/h.yaml']);
    expect(shown(await findInputs([], options({ base: config, include: ['**/*.{json,yaml}'], exclude: ['drafts/**'] })))).toEqual([
      'config/models/drafts/i.yaml',
      'config/models/h.yaml',
    ]);
    // Command-line directories are filtered too; the globs are relative to base, not to cwd.
    expect(shown(await findInputs(['space'], options({ base: join(root, 'space'), exclude: ['nested/**'] })))).toEqual(['space/a.json', 'space/b.yaml', 'space/c.yml']);
    expect(shown(await findInputs(['space'], options({ base: config, exclude: ['nested/**'] })))).toEqual([
      'space/a.json',
      'space/b.yaml',
      'space/c.yml',
      'space/nested/d.json',
      'space/nested/deeper/e.yaml',
    ]);
  });

  it('returns each file once, sorted, explicit if it was named at all', async () => {
    const found = await findInputs(['space/nested', 'space/b.yaml', 'space', 'space/**/*.yaml', join(root, 'space/nested/d.json'), './space/nested/../b.yaml'], options());
    expect(shown(found)).toEqual(['space/a.json', 'space/b.yaml (explicit)', 'space/c.yml', 'space/nested/d.json (explicit)', 'space/nested/deeper/e.yaml']);
  });

  it('sorts by path, code unit by code unit (not by locale)', async () => {
    const dir = tempDir();
    writeFiles(dir, { 'b.json': '{}', 'B.json': '{}', 'a.json': '{}', 'a-b.json': '{}', 'a/b.json': '{}', 'é.json': '{}', 'Z.yml': '{}' });
    const found = await findInputs([dir], { cwd: dir, base: dir, include: [], exclude: [] });
    expect(found.map((i) => relative(dir, i.absPath))).toEqual(['B.json', 'Z.yml', 'a-b.json', 'a.json', 'a/b.json', 'b.json', 'é.json']);
  });

  it('rejects a path that does not exist with an InputError naming it', async () => {
    let thrown: unknown;
    try {
      await findInputs(['space/a.json', 'space/missing.json'], options());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as InputError).file).toBe('space/missing.json');
    expect((thrown as InputError).message).toBe('No such file or directory');
    expect((thrown as InputError).format()).toBe('space/missing.json: No such file or directory');
    await expect(findInputs(['no-such-dir'], options())).rejects.toThrow('No such file or directory');
  });

  it('a scanned directory loads as one space without the files it ignores', async () => {
    const space = await loadSpace(await findInputs(['space'], options()), root);
    // space/node_modules/some-pkg/export.json would have been a duplicate of content type 'page'.
    expect([...space.model.contentTypes.keys()]).toEqual(['page']);
    expect(space.files.map((f) => f.path)).toEqual(['space/a.json', 'space/b.yaml', 'space/c.yml', 'space/nested/d.json', 'space/nested/deeper/e.yaml']);
    expect((await collect(space.entries())).map((e) => e.id)).toEqual(['e1']);
  });
});

describe('symbolic links', () => {
  /** A directory with `files` and symbolic links (`link path` -> `target`, relative to the link). */
  function tree(files: Record<string, unknown>, links: Record<string, string>): string {
    const dir = tempDir('cmlint-links-');
    writeFiles(dir, files);
    for (const [link, target] of Object.entries(links)) symlinkSync(target, join(dir, link));
    return dir;
  }

  async function loopError(dir: string, paths: string[] = ['.']): Promise<InputError> {
    let thrown: unknown;
    try {
      await findInputs(paths, { cwd: dir, base: dir, include: [], exclude: [] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    return thrown as InputError;
  }

  const LOOP = /^Directory symlink loop: this link leads back to (.+), a directory that contains it, so the same files would be read again and again\. Remove the link, or name the directories to lint so that it is not under them$/;

  it('a link to a directory that contains it is an input error naming the link and where it leads, found at once', async () => {
    const dir = tree({ 'space/a/x.json': { contentTypes: [] } }, { 'space/a/up': '..' });
    const error = await loopError(dir);
    expect(error.file).toBe('space/a/up');
    expect(error.message).toMatch(LOOP);
    expect(error.message.match(LOOP)![1]).toBe('space');
  });

  it('two links into each other (fast-glob alone takes exponential time on these), and a link to itself', async () => {
    const twoLoops = tree({ 'a/x.json': { contentTypes: [] }, 'b/y.json': { locales: [] } }, { 'a/to-b': '../b', 'b/to-a': '../a', 'a/self': '.' });
    expect((await loopError(twoLoops)).message).toMatch(LOOP);
    const viaGlob = await loopError(twoLoops, ['**/*.json']);
    expect(viaGlob.message).toMatch(LOOP);
  });

  it('a link to a directory elsewhere is followed, and a file reached by two paths is read once', async () => {
    const dir = tree(
      { 'space/page.json': { contentTypes: [build.contentType('page')] }, 'common/locales.json': { locales: [build.locale('en-US', null, true)] } },
      { 'space/common': '../common', 'space/same-page.json': 'page.json' },
    );
    const found = await findInputs(['space', 'common'], { cwd: dir, base: dir, include: [], exclude: [] });
    expect(found.map((i) => relative(dir, i.absPath))).toEqual(['common/locales.json', 'space/page.json']);
    const space = await loadSpace(found, dir);
    expect([...space.model.contentTypes.keys()]).toEqual(['page']);
  });

  it('a dangling link in a scanned directory is skipped; named, it is an input error', async () => {
    const dir = tree({ 'space/page.json': { contentTypes: [build.contentType('page')] } }, { 'space/gone.json': 'nowhere.json' });
    const found = await findInputs(['space'], { cwd: dir, base: dir, include: [], exclude: [] });
    expect(found.map((i) => relative(dir, i.absPath))).toEqual(['space/page.json']);
    await expect(findInputs(['space/gone.json'], { cwd: dir, base: dir, include: [], exclude: [] })).rejects.toThrow('No such file or directory');
  });
});
