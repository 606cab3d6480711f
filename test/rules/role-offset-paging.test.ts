import rule from '../../rules/role-offset-paging.js';
import { testSourceRule } from '../helpers/source-rule-tester.js';

const legacyLoop = `import { createClient } from 'contentful-management';

const client = createClient({ accessToken: process.env.CMA_TOKEN });

export async function allRoles(spaceId) {
  const space = await client.getSpace(spaceId);
  const query = { limit: 100, skip: 0 };
  const roles = [];
  let total = Infinity;
  while (roles.length < total) {
    const page = await space.getRoles(query);
    roles.push(...page.items);
    total = page.total;
    query.skip += query.limit;
  }
  return roles;
}
`;

testSourceRule(rule, {
  valid: [
    {
      name: 'skip on other lists (entries, users) and other APIs',
      code: `import { createClient } from 'contentful-management';
const client = createClient({ accessToken: 't' }, { type: 'plain' });
const entries = await client.entry.getMany({ spaceId, environmentId, query: { skip: 100, limit: 100 } });
const users = await client.user.getManyForSpace({ spaceId, query: { skip: 100 } });
console.log(entries.total, users.skip);
`,
    },
    { name: 'cursor paging', code: "import { createClient } from 'contentful-management';\nconst roles = await client.role.getMany({ spaceId, query: { limit: 100, pageNext: cursor } });\nconsole.log(roles.pages.next);\n" },
    { name: 'another API’s getRoles (the file does not use the management SDK)', code: "import { ManagementClient } from 'auth0';\nconst contentful = 1;\nconst roles = await auth0.getRoles({ skip: 10 });\nconsole.log(roles.total);\n" },
    { name: 'role.getMany without a spaceId is not the plain client', code: "const contentful = 1;\nconst r = await db.role.getMany({ query: { skip: 5 } });\n" },
    { name: 'a comment', code: '// client.role.getMany({ spaceId, query: { skip: 100 } }) -- contentful\nexport {};\n' },
    { name: 'a roles URL without skip, and skip on an entries URL', code: "await fetch(`https://api.contentful.com/spaces/${id}/roles?limit=100`);\nawait fetch(`https://api.contentful.com/spaces/${id}/environments/master/entries?skip=100`);\n" },
    { name: 'a roles URL with skip on another host', code: "await fetch(`https://auth.example.com/spaces/${id}/roles?skip=100`); // contentful\n" },
  ],
  invalid: [
    {
      name: 'the plain client with skip in the query',
      code: `import { createClient } from 'contentful-management';
const client = createClient({ accessToken: 't' }, { type: 'plain' });
export const page = await client.role.getMany({ spaceId: 's1', query: { skip: 100, limit: 100 } });
`,
      findings: [{ messageId: 'skipParam', severity: 'warning', line: 3, column: 73, message: /pageNext \/ pagePrev.*pages\.next.*\(enforced from 2027-02-15 \(in 86 days\)\)$/ }],
    },
    {
      name: 'an error from 2027-02-15',
      asOf: '2027-03-01',
      code: "import { createClient } from 'contentful-management';\nexport const page = await client.role.getMany({ spaceId, query: { skip } });\n",
      findings: [{ messageId: 'skipParam', severity: 'error', line: 2 }],
    },
    {
      name: 'the legacy client in a loop that adds limit to skip, reading total',
      code: legacyLoop,
      findings: [
        { messageId: 'loopPaging', severity: 'warning', line: 11, message: /adding to 'skip'/ },
        { messageId: 'responseField', severity: 'warning', line: 13, message: /^Reads 'total' of the space roles list \('page'\)/ },
      ],
    },
    {
      name: 'the legacy client with skip in the query object (JavaScript)',
      file: 'scripts/roles.mjs',
      code: "import contentful from 'contentful-management';\nconst space = await client.getSpace('x');\nfor (let skip = 0; skip < 1000; skip += 100) {\n  const roles = await space.getRoles({ skip, limit: 100 });\n  if (roles.skip + roles.limit >= roles.total) break;\n}\n",
      findings: [
        { messageId: 'skipParam', severity: 'warning', line: 4, column: 40 },
        { messageId: 'responseField', severity: 'warning', line: 5, message: /'skip'/ },
        { messageId: 'responseField', severity: 'warning', line: 5, message: /'total'/ },
      ],
    },
    {
      name: 'a roles URL with skip in its query string (template literal, and curl in a script)',
      code: "export const r = await fetch(`https://api.contentful.com/spaces/${spaceId}/roles?limit=100&skip=${skip}`);\n",
      findings: [{ messageId: 'skipParam', severity: 'warning', line: 1, column: 30 }],
    },
    {
      name: 'curl in a shell script',
      file: 'bin/roles.sh',
      code: '#!/bin/sh\ncurl -s "https://api.contentful.com/spaces/$SPACE/roles?skip=100&limit=100" -H "Authorization: Bearer $CMA"\n',
      findings: [{ messageId: 'skipParam', severity: 'warning', line: 2, column: 10 }],
    },
  ],
});
