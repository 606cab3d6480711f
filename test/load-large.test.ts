import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileBytes } from '../src/inputs/space/file-bytes.js';
import { loadSpace, type EntryUnit } from '../src/inputs/space/load-space.js';
import type { SourceRef } from '../src/model/source-ref.js';
import { cmlintInProcess, type Run } from './helpers/cli.js';
import { CORPUS } from './helpers/corpus.js';

/**
 * The streaming reader (files above CMLINT_WHOLE_FILE_LIMIT) must give exactly what the
 * whole-file reader gives: the same findings at the same lines and columns, in any layout.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const corpus = CORPUS;
const dir = mkdtempSync(join(tmpdir(), 'cmlint-large-'));
const config = join(dir, 'all-rules.yaml');
writeFileSync(config, 'extends: all\n');

/** The built CLI in this process, reading the file whole or streamed. */
function lint(path: string, streamed: boolean) {
  return cmlintInProcess([path, '--format', 'json', '--config', config, '--as-of', '2026-11-21'], { env: { CMLINT_WHOLE_FILE_LIMIT: streamed ? '0' : '' } });
}

/** A space with many entries whose text has escapes, unicode and braces inside strings. */
function generatedSpace(entries: number): Record<string, unknown> {
  const ct = (id: string) => ({
    sys: { id, type: 'ContentType' },
    name: id,
    displayField: 'title',
    fields: [
      { id: 'title', name: 'Title', type: 'Symbol', localized: true, required: true, validations: [{ regexp: { pattern: '^(?=x)' } }], disabled: false, omitted: false },
      { id: 'body', name: 'Body', type: 'Text', localized: false, required: false, validations: [], disabled: true, omitted: false },
      { id: 'code', name: 'Code', type: 'Symbol', localized: false, required: true, validations: [], disabled: true, omitted: false },
    ],
  });
  return {
    contentTypes: [ct('article'), ct('page')],
    entries: Array.from({ length: entries }, (_, i) => ({
      sys: { id: `e${i}`, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: i % 2 ? 'article' : 'page' } }, publishedVersion: 3 },
      fields: { title: { 'en-US': `Entry ${i} "quoted" \\ {brace} [bracket] \n    } café ✓` }, body: { 'en-US': '}\n    }'.repeat(i % 3) } },
    })),
    assets: [{ sys: { id: 'a1', type: 'Asset' }, fields: { title: { 'en-US': 'x' } } }],
    locales: [{ code: 'en-US', default: true, fallbackCode: null, name: 'English' }],
  };
}

