import rule from '../../rules/graphql-document-invalid.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const title = { id: 'title', type: 'Symbol' };
const author = { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] };
const assetHero = { id: 'heroImage', type: 'Link', linkType: 'Asset' };
const entryHero = { id: 'heroImage', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['hero'] }] };
const related = { id: 'related', type: 'ResourceLink' };
const person = contentType('person', [{ id: 'name', type: 'Symbol' }]);
const hero = contentType('hero', [{ id: 'headline', type: 'Symbol' }]);
const event = contentType('event', [title]);
const space = (fields: Record<string, unknown>[], ...more: Record<string, unknown>[]) => ({ contentTypes: [contentType('blogPost', fields), ...more] });

const getPost = `query GetPost($id: String!) {
  blogPost(id: $id) {
    title
    author { name }
    heroImage { url }
  }
}
`;

/**
 * 2,000 operations that each spread 30 fragments: more fragment work than graphql-js does for one
 * document (it gives up with "Validation aborted."), a broken operation last and a broken fragment.
 */
function manySpreads(): Record<string, string> {
  const files: Record<string, string> = { 'fragments.graphql': Array.from({ length: 30 }, (_, i) => `fragment F${i} on BlogPost { title }`).join('\n') };
  const spreads = Array.from({ length: 30 }, (_, i) => `...F${i}`).join(' ');
  for (let k = 0; k < 2000; k++) files[`q/${String(k).padStart(4, '0')}.graphql`] = `query Q${k} { blogPost(id: "1") { ${spreads} } }`;
  files['q/zz.graphql'] = 'query Broken { blogPost(id: "1") { nope } }';
  files['bad.graphql'] = 'fragment Bad on BlogPost { nope }';
  return files;
}

