import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractGraphQL } from '../src/inputs/documents/extract.js';
import { readDocuments } from '../src/inputs/documents/read-documents.js';
import { InputError, InputErrors } from '../src/inputs/space/input-error.js';
import type { GraphQLDocumentNode, OperationNode } from '../src/model/code-nodes.js';
import { EMBEDDING_STYLES } from './helpers/document-styles.js';

/** 1-based line and column of `offset` in `text` (UTF-16 units, lines split at \n). */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const dir = mkdtempSync(join(tmpdir(), 'cmlint-extract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Reads one file as the documents input and returns its operations, as rules see them. */
async function operationsOf(name: string, text: string): Promise<OperationNode[]> {
  const absPath = join(dir, name);
  mkdirSync(join(absPath, '..'), { recursive: true });
  writeFileSync(absPath, text);
  const input = await readDocuments([{ absPath, explicit: true }], dir);
  const operations: OperationNode[] = [];
  input.walk((visitor, node) => {
    if (visitor === 'operation') operations.push(node as OperationNode);
  });
  return operations;
}

describe('GraphQL in every embedding style: operations found, at their place in the original file', () => {
  for (const { style, file, text, names } of EMBEDDING_STYLES) {
    it(style, async () => {
      const operations = await operationsOf(file, text);
      expect(operations.map((o) => o.name)).toEqual(names);
      for (const operation of operations) {
        const expected = position(text, text.indexOf(`query ${operation.name}`));
        expect(operation.source.file.locate(operation.source, []), operation.name!).toEqual(expected);
        // The text at the operation's offset in the original file is the operation itself.
        expect(text.slice(operation.source.offset).startsWith(`query ${operation.name}`)).toBe(true);
      }
    });
  }
});

describe('extraction details', () => {
  it('interpolations are blanked out with their length, so that later positions stay right', async () => {
    const text = 'const Q = gql`\n  ${FRAGMENT_A}${B}\n  query AfterInterpolation { x }\n`;\n';
    const [found] = (await extractGraphQL('q.ts', text)).texts;
    expect(found!.body).toBe(`\n${' '.repeat(2 + '${FRAGMENT_A}${B}'.length)}\n  query AfterInterpolation { x }\n`);
    expect(text.slice(found!.offset, found!.offset + found!.body.length).replace(/\$\{\w+\}/g, (m) => ' '.repeat(m.length))).toBe(found!.body);
  });

  it('an escaped backtick keeps its length', async () => {
    const text = 'const Q = gql`query Q { a(s: "\\`x") }`;';
    const [found] = (await extractGraphQL('q.js', text)).texts;
    expect(found!.body.length).toBe(text.indexOf('`;') - text.indexOf('`') - 1);
  });

  it('untagged template literals and strings are not GraphQL unless code sends them as a query', async () => {
    expect(await extractGraphQL('n.ts', 'const a = `query A { x }`;\nconst b = "query B { y }";\nconst c = other`query C { z }`;\n')).toEqual({ texts: [], generated: null });
  });

  it('CRLF line endings: lines counted as editors count them', async () => {
    const text = 'const a = 1;\r\nconst Q = gql`\r\n  query Crlf { x }\r\n`;\r\n';
    const [operation] = await operationsOf('crlf.ts', text);
    expect(operation!.source.file.locate(operation!.source, [])).toEqual({ line: 3, column: 3 });
  });

  it('fragments resolve across files, transitively, whatever the file order', async () => {
    const files = {
      'x/op.graphql': 'query Op { blogPost(id: "1") { ...A } }',
      'a.ts': 'export const A = gql`fragment A on BlogPost { title ...B }`;',
      'z/b.graphql': 'fragment B on BlogPost { sys { id } }',
    };
    const paths = Object.entries(files).map(([name, text]) => {
      const absPath = join(dir, 'resolve', name);
      mkdirSync(join(absPath, '..'), { recursive: true });
      writeFileSync(absPath, text);
      return { absPath, explicit: true };
    });
    const input = await readDocuments(paths, join(dir, 'resolve'));
    const documents: GraphQLDocumentNode[] = [];
    input.walk((visitor, node) => visitor === 'document' && documents.push(node as GraphQLDocumentNode));
    const op = documents.flatMap((d) => d.operations).find((o) => o.name === 'Op')!;
    expect(op.uses.map((f) => `${f.name}@${f.source.file.path}`)).toEqual(['A@a.ts', 'B@z/b.graphql']);
    expect(input.files.map((f) => f.path)).toEqual(['x/op.graphql', 'a.ts', 'z/b.graphql']);
  });

  it('a GraphQL syntax error is kept on the document, with its place', async () => {
    const absPath = join(dir, 'bad.graphql');
    writeFileSync(absPath, 'query {\n  a(\n}\n');
    const input = await readDocuments([{ absPath, explicit: true }], dir);
    const documents: GraphQLDocumentNode[] = [];
    input.walk((visitor, node) => visitor === 'document' && documents.push(node as GraphQLDocumentNode));
    expect(documents[0]!.syntaxError).toEqual({ message: 'Expected Name, found "}".', offset: 13 });
  });

  it('a JS/TS file that cannot be parsed is an input error at its line and column', async () => {
    const absPath = join(dir, 'broken.ts');
    writeFileSync(absPath, 'const a = gql`query A { x }`;\nconst b = ;\n');
    const error = await readDocuments([{ absPath, explicit: true }], dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).format()).toMatch(/^broken\.ts:2:11: Cannot parse this file to find GraphQL in it: Unexpected token$/);
  });

  it('a code file that names neither gql, graphql nor query is not parsed (nothing in it can be GraphQL)', async () => {
    expect(await extractGraphQL('broken-but-irrelevant.ts', 'let = 1;\nconst q = `{ a }`;\n')).toEqual({ texts: [], generated: null });
  });

  it('a code file that names no gql or graphql and cannot be parsed is not an input error (it could hold only untagged GraphQL)', async () => {
    expect(await extractGraphQL('broken.ts', 'const query = `query A { a }`;\nif (\n')).toEqual({ texts: [], generated: null });
  });

  it('several unreadable files: all named', async () => {
    const a = join(dir, 'bad1.js');
    const b = join(dir, 'bad2.vue');
    writeFileSync(a, 'let = gql`query A { a }`;\n');
    writeFileSync(b, '<script>\nconst x = gql`query X { a }`\n</script>\n<template><div></template>\n');
    const error = await readDocuments([{ absPath: a, explicit: true }, { absPath: b, explicit: true }], dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputErrors);
    expect((error as InputErrors).errors.map((e) => e.format().split(':')[0])).toEqual(['bad1.js', 'bad2.vue']);
  });
});

describe('untagged GraphQL: strings and templates that code sends as a query', () => {
  /** Each case: a file's code, and the first characters of each GraphQL text expected, in file order. */
  const cases: { name: string; code: string; found: string[] }[] = [
    {
      name: 'a template assigned to a variable named query, posted with fetch',
      code: "const query = `query ($id: String!) { page(id: $id) { title } }`;\nawait fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query, variables: { id } }) });\n",
      found: ['query ($id'],
    },
    {
      name: 'a string in a constant whose name says query, with escaped quotes',
      code: 'export const GET_PAGE_QUERY = "query Page { page(id: \\"home\\") { title } }";\n',
      found: ['query Page'],
    },
    {
      name: 'a literal as the query property of a request body, and a constant sent as one',
      code: "const PAGE = `query P { page(id: \"1\") { title } }`;\nawait fetch(url, { body: JSON.stringify({ query: PAGE }) });\nawait axios.post(url, { query: `{ pageCollection { total } }` });\n",
      found: ['query P', '{ pageCollection'],
    },
    {
      name: 'an argument of a function whose name says GraphQL, or of a function of the file whose parameter says query',
      code: "async function send(url, query) { return fetch(url, { body: JSON.stringify({ query }) }); }\nawait fetchGraphQL(`query A { a }`);\nawait send(url, `query B { b }`);\n",
      found: ['query A', 'query B'],
    },
    {
      name: 'what a function named for a query returns (interpolations blanked), and a string after a GraphQL comment',
      code: 'export const pageQuery = (slug) => `query { page(slug: "${slug}") { title } }`;\nconst c = /* GraphQL */ \'query C { c }\';\n',
      found: ['query { page', 'query C'],
    },
    {
      name: 'fragments alone, wherever they are',
      code: 'export const FIELDS = `fragment PageFields on Page { title }`;\n',
      found: ['fragment PageFields'],
    },
    {
      name: 'not GraphQL: a bare word, a search string, SQL, a schema, a selection completed by an interpolation, a named operation in a variable that says nothing',
      code: [
        "const query = 'query';",
        "const searchQuery = 'hello world';",
        'const sqlQuery = `SELECT * FROM pages WHERE id = 1`;',
        "db.query('{ \"name\": \"x\" }');",
        "const schemaQuery = 'type Query { a: String }';",
        'const listQuery = `query { items { ${FIELDS} } }`;',
        'const page = `query Page { page { title } }`;',
        '',
      ].join('\n'),
      found: [],
    },
  ];
  for (const { name, code, found } of cases) {
    it(name, async () => {
      const { texts } = await extractGraphQL('api.ts', code);
      expect(texts.map((t) => t.body.trimStart().slice(0, found[texts.indexOf(t)]?.length ?? 20))).toEqual(found);
      // Each text is the file's own characters at its offset (escapes and interpolations blanked to spaces).
      for (const { body, offset } of texts) for (let i = 0; i < body.length; i++) if (body[i] !== ' ') expect(code[offset + i]).toBe(body[i]);
    });
  }
});

describe('untagged GraphQL sent to another API', () => {
  it("is left out where the file shows the URL and its host is not the service's GraphQL host; kept for the service's host and for a URL it cannot see", async () => {
    const code = [
      "const MONDAY_API = 'https://api.monday.com/v2';",
      'const query = `query Boards { boards { id } }`;',
      "await fetch(MONDAY_API, { method: 'POST', body: JSON.stringify({ query }) });",
      "await axios({ url: 'https://graphql.anilist.co', method: 'post', data: { query: `query Media { Media { id } }` } });",
      'const pageQuery = `query Pages { pageCollection { total } }`;',
      'await fetch(`https://graphql.contentful.com/content/v1/spaces/${space}`, { body: JSON.stringify({ query: pageQuery }) });',
      'const otherQuery = `query Other { a }`;',
      'await fetch(process.env.GRAPHQL_URL, { body: JSON.stringify({ query: otherQuery }) });',
      '',
    ].join('\n');
    expect((await operationsOf('hosts.ts', code)).map((o) => o.name)).toEqual(['Pages', 'Other']);
  });
});

describe('generated code', () => {
  it("graphql-codegen's output and files marked as generated are left out, with why", async () => {
    const codegen = "import gql from 'graphql-tag';\nexport type Maybe<T> = T | null;\n/** All built-in and custom scalars, mapped to their actual values */\nexport type Scalars = {\n  ID: string;\n};\nexport const PageDocument = gql`query Page { page { title } }`;\n";
    expect(await extractGraphQL('sdk.ts', codegen)).toEqual({ texts: [], generated: "graphql-codegen's output" });
    expect((await extractGraphQL('types.ts', `// @generated\n${codegen.split('\n').slice(6).join('\n')}`)).generated).toBe('marked @generated');
    // The same comment further down, or another type called Scalars, is the app's own code.
    const own = "import { gql } from '@apollo/client';\nexport type Scalars = { ID: string };\nexport const Q = gql`query Q { a }`;\n// this file is generated? do not edit\n";
    expect((await extractGraphQL('own.ts', own)).texts.map((t) => t.body)).toEqual(['query Q { a }']);
  });
});
