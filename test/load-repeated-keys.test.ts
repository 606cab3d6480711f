/**
 * Repeated keys and YAML merge keys. A JSON file is read as JSON.parse reads it (and so the
 * service's import tool): a repeated key has its last value, in the place of its first, and each
 * value that is not read is noted for the input-shape rule. YAML merge keys (`<<: *base`) merge.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { build, collect, loadFiles, removeTempDirs, singleInputError, tempDir, writeFiles } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const page = JSON.stringify(build.contentType('page'), null, 2);
const en = JSON.stringify(build.locale('en-US', null, true));
const entries = (...ids: string[]) => `[${ids.map((id) => JSON.stringify(build.entry(id, 'page'), null, 2)).join(',\n')}]`;

/** An export with two `entries` sections (2 and 4 entries) and `locales` between them, laid out as the export tool does. */
const TWO_SECTIONS = `{
  "contentTypes": [${page}],
  "entries": ${entries('a1', 'a2')},
  "locales": [${en}],
  "entries": ${entries('b1', 'b2', 'b3', 'b4')}
}
`;

async function load(files: Record<string, string>) {
  const dir = tempDir();
  return loadFiles(writeFiles(dir, files), dir);
}

describe('a key repeated in a JSON file', () => {
  it.each([
    ['in the export tool’s layout', TWO_SECTIONS],
    ['minified (every byte scanned)', JSON.stringify(JSON.parse(TWO_SECTIONS)).replace('"entries":', `"entries":${JSON.stringify(JSON.parse(entries('a1', 'a2')))},"entries":`)],
  ])('two entries sections, %s: the last is read, as JSON.parse does, and the first is noted', async (_name, text) => {
    expect((JSON.parse(text) as { entries: unknown[] }).entries).toHaveLength(4);
    const space = await load({ 'space.json': text });
    expect((await collect(space.entries())).map((e) => e.id)).toEqual(['b1', 'b2', 'b3', 'b4']);
    expect(await space.count('entry')).toBe(4);
    expect(space.model.locales.has('en-US')).toBe(true);
    const [repeated, ...more] = space.model.repeatedKeys;
    expect(more).toEqual([]);
    expect(repeated!.node.key).toBe('entries');
    expect(repeated!.node.source.pointer).toBe('/entries');
    // Where the value read is: the '[' of the last "entries".
    const kept = text.indexOf('[', text.lastIndexOf('"entries":'));
    const lines = text.slice(0, kept).split('\n');
    expect(repeated!.kept).toEqual({ line: lines.length, column: lines[lines.length - 1]!.length + 1 });
  });

  it('three times: the first two are noted, each with where the last is', async () => {
    const text = `{\n  "locales": [],\n  "locales": [],\n  "locales": [${en}]\n}\n`;
    const space = await load({ 'space.json': text });
    expect([...space.model.locales.keys()]).toEqual(['en-US']);
    expect(space.model.repeatedKeys.map((r) => [r.node.key, r.kept.line])).toEqual([
      ['locales', 4],
      ['locales', 4],
    ]);
  });

  it('a resource whose sys is repeated is classified by its last sys, as its value is read', async () => {
    const text = `{\n  "sys": { "id": "x", "type": "Entry" },\n  "sys": { "id": "page", "type": "ContentType" },\n  "name": "Page",\n  "fields": []\n}\n`;
    const space = await load({ 'page.json': text });
    expect([...space.model.contentTypes.keys()]).toEqual(['page']);
    expect(space.model.repeatedKeys.map((r) => r.node.key)).toEqual(['sys']);
  });

  it('the taxonomy’s sections too', async () => {
    const concept = (id: string) => JSON.stringify({ sys: { id, type: 'TaxonomyConcept' }, prefLabel: { 'en-US': id } });
    const text = `{"taxonomy": {"concepts": [${concept('old')}], "conceptSchemes": [], "concepts": [${concept('new')}]}}`;
    const space = await load({ 'taxonomy.json': text });
    expect([...space.model.taxonomy!.concepts.keys()]).toEqual(['new']);
    expect(space.model.repeatedKeys.map((r) => r.node.source.pointer)).toEqual(['/taxonomy/concepts']);
  });

  it('a file without repeated keys notes none', async () => {
    const space = await load({ 'space.json': `{"contentTypes": [${page}], "locales": [${en}], "entries": ${entries('a1')}}` });
    expect(space.model.repeatedKeys).toEqual([]);
  });
});

describe('YAML merge keys', () => {
  it('a locale and a content type made from an anchored base, with keys of their own winning', async () => {
    const yaml = [
      'locales:',
      '  - &english',
      '    code: en-US',
      '    name: English',
      '    default: true',
      '  - <<: *english',
      '    code: en-GB',
      '    default: false',
      '    fallbackCode: en-US',
      'contentTypes:',
      '  - &base',
      '    sys: { id: page, type: ContentType }',
      '    name: Page',
      '    fields: [{ id: title, name: Title, type: Symbol }]',
      '  - <<: [*base]',
      '    sys: { id: post, type: ContentType }',
      '',
    ].join('\n');
    const space = await load({ 'space.yaml': yaml });
    expect([...space.model.locales.values()].map((l) => [l.code, l.json.name, l.json.default, l.json.fallbackCode])).toEqual([
      ['en-US', 'English', true, undefined],
      ['en-GB', 'English', false, 'en-US'],
    ]);
    expect(space.model.contentTypes.get('post')!.fields.map((f) => f.id)).toEqual(['title']);
  });

  it('a key repeated beside a merge is still malformed YAML', async () => {
    const error = await singleInputError(load({ 'space.yaml': 'locales:\n  - <<: { name: English }\n    code: en-US\n    code: en-GB\n' }));
    expect(error.format()).toBe('space.yaml:4:5: Invalid YAML: Map keys must be unique');
  });

  it('a merge of what is not a map: an input error at the merge key (it was an internal error)', async () => {
    const error = await singleInputError(load({ 'space.yaml': 'locales:\n  - code: en-US\n    <<: [{ name: English }, 5]\n' }));
    expect(error.format()).toBe('space.yaml:3:5: Invalid YAML: a merge key (<<) must be followed by a map, an alias of a map, or a list of them');
  });
});
