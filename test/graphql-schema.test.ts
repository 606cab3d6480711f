import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GraphQLObjectType, buildSchema, validateSchema, type GraphQLSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { derivedClashesOf, derivedNameClashes, fieldNameCollisions, typeNameCollisions } from '../src/graphql/collisions.js';
import { renderSchema } from '../src/graphql/render-sdl.js';
import { schemaCoverage } from '../src/graphql/schema-items.js';
import { buildSchemaModel, describeOrigin, typeNameOrigins, type SchemaModel } from '../src/graphql/schema-model.js';
import { schemaProblems } from '../src/graphql/schema-problems.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { contentType } from './helpers/rule-tester.js';
import { CORPUS } from './helpers/corpus.js';

const corpusDir = CORPUS;
const blogFixture = fileURLToPath(new URL('../fixtures/graphql/template-blog/content-types.json', import.meta.url));
const marketingFixture = fileURLToPath(new URL('../fixtures/graphql/template-marketing/export.json', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'cmlint-graphql-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function modelOf(path: string): Promise<SchemaModel> {
  const space = await loadSpace([{ absPath: path, explicit: true }], workDir);
  return buildSchemaModel([...space.model.contentTypes.values()]);
}

let counter = 0;
async function modelOfTypes(contentTypes: Record<string, unknown>[]): Promise<SchemaModel> {
  const file = join(workDir, `space-${++counter}.json`);
  writeFileSync(file, JSON.stringify({ contentTypes }));
  return modelOf(file);
}

const namesOf = (model: SchemaModel, resourceLinkTypes = true) => typeNameOrigins(model, { resourceLinkTypes });

/** The SDL must parse and be a valid schema (interfaces implemented, every type defined). */
function parse(sdl: string): GraphQLSchema {
  const schema = buildSchema(sdl);
  expect(validateSchema(schema).map((e) => e.message)).toEqual([]);
  return schema;
}

/** `name pattern owner` for every name that content types generate. */
function derivedNames(model: SchemaModel, resourceLinkTypes = true): string[] {
  const rows: string[] = [];
  for (const [name, origins] of namesOf(model, resourceLinkTypes)) {
    for (const origin of origins) if (origin.pattern !== 'builtin') rows.push(`${name} ${origin.pattern} ${origin.field?.node.id ?? origin.contentType!.node.id}`);
  }
  return rows;
}

const symbol = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'Symbol', ...extra });
const entryLink = (id: string, ids?: string[]) => ({ id, type: 'Link', linkType: 'Entry', validations: ids ? [{ linkContentType: ids }] : [] });
const entryLinks = (id: string, ids?: string[]) => ({
  id,
  type: 'Array',
  items: { type: 'Link', linkType: 'Entry', validations: ids ? [{ linkContentType: ids }] : [] },
});