testRule(rule, {
  valid: [
    { name: 'no documents', space: space([title]) },
    { name: 'fields, links and an asset as the model has them', space: space([title, author, assetHero], person), documents: { 'post.graphql': getPost } },
    {
      name: 'collections, linkedFrom, an inline fragment on the link target and a fragment from another file',
      space: space([title, author], person),
      documents: {
        'list.graphql': 'query List { blogPostCollection(limit: 10, skip: 0) { total items { sys { id } ...PostFields author { ... on Person { name } } } } }',
        'fragments/post.graphql': 'fragment PostFields on BlogPost { title linkedFrom { entryCollection { total } } }',
      },
    },
    { name: 'a fragment only, valid on its own', space: space([title]), documents: { 'f.graphql': 'fragment T on BlogPost { title }' } },
    {
      name: 'sys { type } on a resource link is left to graphql-resource-sys-type',
      space: space([title, related]),
      documents: { 'r.graphql': 'query { blogPost(id: "1") { related { sys { type urn } } } }' },
    },
    {
      name: 'operations of one name in two files, and a fragment no operation uses',
      space: space([title]),
      documents: { 'a.graphql': 'query Same { blogPost(id: "1") { title } }', 'b.graphql': 'query Same { blogPostCollection { total } }\nfragment Unused on BlogPost { title }' },
    },
    {
      name: 'a fragment written identically in two files (a copy, formatted otherwise) is one fragment, not two of one name',
      space: space([title]),
      documents: { 'a.graphql': 'fragment T on BlogPost { title }\nquery A { blogPost(id: "1") { ...T } }', 'b.graphql': '# a copy\nfragment T on BlogPost {\n  title\n}\n' },
    },
    {
      name: 'diff of an unchanged model: a query invalid already, a syntax error and a model that the service refuses already are the lint run\'s, not the diff\'s',
      before: space([title, { id: 'Title', type: 'Symbol' }]),
      space: space([title, { id: 'Title', type: 'Symbol' }]),
      documents: { 'a.graphql': 'query A { blogPost(id: "1") { nope } }', 'bad.graphql': 'query {' },
    },
    {
      name: 'a .ts file without GraphQL',
      space: space([title]),
      documents: { 'util.ts': 'export const add = (a: number, b: number): number => a + b;\nconst s = `query { nope }`;\n' },
    },
  ],
  invalid: [
    {
      name: 'two fields with one GraphQL name (the service refuses the schema): every operation and every fragment no operation spreads is reported, tied to the collision; their own errors too, the colliding names are not',
      space: space([title, { id: 'Title', type: 'Symbol' }, { id: 'slug', type: 'Symbol' }]),
      documents: {
        'a.graphql': 'query A {\n  blogPost(id: "1") { title slug nothing ...Used }\n}\n',
        'b.graphql': 'fragment Used on BlogPost { title }\nfragment Lonely on BlogPost { slug }\n',
        'c.graphql': 'query C { blogPostCollection(where: { title: "x" }, order: [title_ASC]) { items { slug } } }\n',
      },
      findings: [
        {
          messageId: 'schemaRefused',
          target: { contentType: 'blogPost', field: 'title' },
          severity: 'error',
          file: 'a.graphql',
          line: 1,
          column: 1,
          message:
            "query 'A' cannot run: the service refuses to generate the GraphQL schema (HTTP 422, COLLIDING_FIELD_NAMES) while the content model has this problem: Field name generated for the fields 'title', 'Title' of the content type 'blogPost' would be the same for all of them: 'title'.",
        },
        { messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'a.graphql', line: 2, column: 34, message: /Cannot query field "nothing" on type "BlogPost"/ },
        { messageId: 'schemaRefused', target: { contentType: 'blogPost', field: 'title' }, severity: 'error', file: 'b.graphql', line: 2, column: 1, message: /^fragment 'Lonely' cannot run: / },
        { messageId: 'schemaRefused', target: { contentType: 'blogPost', field: 'title' }, severity: 'error', file: 'c.graphql', line: 1, column: 1, message: /^query 'C' cannot run: / },
      ],
    },
    {
      name: 'two content types with one type name and a reserved field name: the queries of the colliding types, their links and linkedFrom are the collision, a typo elsewhere is its own error',
      space: {
        contentTypes: [
          contentType('blogPost', [title, { id: 'car', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['a_car'] }] }, { id: 'linked_from', type: 'Symbol' }]),
          contentType('a_car', [{ id: 'name', type: 'Symbol' }, { id: 'post', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['blogPost'] }] }]),
          contentType('aCar', [{ id: 'model', type: 'Symbol' }]),
        ],
      },
      documents: {
        'q.graphql': [
          'query Q($where: ACarFilter) {',
          '  aCarCollection(where: $where) { items { name } }',
          '  blogPost(id: "1") { titel car { ... on ACar { name } } linkedFrom { aCarCollection { total } } }',
          '}',
          'fragment Car on ACar { model }',
          '',
        ].join('\n'),
      },
      findings: [
        { messageId: 'schemaRefused', target: { contentType: 'a_car' }, severity: 'error', line: 1, column: 1, message: /^query 'Q' cannot run: .*\(HTTP 422, COLLIDING_TYPE_NAMES\).*'a_car', 'aCar' would be the same for all of them: 'ACar' \(and 1 more problem of GraphQL names\)\./ },
        { messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', line: 3, column: 23, message: /Cannot query field "titel" on type "BlogPost"\. Did you mean "title"\?/ },
        { messageId: 'schemaRefused', target: { contentType: 'a_car' }, severity: 'error', line: 5, column: 1, message: /^fragment 'Car' cannot run: / },
      ],
    },
    {
      name: 'a derived type name collision the service does not document: the selections of the colliding names are reported as unsure (a warning), the rest is checked',
      space: { contentTypes: [contentType('post', [title]), contentType('post_collection', [title]), event] },
      documents: { 'q.graphql': 'query Q {\n  postCollection { items { title } }\n  event(id: "1") { body }\n}\n' },
      findings: [
        { messageId: 'collidingName', target: { contentType: 'post' }, severity: 'warning', line: 2, column: 3, message: /^query 'Q' uses 'postCollection', which the content model generates more than once or not validly \(Type name 'PostCollection' would be used for / },
        { messageId: 'invalidModel', target: { contentType: 'event' }, severity: 'error', line: 3, column: 20, message: /Cannot query field "body" on type "Event"/ },
      ],
    },
    {
      name: 'an operation beyond what graphql-js validates on its own (3,000 fields of one name to compare): reported as not checked, the others still checked',
      space: space([title]),
      documents: {
        'huge.graphql': `# one selection of 3,000 fields\nquery Huge { blogPost(id: "1") { ${'title '.repeat(3000)}} }`,
        'broken.graphql': 'query Broken { blogPost(id: "1") { nope } }',
        'fine.graphql': 'query Fine { blogPost(id: "1") { title } }',
      },
      findings: [
        { messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'broken.graphql', line: 1, column: 36, message: /^query 'Broken' does not validate/ },
        { messageId: 'notValidated', target: {}, severity: 'error', file: 'huge.graphql', line: 2, column: 1, message: /^query 'Huge' was not checked against the schema predicted from the content model: graphql-js gives up on it/ },
      ],
    },
    {
      name: 'fragments beyond what graphql-js validates (3,000 fields of one name): only what spreads them is not checked, the rest is',
      space: space([title]),
      documents: {
        'big.graphql': `fragment Big on BlogPost { ${'title '.repeat(3000)}}\nfragment Lonely on BlogPost { ${'title '.repeat(3000)}}`,
        'queries.graphql': ['Q0', 'Q1', 'Q2'].map((name) => `query ${name} { blogPost(id: "1") { title } }`).join('\n'),
        'uses.graphql': 'query UsesBig { blogPost(id: "1") { ...Big } }',
        'zz.graphql': 'query Broken { blogPost(id: "1") { nope } }',
      },
      findings: [
        { messageId: 'notValidated', target: {}, severity: 'error', file: 'big.graphql', line: 2, column: 1, message: /^fragment 'Lonely' was not checked/ },
        { messageId: 'notValidated', target: {}, severity: 'error', file: 'uses.graphql', line: 1, column: 1, message: /^query 'UsesBig' was not checked/ },
        { messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'zz.graphql', line: 1, column: 36, message: /^query 'Broken' does not validate/ },
      ],
    },
    {
      name: 'more operations and fragment spreads than graphql-js checks in one document: all are still checked, each error reported once',
      space: space([title]),
      documents: manySpreads(),
      findings: [
        { messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'bad.graphql', line: 1, column: 28, message: /^fragment 'Bad' does not validate/ },
        { messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'q/zz.graphql', line: 1, column: 36, message: /^query 'Broken' does not validate/ },
      ],
    },
    {
      name: 'a field the model does not have: the content type is named, at the line and column of the selection',
      space: space([title, assetHero]),
      documents: { 'post.graphql': getPost },
      findings: [
        {
          messageId: 'invalidModel',
          target: { contentType: 'blogPost' },
          severity: 'error',
          file: 'post.graphql',
          line: 4,
          column: 5,
          message: /^query 'GetPost' does not validate .*Cannot query field "author" on type "BlogPost"\. Cause in the content model: content type 'blogPost' has no field that the API names author\.$/,
        },
      ],
    },
    {
      name: 'a file that starts with a byte order mark: columns on its first line as editors count them',
      space: space([title]),
      documents: { 'bom.graphql': '\ufeffquery { blogPost(id: "1") { nope } }' },
      findings: [{ messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'bom.graphql', line: 1, column: 29 }],
    },
    {
      name: 'diff: a field removed is named as removed, with the field as target',
      before: space([title, author, assetHero], person),
      space: space([title, assetHero], person),
      documents: { 'post.graphql': getPost },
      findings: [
        { messageId: 'brokenModel', target: { contentType: 'blogPost', field: 'author' }, severity: 'error', line: 4, column: 5, message: 'BlogPost.author was removed' },
      ],
    },
    {
      name: 'diff: only what validated before the change and does not after it is reported, as breaking: not a query invalid before (nor its new error), not a syntax error',
      before: space([title, author, { id: 'slug', type: 'Symbol' }], person),
      space: space([title], person),
      documents: {
        'post.graphql': 'query Post {\n  blogPost(id: "1") { title author { ... on Person { name } } }\n}\n',
        'old.graphql': 'query Old {\n  blogPost(id: "1") { slug nope }\n}\n',
        'bad.graphql': 'query Bad { blogPost(id: "1") {',
      },
      findings: [
        {
          messageId: 'brokenModel',
          target: { contentType: 'blogPost', field: 'author' },
          severity: 'error',
          file: 'post.graphql',
          line: 2,
          column: 29,
          message: /^query 'Post' validated against the schema predicted from the content model before the change, and does not after it: Cannot query field "author" on type "BlogPost"\. The change: BlogPost\.author was removed \(field 'author' of content type 'blogPost'\)\.$/,
        },
      ],
    },
    {
      name: 'diff: names that collide after the change (the service refuses the schema): each operation that ran before is broken by it',
      before: space([title]),
      space: space([title, { id: 'Title', type: 'Symbol' }]),
      documents: { 'a.graphql': 'query A { blogPost(id: "1") { title } }\n' },
      findings: [
        { messageId: 'refusedByChange', target: { contentType: 'blogPost', field: 'title' }, severity: 'error', file: 'a.graphql', line: 1, column: 1, message: /^query 'A' ran before the change and cannot after it: the service refuses to generate the GraphQL schema \(HTTP 422, COLLIDING_FIELD_NAMES\)/ },
      ],
    },
    {
      name: 'lint: an asset link turned into an entry link: the selection on the new type is named, with the field that leads there',
      space: space([title, author, entryHero], person, hero),
      documents: { 'post.graphql': getPost },
      findings: [
        {
          messageId: 'invalidModel',
          target: { contentType: 'hero' },
          severity: 'error',
          line: 5,
          column: 17,
          message: "content type 'hero' has no field that the API names url (BlogPost.heroImage is a link to entries (Hero))",
        },
      ],
    },
    {
      name: 'diff: an asset link turned into an entry link names the change on the link field',
      before: space([title, author, assetHero], person, hero),
      space: space([title, author, entryHero], person, hero),
      documents: { 'post.graphql': getPost },
      findings: [
        {
          messageId: 'brokenModel',
          target: { contentType: 'blogPost', field: 'heroImage' },
          severity: 'error',
          line: 5,
          column: 17,
          message: 'BlogPost.heroImage is now a link to entries (Hero), not a link to an asset',
        },
      ],
    },
    {
      name: 'diff: a Symbol field turned into a link must now have a selection',
      before: space([title, { id: 'author', type: 'Symbol' }], person),
      space: space([title, author], person),
      documents: { 'a.graphql': 'query A {\n  blogPostCollection {\n    items { author }\n  }\n}\n' },
      findings: [
        {
          messageId: 'brokenModel',
          target: { contentType: 'blogPost', field: 'author' },
          severity: 'error',
          line: 3,
          column: 13,
          message: 'BlogPost.author is now a link to entries (Person), not a Symbol field (String)',
        },
      ],
    },
    {
      name: 'diff: a content type removed, queried by its collection and named in a fragment',
      before: space([title], event),
      space: space([title]),
      documents: {
        'events.graphql': 'query Events {\n  eventCollection { items { title } }\n}\n',
        'frag.graphql': 'fragment E on Event { title }\n',
      },
      findings: [
        { messageId: 'brokenModel', target: { contentType: 'event' }, severity: 'error', file: 'events.graphql', line: 2, column: 3, message: "content type 'event' was removed" },
        { messageId: 'brokenModel', target: { contentType: 'event' }, severity: 'error', file: 'frag.graphql', line: 1, column: 15, message: "content type 'event' (Event) was removed" },
      ],
    },
    {
      name: 'an error in a fragment used by two operations in other files is reported once, at the fragment',
      space: space([title]),
      documents: {
        'a.graphql': 'query A { blogPostCollection { items { ...Post } } }',
        'b.graphql': 'query B { blogPost(id: "x") { ...Post } }',
        'post.graphql': '\nfragment Post on BlogPost {\n  title\n  slug\n}\n',
      },
      findings: [{ messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'post.graphql', line: 4, column: 3, message: /^fragment 'Post' .*slug/ }],
    },
    {
      name: 'diff: a removed field used in a where filter (with an operator) and in an order value (needs the complete schema: filters and orders)',
      before: space([title, { id: 'rank', type: 'Integer' }]),
      space: space([title]),
      documents: { 'f.graphql': 'query F {\n  blogPostCollection(where: { rank_gt: 3 }, order: [rank_DESC]) { total }\n}\n' },
      findings: [
        { messageId: 'brokenModel', target: { contentType: 'blogPost', field: 'rank' }, severity: 'error', line: 2, column: 31, message: /"rank_gt" is not defined by type "BlogPostFilter".*BlogPost\.rank was removed/ },
        { messageId: 'brokenModel', target: { contentType: 'blogPost', field: 'rank' }, severity: 'error', line: 2, column: 53, message: /"rank_DESC" does not exist in "BlogPostOrder" enum.*BlogPost\.rank was removed/ },
      ],
    },
    {
      name: 'more errors than graphql-js reports by default (100): all of them',
      space: space([title]),
      documents: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`q${String(i).padStart(3, '0')}.graphql`, `query Q${i} { blogPost(id: "${i}") { missing${i} } }`])),
      findings: Array.from({ length: 120 }, (_, i) => ({ messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error' as const, file: `q${String(i).padStart(3, '0')}.graphql`, message: new RegExp(`missing${i}"`) })),
    },
    {
      name: 'a spread of a fragment that no file defines',
      space: space([title]),
      documents: { 'a.graphql': 'query A {\n  blogPostCollection { items { ...Missing } }\n}' },
      findings: [{ messageId: 'invalid', target: {}, severity: 'error', line: 2, column: 35, message: /^query 'A' .*Unknown fragment "Missing"\.$/ }],
    },
    {
      name: 'a syntax error is a finding at its place',
      space: space([title]),
      documents: { 'broken.graphql': 'query A {\n  blogPostCollection {\n    items { title\n  }\n' },
      findings: [{ messageId: 'syntax', target: {}, severity: 'error', line: 5, column: 1, message: /^GraphQL syntax error: Expected Name, found <EOF>\./ }],
    },
    {
      // 20,000 levels: past the stack of node's main thread and of vitest's worker threads.
      name: 'a document nested deeper than the parser can follow is reported as not checked, not as a syntax error',
      space: space([title]),
      documents: { 'deep.graphql': `query Deep {\n  blogPostCollection { items { ${'a { '.repeat(20_000)}b${' }'.repeat(20_000)} } }\n}\n` },
      findings: [{ messageId: 'tooDeep', target: {}, severity: 'error', line: 1, column: 1, message: /^The GraphQL document nests too deeply for cmlint to read it \(graphql-js's parser ran out of stack: Maximum call stack size exceeded\), so it was not checked/ }],
    },
    {
      name: 'embedded in a .ts file: the place in the original file, with an interpolated fragment',
      space: space([title]),
      documents: {
        'queries.ts': [
          "import { gql } from '@apollo/client';",
          "import { POST } from './post';",
          '',
          'export const LIST = gql`',
          '  query List {',
          '    blogPostCollection { items { ...Post subtitle } }',
          '  }',
          '  ${POST}',
          '`;',
          '',
        ].join('\n'),
        'post.ts': "export const POST = /* GraphQL */ `fragment Post on BlogPost { title }`;\n",
      },
      findings: [{ messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'queries.ts', line: 6, column: 42, message: /subtitle/ }],
    },
    {
      name: 'two fragments of one name in two files',
      space: space([title]),
      documents: { 'a.graphql': 'fragment T on BlogPost { title }', 'b.graphql': 'fragment T on BlogPost { sys { id } }' },
      findings: [
        { messageId: 'invalid', target: {}, severity: 'error', file: 'a.graphql', line: 1, column: 10, message: /There can be only one fragment named "T"\.$/ },
      ],
    },
    {
      name: 'an operation copied into another file: reported once, in the first file',
      space: space([title]),
      documents: { 'a.graphql': 'query Q { blogPost(id: "1") { nope } }', 'b.ts': "import { gql } from '@apollo/client';\nexport const Q = gql`\n  query Q {\n    blogPost(id: \"1\") {\n      nope\n    }\n  }\n`;\n" },
      findings: [{ messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'a.graphql', line: 1, column: 31 }],
    },
    {
      name: 'an untagged query sent with fetch: its own errors at their place in the file',
      space: space([title]),
      documents: {
        'api.ts': [
          "const endpoint = 'https://graphql.contentful.com/content/v1/spaces/x';",
          'const query = `',
          '  query ($id: String!) {',
          '    blogPost(id: $id) { title slug }',
          '  }',
          '`;',
          "export const getPost = (id: string) => fetch(endpoint, { method: 'POST', body: JSON.stringify({ query, variables: { id } }) });",
          '',
        ].join('\n'),
      },
      findings: [{ messageId: 'invalidModel', target: { contentType: 'blogPost' }, severity: 'error', file: 'api.ts', line: 4, column: 31, message: /^anonymous query .*Cannot query field "slug" on type "BlogPost"/ }],
    },
    {
      name: 'an anonymous operation beside another one in a document',
      space: space([title]),
      documents: { 'a.graphql': 'query A { blogPostCollection { total } }\n{ blogPost(id: "1") { title } }\n' },
      findings: [{ messageId: 'invalid', target: {}, severity: 'error', line: 2, column: 1, message: /^anonymous query .*This anonymous operation must be the only defined operation\.$/ }],
    },
    {
      name: 'a mutation: the service has none',
      space: space([title]),
      documents: { 'm.graphql': 'mutation Save { save }' },
      findings: [{ messageId: 'invalid', target: {}, severity: 'error', line: 1, column: 1, message: /^mutation 'Save' .*The service's GraphQL API has no mutation operations \(it is read-only\)\.$/ }],
    },
  ],
});
