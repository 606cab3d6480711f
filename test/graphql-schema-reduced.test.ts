import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ASTNode, DefinitionNode, DocumentNode, GraphQLNamedType, GraphQLSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPredictedSchema } from '../src/graphql/build-schema.js';
import { documentRules, verdictRules } from '../src/graphql/document-validation.js';
import { definitionIndex, type DefinitionIndex } from '../src/graphql/predicted-definitions.js';
import { reducedDefinitions } from '../src/graphql/reduced-schema.js';
import { buildSchemaModel } from '../src/graphql/schema-model.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import type { ContentTypeNode } from '../src/model/nodes.js';

/**
 * graphql-document-invalid validates documents against the part of the predicted schema they
 * reach first (reduced-schema.ts) and trusts only its "valid". These tests check the premise on
 * real documents and on thousands of variants of them (every field, argument, input field, type
 * condition, variable and spread changed in the ways that break a query): whenever the complete
 * schema reports an error, the part reports one too; and the part says "valid" for the real,
 * valid documents, so that the cheap path is the one taken.
 */

// graphql-js as cmlint loads it (CommonJS; vitest would import its ES modules, another copy of its classes).
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const { Kind, TypeInfo } = graphql;

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'cmlint-reduced-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The errors of the rules graphql-document-invalid runs on the documents of a run as one document. */
const errorsOf = (schema: GraphQLSchema, document: DocumentNode): string[] => graphql.validate(schema, document, documentRules(), { maxErrors: Infinity }).map((e) => e.message);

const VARIABLE_RULES = ['NoUndefinedVariablesRule', 'NoUnusedVariablesRule', 'VariablesInAllowedPositionRule'];

/** The errors of the rules of its first check, which tell only whether there is an error (at most one, as the rule asks). */
const verdictOf = (schema: GraphQLSchema, document: DocumentNode): string[] => {
  const typeInfo = new TypeInfo(schema);
  return graphql.validate(schema, document, verdictRules(typeInfo), { maxErrors: 1 }, typeInfo).map((e) => e.message);
};

interface Case {
  name: string;
  full: GraphQLSchema;
  /** The content types of the model. */
  model: ContentTypeNode[];
  definitions: DefinitionIndex;
  /** One parsed document per file. */
  documents: DocumentNode[];
}

async function caseOf(name: string, modelPath: string, documents: string[]): Promise<Case> {
  const space = await loadSpace([{ absPath: modelPath, explicit: true }], workDir);
  const model = [...space.model.contentTypes.values()];
  const definitions = definitionIndex(buildSchemaModel(model));
  return { name, full: buildPredictedSchema(definitions.all()), model, definitions, documents: documents.map((text) => graphql.parse(text, { noLocation: true })) };
}

const filesIn = (dir: string) => readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'));

const reduced = (c: Case, document: DocumentNode) => buildPredictedSchema(reducedDefinitions(c.definitions, document), true);

/** Every operation and fragment of the case, with `replaced` instead of document `index`. */
function whole(c: Case, index: number, replaced: DocumentNode): DocumentNode {
  const definitions: DefinitionNode[] = [];
  c.documents.forEach((d, i) => definitions.push(...(i === index ? replaced : d).definitions));
  return { kind: Kind.DOCUMENT, definitions };
}

/** Document `index` replaced by `replaced`, with the fragments of the other documents (as a run validates them: spreads resolve across files). */
function withFragments(c: Case, index: number, replaced: DocumentNode): DocumentNode {
  const definitions: DefinitionNode[] = [...replaced.definitions];
  c.documents.forEach((d, i) => {
    if (i !== index) definitions.push(...d.definitions.filter((def) => def.kind === Kind.FRAGMENT_DEFINITION));
  });
  return { kind: Kind.DOCUMENT, definitions };
}

type Item = { name: string; type: unknown; defaultValue?: unknown };
const isRequired = (item: Item) => graphql.isNonNullType(item.type) && item.defaultValue === undefined;
const itemShape = (item: Item) => [item.name, String(item.type), item.defaultValue];

/** The items of the part are the complete schema's (in its order); of arguments and input fields, every required one is kept. */
function expectKeptItems(label: string, part: readonly Item[], full: readonly Item[], inputs: boolean): void {
  const kept = full.filter((f) => part.some((p) => p.name === f.name));
  expect(part.map(itemShape), label).toEqual(kept.map(itemShape));
  if (inputs) for (const f of full) if (isRequired(f)) expect(part.map((p) => p.name), `${label}: required ${f.name}`).toContain(f.name);
}