describe('streamed and whole-file reading agree', () => {
  const corpusFiles = readdirSync(corpus).filter((f) => f.endsWith('.json'));

  it.each(corpusFiles)('corpus %s', async (name) => {
    const whole = await lint(join(corpus, name), false);
    const streamed = await lint(join(corpus, name), true);
    expect(streamed).toEqual(whole);
    expect(whole.code).not.toBe(2);
  });

  const layouts: Record<string, (space: unknown) => string> = {
    'pretty-printed with 2 spaces (the export tool)': (s) => `${JSON.stringify(s, null, 2)}\n`,
    'pretty-printed with 4 spaces': (s) => JSON.stringify(s, null, 4),
    'minified': (s) => JSON.stringify(s),
    'CRLF line endings and a byte order mark': (s) => `\uFEFF${JSON.stringify(s, null, 2).replace(/\n/g, '\r\n')}`,
    'tabs': (s) => JSON.stringify(s, null, '\t'),
  };

  it.each(Object.keys(layouts))('%s', async (layout) => {
    const file = join(dir, `${layout.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, layouts[layout]!(generatedSpace(300)));
    const whole = await lint(file, false);
    const streamed = await lint(file, true);
    expect(whole.code).toBe(1);
    expect(JSON.parse(whole.stdout).findings.length).toBeGreaterThan(2);
    expect(streamed).toEqual(whole);
  });
});

describe('streamed reading of broken files', () => {
  const text = `${JSON.stringify(generatedSpace(20), null, 2)}\n`;
  const cases: Record<string, string> = {
    truncated: text.slice(0, Math.floor(text.length * 0.6)),
    'a trailing comma in entries': text.replace(/\}\n {2}\],\n {2}"assets"/, '},\n  ],\n  "assets"'),
    'a missing comma between entries': text.replace('},\n    {\n      "sys": {\n        "id": "e5"', '}\n    {\n      "sys": {\n        "id": "e5"'),
    'a bad token inside an entry': text.replace('"publishedVersion": 3', '"publishedVersion": tru'),
    'text after the export': `${text}{}`,
  };

  it.each(Object.keys(cases))('%s: exit 2 with file:line:col, no stack trace', async (name) => {
    const file = join(dir, `broken-${name.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, cases[name]!);
    const run = await lint(file, true);
    expect(run.code).toBe(2);
    // The JSON report of a stopped run holds the input errors and nothing else.
    const { findings } = JSON.parse(run.stdout) as { findings: { ruleId: string; line: number | null }[] };
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.ruleId === 'input-error' && f.line !== null)).toBe(true);
    expect(run.stderr).toMatch(new RegExp(`broken-[\\w-]+\\.json:\\d+:\\d+: Invalid JSON: `));
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('memory', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.CMLINT_WHOLE_FILE_LIMIT;
  });

  it('never reads a streamed file whole: reads are windows much smaller than the file', async () => {
    const file = join(dir, 'big.json');
    const text = `${JSON.stringify(generatedSpace(60_000), null, 2)}\n`;
    writeFileSync(file, text);
    process.env.CMLINT_WHOLE_FILE_LIMIT = '0';
    const read = vi.spyOn(FileBytes.prototype, 'read');
    const space = await loadSpace([{ absPath: file, explicit: true }], dir);
    let entries = 0;
    for await (const entry of space.entries()) if (entry.id) entries++;
    expect(entries).toBe(60_000);
    const largest = Math.max(...read.mock.calls.map(([start, end]) => end - start));
    // The largest read is the first pass's 16 MiB search chunk; entries are read in 8 MiB windows.
    expect(largest).toBeLessThanOrEqual((16 << 20) + 16);
    expect(text.length).toBeGreaterThan(largest + (8 << 20));
  });

  it('places findings reported at the end (no offset known) reading the file about once, records larger than a window included', async () => {
    const file = join(dir, 'places.json');
    // 3,000 small entries, and two whose body (before the title) is 100 KiB and 1.5 MiB.
    const space = generatedSpace(3000) as { entries: { fields: Record<string, unknown> }[] };
    for (const [k, size] of [[1000, 100 << 10], [2000, 3 << 19]] as const) space.entries[k]!.fields = { body: { 'en-US': 'x'.repeat(size) }, title: space.entries[k]!.fields.title };
    const text = `${JSON.stringify(space, null, 2)}\n`;
    writeFileSync(file, text);
    process.env.CMLINT_WHOLE_FILE_LIMIT = '0';
    const loaded = await loadSpace([{ absPath: file, explicit: true }], dir);
    const refs: SourceRef[] = [];
    for await (const entry of loaded.entries()) refs.push(entry.source);
    const readInto = vi.spyOn(FileBytes.prototype, 'readInto');
    const positions = refs[0]!.file.place!(refs.map((ref) => ({ ref, path: ['fields', 'title', 'en-US'] })));
    const lines = text.split('\n');
    for (const k of [0, 999, 1000, 1001, 2000, 2999]) expect(lines[positions[k]!.line - 1]!.slice(positions[k]!.column - 1)).toMatch(new RegExp(`^"en-US": "Entry ${k} `));
    const bytesRead = readInto.mock.calls.reduce((sum, [buf]) => sum + buf.length, 0);
    expect(bytesRead).toBeLessThan(2 * text.length);
  });
});

describe('units of entries for threads (Space.splitEntries)', () => {
  afterEach(() => {
    delete process.env.CMLINT_WHOLE_FILE_LIMIT;
  });

  it('cuts the entries section into consecutive units, smaller towards the end, that give every entry once with its index', async () => {
    const file = join(dir, 'units.json');
    writeFileSync(file, `${JSON.stringify(generatedSpace(20_000), null, 2)}\n`);
    process.env.CMLINT_WHOLE_FILE_LIMIT = '0';
    const space = await loadSpace([{ absPath: file, explicit: true }], dir);
    const expected: string[] = [];
    for await (const entry of space.entries()) expected.push(`${entry.id} ${entry.source.pointer} ${entry.source.offset}`);

    const split = space.splitEntries(2)!;
    expect(split).not.toBeNull();
    const units: EntryUnit[] = [];
    for (let unit = split.next(); unit !== undefined; unit = split.next()) units.push(unit);
    expect(split.next()).toBeUndefined();
    expect(units.length).toBeGreaterThan(4);
    const seen: string[] = [];
    units.forEach((unit, k) => {
      expect(unit.firstIndex).toBe(seen.length);
      if (k > 0) expect(unit.start).toBe(units[k - 1]!.stop);
      for (const entry of space.entriesIn(unit)) seen.push(`${entry.id} ${entry.source.pointer} ${entry.source.offset}`);
    });
    expect(seen).toEqual(expected);
    // Sizes: 256 KiB at least (but the last), and shrinking as fewer bytes remain.
    const sizes = units.map((u) => u.stop - u.start);
    expect(sizes.slice(0, -1).every((size) => size >= 256 << 10)).toBe(true);
    expect(sizes.at(-1)!).toBeLessThan(sizes[0]!);
    // No entries are left for the main thread alone.
    let rest = 0;
    for await (const _ of split.rest()) rest++;
    expect(rest).toBe(0);
  });

  it('does not cut a section in another layout (it is read by one thread)', async () => {
    const file = join(dir, 'units-4-spaces.json');
    writeFileSync(file, JSON.stringify(generatedSpace(2000), null, 4));
    process.env.CMLINT_WHOLE_FILE_LIMIT = '0';
    const space = await loadSpace([{ absPath: file, explicit: true }], dir);
    expect(space.splitEntries(2)).toBeNull();
  });
});

