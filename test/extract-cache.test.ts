/**
 * The documents' extraction cache (src/inputs/documents/extract-cache.ts): the bin's runs on a
 * project with a document of every embedding style, in a cache directory of their own
 * (CMLINT_COMPILE_CACHE), what happened told by NODE_DEBUG on stderr, and the output (stdout,
 * exit code; stderr without the debug lines) compared with a run without any cache.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmlintDebug, ROOT, type DebugRun } from './helpers/cli.js';
import { EMBEDDING_STYLES } from './helpers/document-styles.js';
import { removeTempDirs, tempDir } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const ARGS = ['--format', 'json', '--as-of', '2026-11-25'];

type BinRun = DebugRun;

function bin(cwd: string, env: Record<string, string>, args: readonly string[] = ARGS): BinRun {
  return cmlintDebug(['cmlint-compile-cache', 'cmlint-extract-cache'], args, env, cwd);
}

const output = ({ code, stdout, stderr }: BinRun) => ({ code, stdout, stderr });
/** Whether the run loaded Babel's parser or graphql-tag-pluck (the compile cache names each file it loads). */
const loadedBabel = (run: BinRun) => run.cache.some((line) => /^(babel-parser|graphql-tag-pluck)\.cjs: /.test(line));

/** Scripts beyond the styles: a GraphQL syntax error in a tag, a file whose gql is no template, an escaped backtick and an interpolation. */
const MORE: Record<string, string> = {
  'syntax.ts': "import { gql } from 'graphql-tag';\nexport const S = gql`\n  query Broken {\n    blogPostCollection {\n`;\n",
  'no-template.js': "import { useGraphqlClient } from './client';\nexport const client = useGraphqlClient();\n",
  'interpolated.jsx': "const F = gql`fragment F on BlogPost { title }`;\nexport const Q = gql`\n  query Interp { blogPost(id: \"1\") { ...F nope } }\n  ${F}\n  # a \\` backtick\n`;\n",
};

/** A project with every embedding style (test/helpers/document-styles.ts) and MORE, linted against the marketing app's model. */
function project(): string {
  const dir = tempDir('cmlint-extract-');
  const files: Record<string, string> = { ...Object.fromEntries(EMBEDDING_STYLES.map(({ file, text }) => [file, text])), ...MORE };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'src', file)), { recursive: true });
    writeFileSync(join(dir, 'src', file), text);
  }
  writeFileSync(join(dir, '.linterrc.yaml'), `include: [${JSON.stringify(join(ROOT, 'fixtures/graphql/template-marketing/export.json'))}]\ndocuments: ["src/**/*"]\n`);
  return dir;
}

/** The extraction caches of a cache directory's documents/ (beside them: the caches of findings about code, `<hash>.results.json`). */
const extractionCaches = (cache: string): string[] => readdirSync(join(cache, 'documents')).filter((name) => /^[0-9a-f]{8}\.json$/.test(name));

/** The one extraction cache of a cache directory's documents/. */
function cacheFile(cache: string): string {
  const names = extractionCaches(cache);
  expect(names).toHaveLength(1);
  return join(cache, 'documents', names[0]!);
}

/**
 * The output without any cache of a project as `project()` makes it: the same for each (it names
 * the files relative to the project), so made once.
 */
let uncached: BinRun | undefined;

/** The project, its output without any cache, and a cache directory filled by a first run (same output). */
function warmProject(): { dir: string; off: BinRun; cache: string; first: BinRun } {
  const dir = project();
  uncached ??= bin(dir, { CMLINT_COMPILE_CACHE: '0' });
  const off = uncached;
  const cache = join(dir, 'cache');
  const first = bin(dir, { CMLINT_COMPILE_CACHE: cache });
  expect(output(first)).toEqual(output(off));
  return { dir, off, cache, first };
}

