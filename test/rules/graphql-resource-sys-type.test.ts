import rule from '../../rules/graphql-resource-sys-type.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const title = { id: 'title', type: 'Symbol' };
const related = { id: 'related', type: 'ResourceLink' };
const relatedList = { id: 'see', type: 'Array', items: { type: 'ResourceLink' } };
const body = { id: 'body', type: 'RichText' };
const space = { contentTypes: [contentType('page', [title, related, relatedList, body])] };

testRule(rule, {
  valid: [
    { name: 'no documents', space },
    { name: 'sys { linkType urn } on a resource link', space, documents: { 'a.graphql': 'query { page(id: "1") { related { sys { linkType urn } } } }' } },
    { name: 'sys { type } is not selected on an entry', space, documents: { 'b.graphql': 'query { page(id: "1") { sys { id } title } }' } },
    {
      name: 'a fragment on the ResourceLink interface without type',
      space,
      documents: { 'c.graphql': 'fragment R on ResourceLink { sys { urn } }\nquery { page(id: "1") { related { ...R } } }' },
    },
  ],
  invalid: [
    {
      name: 'GraphQL names collide: still checked, against the schema without the colliding names',
      space: { contentTypes: [contentType('page', [title, related, { id: 'Title', type: 'Symbol' }])] },
      documents: { 'd.graphql': 'query { page(id: "1") { related { sys { type } } } }' },
      findings: [{ messageId: 'sysType', target: {}, severity: 'error', file: 'd.graphql', line: 1, column: 41 }],
    },
    {
      name: 'sys { type } on a single resource link, at its line and column',
      space,
      documents: { 'a.graphql': 'query Page {\n  page(id: "1") {\n    related { sys { type urn } }\n  }\n}\n' },
      findings: [{ messageId: 'sysType', target: {}, severity: 'error', file: 'a.graphql', line: 3, column: 21, message: /^query 'Page' selects `type` in the `sys` of a resource link \(sys \{ type \}\): ResourceSys\.type was removed/ }],
    },
    {
      name: 'in the items of a resource link collection, in rich text resource links, and in a fragment on ResourceLink (once)',
      space,
      documents: {
        'list.graphql': 'query L { page(id: "1") { seeCollection { items { sys { type } } } body { links { resources { block { sys { type } } } } } ...F } }',
        'frag.graphql': 'fragment F on Page { related { ... on ResourceLink { sys { type } } } }',
      },
      findings: [
        { messageId: 'sysType', target: {}, severity: 'error', file: 'frag.graphql', line: 1, column: 60, message: /^fragment 'F'/ },
        { messageId: 'sysType', target: {}, severity: 'error', file: 'list.graphql', line: 1, column: 57 },
        { messageId: 'sysType', target: {}, severity: 'error', file: 'list.graphql', line: 1, column: 109 },
      ],
    },
    {
      name: 'embedded with a /* GraphQL */ comment in a .tsx file',
      space,
      documents: { 'Page.tsx': 'export const Q = /* GraphQL */ `\n  query { page(id: "1") { related { sys { type } } } }\n`;\nexport const P = () => <div>{Q}</div>;\n' },
      findings: [{ messageId: 'sysType', target: {}, severity: 'error', file: 'Page.tsx', line: 2, column: 43 }],
    },
  ],
});
