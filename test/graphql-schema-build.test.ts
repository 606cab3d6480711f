import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { GraphQLNamedType, GraphQLSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPredictedSchema } from '../src/graphql/build-schema.js';
import { definitionIndex, predictedDefinitions } from '../src/graphql/predicted-definitions.js';
import { renderSchema } from '../src/graphql/render-sdl.js';
import { buildSchemaModel, type SchemaModel } from '../src/graphql/schema-model.js';
import { schemaProblems } from '../src/graphql/schema-problems.js';
import { loadSpace } from '../src/inputs/space/load-space.js';

/**
 * The schema the document rules validate against is made from the predicted definitions with
 * graphql-js's constructors (build-schema.ts); `cmlint graphql-schema` prints the same
 * definitions as SDL. The two must be one schema: for every content model of the fixtures, the
 * direct schema is compared with graphql-js's own build of the printed SDL, item by item and in
 * order (the order of types, fields, members and implementations decides the order of graphql-js's
 * "Did you mean" suggestions).
 */

// graphql-js as cmlint loads it (CommonJS; vitest would import its ES modules, another copy of its classes).
const { buildASTSchema, isAbstractType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, parse, printSchema, validateSchema } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

const root = fileURLToPath(new URL('../', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'cmlint-schema-build-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Every JSON file under fixtures/ that holds content types. */
function contentModelFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : contentModelFiles(path);
    return entry.name.endsWith('.json') && readFileSync(path, 'utf8').includes('"contentTypes"') ? [path] : [];
  });
}

async function modelOf(path: string): Promise<SchemaModel | null> {
  try {
    const space = await loadSpace([{ absPath: path, explicit: true }], workDir);
    return buildSchemaModel([...space.model.contentTypes.values()]);
  } catch {
    return null; // fixtures of malformed exports
  }
}

/** Everything of a type that validation and printing read, in order. */
function describeType(schema: GraphQLSchema, type: GraphQLNamedType): unknown {
  const fieldsOf = (fields: Record<string, { name: string; description?: string | null; type: unknown; args?: readonly { name: string; type: unknown; defaultValue: unknown; description?: string | null }[] }>) =>
    Object.values(fields).map((f) => ({
      name: f.name,
      description: f.description,
      type: String(f.type),
      args: f.args?.map((a) => ({ name: a.name, type: String(a.type), defaultValue: a.defaultValue, description: a.description })),
    }));
  return {
    name: type.name,
    kind: type.constructor.name,
    description: type.description,
    fields: isObjectType(type) || isInterfaceType(type) || isInputObjectType(type) ? fieldsOf(type.getFields()) : null,
    interfaces: isObjectType(type) || isInterfaceType(type) ? type.getInterfaces().map(String) : null,
    members: isUnionType(type) ? type.getTypes().map(String) : null,
    values: isEnumType(type) ? type.getValues().map((v) => [v.name, v.value]) : null,
    possible: isAbstractType(type) ? schema.getPossibleTypes(type).map(String) : null,
  };
}

function expectSameSchema(direct: GraphQLSchema, fromSdl: GraphQLSchema): void {
  expect(printSchema(direct)).toBe(printSchema(fromSdl));
  expect(Object.keys(direct.getTypeMap())).toEqual(Object.keys(fromSdl.getTypeMap()));
  for (const name of Object.keys(fromSdl.getTypeMap())) expect(describeType(direct, direct.getType(name)!)).toEqual(describeType(fromSdl, fromSdl.getType(name)!));
  const directives = (schema: GraphQLSchema) => schema.getDirectives().map((d) => ({ name: d.name, locations: d.locations, repeatable: d.isRepeatable, args: d.args.map((a) => `${a.name}: ${String(a.type)}`) }));
  expect(directives(direct)).toEqual(directives(fromSdl));
  expect(direct.getQueryType()?.name).toBe('Query');
  expect(direct.getMutationType()).toBeUndefined();
  expect(direct.getSubscriptionType()).toBeUndefined();
  expect(validateSchema(direct).map((e) => e.message)).toEqual([]);
}

const direct = (model: SchemaModel) => buildPredictedSchema(predictedDefinitions(model));
const fromSdl = (model: SchemaModel) => buildASTSchema(parse(renderSchema(model)));