describe('derived names', () => {
  it('every content type: T, TCollection, TFilter, TOrder, TLinkingCollections, TCursorCollection', async () => {
    const model = await modelOfTypes([contentType('page', [symbol('title')])]);
    expect(derivedNames(model)).toEqual([
      'Page type page',
      'PageCollection collection page',
      'PageFilter filter page',
      'PageOrder order page',
      'PageLinkingCollections linkingCollections page',
      'PageCursorCollection cursorCollection page',
    ]);
  });

  it('rich text: TF, TFLinks, TFAssets, TFEntries, TFResources and the three resource types', async () => {
    const model = await modelOfTypes([contentType('page', [{ id: 'body_text', type: 'RichText' }])]);
    expect(derivedNames(model).slice(6)).toEqual([
      'PageBodyText richText body_text',
      'PageBodyTextLinks richTextLinks body_text',
      'PageBodyTextAssets richTextAssets body_text',
      'PageBodyTextEntries richTextEntries body_text',
      'PageBodyTextResources richTextResources body_text',
      'PageBodyTextResourcesBlock richTextResourcesBlock body_text',
      'PageBodyTextResourcesHyperlink richTextResourcesHyperlink body_text',
      'PageBodyTextResourcesInline richTextResourcesInline body_text',
    ]);
  });

  it('links: a union for two or more allowed types (even if one exists), linkedFrom order enums for each linking type, a nested filter for a link to one type', async () => {
    const model = await modelOfTypes([
      contentType('page', [entryLink('target', ['post', 'gone']), entryLink('author', ['person']), entryLink('any'), entryLink('lost', ['gone'])]),
      contentType('post', []),
      contentType('person', []),
    ]);
    expect(derivedNames(model).filter((row) => !/ (type|collection|filter|order|linkingCollections|cursorCollection) (page|post|person)$/.test(row))).toEqual([
      'PageTarget linkUnion target',
      'PostLinkingCollectionsPageCollectionOrder linkingCollectionOrder target',
      'PostLinkingCollectionsPageCursorCollectionOrder linkingCursorCollectionOrder target',
      'PersonLinkingCollectionsPageCollectionOrder linkingCollectionOrder author',
      'PersonLinkingCollectionsPageCursorCollectionOrder linkingCursorCollectionOrder author',
      'cfPersonNestedFilter nestedFilter person',
    ]);
    const [page, post] = model.contentTypes;
    expect(page!.fields.map((f) => f.targets.map((t) => t.node.id))).toEqual([['post'], ['person'], [], []]);
    expect(post!.linkedFrom.map((t) => t.node.id)).toEqual(['page']);
  });

  it('lists of links: TFCollection, and TFItem (two or more types) or TFCollectionOrder (exactly one)', async () => {
    const model = await modelOfTypes([
      contentType('page', [entryLinks('sections', ['hero', 'text']), entryLinks('related', ['page']), entryLinks('anything')]),
      contentType('hero', []),
      contentType('text', []),
    ]);
    const rows = derivedNames(model).filter((row) => / (field\w+|linking\w+Order) /.test(row));
    expect(rows).toEqual([
      'PageSectionsCollection fieldCollection sections',
      'PageSectionsItem fieldCollectionItem sections',
      'HeroLinkingCollectionsPageCollectionOrder linkingCollectionOrder sections',
      'HeroLinkingCollectionsPageCursorCollectionOrder linkingCursorCollectionOrder sections',
      'TextLinkingCollectionsPageCollectionOrder linkingCollectionOrder sections',
      'TextLinkingCollectionsPageCursorCollectionOrder linkingCursorCollectionOrder sections',
      'PageRelatedCollection fieldCollection related',
      'PageRelatedCollectionOrder fieldCollectionOrder related',
      'PageLinkingCollectionsPageCollectionOrder linkingCollectionOrder related',
      'PageLinkingCollectionsPageCursorCollectionOrder linkingCursorCollectionOrder related',
      'PageAnythingCollection fieldCollection anything',
    ]);
    expect(model.contentTypes[0]!.fields.map((f) => f.exposedName)).toEqual(['sectionsCollection', 'relatedCollection', 'anythingCollection']);
  });

  it('resource links: TF and TFCollection, only with the per-field types (after 2024-03-14)', async () => {
    const types = [
      contentType('page', [
        { id: 'product', type: 'ResourceLink', allowedResources: [] },
        { id: 'products', type: 'Array', items: { type: 'ResourceLink' }, allowedResources: [] },
      ]),
    ];
    expect(derivedNames(await modelOfTypes(types)).slice(6)).toEqual(['PageProduct resourceLink product', 'PageProductsCollection resourceLinkCollection products']);
    expect(derivedNames(await modelOfTypes(types), false).slice(6)).toEqual([]);
  });

  it('assets and scalars derive nothing; omitted and deleted fields are left out', async () => {
    const model = await modelOfTypes([
      contentType('page', [
        { id: 'image', type: 'Link', linkType: 'Asset' },
        { id: 'gallery', type: 'Array', items: { type: 'Link', linkType: 'Asset' } },
        { id: 'tags', type: 'Array', items: { type: 'Symbol' } },
        { id: 'old_body', type: 'RichText', omitted: true },
        { id: 'gone', type: 'RichText', omitted: true, deleted: true },
      ]),
    ]);
    expect(derivedNames(model)).toHaveLength(6);
    expect(model.contentTypes[0]!.fields.map((f) => `${f.exposedName}${f.omitted ? ' (omitted)' : ''}`)).toEqual([
      'image',
      'galleryCollection',
      'tags',
      'oldBody (omitted)',
    ]);
    expect(model.assetLinkedFrom.map((t) => t.node.id)).toEqual(['page']);
  });

  it('is built once for the same content types (the four rules share it)', async () => {
    const space = await loadSpace([{ absPath: blogFixture, explicit: true }], workDir);
    const nodes = [...space.model.contentTypes.values()];
    const model = buildSchemaModel(nodes);
    expect(buildSchemaModel([...nodes])).toBe(model);
    expect(buildSchemaModel(nodes.slice(1))).not.toBe(model);
    expect(buildSchemaModel(nodes.slice(1)).contentTypes.map((t) => t.node.id)).toEqual(nodes.slice(1).map((n) => n.id));
  });

  it('finds the collisions of a model once (the four rules and the documents\' predicted schema share them)', async () => {
    const space = await loadSpace([{ absPath: blogFixture, explicit: true }], workDir);
    const model = buildSchemaModel([...space.model.contentTypes.values()]);
    expect(typeNameCollisions(model)).toBe(typeNameCollisions(model));
    expect(fieldNameCollisions(model)).toBe(fieldNameCollisions(model));
    expect(derivedClashesOf(model, true)).toBe(derivedClashesOf(model, true));
    expect(derivedClashesOf(model, false)).toBe(derivedClashesOf(model, false));
    // With and without the per-field resource-link types, as derivedNameClashes finds them.
    for (const resourceLinkTypes of [true, false]) expect(derivedClashesOf(model, resourceLinkTypes)).toEqual(derivedNameClashes(typeNameOrigins(model, { resourceLinkTypes })));
    const other = buildSchemaModel([...space.model.contentTypes.values()].slice(1));
    expect(fieldNameCollisions(other)).not.toBe(fieldNameCollisions(model));
  });

  it('describes who generates a name', async () => {
    const model = await modelOfTypes([contentType('page', [entryLink('author', ['person'])]), contentType('person', [])]);
    const describe = (name: string) => namesOf(model).get(name)!.map(describeOrigin);
    expect(describe('Page')).toEqual(["the type of content type 'page'"]);
    expect(describe('PageOrder')).toEqual(["the order enum of content type 'page'"]);
    expect(describe('PersonLinkingCollectionsPageCollectionOrder')).toEqual([
      "the order enum for content type 'page' in the linkedFrom type of content type 'person'",
    ]);
    expect(describe('Asset')).toEqual(['a built-in type of the service']);
  });

  it('survives fields of any shape', async () => {
    const model = await modelOfTypes([
      contentType('odd', [
        { id: 'a', type: 'Array' },
        { id: 'b', type: 'Array', items: 'Symbol' },
        { id: 'c', type: 'Link', linkType: 'Entry', validations: 'none' },
        { id: 'd', type: 'Link', linkType: 'Entry', validations: [null, { linkContentType: 'odd' }, { linkContentType: [1, 'odd'] }] },
        { id: 'e', type: 'Link' },
        { id: 'f', type: 'Whatever' },
        { id: 'g', type: 'constructor' },
        { id: 'h', type: 'Array', items: { type: 'toString' } },
      ]),
    ]);
    expect(model.contentTypes[0]!.fields.map((f) => f.shape.kind)).toEqual(['unknown', 'unknown', 'entry', 'entry', 'unknown', 'unknown', 'unknown', 'unknown']);
    expect(model.contentTypes[0]!.fields[3]!.targets.map((t) => t.node.id)).toEqual(['odd']);
    parse(renderSchema(model));
  });
});