/** A type of the part is the complete schema's type of that name, less fields, arguments and input fields that are not required. */
function expectPartOf(part: GraphQLSchema, full: GraphQLSchema, name: string): void {
  const p = part.getType(name)!;
  const f = full.getType(name)!;
  expect(p.constructor.name, name).toBe(f.constructor.name);
  if ((graphql.isObjectType(p) || graphql.isInterfaceType(p)) && (graphql.isObjectType(f) || graphql.isInterfaceType(f))) {
    const fullFields = f.getFields();
    expectKeptItems(name, Object.values(p.getFields()), Object.values(fullFields), false);
    for (const field of Object.values(p.getFields())) expectKeptItems(`${name}.${field.name}`, field.args, fullFields[field.name]!.args, true);
    expect(p.getInterfaces().map(String), name).toEqual(f.getInterfaces().map(String));
  }
  if (graphql.isInputObjectType(p) && graphql.isInputObjectType(f)) expectKeptItems(name, Object.values(p.getFields()), Object.values(f.getFields()), true);
  if (graphql.isUnionType(p) && graphql.isUnionType(f)) expect(p.getTypes().map(String), name).toEqual(f.getTypes().map(String));
  if (graphql.isAbstractType(p) && graphql.isAbstractType(f)) expect(part.getPossibleTypes(p).map(String), name).toEqual(full.getPossibleTypes(f).map(String));
  if (graphql.isEnumType(p) && graphql.isEnumType(f)) expect(p.getValues().map((v) => v.name), name).toEqual(f.getValues().map((v) => v.name));
}

type Mutable = Record<string, unknown>;
const name = (value: string) => ({ kind: Kind.NAME, value });
const namedType = (value: string) => ({ kind: Kind.NAMED_TYPE, name: name(value) });

/**
 * Variants of a document, each with one change of the kinds that break queries: fields renamed
 * (misspelt, or to another field of the documents), sub-selections removed or added, arguments
 * removed, renamed, added or given values of other kinds, input fields renamed or retyped, type
 * conditions and variable types changed to other types, spreads renamed, aliases that clash,
 * directives added.
 */