describe('the schema built from the predicted definitions is the schema of the printed SDL', () => {
  it('for every content model of the fixtures (corpus, GraphQL apps, real spaces, CLI and diff fixtures)', async () => {
    const compared: string[] = [];
    for (const path of contentModelFiles(join(root, 'fixtures'))) {
      const model = await modelOf(path);
      if (!model || schemaProblems(model).length > 0) continue;
      expectSameSchema(direct(model), fromSdl(model));
      compared.push(relative(root, path));
    }
    // The real exports and the GraphQL apps are among them.
    expect(compared).toEqual(expect.arrayContaining(['fixtures/graphql/template-marketing/export.json', 'fixtures/graphql/template-blog/content-types.json', 'fixtures/corpus/covid-19-site-template.json', 'fixtures/real-spaces/anag-versicherungpartner.json']));
    expect(compared.length).toBeGreaterThanOrEqual(55);
  });

  it('for every kind of field, and descriptions that a block string must escape or normalize', async () => {
    const descriptions = ['A """quoted""" description', '  indented\n    lines\r\nand CR\rend  ', 'ends with a backslash \\', 'tab\tand unicode ✓ 𝄞'];
    const contentTypes = descriptions.map((description, i) => ({
      sys: { id: `type${i}` },
      name: `Type ${i}`,
      description,
      displayField: 'title',
      fields: [
        { id: 'title', name: 'Title', type: 'Symbol' },
        { id: 'body', name: 'Body', type: 'Text' },
        { id: 'count', name: 'Count', type: 'Integer' },
        { id: 'ratio', name: 'Ratio', type: 'Number' },
        { id: 'day', name: 'Day', type: 'Date' },
        { id: 'flag', name: 'Flag', type: 'Boolean' },
        { id: 'place', name: 'Place', type: 'Location' },
        { id: 'data', name: 'Data', type: 'Object' },
        { id: 'rich', name: 'Rich', type: 'RichText' },
        { id: 'tags', name: 'Tags', type: 'Array', items: { type: 'Symbol' } },
        { id: 'image', name: 'Image', type: 'Link', linkType: 'Asset' },
        { id: 'images', name: 'Images', type: 'Array', items: { type: 'Link', linkType: 'Asset' } },
        { id: 'next', name: 'Next', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: [`type${(i + 1) % descriptions.length}`] }] },
        { id: 'either', name: 'Either', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['type0', 'type1'] }] },
        { id: 'any', name: 'Any', type: 'Link', linkType: 'Entry' },
        { id: 'many', name: 'Many', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['type2', 'type3'] }] } },
        { id: 'others', name: 'Others', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['type0'] }] } },
        { id: 'resource', name: 'Resource', type: 'ResourceLink' },
        { id: 'resources', name: 'Resources', type: 'Array', items: { type: 'ResourceLink' } },
        { id: 'hidden', name: 'Hidden', type: 'Symbol', omitted: true },
      ],
    }));
    const file = join(workDir, 'every-kind.json');
    writeFileSync(file, JSON.stringify({ contentTypes }));
    const model = (await modelOf(file))!;
    expect(schemaProblems(model)).toEqual([]);
    const schema = direct(model);
    expectSameSchema(schema, fromSdl(model));
    expect(descriptions.map((_, i) => schema.getType(`Type${i}`)!.description)).toEqual([
      'A """quoted""" description',
      'indented\n    lines\nand CR\nend',
      'ends with a backslash \\',
      'tab\tand unicode ✓ 𝄞',
    ]);
  });
});

describe('the definition index makes each definition when it is asked for, the same as the whole schema has', () => {
  it('for every content model of the fixtures: every name, in any order, and the implementations of every interface', async () => {
    let checked = 0;
    const implemented = new Set<string>();
    for (const path of contentModelFiles(join(root, 'fixtures'))) {
      const model = await modelOf(path);
      if (!model || schemaProblems(model).length > 0) continue;
      const all = predictedDefinitions(model);
      const index = definitionIndex(model);
      // Backwards: in another order than all()'s, as a reduced schema asks for them.
      for (const definition of [...all].reverse()) expect(index.get(definition.name), definition.name).toEqual(definition);
      expect(index.get('NoSuchType')).toBeUndefined();
      for (const definition of all) {
        const implementing = all.filter((d) => d.kind === 'object' && d.interfaces.includes(definition.name)).map((d) => d.name);
        expect([...index.implementations(definition.name)].sort(), definition.name).toEqual(implementing.sort());
        if (implementing.length > 0) implemented.add(definition.name);
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(55);
    expect([...implemented].sort()).toEqual(['Entry', 'ResourceLink', '_Node']);
  });

  it('a definition is made once: asking again gives the same object, and the whole schema reuses it', async () => {
    const model = (await modelOf(join(root, 'fixtures/graphql/template-marketing/export.json')))!;
    const index = definitionIndex(model);
    const page = index.get('Page');
    expect(page?.kind).toBe('object');
    expect(index.get('Page')).toBe(page);
    expect(index.all().find((d) => d.name === 'Page')).toBe(page);
  });
});