describe('the predicted SDL', () => {
  const corpusFiles = readdirSync(corpusDir).filter((name) => name.endsWith('.json')).sort();

  it.each(corpusFiles)('parses for %s, with no collisions', async (name) => {
    const model = await modelOf(join(corpusDir, name));
    expect(schemaProblems(model).map((p) => p.message)).toEqual([]);
    const schema = parse(renderSchema(model));
    for (const type of model.contentTypes) expect(schema.getType(type.naming.name), type.node.id).toBeInstanceOf(GraphQLObjectType);
  });

  it('defines only types the model knows, and every type the model names is there (or left out on purpose)', async () => {
    for (const path of [blogFixture, marketingFixture, join(corpusDir, 'covid-19-site-template.json'), join(corpusDir, 'starter-hydrogen-store.json')]) {
      const model = await modelOf(path);
      const names = namesOf(model);
      const defined = Object.keys(parse(renderSchema(model)).getTypeMap()).filter((name) => !name.startsWith('__'));
      const graphqlScalars = ['Boolean', 'Float', 'ID', 'Int', 'String'];
      expect(defined.filter((name) => !names.has(name) && !graphqlScalars.includes(name))).toEqual([]);
      // Cursor collections (and their order enums) are left out.
      const leftOut = /CursorCollection(Order)?$/;
      const missing = [...names].filter(([name, origins]) => origins[0]!.pattern !== 'builtin' && !leftOut.test(name) && !defined.includes(name));
      expect(missing.map(([name]) => name)).toEqual([]);
    }
  });

  it('matches the schema the service generated for the blog template item by item, plus what newer versions of the service add', async () => {
    const real = buildSchema(readFileSync(join(corpusDir, 'template-blog.graphql.schema.graphql'), 'utf8'));
    const coverage = schemaCoverage(real, parse(renderSchema(await modelOf(blogFixture))));
    expect(coverage.missing).toEqual([]);
    // Taxonomy concepts (2025) and `useFallbackLocale` on every field that takes `locale` are newer than this schema.
    expect(coverage.extra.filter((item) => !item.endsWith('(useFallbackLocale: Boolean)'))).toEqual([
      'field ContentfulMetadata.concepts: [TaxonomyConcept]!',
      'field TaxonomyConcept.id: String',
      'inputField ContentfulMetadataConceptsDescendantsFilter.id_contains_all: [String]',
      'inputField ContentfulMetadataConceptsDescendantsFilter.id_contains_none: [String]',
      'inputField ContentfulMetadataConceptsDescendantsFilter.id_contains_some: [String]',
      'inputField ContentfulMetadataConceptsFilter.descendants: ContentfulMetadataConceptsDescendantsFilter',
      'inputField ContentfulMetadataConceptsFilter.id_contains_all: [String]',
      'inputField ContentfulMetadataConceptsFilter.id_contains_none: [String]',
      'inputField ContentfulMetadataConceptsFilter.id_contains_some: [String]',
      'inputField ContentfulMetadataFilter.concepts: ContentfulMetadataConceptsFilter',
      'inputField ContentfulMetadataFilter.concepts_exists: Boolean',
      'type ContentfulMetadataConceptsDescendantsFilter',
      'type ContentfulMetadataConceptsFilter',
      'type TaxonomyConcept',
    ]);
  });

  it('gives every argument of the real schema, with its type and default, in its order (and useFallbackLocale beside locale)', async () => {
    const real = buildSchema(readFileSync(join(corpusDir, 'template-blog.graphql.schema.graphql'), 'utf8'));
    const predicted = parse(renderSchema(await modelOf(blogFixture)));
    const args = (field: { args: readonly { name: string; type: unknown; defaultValue: unknown }[] }) =>
      field.args.map((a) => `${a.name}: ${String(a.type)} = ${String(a.defaultValue)}`);
    let compared = 0;
    for (const type of Object.values(real.getTypeMap())) {
      if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
      const predictedFields = (predicted.getType(type.name) as GraphQLObjectType).getFields();
      for (const field of Object.values(type.getFields())) {
        const mine = args(predictedFields[field.name]!);
        const expected = args(field);
        if (expected.some((a) => a.startsWith('locale:'))) expected.push('useFallbackLocale: Boolean = undefined');
        expect(mine.sort(), `${type.name}.${field.name}`).toEqual(expected.sort());
        compared += field.args.length;
      }
    }
    expect(compared).toBe(189);
  });

  it('shows a description with control or invisible characters escaped (a quoted string), with the same text for GraphQL', async () => {
    const hostile = 'Red \u001b[31mtext\u001b[0m, "quoted" \\ back\nsecond line\t\u202eevil\u0007';
    const model = await modelOfTypes([{ ...contentType('page', [symbol('title')]), description: hostile }, { ...contentType('post', [symbol('title')]), description: 'Plain\ntwo lines' }]);
    const sdl = renderSchema(model);
    // Nothing for a terminal to act on: no control character but newlines, no bidi override.
    expect(sdl.replaceAll('\n', '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(sdl).toContain('"Red \\u001b[31mtext\\u001b[0m, \\"quoted\\" \\\\ back\\nsecond line\\t\\u202eevil\\u0007"\ntype Page ');
    const schema = parse(sdl);
    expect(schema.getType('Page')!.description).toBe(hostile);
    // Printable text stays a block string.
    expect(sdl).toContain('"""\nPlain\ntwo lines\n"""\ntype Post ');
    expect(schema.getType('Post')!.description).toBe('Plain\ntwo lines');
  });

  it('is the same whatever the order of content types and fields', async () => {
    const model = await modelOf(blogFixture);
    const shuffled = model.contentTypes.map((t) => t.node.json).reverse().map((ct) => ({ ...ct, fields: [...ct.fields].reverse() }));
    expect(renderSchema(await modelOfTypes(shuffled as unknown as Record<string, unknown>[]))).toBe(renderSchema(model));
  });

  it('types links: a content type, a union of the types that exist, Entry, Asset; lists as collections; omitted fields left out', async () => {
    const model = await modelOfTypes([
      contentType('page', [
        entryLink('one', ['post']),
        entryLink('two', ['post', 'missing']),
        entryLink('any'),
        entryLink('nowhere', ['missing']),
        entryLinks('sections', ['post', 'page']),
        { id: 'image', type: 'Link', linkType: 'Asset' },
        { id: 'where', type: 'Location' },
        { id: 'data', type: 'Object' },
        { id: 'count', type: 'Integer' },
        { id: 'ratio', type: 'Number' },
        { id: 'on', type: 'Boolean' },
        { id: 'when', type: 'Date' },
        { id: 'tags', type: 'Array', items: { type: 'Symbol' } },
        { id: 'secret', type: 'Symbol', omitted: true },
      ]),
      contentType('post', []),
    ]);
    const schema = parse(renderSchema(model));
    const fields = (schema.getType('Page') as GraphQLObjectType).getFields();
    expect(Object.fromEntries(Object.values(fields).map((f) => [f.name, String(f.type)]))).toEqual({
      _id: 'ID!',
      any: 'Entry',
      contentfulMetadata: 'ContentfulMetadata!',
      count: 'Int',
      data: 'JSON',
      image: 'Asset',
      linkedFrom: 'PageLinkingCollections',
      nowhere: 'Entry',
      on: 'Boolean',
      one: 'Post',
      ratio: 'Float',
      sectionsCollection: 'PageSectionsCollection',
      sys: 'Sys!',
      tags: '[String]',
      two: 'PageTwo',
      when: 'DateTime',
      where: 'Location',
    });
    expect(String(schema.getType('PageTwo'))).toBe('PageTwo');
    expect(renderSchema(model)).toContain('union PageTwo = Post\n');
    expect(renderSchema(model)).toContain('union PageSectionsItem = Page | Post\n');
    expect(renderSchema(model)).toContain('type PageSectionsCollection {\n  items: [PageSectionsItem]!\n');
    expect(renderSchema(model)).toContain('type PostLinkingCollections {\n  entryCollection');
    expect(renderSchema(model)).toMatch(/type PostLinkingCollections \{[^}]*pageCollection\([^)]*\): PageCollection\n\}/);
  });

  it('a link to one content type named like the field\'s union would be is that type, not a union (a real space: page.header → pageHeader)', async () => {
    const model = await modelOfTypes([
      contentType('pageHeader', [symbol('title')]),
      contentType('pageSectionsItem', [symbol('title')]),
      contentType('page', [entryLink('header', ['pageHeader']), entryLinks('sections', ['pageSectionsItem'])]),
    ]);
    expect(schemaProblems(model)).toEqual([]);
    const schema = parse(renderSchema(model));
    const page = schema.getType('Page') as GraphQLObjectType;
    expect(String(page.getFields().header!.type)).toBe('PageHeader');
    expect(String(page.getFields().sectionsCollection!.type)).toBe('PageSectionsCollection');
    expect(schema.getType('PageHeader')).toBeInstanceOf(GraphQLObjectType);
    expect(schema.getType('PageSectionsItem')).toBeInstanceOf(GraphQLObjectType);
    expect(renderSchema(model)).not.toContain('union ');
  });

  it('writes descriptions as block strings, escaping """', async () => {
    const model = await modelOfTypes([contentType('page', [], { description: 'Says """hi""" and ends with "' })]);
    const sdl = renderSchema(model);
    expect(sdl).toContain('"""\nSays \\"""hi\\""" and ends with "\n"""\ntype Page implements Entry & _Node {');
    expect(parse(sdl).getType('Page')!.description).toBe('Says """hi""" and ends with "');
  });
});

