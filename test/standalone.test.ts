import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

/**
 * The repository stands alone: tests, scripts and benchmarks read nothing outside it. `.ci/run`
 * runs the suite from a copy of the committed tree in an empty directory (a relative path out of
 * the repository fails there); this catches absolute paths to this workspace too.
 */
const OUTSIDE = [/\/work\//, /\.\.\/shared/, /'\.\.',\s*'\.\.',\s*'shared'/];

describe('nothing in the repository reads outside it', () => {
  const files = ['test', 'bench', 'scripts', 'src', 'bin', '.ci']
    .flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(ROOT.length)))
    .concat(['package.json', 'vitest.config.ts'])
    // bench/out/ holds what the benchmarks generate and install (git-ignored): not part of the repository.
    .filter((f) => f !== 'test/standalone.test.ts' && !f.startsWith('bench/out/'))
    .sort();

  it('lists the files it checks', () => {
    expect(files).toContain('test/corpus.test.ts');
  });

  it.each(files)('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const lines = text.split('\n').flatMap((line, i) => (OUTSIDE.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
    expect(lines).toEqual([]);
  });
});
