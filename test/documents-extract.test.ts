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
    const [found] = await extractGraphQL('q.ts', text);
    expect(found!.body).toBe(`\n${' '.repeat(2 + '${FRAGMENT_A}${B}'.length)}\n  query AfterInterpolation { x }\n`);
    expect(text.slice(found!.offset, found!.offset + found!.body.length).replace(/\$\{\w+\}/g, (m) => ' '.repeat(m.length))).toBe(found!.body);
  });

  it('an escaped backtick keeps its length', async () => {
    const text = 'const Q = gql`query Q { a(s: "\\`x") }`;';
    const [found] = await extractGraphQL('q.js', text);
    expect(found!.body.length).toBe(text.indexOf('`;') - text.indexOf('`') - 1);
  });

  it('untagged template literals and strings are not GraphQL', async () => {
    expect(await extractGraphQL('n.ts', 'const a = `query A { x }`;\nconst b = "query B { y }";\nconst c = other`query C { z }`;\n')).toEqual([]);
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

  it('a code file that names neither gql nor graphql is not parsed (nothing in it can be GraphQL)', async () => {
    expect(await extractGraphQL('broken-but-irrelevant.ts', 'let = 1;\nconst q = `query A { a }`;\n')).toEqual([]);
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