describe('schema problems (why graphql-schema prints no schema)', () => {
  const problems = async (...types: Record<string, unknown>[]) => {
    const model = await modelOfTypes(types);
    const found = schemaProblems(model).map((p) => `${p.node.id}: ${p.message} [${p.service}]`);
    if (found.length === 0) parse(renderSchema(model));
    return found;
  };

  it('type, field and reserved names, in the service’s wording', async () => {
    expect(await problems(contentType('A_car', []), contentType('a_car_', []))).toEqual([
      "A_car: Type name generated for the content types 'A_car', 'a_car_' would be the same for all of them: 'ACar' [schema generation fails: COLLIDING_TYPE_NAMES]",
    ]);
    expect(await problems(contentType('page', [symbol('seoTitle'), symbol('seo_title'), symbol('sys')]))).toEqual([
      "seoTitle: Field name generated for the fields 'seoTitle', 'seo_title' of the content type 'page' would be the same for all of them: 'seoTitle' [schema generation fails: COLLIDING_FIELD_NAMES]",
      "sys: Field 'sys' of the content type 'page' would be named 'sys', a reserved field name [schema generation fails: RESERVED_FIELD_NAME]",
    ]);
  });

  it('none for what the predicted schema leaves out or exposes under another name', async () => {
    expect(await problems(contentType('page', [symbol('title'), symbol('Title', { omitted: true }), symbol('sys', { omitted: true })]))).toEqual([]);
    expect(await problems(contentType('page', [symbol('item'), entryLinks('Item'), entryLinks('linked_from')]))).toEqual([]);
  });

  it('derived names and names GraphQL does not accept, marked as not documented (except the union case)', async () => {
    expect(await problems(contentType('post', []), contentType('post_collection', []), contentType('---', [symbol('日本語')]))).toEqual([
      "---: Content type id '---' gives no valid GraphQL type name ('') [null]",
      "日本語: Field id '日本語' of the content type '---' gives no valid GraphQL field name ('日本語') [null]",
      "post: Type name 'PostCollection' would be used for the collection type of content type 'post' and the type of content type 'post_collection' [null]",
    ]);
    expect(await problems(contentType('blogPost', [entryLink('content', ['blogPostContent', 'x'])]), contentType('blogPostContent', []))).toEqual([
      "content: Type name 'BlogPostContent' would be used for the union type of field 'content' of content type 'blogPost' and the type of content type 'blogPostContent' [queries fail: COLLIDING_TYPE_NAMES]",
    ]);
  });
});

