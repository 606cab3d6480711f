/**
 * The package as a team gets it from the registry: `npm pack` of a copy of the repository (whose
 * `prepare` builds it, as `npm publish` does), the files of the tarball, and the tarball installed
 * into an empty project, where `npx cmlint` and the library must behave as the repository's do.
 *
 * Offline: the project installs with `npm ci --offline` from the npm cache that `npm ci` of the
 * repository filled. Its lockfile is made from the repository's (every package at the version
 * package-lock.json pins), so it holds cmlint's runtime dependencies and nothing of the
 * repository's devDependencies but the one optional peer the project adds (@vue/compiler-sfc):
 * a run that needs a devDependency fails here. Optional dependencies are left out: re2, whose
 * native build takes minutes (and whose sources and build tools are most of what it would
 * install), is then missing, as after an install whose build of it failed, and cmlint matches
 * with re2js alone, with the same findings.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, baseEnv, type Run } from './helpers/cli.js';

interface PackageJson {
  name: string;
  version: string;
  main: string;
  types: string;
  license: string;
  bin: Record<string, string>;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  overrides: Record<string, unknown>;
}

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [key: string]: unknown;
}

const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
const TARBALL = `${PKG.name}-${PKG.version}.tgz`;
/** The optional peer the project installs; the others stay missing. */
const PEER = '@vue/compiler-sfc';
const AS_OF = '2026-11-27';

/** The environment of the npm commands: the tests' own, without what `npm test` exported to its script (npm_config_*, npm_package_*, …). */
function npmEnv(): NodeJS.ProcessEnv {
  const env = baseEnv({ npm_config_update_notifier: 'false' });
  for (const key of Object.keys(env)) if (/^npm_(?!config_update_notifier$)/i.test(key) || key === 'INIT_CWD') delete env[key];
  return env;
}

