import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, concatAST, parse, validate, validateSchema, type GraphQLSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSchema } from '../src/graphql/render-sdl.js';
import { ITEM_KINDS, schemaCoverage, schemaItems } from '../src/graphql/schema-items.js';
import { buildSchemaModel, type SchemaModel } from '../src/graphql/schema-model.js';
import { schemaProblems } from '../src/graphql/schema-problems.js';
import { loadSpace } from '../src/inputs/space/load-space.js';

/**
 * The predicted schema against schemas the service generated for real content models
 * (fixtures/graphql/*: an export or content model, and the schema generated for it), item by item:
 * types, fields, arguments, input fields, enum values, interfaces, union members.
 */

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'cmlint-coverage-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function modelOf(exportPath: string): Promise<SchemaModel> {
  const space = await loadSpace([{ absPath: exportPath, explicit: true }], workDir);
  return buildSchemaModel([...space.model.contentTypes.values()]);
}

async function predicted(exportPath: string): Promise<GraphQLSchema> {
  const model = await modelOf(exportPath);
  expect(schemaProblems(model)).toEqual([]);
  const schema = buildSchema(renderSchema(model));
  expect(validateSchema(schema).map((e) => e.message)).toEqual([]);
  return schema;
}

const real = (path: string) => buildSchema(readFileSync(fixture(path), 'utf8'));

/**
 * Newer versions of the service give links to several content types filters of their own
 * (`where: <Type><Field>Filter` on the field, `<field>: cf<field>MultiTypeNestedFilter` in the
 * type's filter); which links get them is not clear from the data, and cmlint does not predict
 * them (README). The names they would have, for the link fields of a model.
 */
function multiTypeLinkFilterNames(model: SchemaModel): Set<string> {
  const names = new Set<string>();
  for (const type of model.contentTypes) {
    for (const field of type.fields) {
      const union = (field.shape.kind === 'entry' || field.shape.kind === 'entries') && field.shape.allowed.length >= 2;
      if (union) names.add(`${type.naming.name}${field.typePart}Filter`).add(`cf${field.name}MultiTypeNestedFilter`);
    }
  }
  return names;
}

const PAIRS = [
  {
    name: 'blog template (content model written from its schema)',
    export: 'graphql/template-blog/content-types.json',
    schema: 'corpus/template-blog.graphql.schema.graphql',
    items: 998,
  },
  {
    name: 'marketing template (export and schema of one commit)',
    export: 'graphql/template-marketing/export.json',
    schema: 'graphql/template-marketing/graphql.schema.graphql',
    items: 2156,
  },
];

describe('the predicted schema against real generated schemas', () => {
  it.each(PAIRS)('$name: every item of the real schema is predicted', async (pair) => {
    const coverage = schemaCoverage(real(pair.schema), await predicted(fixture(pair.export)));
    expect(coverage.total).toBe(pair.items);
    // At least 99 % is the bar; every item is there today, so nothing is listed as missing.
    expect(coverage.present / coverage.total).toBeGreaterThanOrEqual(0.99);
    expect(coverage.missing).toEqual([]);
    for (const kind of ITEM_KINDS) expect(coverage.byKind[kind].present, kind).toBe(coverage.byKind[kind].total);
  });

  it('a schema generated for the marketing template two years later: what is missing is the newer per-field filters of multi-type links', async () => {
    const exportPath = fixture('graphql/template-marketing/export.json');
    const coverage = schemaCoverage(real('graphql/template-marketing/graphql.schema.2025.graphql'), await predicted(exportPath));
    expect(coverage.total).toBe(3032);
    const newer = multiTypeLinkFilterNames(await modelOf(exportPath));
    const unexplained = coverage.missing.filter((item) => !item.split(/\W+/).some((word) => newer.has(word)));
    expect(unexplained).toEqual([]);
    expect(coverage.missing).toHaveLength(208);
    // Every type, field, enum value, interface and union member of the newer schema is predicted.
    for (const kind of ['field', 'enumValue', 'interface', 'unionMember'] as const) expect(coverage.byKind[kind].present, kind).toBe(coverage.byKind[kind].total);
  });

  it("the marketing template's 20 documents validate against the predicted schema", async () => {
    const dir = fixture('graphql/template-marketing/documents');
    const files = readdirSync(dir).filter((name) => name.endsWith('.graphql')).sort();
    expect(files).toHaveLength(20);
    const document = concatAST(files.map((name) => parse(readFileSync(join(dir, name), 'utf8'))));
    const schema = await predicted(fixture('graphql/template-marketing/export.json'));
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
    // The same documents against the real schema: the check itself finds nothing to object to there.
    expect(validate(real('graphql/template-marketing/graphql.schema.graphql'), document).map((e) => e.message)).toEqual([]);
  });
});

describe('the structural diff', () => {
  const schema = (sdl: string) => buildSchema(sdl);
  const base = `
    interface Node { id: ID! }
    type Query { post(id: ID!, locale: String): Post, search: Result }
    type Post implements Node { id: ID!, title: String }
    type Page { id: ID! }
    union Result = Post | Page
    input PostFilter { title: String, title_in: [String] }
    enum PostOrder { title_ASC title_DESC }
  `;

  it('names every kind of item', () => {
    expect([...schemaItems(schema(base)).keys()].sort()).toEqual([
      'argument Query.post(id: ID!)',
      'argument Query.post(locale: String)',
      'enumValue PostOrder.title_ASC',
      'enumValue PostOrder.title_DESC',
      'field Node.id: ID!',
      'field Page.id: ID!',
      'field Post.id: ID!',
      'field Post.title: String',
      'field Query.post: Post',
      'field Query.search: Result',
      'inputField PostFilter.title: String',
      'inputField PostFilter.title_in: [String]',
      'interface Post implements Node',
      'type Node',
      'type Page',
      'type Post',
      'type PostFilter',
      'type PostOrder',
      'type Query',
      'type Result',
      'unionMember Result = Page',
      'unionMember Result = Post',
    ]);
  });

  it('counts an item of another type, or gone, as missing, and what only the prediction has as extra', () => {
    const other = base
      .replace('title: String }', 'title: Int }')
      .replace('locale: String', 'locale: String, preview: Boolean')
      .replace('union Result = Post | Page', 'union Result = Post')
      .replace(' title_DESC', '');
    const coverage = schemaCoverage(schema(base), schema(other));
    expect(coverage.missing).toEqual(['enumValue PostOrder.title_DESC', 'field Post.title: String', 'unionMember Result = Page']);
    expect(coverage.extra).toEqual(['argument Query.post(preview: Boolean)', 'field Post.title: Int']);
    expect(coverage.total).toBe(22);
    expect(coverage.present).toBe(19);
    expect(coverage.byKind.field).toEqual({ total: 6, present: 5 });
    expect(coverage.byKind.argument).toEqual({ total: 2, present: 2 });
  });
});