describe('graphql-schema never prints an invalid schema', () => {
  it('for 400 random content models with crowded names: no problems means SDL that graphql-js validates', async () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const pick = <T>(items: readonly T[]) => items[random(items.length)]!;
    const words = ['page', 'Page', 'post', 'post_collection', 'sys', 'body', 'Body', 'item', 'items', 'links', 'order', 'filter', 'collection', 'a', 'b_c', 'a_b', 'c'];
    const fieldOf = (ids: string[]) => {
      const id = pick(words);
      const kind = random(8);
      if (kind === 0) return { id, type: 'RichText' };
      if (kind === 1) return { id, type: 'Link', linkType: 'Entry', validations: [{ linkContentType: [pick(ids), pick(ids)] }] };
      if (kind === 2) return { id, type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: [pick(ids)] }] } };
      if (kind === 3) return { id, type: 'Array', items: { type: 'Link', linkType: 'Asset' } };
      if (kind === 4) return { id, type: 'ResourceLink', allowedResources: [] };
      if (kind === 5) return { id, type: 'Symbol', omitted: random(2) === 0 };
      return { id, type: pick(['Symbol', 'Integer', 'Location', 'Object', 'Date']) };
    };
    let printed = 0;
    for (let i = 0; i < 400; i++) {
      const ids = [...new Set(Array.from({ length: 1 + random(4) }, () => pick(words)))];
      const model = await modelOfTypes(ids.map((id) => contentType(id, Array.from({ length: random(4) }, () => fieldOf(ids)))));
      if (schemaProblems(model).length > 0) continue;
      printed++;
      const sdl = renderSchema(model);
      expect(() => parse(sdl), sdl).not.toThrow();
    }
    expect(printed).toBeGreaterThan(200);
    expect(printed).toBeLessThan(350);
  });
});