describe('the extraction cache of documents', () => {
  it('gives the same output for every embedding style, and a run with nothing changed loads neither Babel nor graphql-tag-pluck', () => {
    const { dir, off, cache, first } = warmProject();
    expect(off.code).toBe(1);
    expect(off.stdout).toContain('"graphql-document-invalid"');
    for (const { file } of EMBEDDING_STYLES) expect(off.stdout).toContain(JSON.stringify(`src/${file}`));
    expect(off.stdout).toContain('src/syntax.ts');
    expect(off.stdout).toContain('src/interpolated.jsx');
    expect(off.cache).toContain('off');
    expect(loadedBabel(first)).toBe(true);
    // Scripts and components that name gql/graphql: every style but the .graphql file, and MORE.
    const entries = EMBEDDING_STYLES.length - 1 + Object.keys(MORE).length;
    expect(first.cache).toContain('no cache');
    expect(first.cache.some((line) => line.startsWith(`written to ${join(cache, 'documents')}`) && line.endsWith(`: ${entries} entries`))).toBe(true);
    const written = readFileSync(cacheFile(cache), 'utf8');

    for (const run of [bin(dir, { CMLINT_COMPILE_CACHE: cache }), bin(dir, { CMLINT_COMPILE_CACHE: cache })]) {
      expect(output(run)).toEqual(output(off));
      expect(loadedBabel(run)).toBe(false);
      expect(run.cache).toContain(`unchanged: ${entries} entries used`);
    }
    // Not rewritten when nothing changed.
    expect(readFileSync(cacheFile(cache), 'utf8')).toBe(written);
  });

  it('gives the same input error for a file Babel cannot parse, with or without the cache', () => {
    const { dir, cache } = warmProject();
    writeFileSync(join(dir, 'src', 'broken.tsx'), "import { gql } from 'graphql-tag';\nconst Q = gql`query Q { a }`;\nexport const X = <div>;\n");
    const off = bin(dir, { CMLINT_COMPILE_CACHE: '0' });
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/src\/broken\.tsx:3:\d+: Cannot parse this file/);
    for (let i = 0; i < 2; i++) expect(output(bin(dir, { CMLINT_COMPILE_CACHE: cache }))).toEqual(output(off));
  });

  it.skipIf(process.platform === 'win32')('extracts again a file edited to the same length with its old modification time, and one touched without a change', () => {
    const { dir, cache } = warmProject();
    const file = join(dir, 'src', 'a.ts');
    const before = statSync(file, { bigint: true });
    const text = readFileSync(file, 'utf8');
    // The tag `gql` becomes `xyz`, so that the file holds no GraphQL any more (its texts are still
    // the file's own characters, which a cache read back is checked for): same length, and the
    // same modification time to the nanosecond (`touch -r` from a copy of the times: node's utimes
    // takes seconds as a double, which loses the nanoseconds).
    const edited = text.replace('= gql`', '= xyz`');
    expect(edited).not.toBe(text);
    const times = join(dir, 'times');
    expect(spawnSync('touch', ['-r', file, times]).status).toBe(0);
    writeFileSync(file, edited);
    expect(spawnSync('touch', ['-r', times, file]).status).toBe(0);
    rmSync(times);
    const after = statSync(file, { bigint: true });
    expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
    expect(after.ctimeNs).not.toBe(before.ctimeNs);
    const off = bin(dir, { CMLINT_COMPILE_CACHE: '0' });
    expect(off.stdout).not.toContain("query 'TagA'");
    expect(off.stdout).toContain("query 'TagB'");
    const run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
    expect(output(run)).toEqual(output(off));
    expect(loadedBabel(run)).toBe(true);
    expect(run.cache.some((line) => line.startsWith('written to'))).toBe(true);

    // Touched, content kept: extracted again (new times), same output.
    utimesSync(file, new Date(), new Date());
    const touched = bin(dir, { CMLINT_COMPILE_CACHE: cache });
    expect(output(touched)).toEqual(output(off));
    expect(loadedBabel(touched)).toBe(true);
    expect(loadedBabel(bin(dir, { CMLINT_COMPILE_CACHE: cache }))).toBe(false);
  });

  it('drops the entries of files no longer found when it writes, and keeps those of files the run did not read', () => {
    const { dir, cache } = warmProject();
    rmSync(join(dir, 'src', 'd.js'));
    writeFileSync(join(dir, 'src', 'new.ts'), 'export const N = gql`query NewN { a }`;\n');
    bin(dir, { CMLINT_COMPILE_CACHE: cache });
    const files = Object.keys((JSON.parse(readFileSync(cacheFile(cache), 'utf8')) as { files: Record<string, unknown> }).files);
    expect(files).toContain(join(dir, 'src', 'new.ts'));
    expect(files).not.toContain(join(dir, 'src', 'd.js'));
    // A run of one file (its own config) writes its entry and keeps the others of the project.
    writeFileSync(join(dir, 'one.yaml'), `include: [${JSON.stringify(join(ROOT, 'fixtures/graphql/template-marketing/export.json'))}]\ndocuments: ["src/c.mjs"]\n`);
    writeFileSync(join(dir, 'src', 'c.mjs'), 'const a = gql`query TagC1 { x }`;\n');
    bin(dir, { CMLINT_COMPILE_CACHE: cache }, [...ARGS, '--config', 'one.yaml']);
    const after = Object.keys((JSON.parse(readFileSync(cacheFile(cache), 'utf8')) as { files: Record<string, unknown> }).files);
    expect(after.sort()).toEqual(files.sort());
  });

  it('ignores a corrupt cache, one made for another project or extractor, and one whose texts are not the file\'s own', () => {
    const { dir, off, cache } = warmProject();
    const file = cacheFile(cache);
    const good = readFileSync(file, 'utf8');
    const parsed = JSON.parse(good) as { extractor: string; cwd: string; files: Record<string, { stat: string; texts: [number, string][] }> };
    const planted = structuredClone(parsed);
    // A text the file does not hold at that offset (an operation of the cache's own): never reported.
    const a = planted.files[join(dir, 'src', 'a.ts')]!;
    a.texts = [[a.texts[0]![0], 'query Planted { planted }'.padEnd(a.texts[0]![1].length, ' ')]];
    const shapes: [string, string][] = [
      ['corrupt', good.slice(0, good.length / 2)],
      ['not JSON of this format', JSON.stringify({ ...parsed, format: 'cmlint-extract-cache 0' })],
      ['an entry of another shape', JSON.stringify({ ...parsed, files: { ...parsed.files, x: { stat: 1, texts: [[-1, 'q']] } } })],
      ['another extractor', JSON.stringify({ ...parsed, extractor: 'cmlint@0.0.0' })],
      ['another project', JSON.stringify({ ...parsed, cwd: '/elsewhere' })],
      ['texts not the file\'s own', JSON.stringify(planted)],
      ['an offset past the end', JSON.stringify({ ...parsed, files: { ...parsed.files, [join(dir, 'src', 'd.js')]: { ...parsed.files[join(dir, 'src', 'd.js')]!, texts: [[100000, 'query X { a }']] } } })],
    ];
    for (const [what, content] of shapes) {
      writeFileSync(file, content);
      const run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
      expect(output(run), what).toEqual(output(off));
      expect(run.stdout, what).not.toContain('Planted');
      expect(loadedBabel(run), what).toBe(true);
    }
    // The last run rewrote it from the files.
    expect(loadedBabel(bin(dir, { CMLINT_COMPILE_CACHE: cache }))).toBe(false);
  });

  it("keys a component's entry by its parser's version too: one made with another version is not used", () => {
    const { dir, cache } = warmProject();
    const file = cacheFile(cache);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, { stat: string }> };
    const vue = parsed.files[join(dir, 'src', 'F.vue')]!;
    expect(vue.stat).toMatch(/ @vue\/compiler-sfc@\d+\.\d+\.\d+/);
    expect(parsed.files[join(dir, 'src', 'a.ts')]!.stat).not.toContain('@');
    vue.stat = vue.stat.replace(/@vue\/compiler-sfc@.*$/, '@vue/compiler-sfc@0.0.1');
    writeFileSync(file, JSON.stringify(parsed));
    const run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
    expect(loadedBabel(run)).toBe(true);
    expect(run.cache.some((line) => line.startsWith('written to'))).toBe(true);
  });

  it('ignores a cache file or directory that group or others can write to', () => {
    const { dir, off, cache } = warmProject();
    const file = cacheFile(cache);
    chmodSync(file, 0o660);
    let run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
    expect(output(run)).toEqual(output(off));
    expect(run.cache).toContain('cache not used: file writable by group or others');
    expect(loadedBabel(run)).toBe(true);
    // Rewritten (a new file, 0600) by that run.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(join(cache, 'documents'), 0o777);
    run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
    expect(output(run)).toEqual(output(off));
    expect(run.cache).toContain('cache not used: directory writable by group or others');
    expect(run.cache.some((line) => line.startsWith('not written: directory writable by group or others'))).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)('ignores a cache file of another user (as root: the file given to nobody)', () => {
    const { dir, off, cache } = warmProject();
    chownSync(cacheFile(cache), 65534, 65534);
    const run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
    expect(output(run)).toEqual(output(off));
    expect(run.cache).toContain('cache not used: file owned by another user');
    expect(loadedBabel(run)).toBe(true);
  });

  it('writes nothing with CMLINT_COMPILE_CACHE=0 or NODE_DISABLE_COMPILE_CACHE=1, and lives in the user cache directory by default', () => {
    const dir = project();
    const home = join(dir, 'home');
    mkdirSync(home);
    const env = { HOME: home, XDG_CACHE_HOME: '', LOCALAPPDATA: '' };
    const off = bin(dir, { ...env, CMLINT_COMPILE_CACHE: '0' });
    const cache = join(dir, 'cache');
    const disabled = bin(dir, { ...env, CMLINT_COMPILE_CACHE: cache, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(output(disabled)).toEqual(output(off));
    expect(existsSync(cache)).toBe(false);
    expect(readdirSync(home)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['.linterrc.yaml', 'home', 'src']);
    const byDefault = bin(dir, { ...env, CMLINT_COMPILE_CACHE: '' });
    expect(output(byDefault)).toEqual(output(off));
    expect(extractionCaches(join(home, '.cache', 'cmlint', 'compile-cache'))).toHaveLength(1);
    // Nothing written into the project.
    expect(readdirSync(dir).sort()).toEqual(['.linterrc.yaml', 'home', 'src']);
  });
});
