/**
 * The layout of docs/architecture.md, kept: the code's floors (entry > run > check > inputs >
 * model > utilities), imports that run only down or across a floor, no import cycle, and only
 * the entry points at the root of src/. Imports are read with TypeScript's own pre-processor
 * (static, dynamic and type imports, and `export … from`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript5';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

const FLOOR_NAMES = ['utilities', 'model', 'inputs', 'check', 'run', 'entry'] as const;
type Floor = (typeof FLOOR_NAMES)[number];

/** Each file's floor, by the longest prefix of its path (docs/architecture.md, "Floors"). */
const FLOORS: Readonly<Record<string, Floor>> = {
  'src/cli.ts': 'entry',
  'src/index.ts': 'entry',
  'src/cli/': 'entry',
  'src/engine/worker.ts': 'entry',
  'src/pipeline/': 'run',
  'src/format/': 'run',
  'src/docs/': 'run',
  'src/engine/': 'check',
  'src/config/': 'check',
  'src/validation/': 'check',
  'src/diff/': 'check',
  'rules/': 'check',
  'src/inputs/': 'inputs',
  'src/model/': 'model',
  'src/graphql/': 'model',
  'src/util/': 'utilities',
  'src/cache/': 'utilities',
  'src/regex/': 'utilities',
};

/** Imports that run back up on purpose, each named in a comment at the import: `from -> to`. None today. */
const DELIBERATE_UPWARD: readonly string[] = [];

function floorOf(file: string): Floor {
  const prefix = Object.keys(FLOORS)
    .filter((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix === undefined) throw new Error(`${file} is on no floor: give its folder one in test/architecture.test.ts and docs/architecture.md`);
  return FLOORS[prefix]!;
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

/** Each file of src/ and rules/ with the files of src/ and rules/ it imports. */
const FILES = [...sources('src'), ...sources('rules')];
const IMPORTS = new Map(
  FILES.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(ROOT, resolve(ROOT, dirname(file), name)).replace(/\.js$/, '.ts'));
    return [file, [...new Set(targets)].filter((t) => FILES.includes(t))];
  }),
);

describe('the layout of the code (docs/architecture.md)', () => {
  it('reads every file and the imports between them', () => {
    expect(FILES.length).toBeGreaterThan(150);
    expect(IMPORTS.get('src/pipeline/run.ts')).toEqual(expect.arrayContaining(['src/pipeline/plan.ts', 'src/pipeline/read.ts', 'src/pipeline/check.ts', 'src/pipeline/settle.ts']));
  });

  it('imports run down or across a floor, never back up', () => {
    const rank = (file: string) => FLOOR_NAMES.indexOf(floorOf(file));
    const upward = [...IMPORTS].flatMap(([from, targets]) => targets.filter((to) => rank(to) > rank(from)).map((to) => `${from} -> ${to}`));
    expect(upward).toEqual(DELIBERATE_UPWARD);
  });

  it('has no import cycle', () => {
    /** A cycle found by a depth-first walk, as the files around it, or null. */
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string): string[] | null => {
      if (state.get(file) === 'done') return null;
      if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
      state.set(file, 'open');
      path.push(file);
      for (const next of IMPORTS.get(file)!) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
      path.pop();
      state.set(file, 'done');
      return null;
    };
    const cycles = FILES.map(visit).filter((cycle) => cycle !== null);
    expect(cycles[0]?.join(' -> ') ?? null).toBeNull();
  });

  it('holds only the entry points at the root of src/', () => {
    expect(FILES.filter((f) => dirname(f) === 'src')).toEqual(['src/cli.ts', 'src/index.ts']);
  });
});