function variants(document: DocumentNode, typeNames: readonly string[]): DocumentNode[] {
  const fieldNames = new Set<string>();
  graphql.visit(document, { Field: (node) => void fieldNames.add(node.name.value) });
  const otherFields = [...fieldNames];
  const edits: ((node: Mutable, parent: Mutable[] | Mutable) => void)[][] = [];
  const paths: (readonly (string | number)[])[] = [];
  const at = (path: readonly (string | number)[], make: ((node: Mutable, parent: Mutable[] | Mutable) => void)[]) => {
    paths.push([...path]);
    edits.push(make);
  };
  const object = (fields: Record<string, unknown>): Mutable => ({
    kind: Kind.OBJECT,
    fields: Object.entries(fields).map(([key, value]) => ({ kind: Kind.OBJECT_FIELD, name: name(key), value })),
  });
  const str = (value: string) => ({ kind: Kind.STRING, value });
  const argument = (key: string, value: unknown) => (n: Mutable) => void (n.arguments = [...((n.arguments as Mutable[]) ?? []), { kind: Kind.ARGUMENT, name: name(key), value }]);
  const values = [
    { kind: Kind.STRING, value: 'x' },
    { kind: Kind.INT, value: '1' },
    { kind: Kind.ENUM, value: 'NOPE_ASC' },
    { kind: Kind.OBJECT, fields: [] },
    { kind: Kind.LIST, values: [{ kind: Kind.BOOLEAN, value: true }] },
    { kind: Kind.NULL },
    { kind: Kind.VARIABLE, name: name('nope') },
  ];
  graphql.visit(document, {
    enter(node: ASTNode, _key, _parent, path) {
      switch (node.kind) {
        case Kind.FIELD: {
          const others = otherFields.filter((f) => f !== node.name.value).slice(0, 2);
          at(path, [
            (n) => void (n.name = name(`${node.name.value}X`)),
            ...others.map((other) => (n: Mutable) => void (n.name = name(other))),
            (n) => void delete n.selectionSet,
            (n) => void (n.selectionSet = { kind: Kind.SELECTION_SET, selections: [{ kind: Kind.FIELD, name: name('__typename') }] }),
            argument('limit', { kind: Kind.INT, value: '0' }),
            argument('where', object({ sys: object({ id: str('1') }), title_exists: { kind: Kind.BOOLEAN, value: true } })),
            argument('where', object({ sys: object({ id_in: str('1') }) })),
            argument('order', { kind: Kind.LIST, values: [{ kind: Kind.ENUM, value: 'sys_id_ASC' }] }),
            argument('transform', object({ width: { kind: Kind.INT, value: '10' }, format: { kind: Kind.ENUM, value: 'GIF' } })),
            (n, parent) => {
              if (Array.isArray(parent)) parent.push({ kind: Kind.FIELD, alias: (n.alias as Mutable) ?? n.name, name: name(others[0] ?? 'sys') });
            },
            (n) => void (n.directives = [{ kind: Kind.DIRECTIVE, name: name('skip'), arguments: [] }]),
            (n) => void (n.directives = [{ kind: Kind.DIRECTIVE, name: name('contentSourceMaps'), arguments: [] }]),
          ]);
          break;
        }
        case Kind.ARGUMENT:
          at(path, [
            (n, parent) => void (parent as Mutable[]).splice((parent as Mutable[]).indexOf(n), 1),
            (n) => void (n.name = name(`${node.name.value}X`)),
            ...values.map((value) => (n: Mutable) => void (n.value = value)),
          ]);
          break;
        case Kind.OBJECT_FIELD:
          at(path, [
            (n, parent) => void (parent as Mutable[]).splice((parent as Mutable[]).indexOf(n), 1),
            (n) => void (n.name = name(`${node.name.value}X`)),
            ...values.slice(0, 5).map((value) => (n: Mutable) => void (n.value = value)),
            (n) => void (n.value = object({ sys: object({ id: str('1') }), nope: str('x') })),
          ]);
          break;
        case Kind.INLINE_FRAGMENT:
          at(path, [...typeNames.map((t) => (n: Mutable) => void (n.typeCondition = namedType(t))), (n) => void delete n.typeCondition]);
          break;
        case Kind.FRAGMENT_DEFINITION:
          at(path, typeNames.map((t) => (n: Mutable) => void (n.typeCondition = namedType(t))));
          break;
        case Kind.VARIABLE_DEFINITION:
          at(path, [
            (n, parent) => void (parent as Mutable[]).splice((parent as Mutable[]).indexOf(n), 1),
            ...['String', 'Int!', '[String]', 'Boolean', 'Float', 'ID', 'Nope', ...typeNames.slice(0, 6)].map((t) => (n: Mutable) => {
              n.type = t.endsWith('!') ? { kind: Kind.NON_NULL_TYPE, type: namedType(t.slice(0, -1)) } : t.startsWith('[') ? { kind: Kind.LIST_TYPE, type: namedType(t.slice(1, -1)) } : namedType(t);
            }),
            (n) => void (n.defaultValue = str('x')),
            (n) => void (n.defaultValue = object({ sys: object({ id: str('1') }) })),
            (n) => void (n.defaultValue = object({ AND: { kind: Kind.LIST, values: [object({ title: { kind: Kind.INT, value: '1' } })] } })),
          ]);
          break;
        case Kind.FRAGMENT_SPREAD:
          at(path, [(n) => void (n.name = name(`${node.name.value}X`)), (n, parent) => void (parent as Mutable[]).splice((parent as Mutable[]).indexOf(n), 1)]);
          break;
        case Kind.OPERATION_DEFINITION:
          at(path, [(n) => void (n.operation = 'mutation'), (n) => void (n.operation = 'subscription')]);
          break;
        default:
          break;
      }
      return undefined;
    },
  });
  const result: DocumentNode[] = [];
  paths.forEach((path, i) => {
    for (const edit of edits[i]!) {
      const copy = structuredClone(document) as unknown as Mutable;
      let parent: Mutable | Mutable[] = copy;
      let node: Mutable = copy;
      for (const key of path) {
        parent = node;
        node = (node as Record<string | number, unknown>)[key] as Mutable;
      }
      edit(node, parent);
      result.push(copy as unknown as DocumentNode);
    }
  });
  return result;
}

