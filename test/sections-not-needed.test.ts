/**
 * Sections no active rule visits are not parsed: a run with only content-type rules finds the
 * entries' and assets' boundaries (to count them) and parses none of them.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfigFile } from '../src/config/load-config.js';
import { lint } from '../src/pipeline/run.js';
import { loadBuiltinRules } from '../src/engine/rules-registry.js';
import { build, loadFiles, positionOf, pretty, removeTempDirs, tempDir, writeFiles } from './helpers/load-helpers.js';

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

/**
 * The boundaries of sections no rule visits are found by following the export tool's layout
 * (top-level key lines, closing lines of two spaces and a bracket), so the sections after them
 * are read from where the layout says they start. Files in any other layout, or whose lines only
 * look like it, must be read exactly the same: the same model, counts and findings.
 */
describe('sections after a section no rule visits, in any layout', () => {
  /** Entries whose text holds brackets, braces, commas and quotes, and escaped newlines before them. */
  const entries = Array.from({ length: 25 }, (_, i) =>
    build.entry(`entry-${i}`, 'page', `entry ${i} ],\n  "locales": [ }\n  ] \\"],\n    {" ${'}'.repeat(i % 3)}`),
  );
  const hidden = { id: 'secret', name: 'Secret', type: 'Symbol', localized: false, required: true, validations: [{ regexp: { pattern: '^(?=a)' } }], disabled: true, omitted: false };
  const page = build.contentType('page');
  const contentType = { ...page, fields: [...(page.fields as object[]), hidden] };
  /** The model sections after the entries and assets, the content types last (the findings are placed there). */
  const space = (sections: Record<string, unknown[]> = {}) => ({
    entries,
    assets: [build.asset('img'), build.asset('pdf')],
    locales: [build.locale('en-US', null, true), build.locale('de-DE', 'en-US')],
    editorInterfaces: [build.editorInterface('page')],
    tags: [{ name: 'internal', sys: { id: 'internal', type: 'Tag' } }],
    webhooks: [],
    contentTypes: [contentType, build.contentType('other')],
    ...sections,
  });

  const layouts: Record<string, () => string> = {
    'the export tool’s (2 spaces, a final newline)': () => pretty(space()),
    '2 spaces, no final newline': () => JSON.stringify(space(), null, 2),
    'minified': () => JSON.stringify(space()),
    '4 spaces': () => JSON.stringify(space(), null, 4),
    'tabs': () => JSON.stringify(space(), null, '\t'),
    'a byte order mark (2 spaces)': () => `\uFEFF${pretty(space())}`,
    'CRLF line endings and a byte order mark': () => `\uFEFF${JSON.stringify(space(), null, 2).replace(/\n/g, '\r\n')}\r\n`,
    'entries last (no key line after their closing line)': () => {
      const { entries: last, ...rest } = space();
      return pretty({ ...rest, entries: last });
    },
    'elements on one line each': () => `{\n  "entries": [\n${entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ],\n${pretty(space()).split('\n').slice(1).join('\n').replace(/^ {2}"entries": \[[^]*?\n {2}\],\n/m, '')}`,
    // A line inside an entry indented like a top-level key, after a line like a section's end.
    'an entry holding lines like top-level ones': () =>
      pretty(space()).replace('"title": {\n          "en-US": "entry 3 ', '"title": {\n  "x": [\n  ],\n  "locales": 1,\n          "en-US": "entry 3 '),
    // Hand-edited: a section's closing bracket with the next key on its line, so the section's end is not followed by a key line.
    'a closing line joined with the next key': () => pretty(space()).replace('\n  ],\n  "locales"', '\n  ],"locales"'),
    'a closing line joined with the next key, after a space': () => pretty(space()).replace('\n  ],\n  "locales"', '\n  ], "locales"'),
    'a closing bracket at the end of the last element’s line': () => pretty(space()).replace('\n    }\n  ],\n  "locales"', '\n    }],\n  "locales"'),
    'a closing bracket at the end of the last element’s line, joined with the next key': () =>
      pretty(space()).replace('\n    }\n  ],\n  "locales"', '\n    }],"locales"'),
  };

  const expectedModel = { contentTypes: ['page', 'other'], locales: ['en-US', 'de-DE'], editorInterfaces: ['page'] };

  it.each(Object.keys(layouts))('%s', async (layout) => {
    const text = layouts[layout]!();
    expect(() => JSON.parse(text.replace(/^\uFEFF/, ''))).not.toThrow();
    const dir = tempDir();
    const [file] = writeFiles(dir, { 'export.json': text });
    const { result } = await run(dir, file!, CONTENT_TYPE_RULES.config);
    expect(result.stats).toMatchObject({ entries: 25, assets: 2, contentTypes: 2 });
    // The only pattern, and the second field with `disabled` (entries and assets have neither).
    const patternAt = positionOf(text, '"pattern"');
    const hiddenAt = positionOf(text, '"disabled"', 2);
    expect(result.findings.map((f) => [f.ruleId, f.pointer, f.line, f.column])).toEqual([
      ['re2-incompatible-pattern', '/contentTypes/0/fields/1/validations/0/regexp/pattern', patternAt.line, patternAt.column],
      ['hidden-required-field', '/contentTypes/0/fields/1/disabled', hiddenAt.line, hiddenAt.column],
    ]);
    const loaded = await loadFiles([file!], dir);
    expect({
      contentTypes: [...loaded.model.contentTypes.keys()],
      locales: [...loaded.model.locales.keys()],
      editorInterfaces: [...loaded.model.editorInterfaces.keys()],
    }).toEqual(expectedModel);
    expect(await loaded.count('entry')).toBe(25);
  });

  it.each(Object.keys(layouts).filter((name) => name.startsWith('a closing')))('%s: every rule finds what it finds in the export tool’s layout', async (layout) => {
    const findings = async (text: string) => {
      const dir = tempDir();
      const [file] = writeFiles(dir, { 'export.json': text });
      const { result } = await run(dir, file!, null);
      return { stats: result.stats, findings: result.findings.map((f) => [f.ruleId, f.pointer]) };
    };
    const expected = await findings(pretty(space()));
    expect(expected.findings.length).toBeGreaterThan(2);
    expect(await findings(layouts[layout]!())).toEqual(expected);
  });

  it('counts empty sections, and sections of one element', async () => {
    const cases: [Record<string, unknown[]>, { entries: number; assets: number }][] = [
      [{ entries: [], assets: [] }, { entries: 0, assets: 0 }],
      [{ entries: [entries[0]], assets: [build.asset('img')] }, { entries: 1, assets: 1 }],
    ];
    for (const [sections, counts] of cases) {
      const dir = tempDir();
      const [file] = writeFiles(dir, { 'export.json': pretty(space(sections)) });
      const { result } = await run(dir, file!, CONTENT_TYPE_RULES.config);
      expect(result.stats).toMatchObject({ ...counts, contentTypes: 2 });
      expect(result.findings.map((f) => f.ruleId)).toEqual(['re2-incompatible-pattern', 'hidden-required-field']);
    }
  });
});
