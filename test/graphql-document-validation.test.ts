import { createRequire } from 'node:module';
import type { GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentRules, verdictRules } from '../src/graphql/document-validation.js';

/**
 * verdictRules replaces graphql-js's three rules on variables by one that uses the usages of
 * validation's own walk; its verdict (an error or none) must be documentRules' for every document.
 * test/graphql-schema-reduced.test.ts compares the two on thousands of variants of real documents;
 * here each check of the three rules, with wrappers, defaults, fragments and directives.
 */

// graphql-js as cmlint loads it (CommonJS; vitest would import its ES modules, another copy of its classes).
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

const schema = graphql.buildSchema(`
  type Query {
    page(id: String!, locale: String, limit: Int = 100, order: [Order!], where: Filter, exact: Int! = 1, pick: Pick): Page
    pages(ids: [[ID!]]): [Page]
    tagged(tags: [String!]!): [Page]
  }
  type Page { title(locale: String): String, count: Int, child(where: Filter): Page }
  input Filter { title: String, count_gt: Int, AND: [Filter], required: Boolean!, nested: Filter }
  input Pick @oneOf { id: String, slug: String }
  enum Order { title_ASC, title_DESC }
`);

const verdict = (s: GraphQLSchema, text: string): boolean => {
  const typeInfo = new graphql.TypeInfo(s);
  return graphql.validate(s, graphql.parse(text), verdictRules(typeInfo), { maxErrors: 1 }, typeInfo).length === 0;
};
const full = (s: GraphQLSchema, text: string): string[] => graphql.validate(s, graphql.parse(text), documentRules()).map((e) => e.message);

