/**
 * Sections no active rule visits are not parsed: a run with only content-type rules finds the
 * entries' and assets' boundaries (to count them) and parses none of them.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfigFile } from '../src/config/load-config.js';
import { lint } from '../src/lint.js';
import { loadBuiltinRules } from '../src/rules-registry.js';
import { build, pretty, removeTempDirs, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);
afterEach(() => {
  vi.restoreAllMocks();
});

const CONTENT_TYPE_RULES = { config: { 'hidden-required-field': 'error', 're2-incompatible-pattern': 'error' } } as const;

function exportWith(layout: (value: unknown) => string): { dir: string; file: string } {
  const dir = tempDir();
  const entries = Array.from({ length: 25 }, (_, i) => build.entry(`entry-${i}`, 'page', `title of entry ${i}`));
  const text = layout({ contentTypes: [build.contentType('page')], locales: [build.locale('en-US', null, true)], entries, assets: [build.asset('img')] });
  const [file] = writeFiles(dir, { 'export.json': text });
  return { dir, file: file! };
}

async function run(dir: string, file: string, rules: Record<string, string> | null) {
  const config = (rules === null ? { extends: 'all' } : { extends: [], rules }) as ConfigFile;
  return lint({ paths: [file], cwd: dir, config: { config, path: null, rules: [...(await loadBuiltinRules())] }, asOf: '2026-01-01' });
}

describe('sections no active rule needs', () => {
  it('are counted from their boundaries, not parsed, when only content-type rules run', async () => {
    const { dir, file } = exportWith(pretty);
    const parse = vi.spyOn(JSON, 'parse');
    const { result } = await run(dir, file, CONTENT_TYPE_RULES.config);
    expect(result.stats).toMatchObject({ entries: 25, assets: 1, contentTypes: 1 });
    const parsed = parse.mock.calls.map(([text]) => String(text));
    expect(parsed.some((text) => text.includes('title of entry'))).toBe(false);
    expect(parsed.some((text) => text.includes('"Asset"'))).toBe(false);
  });

  it('are read (and so counted) when the layout is not the export tool’s', async () => {
    const { dir, file } = exportWith((value) => JSON.stringify(value));
    const { result } = await run(dir, file, CONTENT_TYPE_RULES.config);
    expect(result.stats).toMatchObject({ entries: 25, assets: 1 });
  });

  it('are parsed when a rule visits them: the same counts', async () => {
    const { dir, file } = exportWith(pretty);
    const parse = vi.spyOn(JSON, 'parse');
    const { result } = await run(dir, file, null);
    expect(result.stats).toMatchObject({ entries: 25, assets: 1 });
    expect(parse.mock.calls.some(([text]) => String(text).includes('title of entry'))).toBe(true);
  });
});
