import { describe, expect, it } from 'vitest';
import rule from '../../rules/role-based-user-data.js';
import { cmlint } from '../helpers/cli.js';
import { testSourceRule } from '../helpers/source-rule-tester.js';

const plainClient = `import { createClient } from 'contentful-management';

const client = createClient({ accessToken: process.env.CMA_TOKEN! }, { type: 'plain' });

export async function spaceEditors(spaceId: string) {
  const users = await client.user.getManyForSpace({ spaceId, query: { limit: 100 } });
  return users.items
    .filter((user) => user.activated && user['2faEnabled'])
    .map((user) => ({ id: user.sys.id, name: \`\${user.firstName} \${user.lastName}\`, email: user.email }));
}
`;

const legacyClient = `const contentful = require('contentful-management');

const client = contentful.createClient({ accessToken: process.env.CMA_TOKEN });

client
  .getSpace(process.env.SPACE_ID)
  .then((space) => space.getSpaceUsers())
  .then((users) => {
    for (const user of users.items) {
      console.log(user.firstName, user.lastName, user.sys.createdAt);
    }
  });
`;

const auditScript = `import { createClient } from 'contentful-management';
const space = await createClient({ accessToken: token }).getSpace(spaceId);
const { items } = await space.getSpaceUsers({ limit: 1000 });
for (const { firstName, lastName, sys } of items) console.log(firstName, lastName, sys.id);
const author = await space.getSpaceUser(entry.sys.createdBy.sys.id);
console.log(\`\${author.firstName} \${author.lastName}\`);
`;