function run(command: string, args: readonly string[], cwd: string): Run {
  const result = spawnSync(command, args, { cwd, env: npmEnv(), encoding: 'utf8', timeout: 180_000 });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The lockfile of a project that depends on the tarball and on `peers`, made of the repository's
 * lockfile: the packages reached from cmlint's dependencies and from the peers, found where
 * node's resolution finds them (a nested copy first), without the repository's dev and peer flags.
 */
function projectLockfile(tarball: string, peers: readonly string[]): { packageJson: object; lockfile: object } {
  const lock = (JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/node_modules/')));
  const find = (from: string, name: string): string | undefined => {
    for (let dir = from; ; dir = parentOf(dir)) {
      const path = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock[path]) return path;
      if (!dir) return undefined;
    }
  };
  const packages: Record<string, LockEntry> = {};
  const visit = (from: string, required: Record<string, string>, optional: Record<string, unknown>) => {
    for (const name of [...Object.keys(required), ...Object.keys(optional)]) {
      const path = find(from, name);
      if (path === undefined) {
        if (name in optional) continue;
        throw new Error(`package-lock.json has no ${name} for ${from}`);
      }
      if (packages[path]) continue;
      const { dev, devOptional, peer, ...entry } = lock[path]!;
      packages[path] = entry;
      const optionalPeers = Object.keys(entry.peerDependenciesMeta ?? {}).filter((peerName) => entry.peerDependenciesMeta![peerName]!.optional);
      const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter((peerName) => !optionalPeers.includes(peerName));
      visit(path, { ...entry.dependencies, ...Object.fromEntries(requiredPeers.map((p) => [p, ''])) }, { ...entry.optionalDependencies, ...Object.fromEntries(optionalPeers.map((p) => [p, ''])) });
    }
  };
  const cmlintEntry = {
    version: PKG.version,
    resolved: `file:${TARBALL}`,
    integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
    license: PKG.license,
    dependencies: PKG.dependencies,
    optionalDependencies: PKG.optionalDependencies,
    bin: PKG.bin,
    engines: PKG.engines,
    peerDependencies: PKG.peerDependencies,
    peerDependenciesMeta: PKG.peerDependenciesMeta,
  };
  visit('node_modules/cmlint', PKG.dependencies, PKG.optionalDependencies);
  visit('', Object.fromEntries(peers.map((name) => [name, ''])), {});
  const dependencies = { cmlint: `file:${TARBALL}`, ...Object.fromEntries(peers.map((name) => [name, lock[`node_modules/${name}`]!.version!])) };
  const root = { name: 'team-project', version: '1.0.0' };
  return {
    // The repository's overrides, which a project does not inherit: without them this project would
    // take @graphql-tools/utils 12 for graphql-tag-pluck (the registry's newest, not in the cache), which
    // only the library loads (the bin's graphql-tag-pluck.cjs is bundled with the repository's).
    packageJson: { ...root, private: true, dependencies, overrides: PKG.overrides },
    lockfile: { ...root, lockfileVersion: 3, requires: true, packages: { '': { ...root, dependencies }, 'node_modules/cmlint': cmlintEntry, ...packages } },
  };
}

/** Every file under `dir`, by its path from `dir` with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1).split('\\').join('/'))
    .sort();
}

let work: string;
let source: string;
let project: string;
let packed: Run;
let tarballFiles: string[];
let tarballBytes: number;
let init: Run;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'cmlint-package-'));
  // The repository's files (tracked, and new ones not ignored) with its node_modules: `npm pack` runs
  // `prepare` (the build) there, not in the repository, whose dist/ the other test files run.
  source = join(work, 'cmlint');
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of listed.stdout.split('\0').filter((f) => f && existsSync(join(ROOT, f)))) cpSync(join(ROOT, file), join(source, file));
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
  // The output of a module since removed: the build must not leave it to be packed.
  mkdirSync(join(source, 'dist', 'src'), { recursive: true });
  writeFileSync(join(source, 'dist', 'src', 'removed-module.js'), 'export {};\n');
  packed = run('npm', ['pack', '--pack-destination', work], source);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const tarball = join(work, TARBALL);
  tarballBytes = statSync(tarball).size;
  tarballFiles = run('tar', ['-tzf', tarball], work).stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')).sort();

  // The team's project: the tarball, the demo space, GraphQL documents (a Vue component among them).
  project = join(work, 'team-project');
  mkdirSync(project);
  cpSync(tarball, join(project, TARBALL));
  const { packageJson, lockfile } = projectLockfile(tarball, [PEER]);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`);
  const installed = run('npm', ['ci', '--offline', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund'], project);
  if (installed.code !== 0) throw new Error(`npm ci in the project failed:\n${installed.stderr}`);
  cpSync(join(ROOT, 'fixtures', 'demo-space', 'export.json'), join(project, 'space', 'export.json'));
  mkdirSync(join(project, 'app'));
  writeFileSync(join(project, 'app', 'authors.graphql'), 'query Authors {\n  authorCollection {\n    items {\n      name\n      nickname\n    }\n  }\n}\n');
  writeFileSync(join(project, 'app', 'posts.ts'), "import { gql } from 'graphql-tag';\n\nexport const POSTS = gql`\n  query Posts {\n    blogPostCollection(limit: 0) {\n      total\n    }\n  }\n`;\n");
  mkdirSync(join(project, 'components'));
  writeFileSync(
    join(project, 'components', 'AuthorCard.vue'),
    "<script setup lang=\"ts\">\nimport { gql } from 'graphql-tag';\n\nconst AUTHOR = gql`\n  query AuthorCard {\n    authorCollection(limit: 1) {\n      items {\n        handle\n        avatarUrl\n      }\n    }\n  }\n`;\n</script>\n\n<template><p>author</p></template>\n",
  );
  init = cmlintIn(project, ['init']);
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

/** `npx --no-install cmlint …` in the project (the local hook's entry in the README). */
function cmlintIn(cwd: string, args: readonly string[]): Run {
  return run('npx', ['--no-install', 'cmlint', ...args], cwd);
}

/** The repository's bin, run in the same directory. */
function repositoryCmlint(cwd: string, args: readonly string[]): Run {
  return run(process.execPath, [BIN, ...args], cwd);
}

describe('npm pack', () => {
  it("prints the tarball's name alone on stdout (pre-commit before 4.6.1 reads it), with the build run by prepare", () => {
    expect(packed.stdout).toBe(`${TARBALL}\n`);
    expect(packed.stderr).toContain(`npm notice filename: ${TARBALL}`);
    expect(tarballFiles).toContain('dist/bundle/cli.cjs');
  });

  it('packs the bin, the build, the schemas, the docs, the example config and the documents, and nothing else', () => {
    const built = filesUnder(join(source, 'dist')).map((f) => `dist/${f}`);
    const expected = [
      '.linterrc.example.yaml',
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'bin/cmlint.js',
      'bin/package.json',
      ...built,
      ...filesUnder(join(ROOT, 'docs')).map((f) => `docs/${f}`),
      'package.json',
      ...filesUnder(join(ROOT, 'schema')).map((f) => `schema/${f}`),
    ].sort();
    expect(tarballFiles).toEqual(expected);
    expect(built).not.toContain('dist/src/removed-module.js');
    // Every file of tsc's output is that of a source file (nothing stale), and there are no source maps.
    for (const file of built.filter((f) => !f.startsWith('dist/bundle/'))) {
      expect(file).toMatch(/\.(js|d\.ts)$/);
      expect(existsSync(join(source, file.replace(/^dist\//, '').replace(/(\.d)?\.ts$|\.js$/, '.ts'))), file).toBe(true);
    }
    expect(new Set(built.filter((f) => f.startsWith('dist/bundle/')).map((f) => f.split('.').pop()))).toEqual(new Set(['cjs', 'js']));
    // 1.1 MB, 403 files when this test was written: fixtures or tests packed by mistake would be several MB.
    expect(tarballBytes).toBeLessThan(2_000_000);
  });

  it('names the licence, the engines and the files that the README, init and the hooks refer to', () => {
    expect(PKG.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 cmlint contributors\n/);
    expect(PKG.engines.node).toBe('>=20.19');
    const inTarball = new Set(tarballFiles);
    for (const file of [PKG.main, PKG.types, PKG.bin.cmlint!, 'schema/linterrc.schema.json', '.linterrc.example.yaml']) expect(inTarball, file).toContain(file.replace(/^\.\//, ''));
  });

  it("the packed pages' links lead to files of the package (the README's to docs/ above all), or are absolute", () => {
    const inTarball = new Set(tarballFiles);
    const pages = tarballFiles.filter((f) => f.endsWith('.md'));
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/internals.md', 'docs/writing-rules.md', 'docs/rules/input-shape.md']));
    let links = 0;
    for (const page of pages) {
      const text = readFileSync(join(source, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = target!.split('#')[0]!;
        if (/^[a-z]+:/.test(target!) || path === '') continue;
        links++;
        expect(inTarball, `${page}: ${target}`).toContain(posix.join(posix.dirname(page), path));
      }
    }
    // The README's links to docs/ and to each rule's page, and the docs' own.
    expect(links).toBeGreaterThan(40);
  });
});

// Each test runs the installed bin and the repository's a few times: minutes on a loaded machine.
describe('a project that installs the tarball', { timeout: 180_000 }, () => {
  it('links the bin: npx cmlint runs the installed package', () => {
    const version = cmlintIn(project, ['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(PKG.version);
  });

  it('init writes a config whose $schema names the schema of the installed package', () => {
    expect(init.code).toBe(0);
    expect(init.stderr).toBe('');
    const config = readFileSync(join(project, '.linterrc.yaml'), 'utf8');
    const schema = /^# yaml-language-server: \$schema=(\S+)$/m.exec(config)?.[1];
    expect(schema).toBe('./node_modules/cmlint/schema/linterrc.schema.json');
    const schemaFile = resolve(project, schema!);
    expect(JSON.parse(readFileSync(schemaFile, 'utf8'))).toEqual(JSON.parse(readFileSync(join(ROOT, 'schema', 'linterrc.schema.json'), 'utf8')));
    expect(config).toMatch(/^include:\n {2}- "space\/\*\*\/\*\.\{json,yaml,yml\}"$/m);
    expect(config).toMatch(/^documents:\n(?: {2}- .*\n)*? {2}- "components\/\*\*\/\*\.vue"$/m);
    // Written in a folder of the project: relative to that folder.
    const inFolder = cmlintIn(join(project, 'space'), ['init']);
    expect(inFolder.code, inFolder.stderr).toBe(0);
    const folderConfig = join(project, 'space', '.linterrc.yaml');
    expect(readFileSync(folderConfig, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../node_modules/cmlint/schema/linterrc.schema.json');
    rmSync(folderConfig);
  });

  it('lints the space and its GraphQL documents (the Vue component with the installed peer) exactly as the repository does', () => {
    for (const args of [['--as-of', AS_OF], ['graphql-schema', 'space/export.json']]) {
      expect(cmlintIn(project, args)).toEqual(repositoryCmlint(project, args));
    }
    const args = ['--as-of', AS_OF, '--format', 'json'];
    const installed = cmlintIn(project, args);
    expect(installed).toEqual(repositoryCmlint(project, args));
    expect(installed.code).toBe(1);
    const findings = (JSON.parse(installed.stdout) as { findings: { ruleId: string; file: string }[] }).findings;
    const where = new Set(findings.map((f) => `${f.ruleId} ${f.file}`));
    for (const expected of ['re2-incompatible-pattern space/export.json', 'entry-field-validation space/export.json', 'graphql-document-invalid app/authors.graphql', 'zero-limit-query app/posts.ts', 'graphql-document-invalid components/AuthorCard.vue']) {
      expect(where).toContain(expected);
    }
  });

  it('stops with an input error that says what to install when a run needs an optional peer the project lacks', () => {
    const dir = join(project, 'needs-peers');
    mkdirSync(join(dir, 'migrations'), { recursive: true });
    writeFileSync(join(dir, 'Card.svelte'), "<script>\n  import { gql } from 'graphql-tag';\n  const q = gql`query Card { authorCollection { total } }`;\n</script>\n");
    writeFileSync(join(dir, 'migrations', '0001-add-topic.js'), "module.exports = function (migration) {\n  migration.createContentType('topic').name('Topic');\n};\n");
    writeFileSync(join(dir, 'svelte.yaml'), 'include: ["../space/export.json"]\ndocuments: ["Card.svelte"]\n');
    writeFileSync(join(dir, 'migrations.yaml'), 'include: ["../space/export.json"]\nmigrations: ["migrations/*.js"]\n');
    const cases = [
      ['svelte.yaml', 'Card.svelte: Reading GraphQL in .svelte files needs the package svelte, which is not installed: npm install --save-dev svelte'],
      ['migrations.yaml', 'needs the migration tool\'s package, which is not installed: run `npm install --save-dev contentful-migration`'],
    ] as const;
    for (const [config, message] of cases) {
      const args = ['--config', `needs-peers/${config}`, '--as-of', AS_OF, '--format', 'json'];
      const installed = cmlintIn(project, args);
      expect(installed.code, installed.stderr).toBe(2);
      const findings = (JSON.parse(installed.stdout) as { findings: { ruleId: string; file: string; message: string }[] }).findings;
      expect(findings.map((f) => f.ruleId)).toEqual(['input-error']);
      expect(`${findings[0]!.file}: ${findings[0]!.message}`).toContain(message);
      // The repository has the peers (devDependencies): the same run reads them.
      expect(repositoryCmlint(project, args).code).toBe(1);
    }
  });

  it("the library ('cmlint', its types and the schema export) gives the repository's findings", () => {
    const script = [
      'const api = await import(process.argv[1]);',
      `const { result } = await api.lint({ paths: [], cwd: process.cwd(), asOf: '${AS_OF}' });`,
      'console.log(JSON.stringify(result.findings.map((f) => [f.ruleId, f.file, f.line, f.column])));',
    ].join('\n');
    const installed = run(process.execPath, ['--input-type=module', '-e', script, 'cmlint'], project);
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toBe(run(process.execPath, ['--input-type=module', '-e', script, pathToFileURL(join(ROOT, PKG.main)).href], project).stdout);
    expect((JSON.parse(installed.stdout) as string[][]).map((f) => f[0])).toContain('graphql-document-invalid');
    const schemaExport = run(process.execPath, ['--input-type=module', '-e', "console.log(import.meta.resolve('cmlint/schema/linterrc.schema.json'))"], project);
    expect(existsSync(new URL(schemaExport.stdout.trim()))).toBe(true);
    expect(existsSync(join(project, 'node_modules', 'cmlint', PKG.types))).toBe(true);
  });
});

describe('install scripts', { timeout: 60_000 }, () => {
  const npmVersion = run('npm', ['--version'], ROOT).stdout.trim().split('.').map(Number);
  const hasAllowScripts = npmVersion[0]! > 11 || (npmVersion[0] === 11 && npmVersion[1]! >= 16);

  it.skipIf(!hasAllowScripts)("the repository's allowScripts covers every install script of its dependencies (npm >= 11.16 warns otherwise)", () => {
    const listed = run('npm', ['install-scripts', 'ls', '--json'], ROOT);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual({ allowScripts: [] });
  });

  it('re2, the one runtime dependency with an install script, is optional: the project above runs without it', () => {
    expect(Object.keys(PKG.optionalDependencies)).toEqual(['re2']);
    expect(existsSync(join(project, 'node_modules', 're2'))).toBe(false);
    expect(existsSync(join(ROOT, 'node_modules', 're2', 'build', 'Release', 're2.node'))).toBe(true);
  });
});
