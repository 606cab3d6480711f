import rule from '../../rules/zero-limit-query.js';
import { contentType, testRule } from '../helpers/rule-tester.js';
import { testSourceRule } from '../helpers/source-rule-tester.js';

const space = { contentTypes: [contentType('blogPost', [{ id: 'title', type: 'Symbol' }, { id: 'tags', type: 'Array', items: { type: 'Link', linkType: 'Entry' } }])] };

testRule(rule, {
  valid: [
    { name: 'no documents', space },
    { name: 'limit: 1 to count', space, documents: { 'a.graphql': 'query { blogPostCollection(limit: 1) { total } }' } },
    { name: 'a variable with another default', space, documents: { 'b.graphql': 'query P($n: Int = 10) { blogPostCollection(limit: $n) { items { title } } }' } },
    { name: 'a variable without a default (the caller decides)', space, documents: { 'c.graphql': 'query P($n: Int) { blogPostCollection(limit: $n) { total } }' } },
    { name: 'limit: 0 on a field that is not a collection', space, documents: { 'd.graphql': 'query { search(limit: 0) { id } }' } },
    { name: 'skip: 0 is not a limit', space, documents: { 'e.graphql': 'query { blogPostCollection(skip: 0) { total } }' } },
    { name: 'a string "0" in a comment of the code is not GraphQL', space, documents: { 'f.ts': '// gql`query { blogPostCollection(limit: 0) { total } }`\nexport const n = 0;\n' } },
    { name: 'before 2025-02-17 limit: 0 meant none (and the rule says so as upcoming)', space, asOf: '2025-01-01', documents: {} },
  ],
  invalid: [
    {
      name: 'limit: 0 on a content type collection whose items the query reads, at the argument',
      space,
      documents: { 'posts.graphql': 'query Posts {\n  blogPostCollection(limit: 0) { items { title } }\n}\n' },
      findings: [
        {
          messageId: 'literal',
          target: {},
          severity: 'warning',
          file: 'posts.graphql',
          line: 2,
          column: 22,
          message: /^query 'Posts' asks blogPostCollection for `limit: 0`: from 2025-02-17 .*up to 100 items, not none.*complexity limit.*`limit: 1`\.$/,
          suggestions: [{ id: 'countOnly', desc: 'Ask for 1 item (to read only total)', outputDocuments: { 'posts.graphql': 'query Posts {\n  blogPostCollection(limit: 1) { items { title } }\n}\n' } }],
        },
      ],
      // The limit the service applies anyway, made explicit: the query returns what it returns now.
      outputDocuments: { 'posts.graphql': 'query Posts {\n  blogPostCollection(limit: 100) { items { title } }\n}\n' },
    },
    {
      // Until 2025-02-17 `limit: 0` with only `total` was the way to count: 1 item keeps that meaning
      // (the response is the same) and the query's cost low; 100 would keep the cost the message warns of.
      name: 'limit: 0 on a collection the query only counts (total, skip, limit): the fix asks for 1 item',
      space,
      documents: { 'count.graphql': 'query Count {\n  blogPostCollection(limit: 0) { total skip __typename }\n}\n' },
      findings: [{ messageId: 'literal', target: {}, severity: 'warning', file: 'count.graphql', line: 2, column: 22 }],
      outputDocuments: { 'count.graphql': 'query Count {\n  blogPostCollection(limit: 1) { total skip __typename }\n}\n' },
    },
    {
      name: 'a variable passed as the limit whose default is 0, through a fragment in another file',
      space,
      documents: {
        'q.graphql': 'query Q($n: Int = 0) {\n  blogPost(id: "1") { ...Tags }\n  entryCollection(limit: $n) { total }\n}',
        'tags.graphql': 'fragment Tags on BlogPost { tagsCollection(limit: $n) { total } }',
      },
      findings: [
        {
          messageId: 'variableDefault',
          target: {},
          severity: 'warning',
          file: 'q.graphql',
          line: 3,
          column: 19,
          message: /^query 'Q' passes `\$n` as the limit of entryCollection, and `\$n` defaults to 0/,
          suggestions: [{ id: 'countOnly' }],
        },
        { messageId: 'variableDefault', target: {}, severity: 'warning', file: 'tags.graphql', line: 1, column: 44, message: /^query 'Q' passes `\$n` as the limit of tagsCollection/, suggestions: [{ id: 'countOnly' }] },
      ],
      // Both findings are fixed by the variable's default, where the operation defines it (one edit).
      outputDocuments: { 'q.graphql': 'query Q($n: Int = 100) {\n  blogPost(id: "1") { ...Tags }\n  entryCollection(limit: $n) { total }\n}' },
    },
    {
      name: 'a literal in a fragment used by two operations is reported once',
      space,
      documents: {
        'a.graphql': 'query A { blogPost(id: "1") { ...L } }\nquery B { blogPost(id: "2") { ...L } }',
        'l.graphql': 'fragment L on BlogPost { linkedFrom { entryCollection(limit: 0) { total } } }',
      },
      findings: [{ messageId: 'literal', target: {}, severity: 'warning', file: 'l.graphql', line: 1, column: 55, message: /^fragment 'L' asks entryCollection/ }],
      outputDocuments: { 'l.graphql': 'fragment L on BlogPost { linkedFrom { entryCollection(limit: 1) { total } } }' },
    },
    {
      name: 'before 2025-02-17: upcoming, a warning with the date',
      space,
      asOf: '2025-01-01',
      documents: { 'c.graphql': 'query { assetCollection(limit: 0) { total items { url } } }' },
      findings: [{ messageId: 'literal', target: {}, severity: 'warning', message: /anonymous query asks assetCollection .*\(enforced from 2025-02-17/, suggestions: [{ id: 'countOnly' }] }],
      outputDocuments: { 'c.graphql': 'query { assetCollection(limit: 100) { total items { url } } }' },
    },
    {
      name: 'embedded in a gql tag of a .js file',
      space,
      documents: { 'count.js': "import gql from 'graphql-tag';\n\nexport default gql`\n  { blogPostCollection(limit: 0) { total } }\n`;\n" },
      findings: [{ messageId: 'literal', target: {}, severity: 'warning', file: 'count.js', line: 4, column: 24 }],
      outputDocuments: { 'count.js': "import gql from 'graphql-tag';\n\nexport default gql`\n  { blogPostCollection(limit: 1) { total } }\n`;\n" },
    },
  ],
});

// The code half: requests from application code (`sources`), reported at their place in the file.
testSourceRule(rule, {
  valid: [
    { name: 'a limit of 1 to count', code: "import { createClient } from 'contentful';\nawait client.getEntries({ content_type: 'post', limit: 1 });\n" },
    { name: 'a variable that only looks like a limit of 0', code: "import { createClient } from 'contentful';\nconst LIMIT_ZERO = 10;\nawait client.getEntries({ limit: LIMIT_ZERO });\n" },
    { name: 'limit=0 in a comment and on another host', code: "// await fetch('https://cdn.contentful.com/spaces/x/entries?limit=0')\nawait fetch('https://api.example.com/contentful?limit=0');\n" },
    { name: 'the management SDK (not a delivery request)', code: "import { createClient } from 'contentful-management';\nawait environment.getEntries({ limit: 0 });\n" },
  ],
  invalid: [
    {
      name: 'the delivery SDK with limit: 0',
      code: "import { createClient } from 'contentful';\nconst client = createClient({ space, accessToken });\nexport const count = (await client.getEntries({ content_type: 'post', limit: 0 })).total;\n",
      findings: [
        {
          messageId: 'code',
          severity: 'warning',
          line: 3,
          column: 71,
          message: /client\.getEntries.*up to 100 items/,
          suggestions: [
            {
              id: 'countOnly',
              output: "import { createClient } from 'contentful';\nconst client = createClient({ space, accessToken });\nexport const count = (await client.getEntries({ content_type: 'post', limit: 1 })).total;\n",
            },
          ],
        },
      ],
      output: "import { createClient } from 'contentful';\nconst client = createClient({ space, accessToken });\nexport const count = (await client.getEntries({ content_type: 'post', limit: 100 })).total;\n",
    },
    {
      name: "a limit of '0' as a string, in a TypeScript cast: the same spelling",
      code: "import { createClient } from 'contentful';\nawait client.getAssets({ limit: '0' as unknown as number });\n",
      findings: [{ messageId: 'code', severity: 'warning', line: 2, suggestions: [{ id: 'countOnly' }] }],
      output: "import { createClient } from 'contentful';\nawait client.getAssets({ limit: '100' as unknown as number });\n",
    },
    {
      name: 'limit=0 in a template whose expressions come before the query: the query is changed where the file writes it',
      code: 'await fetch(`https://cdn.contentful.com/spaces/${space}/entries?skip=0&limit=0&select=sys.id`);\n',
      findings: [{ messageId: 'code', severity: 'warning', line: 1, suggestions: [{ id: 'countOnly' }] }],
      output: 'await fetch(`https://cdn.contentful.com/spaces/${space}/entries?skip=0&limit=100&select=sys.id`);\n',
    },
    {
      name: 'limit: 0 in GraphQL sent as a plain string: fixed in place (the string keeps the file\'s offsets)',
      code: "await fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query: '{ blogPostCollection(limit: 0) { items { title } } }' }) });\n",
      findings: [{ messageId: 'code', severity: 'warning', line: 1, suggestions: [{ id: 'countOnly' }] }],
      output: "await fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query: '{ blogPostCollection(limit: 100) { items { title } } }' }) });\n",
    },
    {
      name: 'limit: 0 after an escape in a plain string: the escape does not move the edit',
      code: "await fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query: '{\\n  blogPostCollection(limit: 0) { total } }' }) });\n",
      // Only counted: 1 item.
      findings: [{ messageId: 'code', severity: 'warning', line: 1 }],
      output: "await fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query: '{\\n  blogPostCollection(limit: 1) { total } }' }) });\n",
    },
    {
      name: 'limit: 0 in GraphQL sent as an untagged template that only counts: the fix asks for 1 item',
      code: "const query = `{ blogPostCollection(limit: 0) { total } }`;\nawait fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query }) });\n",
      findings: [{ messageId: 'code', severity: 'warning', line: 1 }],
      output: "const query = `{ blogPostCollection(limit: 1) { total } }`;\nawait fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query }) });\n",
    },
    {
      name: 'limit=0 on a preview URL in a shell script',
      file: 'count.sh',
      code: 'curl "https://preview.contentful.com/spaces/$SPACE/entries?limit=0"\n',
      findings: [{ messageId: 'code', severity: 'warning', line: 1, column: 7, suggestions: [{ id: 'countOnly' }] }],
      output: 'curl "https://preview.contentful.com/spaces/$SPACE/entries?limit=100"\n',
    },
    {
      name: 'before 2025-02-17: upcoming, a warning that names the date',
      asOf: '2025-01-01',
      code: "await fetch('https://cdn.contentful.com/spaces/x/entries?limit=0');\n",
      findings: [{ messageId: 'code', severity: 'warning', line: 1, message: /2025-02-17/, suggestions: [{ id: 'countOnly' }] }],
      output: "await fetch('https://cdn.contentful.com/spaces/x/entries?limit=100');\n",
    },
  ],
});