describe('countNewlines', () => {
  it('counts like a byte loop at every alignment and length', async () => {
    const { countNewlines } = await import('../src/inputs/space/source.js');
    const samples = ['', '\n', 'a\nb\n\n', '\n'.repeat(11), `${'x'.repeat(13)}\n\n`, '\n\n\u00e9\n\n\n\r\n', 'no newline at all'];
    for (const sample of samples) {
      for (let offset = 0; offset < 4; offset++) {
        const buf = Buffer.from(`${' '.repeat(offset)}${sample}  `).subarray(offset);
        const expected = [...buf].filter((b) => b === 0x0a).length;
        expect(countNewlines(buf), `${JSON.stringify(sample)} at offset ${offset}`).toBe(expected);
      }
    }
  });
});

describe('--jobs', () => {
  /** The built CLI in this process with `--jobs N`, every file streamed (and so cut into units for the threads). */
  function run(file: string, jobs: number, ...more: string[]) {
    return cmlintInProcess([file, ...more, '--format', 'json', '--config', config, '--as-of', '2026-11-21', '--jobs', String(jobs)], { env: { CMLINT_WHOLE_FILE_LIMIT: '0' } });
  }

  /**
   * The same exit code and stdout; stderr may say that `--jobs` was capped at the machine's
   * parallelism (3 threads on a 2-core machine are 2: jobs-differential.test.ts runs 3 and 7
   * threads through the API).
   */
  function expectSameOutput(other: Run, one: Run) {
    expect({ code: other.code, stdout: other.stdout }).toEqual({ code: one.code, stdout: one.stdout });
  }

  it('gives byte-identical output with --jobs 1, 2 and 3, cross-entry checks included', async () => {
    const file = join(dir, 'jobs.json');
    const generated = spawnSync(process.execPath, ['bench/generate-export.mjs', '--entries', '3000', '--seed', '7', '--invalid-rate', '0.05', '--out', file], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(generated.status, generated.stderr).toBe(0);
    const one = await run(file, 1);
    expect(one.code).toBe(1);
    expect((JSON.parse(one.stdout) as { findings: unknown[] }).findings.length).toBeGreaterThan(100);
    expect(await run(file, 2)).toEqual(one);
    expectSameOutput(await run(file, 3), one);
  });

  it('gives byte-identical unique findings with many duplicate values (the other entries listed in input order, whatever order threads finish in)', async () => {
    // 6,000 entries sharing 40 slugs, a third of them with pending changes: every entry is in a clash.
    const entries = Array.from({ length: 6000 }, (_, i) => ({
      sys: { id: `e${i}`, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'post' } }, publishedVersion: 1, version: i % 3 === 0 ? 5 : 2 },
      fields: { slug: { 'en-US': `s${i % 40}` } },
    }));
    const space = {
      contentTypes: [{ sys: { id: 'post', type: 'ContentType' }, name: 'Post', displayField: 'slug', fields: [{ id: 'slug', name: 'slug', type: 'Symbol', validations: [{ unique: true }] }] }],
      locales: [{ code: 'en-US', default: true, fallbackCode: null, name: 'English' }],
      entries,
    };
    const file = join(dir, 'jobs-duplicates.json');
    writeFileSync(file, `${JSON.stringify(space, null, 2)}\n`);
    const one = await run(file, 1);
    const findings = (JSON.parse(one.stdout) as { findings: { ruleId: string; message: string }[] }).findings;
    expect(findings.filter((f) => f.ruleId === 'entry-field-validation')).toHaveLength(6000);
    // e0 has pending changes: it clashes with the live holders of its slug (e120 has pending changes too).
    expect(findings[0]!.message).toContain("but entries 'e40', 'e80', 'e160', 'e200'");
    for (const jobs of [2, 3]) expect((await run(file, jobs)).stdout).toBe(one.stdout);
  });

  it('hands cross-entry state between threads: unique values and links to entries far away', async () => {
    const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
    const field = (id: string, type: string, extra: Record<string, unknown> = {}) => ({ id, name: id, type, localized: false, required: false, validations: [], disabled: false, omitted: false, ...extra });
    const space = {
      contentTypes: [
        { sys: { id: 'post', type: 'ContentType' }, name: 'Post', displayField: 'slug', fields: [field('slug', 'Symbol', { validations: [{ unique: true }] }), field('tag', 'Link', { linkType: 'Entry', validations: [{ linkContentType: ['tag'] }] })] },
        { sys: { id: 'tag', type: 'ContentType' }, name: 'Tag', displayField: 'name', fields: [field('name', 'Symbol')] },
      ],
      entries: [
        ...Array.from({ length: 3000 }, (_, i) => ({
          // Published and unchanged: their slugs are live values (drafts only clash with live values).
          sys: { id: `p${i}`, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'post' } }, publishedVersion: 1, version: 2 },
          // p0 and p2999 share a slug; every post links to a tag near the end, p1 to a post.
          fields: { slug: { 'en-US': i === 2999 ? 'slug-0' : `slug-${i}` }, tag: { 'en-US': link(i === 1 ? 'p2' : `t${i % 7}`) } },
        })),
        ...Array.from({ length: 7 }, (_, i) => ({
          sys: { id: `t${i}`, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'tag' } } },
          fields: { name: { 'en-US': `Tag ${i}` } },
        })),
      ],
      locales: [{ code: 'en-US', default: true, fallbackCode: null, name: 'English' }],
    };
    const file = join(dir, 'jobs-state.json');
    writeFileSync(file, `${JSON.stringify(space, null, 2)}\n`);
    const one = await run(file, 1);
    const findings = (JSON.parse(one.stdout) as { findings: { message: string; target: { entry: string } }[] }).findings;
    expect(findings.map((f) => f.target.entry)).toEqual(['p0', 'p1', 'p2999']);
    expect(findings[0]!.message).toContain("is \"slug-0\", which must be unique");
    expect(findings[1]!.message).toContain("links to entry 'p2' of content type 'post'");
    expect(findings[2]!.message).toContain("but entry 'p0' also has it");
    expect(await run(file, 2)).toEqual(one);
    expectSameOutput(await run(file, 3), one);
  });

  it('gives the same entry findings with application code in the run (threads that run fewer rules than the main thread)', async () => {
    // The main thread runs the source rules too (boilerplate-command, display-field-select … sort
    // before entry-field-validation); workers run only the rules that check entries. 6,000 entries:
    // enough that the worker takes units before the main thread has taken them all.
    const file = join(dir, 'jobs-with-code.json');
    writeFileSync(file, `${JSON.stringify(generatedSpace(6000), null, 2)}\n`);
    const code = join(dir, 'usage.ts');
    writeFileSync(code, "import { createClient } from 'contentful-management';\nconst client = createClient({ accessToken: 't' }, { type: 'plain' });\nexport const usage = () => client.usage.getManyForSpace({ organizationId: 'o' });\n");
    const one = await run(file, 1, code);
    expect(one.code, one.stderr).toBe(1);
    const findings = (JSON.parse(one.stdout) as { findings: { ruleId: string; file: string }[] }).findings;
    expect(findings.some((f) => f.ruleId === 'legacy-usage-endpoint')).toBe(true);
    expect(findings.filter((f) => f.ruleId === 'required-field-empty').length).toBeGreaterThan(1000);
    const two = await run(file, 2, code);
    expect(two.stderr).toBe(one.stderr);
    expect(two.stdout).toBe(one.stdout);
  });

  it('finds a duplicate entry id across the parts of different threads', async () => {
    const space = generatedSpace(4000);
    const entries = space.entries as { sys: { id: string } }[];
    entries[3999]!.sys.id = entries[10]!.sys.id;
    const file = join(dir, 'jobs-duplicate.json');
    writeFileSync(file, `${JSON.stringify(space, null, 2)}\n`);
    const parallel = await run(file, 2);
    expect(parallel.code).toBe(2);
    expect(parallel.stderr).toContain("Duplicate entry 'e10': also in");
    expect(parallel.stderr).toBe((await run(file, 1)).stderr);
  });

  it.each(['a-before', 'z-after'])('finds a duplicate entry id between a file split for threads and one that is not (%s it)', async (name) => {
    // The small file is one line (not the export tool's layout): the main thread streams it after the units.
    const parts = mkdtempSync(join(dir, 'parts-'));
    writeFileSync(join(parts, 'space.json'), `${JSON.stringify(generatedSpace(4000), null, 2)}\n`);
    writeFileSync(join(parts, `${name}.json`), JSON.stringify({ entries: [{ sys: { id: 'e2500', type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'page' } } }, fields: {} }] }));
    const lint = (jobs: number) => cmlintInProcess([parts, '--format', 'json', '--config', config, '--jobs', String(jobs)], { env: { CMLINT_WHOLE_FILE_LIMIT: '0' } });
    const one = await lint(1);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("Duplicate entry 'e2500': also in");
    const two = await lint(2);
    expect({ code: two.code, stderr: two.stderr }).toEqual({ code: one.code, stderr: one.stderr });
  });
});
