import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, visit, type ASTNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { eachSelection } from '../src/graphql/selections.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const DIRS = ['graphql/template-marketing/documents', 'sources/template-blog-webapp-nextjs/src/lib/graphql'];

/** The fields and spreads graphql-js's visitor enters, in order. */
function visited(node: ASTNode): string[] {
  const names: string[] = [];
  visit(node, { Field: (f) => void names.push(`field ${f.name.value}`), FragmentSpread: (s) => void names.push(`spread ${s.name.value}`) });
  return names;
}

function walked(node: ASTNode): string[] {
  const names: string[] = [];
  eachSelection(node, (s) => void names.push(`${s.kind === 'Field' ? 'field' : 'spread'} ${s.name.value}`));
  return names;
}

describe('eachSelection', () => {
  it("finds the fields and spreads graphql-js's visitor enters, in its order, in real documents and in each of their definitions", () => {
    let count = 0;
    for (const dir of DIRS) {
      for (const file of readdirSync(join(fixtures, dir))) {
        const document = parse(readFileSync(join(fixtures, dir, file), 'utf8'));
        expect(walked(document), file).toEqual(visited(document));
        for (const definition of document.definitions) expect(walked(definition), file).toEqual(visited(definition));
        count += walked(document).length;
      }
    }
    expect(count).toBeGreaterThan(300);
  });

  it('inline fragments, nested spreads, aliases, arguments with objects, a field given alone', () => {
    const document = parse(`
      query Q($id: String!) { a: page(id: $id) { ...F ... on Page { title ...G sys { id } } items(where: { x: { y: 1 } }) { ... { z } } } }
      fragment F on Page { __typename ... @include(if: true) { deep { deeper { ...H } } } }
    `);
    expect(walked(document)).toEqual(visited(document));
    const operation = document.definitions[0] as OperationDefinitionNode;
    const field = operation.selectionSet.selections[0]!;
    expect(walked(field)).toEqual(visited(field));
    expect(walked(field)[0]).toBe('field page');
  });
});