/** Type names to put in type conditions and variable types: object, union, interface, input, enum and scalar types, and a name the schema does not have. */
function someTypeNames(c: Case): string[] {
  const names = Object.keys(c.full.getTypeMap()).filter((n) => !n.startsWith('__'));
  const of = (test: (t: GraphQLNamedType) => boolean, count: number) => names.filter((n) => test(c.full.getType(n)!)).slice(0, count);
  return [
    ...of(graphql.isObjectType, 3),
    ...of(graphql.isUnionType, 2),
    ...of(graphql.isInterfaceType, 3),
    ...of(graphql.isInputObjectType, 1),
    ...of(graphql.isEnumType, 1),
    'DateTime',
    'String',
    'Nope',
  ];
}

const SYNTHETIC_TYPES = [
  {
    sys: { id: 'page' },
    name: 'Page',
    fields: [
      { id: 'title', name: 'Title', type: 'Symbol' },
      { id: 'count', name: 'Count', type: 'Integer' },
      { id: 'when', name: 'When', type: 'Date' },
      { id: 'where', name: 'Where', type: 'Location' },
      { id: 'body', name: 'Body', type: 'RichText' },
      { id: 'image', name: 'Image', type: 'Link', linkType: 'Asset' },
      { id: 'author', name: 'Author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
      { id: 'either', name: 'Either', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person', 'page'] }] },
      { id: 'anything', name: 'Anything', type: 'Link', linkType: 'Entry' },
      { id: 'sections', name: 'Sections', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person', 'page'] }] } },
      { id: 'people', name: 'People', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] } },
      { id: 'source', name: 'Source', type: 'ResourceLink' },
      { id: 'sources', name: 'Sources', type: 'Array', items: { type: 'ResourceLink' } },
    ],
  },
  { sys: { id: 'person' }, name: 'Person', fields: [{ id: 'name', name: 'Name', type: 'Symbol' }, { id: 'age', name: 'Age', type: 'Integer' }] },
];

/** Documents over unions, interfaces, input variables, nested filters, orders, resource links, rich text links, linkedFrom and `_node`; fragments in other documents. */
const SYNTHETIC_DOCUMENTS = [
  `query Pages($where: PageFilter, $order: [PageOrder], $limit: Int = 10, $locale: String, $preview: Boolean) {
    pageCollection(where: $where, order: $order, limit: $limit, locale: $locale, preview: $preview) {
      total
      items { ...PageFields }
    }
  }`,
  `fragment PageFields on Page {
    __typename
    sys { id publishedAt }
    title
    count
    when
    where { lat lon }
    image { url(transform: { width: 100, format: WEBP, resizeStrategy: FILL, backgroundColor: "rgb:ffffff" }) title }
    author(where: { name_contains: "a", age_gt: 3 }) { ...PersonFields }
    either { ... on Person { name } ... on Page { title } }
    anything { sys { id } ... on Person { age } }
    sectionsCollection(limit: 5) { items { __typename ... on Page { title } ...PersonFields } }
    peopleCollection(order: [name_ASC, sys_id_DESC], where: { AND: [{ age_lte: 40 }, { name_exists: true }] }) { items { name } }
    source { sys { urn linkType } }
    sourcesCollection { total items { __typename sys { urn } } }
    body { json links { assets { block { url } } entries { block { sys { id } ... on Person { name } } inline { __typename } } resources { block { sys { urn } } } } }
    linkedFrom(allowedLocales: ["en-US"]) { pageCollection(order: [title_ASC]) { items { title } } entryCollection { total } }
    contentfulMetadata { tags { id name } concepts { id } }
  }`,
  `fragment PersonFields on Person { name age linkedFrom { pageCollection { total } } }`,
  `query Node($id: ID!) { _node(id: $id) { _id ... on Page { title } ... on Person { name } } }`,
  `query Entries { entryCollection(where: { sys: { id_in: ["1"] }, contentfulMetadata: { tags_exists: true, tags: { id_contains_some: ["t"] } } }, order: [sys_publishedAt_DESC]) { items { sys { id } ... on Page { title } ...PersonFields } } }`,
  `query Filters { pageCollection(where: { author: { name: "x" }, where_within_circle: [1, 2, 3], when_gte: "2024-01-01", OR: [{ title_in: ["a"] }, { count_not: 2 }] }) { items { title } } assetCollection(where: { width_gt: 10 }, order: [size_ASC]) { items { fileName } } }`,
];

describe('validating against the part of the schema the documents reach', () => {
  const cases = async (): Promise<Case[]> => {
    const synthetic = join(workDir, 'synthetic.json');
    writeFileSync(synthetic, JSON.stringify({ contentTypes: SYNTHETIC_TYPES }));
    return [
      await caseOf('template-marketing', join(fixtures, 'graphql/template-marketing/export.json'), filesIn(join(fixtures, 'graphql/template-marketing/documents'))),
      await caseOf('template-blog', join(fixtures, 'graphql/template-blog/content-types.json'), filesIn(join(fixtures, 'sources/template-blog-webapp-nextjs/src/lib/graphql'))),
      await caseOf('synthetic', synthetic, SYNTHETIC_DOCUMENTS),
    ];
  };

  it('the real and synthetic documents are valid against the complete schema and against their part, which is a part of it item for item', async () => {
    for (const c of await cases()) {
      const all = whole(c, -1, c.documents[0]!);
      expect(errorsOf(c.full, all), c.name).toEqual([]);
      const part = reduced(c, all);
      expect(errorsOf(part, all), c.name).toEqual([]);
      expect(verdictOf(part, all), c.name).toEqual([]);
      const partTypes = Object.keys(part.getTypeMap());
      expect(partTypes.length, c.name).toBeLessThan(Object.keys(c.full.getTypeMap()).length);
      for (const typeName of partTypes) expectPartOf(part, c.full, typeName);
      // Every predicted schema has the five standard scalars, which every part holds.
      for (const scalar of ['String', 'Int', 'Float', 'Boolean', 'ID']) expect(c.full.getType(scalar), scalar).toBeDefined();
    }
  });

  it('the part is made from the definitions it reaches only, and is the same as the part of a schema made whole', async () => {
    for (const c of await cases()) {
      const all = whole(c, -1, c.documents[0]!);
      const fresh = definitionIndex(buildSchemaModel(c.model));
      const asked = new Set<string>();
      const watched: DefinitionIndex = {
        get: (typeName) => (asked.add(typeName), fresh.get(typeName)),
        implementations: (typeName) => fresh.implementations(typeName),
        all: () => expect.fail('the part asked for the whole schema'),
      };
      const part = reducedDefinitions(watched, all);
      expect(part, c.name).toEqual(reducedDefinitions(c.definitions, all));
      // Of the schema's types, only those of the part were made.
      const names = new Set(c.definitions.all().map((d) => d.name));
      expect([...asked].filter((n) => names.has(n)).sort(), c.name).toEqual(part.map((d) => d.name).sort());
      if (c.name === 'template-marketing') expect(part.length).toBeLessThan(names.size / 3);
    }
  });

  it('an error against the complete schema is an error against the part, for every variant of the documents', async () => {
    let broken = 0;
    let valid = 0;
    /** Variants that only the rules on variables find wrong (which verdictRules checks its own way). */
    let onlyVariables = 0;
    for (const c of await cases()) {
      const typeNames = someTypeNames(c);
      c.documents.forEach((document, index) => {
        // Every third variant of the real documents (each takes two validations and a part), every one of the synthetic.
        const stride = c.name === 'synthetic' ? 1 : 3;
        for (const variant of variants(document, typeNames).filter((_, i) => i % stride === index % stride)) {
          const all = withFragments(c, index, variant);
          const full = errorsOf(c.full, all);
          const partSchema = reduced(c, all);
          const part = errorsOf(partSchema, all);
          // The verdict of the cheaper rules is the same, against the part and against the complete schema.
          expect(verdictOf(partSchema, all).length > 0, `${c.name}: ${graphql.print(variant)}`).toBe(part.length > 0);
          expect(verdictOf(c.full, all).length > 0, `${c.name}: ${graphql.print(variant)}`).toBe(full.length > 0);
          if (part.length > 0 && graphql.validate(partSchema, all, documentRules().filter((r) => !VARIABLE_RULES.includes(r.name))).length === 0) onlyVariables++;
          if (full.length > 0) {
            broken++;
            if (part.length === 0) expect.fail(`${c.name}: valid against the part only:\n${graphql.print(variant)}\ncomplete schema: ${full.join('\n')}`);
          } else {
            valid++;
            // Not needed for the verdict, but the cheap path should be the one taken.
            expect(part, `${c.name}: ${graphql.print(variant)}`).toEqual([]);
          }
        }
      });
    }
    expect(broken).toBeGreaterThan(1500);
    expect(onlyVariables).toBeGreaterThan(150);
    expect(valid).toBeGreaterThan(250);
  });
});
