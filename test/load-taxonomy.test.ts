import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../rules/required-taxonomy-missing.js';
import { RuleConfiguration } from '../src/config/resolve-rules.js';
import { runRules } from '../src/engine/run-rules.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { TaxonomyIndex } from '../src/model/taxonomy.js';
import { build, inputErrors, loadFiles, positionOf, removeTempDirs, singleInputError, tempDir, writeFiles } from './helpers/load-helpers.js';
import { CORPUS } from './helpers/corpus.js';

afterAll(removeTempDirs);

const EXAMPLE = join(CORPUS, 'example-taxonomy.json');
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const concept = (id: string, broader: string[] = []) => ({ sys: { id, type: 'TaxonomyConcept' }, broader: broader.map((b) => link('TaxonomyConcept', b)) });
const scheme = (id: string, concepts: string[], topConcepts: string[] = []) => ({
  sys: { id, type: 'TaxonomyConceptScheme' },
  concepts: concepts.map((c) => link('TaxonomyConcept', c)),
  topConcepts: topConcepts.map((c) => link('TaxonomyConcept', c)),
});

describe('the organisation taxonomy export in the corpus (example-taxonomy.json)', () => {
  it('is read as the taxonomy: concepts by id, the scheme, positions of the records', async () => {
    const { model } = await loadFiles([EXAMPLE], CORPUS);
    const taxonomy = model.taxonomy!;
    expect(taxonomy).toBeInstanceOf(TaxonomyIndex);
    expect([...taxonomy.concepts.keys()]).toEqual(['concept0', 'concept1', 'concept2']);
    expect([...taxonomy.schemes.keys()]).toEqual(['scheme0']);
    expect(taxonomy.concepts.get('concept1')!.broader).toEqual(['concept0']);
    expect(taxonomy.schemes.get('scheme0')!.concepts).toEqual(['concept0', 'concept1', 'concept2']);
    const concept2 = taxonomy.concepts.get('concept2')!;
    expect(concept2.source.pointer).toBe('/taxonomy/concepts/2');
    // The record's `{` is two lines above its own sys.id (the only "concept2" not followed by a comma).
    const idLine = positionOf(readFileSync(EXAMPLE, 'utf8'), '"id": "concept2"\n').line;
    expect(concept2.source.file.locate(concept2.source, [])).toEqual({ line: idLine - 2, column: 7 });
  });

  it('resolves scheme membership and broader chains', async () => {
    const taxonomy = (await loadFiles([EXAMPLE], CORPUS)).model.taxonomy!;
    // concept1 (Primates) is below concept0 (Animals); concept2 (Plants) is only `related` to concept0.
    expect([...taxonomy.lineage('concept1')]).toEqual(['concept1', 'concept0']);
    expect(taxonomy.isWithin('concept1', 'concept0')).toBe(true);
    expect(taxonomy.isWithin('concept0', 'concept0')).toBe(true);
    expect(taxonomy.isWithin('concept0', 'concept1')).toBe(false);
    expect(taxonomy.isWithin('concept2', 'concept0')).toBe(false);
    for (const id of ['concept0', 'concept1', 'concept2']) expect(taxonomy.inScheme(id, 'scheme0')).toBe(true);
    expect(taxonomy.inScheme('concept0', 'nope')).toBe(false);
    expect(taxonomy.inScheme('unknown', 'scheme0')).toBe(false);
  });

  it('decides required-taxonomy-missing for a space linted with it (given with the taxonomy option, as --taxonomy does)', async () => {
    const dir = tempDir();
    const required = (linkType: string, id: string) => ({ ...link(linkType, id), required: true });
    const entry = (id: string, ...concepts: string[]) => ({
      ...build.entry(id, 'animalStory'),
      metadata: { tags: [], concepts: concepts.map((c) => link('TaxonomyConcept', c)) },
    });
    const [file] = writeFiles(dir, {
      'space.json': {
        contentTypes: [{ ...build.contentType('animalStory'), metadata: { taxonomy: [required('TaxonomyConceptScheme', 'scheme0'), required('TaxonomyConcept', 'concept0')] } }],
        entries: [entry('primates', 'concept1'), entry('animals', 'concept0'), entry('plants', 'concept2'), entry('none')],
      },
    });
    const space = await loadSpace([{ absPath: file!, explicit: true }], dir, { taxonomy: { absPath: EXAMPLE, namedBy: '--taxonomy' } });
    expect(space.files.map((f) => f.absPath)).toEqual([file, EXAMPLE]);
    const { findings } = await runRules(space, new RuleConfiguration([rule], { extends: 'all' }), '2026-11-21');
    // concept1 fulfils both through its broader chain; concept0 both by itself; concept2 is in the
    // scheme but not below concept0.
    expect(findings.map((f) => [f.target.entry, f.messageId, f.message.split(': ')[1]?.split('.')[0] ?? ''])).toEqual([
      ['plants', 'unfulfilled', "concept 'concept0' or a concept below it"],
      ['none', 'noConcepts', ''],
    ]);
  });
});