/** Documents, each with whether documentRules find it valid. */
const CASES: [string, boolean][] = [
  // Defined and used, directly, in fragments, through fragments of fragments (defined before or after the operation).
  ['query Q($id: String!) { page(id: $id) { title } }', true],
  ['query Q($id: String!, $l: String) { page(id: $id) { ...F } } fragment F on Page { title(locale: $l) }', true],
  ['fragment F on Page { ...G } fragment G on Page { title(locale: $l) } query Q($id: String!, $l: String) { page(id: $id) { ...F } }', true],
  ['query Q($id: String!, $l: String) { page(id: $id) { ...F } } fragment F on Page { ...G } fragment G on Page { title(locale: $l) }', true],
  // Undefined: in the operation, in a fragment it spreads, in one of two operations.
  ['query Q { page(id: $id) { title } }', false],
  ['query Q($id: String!) { page(id: $id) { ...F } } fragment F on Page { title(locale: $l) }', false],
  ['query A($id: String!, $l: String) { page(id: $id) { ...F } } query B($id: String!) { page(id: $id) { ...F } } fragment F on Page { title(locale: $l) }', false],
  // Unused: not at all, or only in a fragment the operation does not spread, or only in its own definition's default.
  ['query Q($id: String!, $l: String) { page(id: $id) { title } }', false],
  ['query Q($id: String!, $l: String) { page(id: $id) { title } } fragment F on Page { title(locale: $l) }', false],
  ['query Q($id: String!, $l: String @deprecated(reason: "x")) { page(id: $id) { title } }', false],
  // Used only in a directive: used.
  ['query Q($id: String!, $show: Boolean!) { page(id: $id) { title @include(if: $show) } }', true],
  ['query Q($id: String!) { page(id: $id) { title @include(if: $show) } }', false],
  // Types: the same, more strict (non-null where nullable), wrong named type, wrong wrapping.
  ['query Q($id: String!, $n: Int!) { page(id: $id, limit: $n) { title } }', true],
  ['query Q($id: String!, $n: String) { page(id: $id, limit: $n) { title } }', false],
  ['query Q($id: String) { page(id: $id) { title } }', false],
  ['query Q($id: [String]) { page(id: $id) { title } }', false],
  ['query Q($id: String!, $o: [Order!]) { page(id: $id, order: $o) { title } }', true],
  ['query Q($id: String!, $o: [Order]) { page(id: $id, order: $o) { title } }', false],
  ['query Q($id: String!, $o: Order!) { page(id: $id, order: [$o]) { title } }', true],
  ['query Q($id: String!, $o: Order) { page(id: $id, order: [$o]) { title } }', false],
  ['query Q($id: String!, $o: Order) { page(id: $id, order: $o) { title } }', false],
  ['query Q($ids: [[ID!]]) { pages(ids: $ids) { title } }', true],
  ['query Q($ids: [ID!]) { pages(ids: $ids) { title } }', false],
  ['query Q($ids: [[ID]]) { pages(ids: $ids) { title } }', false],
  ['query Q($t: [String!]!) { tagged(tags: $t) { title } }', true],
  ['query Q($t: [String!]) { tagged(tags: $t) { title } }', false],
  ['query Q($t: [String]!) { tagged(tags: $t) { title } }', false],
  ['query Q($t: String!) { tagged(tags: [$t, "x"]) { title } }', true],
  ['query Q($t: String) { tagged(tags: [$t]) { title } }', false],
  // A nullable variable in a non-null place: allowed with a default of the variable (not null), or of the argument.
  ['query Q($id: String = "1") { page(id: $id) { title } }', true],
  ['query Q($id: String = null) { page(id: $id) { title } }', false],
  ['query Q($id: String!, $e: Int) { page(id: $id, exact: $e) { title } }', true],
  ['query Q($id: String!, $e: String) { page(id: $id, exact: $e) { title } }', false],
  // In input objects and lists of them; input fields have no default here.
  ['query Q($id: String!, $t: String, $n: Int) { page(id: $id, where: { title: $t, count_gt: $n, required: true }) { title } }', true],
  ['query Q($id: String!, $b: Boolean) { page(id: $id, where: { required: $b }) { title } }', false],
  ['query Q($id: String!, $b: Boolean!) { page(id: $id, where: { required: $b, AND: [{ required: $b, nested: { required: $b } }] }) { title } }', true],
  ['query Q($id: String!, $b: Boolean!, $c: Boolean) { page(id: $id, where: { required: $b, AND: [{ required: $c }] }) { title } }', false],
  ['query Q($id: String!, $f: Filter) { page(id: $id) { child(where: $f) { title } } }', true],
  ['query Q($id: String!, $f: Filter!) { page(id: $id) { child(where: $f) { title } } }', true],
  // A OneOf input's fields take non-null variables only.
  ['query Q($id: String!, $s: String!) { page(id: $id, pick: { slug: $s }) { title } }', true],
  ['query Q($id: String!, $s: String) { page(id: $id, pick: { slug: $s }) { title } }', false],
  // A variable of a type the schema does not have (KnownTypeNames), and one used where there is no argument.
  ['query Q($id: Nope) { page(id: $id) { title } }', false],
  ['query Q($id: String!, $x: Int) { page(id: $id, nope: $x) { title } }', false],
  // Two definitions of one name: the last one is the one the position is checked with.
  ['query Q($id: Int, $id: String!) { page(id: $id) { title } }', false],
  // Anonymous operation, and an operation with no variables but a fragment that uses one.
  ['{ page(id: "1") { ...F } } fragment F on Page { title(locale: $l) }', false],
  ['{ page(id: "1") { title } }', true],
];

describe('verdictRules', () => {
  it('replace the three rules on variables of documentRules by one', () => {
    const rules = documentRules().map((r) => r.name);
    const verdicts = verdictRules(new graphql.TypeInfo(schema)).map((r) => r.name);
    const variableRules = ['NoUndefinedVariablesRule', 'NoUnusedVariablesRule', 'VariablesInAllowedPositionRule'];
    expect(rules).toEqual(expect.arrayContaining(variableRules));
    expect(verdicts.filter((name) => variableRules.includes(name))).toEqual([]);
    expect(verdicts.slice(0, -1)).toEqual(rules.filter((name) => !variableRules.includes(name)));
  });

  it.each(CASES)('give the verdict of documentRules: %s', (text, valid) => {
    const errors = full(schema, text);
    expect(errors.length === 0, errors.join('\n')).toBe(valid);
    expect(verdict(schema, text)).toBe(valid);
  });
});
