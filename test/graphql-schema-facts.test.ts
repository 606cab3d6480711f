import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, validateSchema, type GraphQLEnumType, type GraphQLInputObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSchema } from '../src/graphql/render-sdl.js';
import { buildSchemaModel } from '../src/graphql/schema-model.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { contentType } from './helpers/rule-tester.js';

/**
 * The fact tables (src/graphql/schema-facts.ts) as the predicted schema prints them: the filter
 * operators of each kind of field, which fields are sortable, the arguments of each kind of field.
 */

const workDir = mkdtempSync(join(tmpdir(), 'cmlint-facts-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const link = (id: string, linkType: string, types?: string[]) => ({ id, type: 'Link', linkType, validations: types ? [{ linkContentType: types }] : [] });
const links = (id: string, linkType: string, types?: string[]) => ({ id, type: 'Array', items: { type: 'Link', linkType, validations: types ? [{ linkContentType: types }] : [] } });

let schema: GraphQLSchema;
beforeAll(async () => {
  const file = join(workDir, 'space.json');
  const fields = [
    { id: 'symbol', type: 'Symbol' },
    { id: 'text', type: 'Text' },
    { id: 'integer', type: 'Integer' },
    { id: 'number', type: 'Number' },
    { id: 'date', type: 'Date' },
    { id: 'boolean', type: 'Boolean' },
    { id: 'object', type: 'Object' },
    { id: 'location', type: 'Location' },
    { id: 'tags', type: 'Array', items: { type: 'Symbol' } },
    { id: 'body', type: 'RichText' },
    link('image', 'Asset'),
    links('images', 'Asset'),
    link('author', 'Entry', ['person']),
    links('authors', 'Entry', ['person']),
    link('either', 'Entry', ['person', 'page']),
    links('mixed', 'Entry', ['person', 'page']),
    link('anything', 'Entry'),
  ];
  writeFileSync(file, JSON.stringify({ contentTypes: [contentType('page', fields), contentType('person', [{ id: 'name', type: 'Symbol' }])] }));
  const space = await loadSpace([{ absPath: file, explicit: true }], workDir);
  schema = buildSchema(renderSchema(buildSchemaModel([...space.model.contentTypes.values()])));
  expect(validateSchema(schema)).toEqual([]);
});

const inputFields = (name: string) => Object.values((schema.getType(name) as GraphQLInputObjectType).getFields()).map((f) => `${f.name}: ${String(f.type)}`);
const args = (type: string, field: string) => (schema.getType(type) as GraphQLObjectType).getFields()[field]!.args.map((a) => `${a.name}: ${String(a.type)}${a.defaultValue === undefined ? '' : ` = ${String(a.defaultValue)}`}`);
const values = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues().map((v) => v.name);

describe('filter operators by kind of field', () => {
  const of = (prefix: string) => inputFields('PageFilter').filter((line) => line.startsWith(`${prefix}_`) || line.startsWith(`${prefix}:`));
  it.each([
    ['symbol', ['symbol: String', 'symbol_contains: String', 'symbol_exists: Boolean', 'symbol_in: [String]', 'symbol_not: String', 'symbol_not_contains: String', 'symbol_not_in: [String]']],
    ['text', ['text: String', 'text_contains: String', 'text_exists: Boolean', 'text_in: [String]', 'text_not: String', 'text_not_contains: String', 'text_not_in: [String]']],
    ['integer', ['integer: Int', 'integer_exists: Boolean', 'integer_gt: Int', 'integer_gte: Int', 'integer_in: [Int]', 'integer_lt: Int', 'integer_lte: Int', 'integer_not: Int', 'integer_not_in: [Int]']],
    ['number', ['number: Float', 'number_exists: Boolean', 'number_gt: Float', 'number_gte: Float', 'number_in: [Float]', 'number_lt: Float', 'number_lte: Float', 'number_not: Float', 'number_not_in: [Float]']],
    ['date', ['date: DateTime', 'date_exists: Boolean', 'date_gt: DateTime', 'date_gte: DateTime', 'date_in: [DateTime]', 'date_lt: DateTime', 'date_lte: DateTime', 'date_not: DateTime', 'date_not_in: [DateTime]']],
    ['boolean', ['boolean: Boolean', 'boolean_exists: Boolean', 'boolean_not: Boolean']],
    ['object', ['object_exists: Boolean']],
    ['location', ['location_exists: Boolean', 'location_within_circle: Circle', 'location_within_rectangle: Rectangle']],
    ['tags', ['tags_contains_all: [String]', 'tags_contains_none: [String]', 'tags_contains_some: [String]', 'tags_exists: Boolean']],
    ['body', ['body_contains: String', 'body_exists: Boolean', 'body_not_contains: String']],
    ['image', ['image_exists: Boolean']],
    ['imagesCollection', ['imagesCollection_exists: Boolean']],
    ['author', ['author: cfPersonNestedFilter', 'author_exists: Boolean']],
    ['authors', ['authors: cfPersonNestedFilter']],
    ['authorsCollection', ['authorsCollection_exists: Boolean']],
    ['either', ['either_exists: Boolean']],
    ['mixedCollection', ['mixedCollection_exists: Boolean']],
    ['anything', ['anything_exists: Boolean']],
  ])('%s', (field, expected) => {
    expect(of(field)).toEqual(expected);
  });

  it('every filter has AND, OR, sys and contentfulMetadata; the nested filter has no nested link filters of its own', () => {
    expect(inputFields('PageFilter').filter((line) => /^(AND|OR|sys|contentfulMetadata):/.test(line))).toEqual([
      'AND: [PageFilter]',
      'OR: [PageFilter]',
      'contentfulMetadata: ContentfulMetadataFilter',
      'sys: SysFilter',
    ]);
    expect(inputFields('cfPersonNestedFilter')).toEqual(inputFields('PersonFilter').map((line) => line.replaceAll('PersonFilter', 'cfPersonNestedFilter')));
    expect(schema.getType('cfPageNestedFilter')).toBeUndefined();
  });
});

describe('order enums: Symbol, Integer, Number, Date and Boolean fields and four sys fields', () => {
  it('lists them for the type, for its lists of links and for the linkedFrom collections', () => {
    const page = ['boolean', 'date', 'integer', 'number', 'symbol', 'sys_firstPublishedAt', 'sys_id', 'sys_publishedAt', 'sys_publishedVersion'];
    expect(values('PageOrder')).toEqual(page.flatMap((name) => [`${name}_ASC`, `${name}_DESC`]));
    const person = ['name_ASC', 'name_DESC', 'sys_firstPublishedAt_ASC', 'sys_firstPublishedAt_DESC', 'sys_id_ASC', 'sys_id_DESC', 'sys_publishedAt_ASC', 'sys_publishedAt_DESC', 'sys_publishedVersion_ASC', 'sys_publishedVersion_DESC'];
    expect(values('PersonOrder')).toEqual(person);
    expect(values('PageAuthorsCollectionOrder')).toEqual(person);
    expect(values('PersonLinkingCollectionsPageCollectionOrder')).toEqual(values('PageOrder'));
    expect(schema.getType('PageMixedCollectionOrder')).toBeUndefined();
  });
});

describe('arguments by kind of field', () => {
  it.each([
    ['Page', 'symbol', ['locale: String', 'useFallbackLocale: Boolean']],
    ['Page', 'body', ['locale: String', 'useFallbackLocale: Boolean']],
    ['Page', 'image', ['locale: String', 'preview: Boolean', 'useFallbackLocale: Boolean']],
    ['Page', 'imagesCollection', ['limit: Int = 100', 'locale: String', 'preview: Boolean', 'skip: Int = 0', 'useFallbackLocale: Boolean']],
    ['Page', 'author', ['locale: String', 'preview: Boolean', 'useFallbackLocale: Boolean', 'where: PersonFilter']],
    [
      'Page',
      'authorsCollection',
      ['limit: Int = 100', 'locale: String', 'order: [PageAuthorsCollectionOrder]', 'preview: Boolean', 'skip: Int = 0', 'useFallbackLocale: Boolean', 'where: PersonFilter'],
    ],
    ['Page', 'either', ['locale: String', 'preview: Boolean', 'useFallbackLocale: Boolean']],
    ['Page', 'mixedCollection', ['limit: Int = 100', 'locale: String', 'preview: Boolean', 'skip: Int = 0', 'useFallbackLocale: Boolean']],
    ['Page', 'linkedFrom', ['allowedLocales: [String]']],
    ['PersonLinkingCollections', 'entryCollection', ['limit: Int = 100', 'locale: String', 'preview: Boolean', 'skip: Int = 0', 'useFallbackLocale: Boolean']],
    [
      'PersonLinkingCollections',
      'pageCollection',
      ['limit: Int = 100', 'locale: String', 'order: [PersonLinkingCollectionsPageCollectionOrder]', 'preview: Boolean', 'skip: Int = 0', 'useFallbackLocale: Boolean'],
    ],
    ['AssetLinkingCollections', 'pageCollection', ['limit: Int = 100', 'locale: String', 'preview: Boolean', 'skip: Int = 0', 'useFallbackLocale: Boolean']],
    ['Asset', 'url', ['locale: String', 'transform: ImageTransformOptions', 'useFallbackLocale: Boolean']],
    ['Query', 'page', ['id: String!', 'locale: String', 'preview: Boolean', 'useFallbackLocale: Boolean']],
    [
      'Query',
      'pageCollection',
      ['limit: Int = 100', 'locale: String', 'order: [PageOrder]', 'preview: Boolean', 'skip: Int = 0', 'useFallbackLocale: Boolean', 'where: PageFilter'],
    ],
    ['Query', '_node', ['id: ID!', 'locale: String', 'preview: Boolean', 'useFallbackLocale: Boolean']],
  ])('%s.%s', (type, field, expected) => {
    expect(args(type, field)).toEqual(expected);
  });
});