describe('taxonomy inputs', () => {
  it('no taxonomy in the inputs: the model has none; an empty taxonomy export is a taxonomy', async () => {
    const dir = tempDir();
    const [space, empty, lists] = writeFiles(dir, {
      'space.json': { locales: [build.locale('en-US', null, true)] },
      'empty.json': { taxonomy: {} },
      'lists.json': { taxonomy: { concepts: [], conceptSchemes: [] } },
    });
    expect((await loadFiles([space!], dir)).model.taxonomy).toBeNull();
    const fromEmpty = (await loadFiles([space!, empty!], dir)).model.taxonomy!;
    expect([fromEmpty.concepts.size, fromEmpty.schemes.size]).toEqual([0, 0]);
    expect((await loadFiles([lists!], dir)).model.taxonomy).not.toBeNull();
  });

  it('a taxonomy beside a space export in the same file, and concept records by sys.type (a CMA collection, a single resource)', async () => {
    const dir = tempDir();
    const files = writeFiles(dir, {
      'a-export.json': { contentTypes: [build.contentType('article')], taxonomy: { concepts: [concept('sport')], conceptSchemes: [scheme('topics', ['sport'])] } },
      'b-collection.json': { sys: { type: 'Array' }, items: [concept('football', ['sport']), concept('cricket', ['sport'])] },
      'c-scheme.json': scheme('games', [], ['football']),
    });
    const { model } = await loadFiles(files, dir);
    expect([...model.contentTypes.keys()]).toEqual(['article']);
    expect([...model.taxonomy!.concepts.keys()]).toEqual(['sport', 'football', 'cricket']);
    expect(model.taxonomy!.inScheme('cricket', 'topics')).toBe(true);
    expect(model.taxonomy!.inScheme('football', 'games')).toBe(true);
    expect(model.taxonomy!.inScheme('cricket', 'games')).toBe(false);
  });

  it('broader cycles end the walk: a concept that is its own parent, and a longer cycle', () => {
    const taxonomy = new TaxonomyIndex();
    const add = (id: string, broader: string[]) => taxonomy.concepts.set(id, { kind: 'concept', id, broader, conceptSchemes: [], source: null as never });
    add('self', ['self']);
    add('a', ['b']);
    add('b', ['c']);
    add('c', ['a', 'root']);
    add('root', []);
    expect([...taxonomy.lineage('self')]).toEqual(['self']);
    expect([...taxonomy.lineage('a')]).toEqual(['a', 'b', 'c', 'root']);
    expect(taxonomy.isWithin('b', 'root')).toBe(true);
    expect(taxonomy.isWithin('root', 'a')).toBe(false);
    expect(taxonomy.lineage('a')).toBe(taxonomy.lineage('a'));
  });

  it('links to parents and scheme concepts that are not links are skipped; repeats are kept once', async () => {
    const dir = tempDir();
    const [file] = writeFiles(dir, {
      'taxonomy.json': {
        taxonomy: {
          concepts: [{ sys: { id: 'x' }, broader: [null, 'y', { sys: {} }, link('TaxonomyConcept', 'y'), link('TaxonomyConcept', 'y')], conceptSchemes: 'nope' }],
          conceptSchemes: [{ sys: { id: 's' }, concepts: [link('TaxonomyConcept', 'x')], topConcepts: [link('TaxonomyConcept', 'x')] }],
        },
      },
    });
    const { model } = await loadFiles([file!], dir);
    expect(model.taxonomy!.concepts.get('x')!.broader).toEqual(['y']);
    expect(model.taxonomy!.concepts.get('x')!.conceptSchemes).toEqual([]);
    expect(model.taxonomy!.schemes.get('s')!.concepts).toEqual(['x']);
  });

  it('a duplicate concept or scheme id is an input error naming both places', async () => {
    const dir = tempDir();
    const [first, second] = writeFiles(dir, {
      'one.json': { taxonomy: { concepts: [concept('sport')], conceptSchemes: [scheme('topics', []), scheme('topics', [])] } },
      'two.json': { taxonomy: { concepts: [concept('sport')] } },
    });
    const errors = await inputErrors(loadFiles([first!, second!], dir));
    // Each record's `{` is two lines above its sys.id.
    const recordLine = (file: string, needle: string, occurrence: number) => positionOf(readFileSync(file, 'utf8'), needle, occurrence).line - 2;
    expect(errors.map((e) => e.format())).toEqual([
      `one.json:${recordLine(first!, '"id": "topics"', 2)}:7: Duplicate taxonomy concept scheme 'topics': also in one.json at /taxonomy/conceptSchemes/0 (at /taxonomy/conceptSchemes/1)`,
      `two.json:${recordLine(second!, '"id": "sport"', 1)}:7: Duplicate taxonomy concept 'sport': also in one.json at /taxonomy/concepts/0 (at /taxonomy/concepts/0)`,
    ]);
  });

  it('a taxonomy of the wrong shape is an input error with its position', async () => {
    const dir = tempDir();
    const files = writeFiles(dir, {
      'a.json': { taxonomy: [] },
      'b.json': { taxonomy: { concepts: {} } },
      'c.json': { taxonomy: { concepts: [{ sys: {} }] } },
    });
    const errors = await inputErrors(loadFiles(files, dir));
    const at = (file: string, needle: string) => {
      const { line, column } = positionOf(readFileSync(file, 'utf8'), needle);
      return `${line}:${column}`;
    };
    expect(errors.map((e) => e.format())).toEqual([
      `a.json:${at(files[0]!, '[]')}: "taxonomy" must be an object with "concepts" and "conceptSchemes" arrays (at /taxonomy)`,
      `b.json:${at(files[1]!, '{}')}: "taxonomy.concepts" must be an array (at /taxonomy/concepts)`,
      `c.json:${at(files[2]!, '"sys"')}: A taxonomy concept needs a string sys.id (at /taxonomy/concepts/0/sys)`,
    ]);
  });

  it('the taxonomy option: only the taxonomy of that file is read; a file that is not a taxonomy export is an error', async () => {
    const dir = tempDir();
    const [space, both, other] = writeFiles(dir, {
      'space.json': { contentTypes: [build.contentType('article')] },
      'both.json': { contentTypes: [build.contentType('article')], entries: [build.entry('e1', 'article')], taxonomy: { concepts: [concept('sport')] } },
      'other.json': { locales: [build.locale('en-US', null, true)] },
    });
    const loaded = await loadSpace([{ absPath: space!, explicit: true }], dir, { taxonomy: { absPath: both!, namedBy: '--taxonomy' } });
    expect([...loaded.model.contentTypes.keys()]).toEqual(['article']);
    expect([...loaded.model.taxonomy!.concepts.keys()]).toEqual(['sport']);
    let entries = 0;
    for await (const _ of loaded.entries()) entries++;
    expect(entries).toBe(0);

    const error = await singleInputError(loadSpace([{ absPath: space!, explicit: true }], dir, { taxonomy: { absPath: other!, namedBy: '--taxonomy' } }));
    expect(error.format()).toBe('other.json: Not an organisation taxonomy export (named by --taxonomy): expected {"taxonomy": {"concepts": [...], "conceptSchemes": [...]}}');
  });

  it('the taxonomy option naming one of the inputs reads it once (no duplicate errors)', async () => {
    const dir = tempDir();
    const [taxonomy] = writeFiles(dir, { 'taxonomy.json': { taxonomy: { concepts: [concept('sport')] } } });
    const loaded = await loadSpace([{ absPath: taxonomy!, explicit: true }], dir, { taxonomy: { absPath: taxonomy!, namedBy: '--taxonomy' } });
    expect([...loaded.model.taxonomy!.concepts.keys()]).toEqual(['sport']);
    expect(loaded.files).toHaveLength(1);
  });

  it('keys named like Object.prototype members are not sections', async () => {
    const dir = tempDir();
    const [file] = writeFiles(dir, { 'export.json': { contentTypes: [], constructor: { a: 1 }, taxonomy: { toString: 'x', concepts: [] } } });
    expect((await loadFiles([file!], dir)).model.taxonomy!.concepts.size).toBe(0);
  });
});