testSourceRule(rule, {
  valid: [
    { name: 'only the fields a non-admin token keeps, read through destructuring and for…of', code: auditScript },
    {
      name: 'names and avatars in a React app (the App SDK’s cma client)',
      file: 'src/Sidebar.tsx',
      code: `import { useSDK } from '@contentful/react-apps-toolkit';
import type { SidebarAppSDK } from '@contentful/app-sdk';
export function Authors() {
  const sdk = useSDK<SidebarAppSDK>();
  sdk.cma.user.getManyForSpace({ spaceId: sdk.ids.space }).then((users) => setAuthors(users.items.map((u) => ({ id: u.sys.id, avatar: u.avatarUrl }))));
  return null;
}
`,
    },
    {
      name: 'only counted, with other requests in Promise.all (an app’s dashboard)',
      file: 'src/QuickLinks.tsx',
      code: `import { useCMA } from '@contentful/react-apps-toolkit';
export async function counts(cma: ReturnType<typeof useCMA>) {
  const [types, users] = await Promise.all([cma.contentType.getMany({}), cma.user.getManyForSpace({})]);
  return { types: types.total, users: users.total, shown: users.items.length };
}
`,
    },
    {
      name: 'the organization’s users and /users/me are not part of the change',
      code: `import { createClient } from 'contentful-management';
const client = createClient({ accessToken: token }, { type: 'plain' });
const members = await client.user.getManyForOrganization({ organizationId });
console.log(members.items.map((u) => u.email));
const me = await fetch('https://api.contentful.com/users/me', { headers });
await fetch(\`https://api.contentful.com/organizations/\${org}/users\`);
`,
    },
    {
      name: 'space members without include=sys.user (their records are the same for every token)',
      code: `import { createClient } from 'contentful-management';
const space = await createClient({ accessToken: token }).getSpace(spaceId);
const members = await space.getSpaceMembers({ limit: 100 });
const admins = members.items.filter((m) => m.admin);
await fetch(\`https://api.contentful.com/spaces/\${spaceId}/space_members?limit=100\`);
`,
    },
    {
      name: 'getSpaceUsers of another library (the file does not import the management SDK), and comments',
      code: `import { Workspace } from './workspace';
// contentful: space.getSpaceUsers() returns email too
const users = await workspace.getSpaceUsers();
console.log(users.map((u) => u.email));
`,
    },
    {
      name: 'a users path below another host, and an own API route',
      code: `await fetch(\`https://auth.example.com/spaces/\${id}/users\`); // contentful
await fetch(\`/api/spaces/\${id}/users\`);
`,
    },
    {
      name: 'adminTokensOnly: a script with the project’s own token',
      options: { adminTokensOnly: true },
      code: plainClient,
    },
  ],
  invalid: [
    {
      name: 'the plain client, fields read in filter and map callbacks (TypeScript)',
      code: plainClient,
      findings: [
        {
          messageId: 'omittedFields',
          severity: 'warning',
          line: 6,
          column: 23,
          message:
            /^client\.user\.getManyForSpace\(\) lists the users of a space and reads activated, 2faEnabled, email\. From 2026-08-14 a token of a non-admin user gets a reduced user record.*an admin token keeps the full data\.$/,
        },
      ],
    },
    {
      name: 'the legacy client in a promise chain with for…of (JavaScript)',
      file: 'scripts/list-users.js',
      code: legacyClient,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 7, message: /^space\.getSpaceUsers\(\) lists the users of a space and reads sys\.createdAt\./ }],
    },
    {
      name: 'one user read, its e-mail destructured',
      file: 'src/notify.mjs',
      code: `import { createClient } from 'contentful-management';
export async function notifyAuthor(space, entry) {
  const { email, firstName } = await space.getSpaceUser(entry.sys.createdBy.sys.id);
  await mailer.send({ to: email, text: \`Hi \${firstName}\` });
}
`,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 3, message: /^space\.getSpaceUser\(\) reads a user of a space and reads email\./ }],
    },
    {
      name: 'the users returned to the caller: the request, without fields',
      code: `import { createClient } from 'contentful-management';
const client = createClient({ accessToken: token }, { type: 'plain' });
export const spaceUsers = (spaceId: string) => client.user.getManyForSpace({ spaceId }).then((r) => r.items);
`,
      findings: [{ messageId: 'request', severity: 'warning', line: 3, message: /^client\.user\.getManyForSpace\(\) lists the users of a space; what the code reads from the response is not in view here\./ }],
    },
    {
      name: 'fetch of the users endpoint, the body read with .json()',
      code: `const CMA = 'https://api.contentful.com';
export async function emails(spaceId: string, token: string) {
  const res = await fetch(\`\${CMA}/spaces/\${spaceId}/users?limit=100\`, { headers: { Authorization: \`Bearer \${token}\` } });
  const body = await res.json();
  return body.items.map((user: { email: string }) => user.email);
}
`,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 3, column: 27, message: /^GET \/spaces\/\{id\}\/users lists the users of a space and reads email\./ }],
    },
    {
      name: 'axios: one user, its sign-in count from .data',
      file: 'src/user.js',
      code: `import axios from 'axios';
const { data } = await axios.get(\`https://api.contentful.com/spaces/\${space}/users/\${id}\`, { headers });
console.log(data.signInCount, data.firstName);
`,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 2, message: /^GET \/spaces\/\{id\}\/users\/\{id\} reads a user of a space and reads signInCount\./ }],
    },
    {
      name: 'a fetch promise chain: .then(r => r.json()), then find and index on the items (JavaScript)',
      file: 'lib/users.cjs',
      code: `const fetch = require('node-fetch');
module.exports = function lastLogin(space, id) {
  return fetch(\`https://api.contentful.com/spaces/\${space}/users\`, { headers })
    .then((r) => r.json())
    .then((data) => [data.items.find((u) => u.sys.id === id)?.sys.updatedAt, data.items[0].confirmed]);
};
`,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 3, message: /^GET \/spaces\/\{id\}\/users lists the users of a space and reads sys\.updatedAt, confirmed\./ }],
    },
    {
      name: 'fetched beside other requests in Promise.all, then mapped by id',
      file: 'src/releases.ts',
      code: `import type { BaseAppSDK } from '@contentful/app-sdk';
export async function authors(sdk: BaseAppSDK, ids: string[]) {
  const [actions, users] = await Promise.all([
    sdk.cma.scheduledActions.getMany({ spaceId: sdk.ids.space, query: {} }),
    ids.length > 0 ? sdk.cma.user.getManyForSpace({ spaceId: sdk.ids.space, query: { 'sys.id[in]': ids.join(',') } }) : Promise.resolve({ items: [] }),
  ]);
  const byId = new Map<string, string>();
  users.items.forEach((user) => byId.set(user.sys.id, user.email));
  return actions.items.map((a) => byId.get(a.sys.createdBy.sys.id));
}
`,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 5, message: /^sdk\.cma\.user\.getManyForSpace\(\) lists the users of a space and reads email\./ }],
    },
    {
      name: 'a client cast to any in an app, for…of over the items cast to any[]',
      file: 'src/ExportPage.tsx',
      code: `import { useCMA, useSDK } from '@contentful/react-apps-toolkit';
export async function userNames(cma: ReturnType<typeof useCMA>, spaceId: string) {
  const response = await (cma as any).user.getManyForSpace({ spaceId });
  const names: Record<string, string> = {};
  for (const user of response.items as any[]) names[user.sys.id] = \`\${user.firstName ?? ''} \${user.lastName ?? ''}\`.trim() || user.email;
  return names;
}
`,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 3, message: /^user\.getManyForSpace\(\) lists the users of a space and reads email\./ }],
    },
    {
      name: 'Python requests',
      file: 'tools/audit.py',
      code: 'import requests\nr = requests.get(f"https://api.contentful.com/spaces/{SPACE}/users", headers=h)  # contentful\n',
      findings: [{ messageId: 'request', severity: 'warning', line: 2 }],
    },
    {
      name: 'space members with their users included (legacy client and URL)',
      code: `import { createClient } from 'contentful-management';
const space = await createClient({ accessToken: token }).getSpace(spaceId);
const members = await space.getSpaceMembers({ include: 'sys.user', limit: 100 });
await fetch(\`https://api.contentful.com/spaces/\${spaceId}/space_members?include=sys.user\`);
`,
      findings: [
        { messageId: 'request', severity: 'warning', line: 3, message: /^space\.getSpaceMembers\(\) lists the space members with their users \(include=sys\.user\);/ },
        { messageId: 'request', severity: 'warning', line: 4, message: /^GET \/spaces\/\{id\}\/space_members\?include=sys\.user lists/ },
      ],
    },
    {
      name: 'an App SDK app still reported with adminTokensOnly (the signed-in user’s token)',
      file: 'src/Sidebar.tsx',
      options: { adminTokensOnly: true },
      code: `import { useSDK } from '@contentful/react-apps-toolkit';
export function Author({ id }: { id: string }) {
  const sdk = useSDK();
  sdk.cma.user.getForSpace({ spaceId: sdk.ids.space, userId: id }).then((user) => setEmail(user.email));
  return null;
}
`,
      findings: [{ messageId: 'omittedFields', severity: 'warning', line: 4, message: /^sdk\.cma\.user\.getForSpace\(\) reads a user of a space and reads email\./ }],
    },
    {
      name: 'curl in a shell script',
      file: 'bin/users.sh',
      code: '#!/bin/sh\ncurl -s "https://api.contentful.com/spaces/$SPACE_ID/users" -H "Authorization: Bearer $CMA_TOKEN" | jq ".items[].email"\n',
      findings: [{ messageId: 'request', severity: 'warning', line: 2, column: 10 }],
    },
    {
      name: 'before 2026-08-14: a warning that says when',
      asOf: '2026-08-01',
      code: "import { createClient } from 'contentful-management';\nexport const users = await space.getSpaceUsers();\n",
      findings: [{ messageId: 'request', severity: 'warning', line: 2, message: /\(enforced from 2026-08-14 \(in 13 days\)\)$/ }],
    },
  ],
});

describe('role-based-user-data in the rules list and the audit timeline', () => {
  it('cmlint rules shows its date', () => {
    const line = cmlint(['rules', '--as-of', '2026-08-01']).stdout.split('\n').find((l) => l.startsWith('role-based-user-data '));
    expect(line).toMatch(/^role-based-user-data\s+warning\s+enforced from 2026-08-14 \(in 13 days\)/);
  });
});
