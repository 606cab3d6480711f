import type * as t from '@babel/types';
import { defineRule } from '../src/engine/rule.js';
import { literalValue, objectProperties, type CallSite } from '../src/inputs/sources/js-facts.js';
import { recordReads, type ValueShape } from '../src/inputs/sources/record-reads.js';
import { endsWith, sdkQuery } from '../src/inputs/sources/requests.js';
import { importsAny, type SourceFileNode } from '../src/inputs/sources/source-node.js';
import { syntaxTree } from '../src/inputs/sources/syntax-tree.js';
import { segments, type ParsedUrl } from '../src/inputs/sources/urls.js';

interface Options {
  adminTokensOnly: boolean;
}

/** The user fields the service's reference says a non-admin requester may not get. */
const OMITTED = ['email', 'activated', 'signInCount', 'confirmed', '2faEnabled', 'sys.version', 'sys.createdAt', 'sys.updatedAt'];
/** The fields it does not name as omitted (inferred: see the docs). Code that reads only these is not reported. */
const KEPT = new Set(['firstName', 'lastName', 'avatarUrl', 'sys.id', 'sys.type']);

const MANAGEMENT_SDK = ['contentful-management'];
/** Code that runs inside the web app, whose requests carry the signed-in user's token. */
const APP_SDK = ['@contentful/app-sdk', '@contentful/react-apps-toolkit', 'contentful-ui-extensions-sdk'];

const CHANGE = `From 2026-08-14 a token of a non-admin user gets a reduced user record, which may leave out ${OMITTED.join(', ')}; an admin token keeps the full data.`;

/** What the code asks for: the users of a space, one of them, or the space members with their users. */
type Kind = 'users' | 'user' | 'members';
const WHAT: Readonly<Record<Kind, string>> = {
  users: 'lists the users of a space',
  user: 'reads a user of a space',
  members: 'lists the space members with their users (include=sys.user)',
};
const PATHS: Readonly<Record<Kind, string>> = { users: '/spaces/{id}/users', user: '/spaces/{id}/users/{id}', members: '/spaces/{id}/space_members?include=sys.user' };

interface Request {
  kind: Kind;
  /** How the message names it: `space.getSpaceUsers()`, `GET /spaces/{id}/users`. */
  label: string;
  start: number;
  /** The expression whose value holds the users, with its shape, when the parser can follow it. */
  value: { node: t.Node; shape: ValueShape } | null;
}

/** Whether an `include` parameter's value (`'sys.user'`, `['sys.user']`, `'sys.user,roles'`) asks for the users. */
function includesUsers(value: unknown): boolean {
  const list = Array.isArray(value) ? value : [value];
  return list.some((v) => typeof v === 'string' && v.split(',').some((part) => part.trim() === 'sys.user'));
}

/** The kind of a call of the management SDK (plain client, or the legacy client in files that import it). */
function sdkKind(call: CallSite, file: SourceFileNode): Kind | null {
  const method = call.callee[call.callee.length - 1]!;
  const include = () => includesUsers(literalValue(sdkQuery(call)?.get('include')?.value));
  if (endsWith(call.callee, ['user', 'getManyForSpace']) || endsWith(call.callee, ['user', 'getForSpace'])) {
    const plain = objectProperties(call.args[0])?.has('spaceId') === true || importsAny(file, [...MANAGEMENT_SDK, ...APP_SDK]);
    return plain ? (method === 'getForSpace' ? 'user' : 'users') : null;
  }
  if (endsWith(call.callee, ['spaceMember', 'getMany'])) return include() ? 'members' : null;
  if (call.callee.length < 2 || !importsAny(file, MANAGEMENT_SDK)) return null;
  if (method === 'getSpaceUsers') return 'users';
  if (method === 'getSpaceUser') return 'user';
  if (method === 'getSpaceMembers' && include()) return 'members';
  return null;
}

/** The kind of a management API URL or path (`/spaces/{id}/users`, …), or null. */
function urlKind(url: ParsedUrl): Kind | null {
  if (url.host !== null && url.kind !== 'management') return null;
  const parts = segments(url.path);
  if (parts[0] !== 'spaces') return null;
  if (parts[2] === 'users' && (parts.length === 3 || parts.length === 4)) return parts.length === 3 ? 'users' : 'user';
  if (parts[2] === 'space_members' && parts.length === 3 && includesUsers(url.query.get('include')?.join(','))) return 'members';
  return null;
}

const SHAPES: Readonly<Record<Kind, 'collection' | 'record'>> = { users: 'collection', user: 'record', members: 'collection' };

function requests(file: SourceFileNode): Request[] {
  const found: Request[] = [];
  for (const call of file.calls) {
    const kind = sdkKind(call, file);
    if (kind === null) continue;
    // The names after the last part without one (`(cma as any).user.getManyForSpace` → user.getManyForSpace).
    const named = call.callee.slice(Math.max(call.callee.lastIndexOf('?'), call.callee.lastIndexOf('()')) + 1);
    found.push({ kind, label: `${named.join('.')}()`, start: call.start, value: kind === 'members' ? null : { node: call.node, shape: SHAPES[kind] } });
  }
  for (const { url, start } of file.urls) {
    const kind = urlKind(url);
    if (kind === null) continue;
    // The request that sends the URL, when the literal is its argument (`fetch(url)`, `axios.get(url)`): its response holds the users.
    const literal = file.strings.find((s) => s.start === start)?.node;
    const request = literal && file.program ? syntaxTree(file.program).parent(literal) : undefined;
    const sent = request && (request.type === 'CallExpression' || request.type === 'OptionalCallExpression') && request.arguments.includes(literal as t.Expression);
    found.push({ kind, label: `GET ${PATHS[kind]}`, start, value: sent && kind !== 'members' ? { node: request, shape: 'response' } : null });
  }
  return found;
}

export default defineRule<Options>({
  meta: {
    id: 'role-based-user-data',
    description: 'Code that lists or reads the users of a space: from 2026-08-14 a token of a non-admin user gets a reduced user record (no email, activated, 2faEnabled …); names the fields the code reads.',
    enforcement: { date: '2026-08-14', postponedFrom: null, note: null },
    severity: 'warning',
    recommended: true,
    inputs: ['sources'],
    schema: {
      type: 'object',
      properties: {
        adminTokensOnly: {
          type: 'boolean',
          default: false,
          description:
            "Every token the project's code uses belongs to a space admin: report only code that runs inside the web app (files that import the App SDK), whose requests carry the signed-in user's token.",
        },
      },
      additionalProperties: false,
    },
    messages: {
      omittedFields: { text: `{{request}} {{what}} and reads {{fields}}. ${CHANGE}` },
      request: { text: `{{request}} {{what}}; what the code reads from the response is not in view here. ${CHANGE}` },
    },
    docs: `
From 2026-08-14 the management API answers requests for the users of a space by the role of the
token's user: an admin keeps the full user records, a **non-admin** user's token gets a reduced
record of each user. Code that reads user fields then gets \`undefined\` where it got a value
before: an e-mail column goes empty, a check of \`activated\` or \`2faEnabled\` turns false. The
service refuses nothing, so nothing fails loudly.

The change document names neither the endpoints nor the fields; the service's reference does (see
"Sources"): \`GET /spaces/{space_id}/users\` and \`GET /spaces/{space_id}/users/{user_id}\` may
leave out \`email\`, \`activated\`, \`signInCount\`, \`confirmed\`, \`2faEnabled\` and \`sys.version\`,
\`sys.createdAt\`, \`sys.updatedAt\` for non-admin requesters, and
\`GET /spaces/{space_id}/space_members\` reduces the users it includes with \`include=sys.user\`.
**Which fields the reduced record keeps is not stated.** The rule takes \`firstName\`, \`lastName\`,
\`avatarUrl\`, \`sys.id\` and \`sys.type\` as kept (**UNVERIFIED**: the reference does not name
them among those left out), so that code reading only these is not reported; any other field the
code reads is named.

Reported in application sources (warnings; before 2026-08-14 they say when it starts):

- the management SDK's plain client, \`user.getManyForSpace({ spaceId, … })\` and
  \`user.getForSpace({ spaceId, userId })\` (also as \`sdk.cma.user…\` in apps), and the legacy
  client's \`space.getSpaceUsers()\` and \`space.getSpaceUser(id)\` (in files that import
  \`contentful-management\`);
- space members with \`include: 'sys.user'\` in a query the parser can see
  (\`spaceMember.getMany\`, \`space.getSpaceMembers\`);
- the paths \`/spaces/{id}/users\`, \`/spaces/{id}/users/{id}\` and
  \`/spaces/{id}/space_members?include=sys.user\`, on a management host (\`service.hosts.management\`)
  or without a host, in code, shell scripts, workflows, Python and Ruby.

A finding names the fields the code reads from the users, where the parser can follow them within
the file: through \`await\`, variables and destructuring, \`Promise.all\`, \`.then\` callbacks, a response's
\`.json()\` or axios' \`.data\`, a collection's \`items\`, array callbacks (\`map\`, \`find\`,
\`filter\` …), \`for … of\` and indexing. Where it cannot (the users are returned, passed to
another function or rendered), the finding is about the request, and says so.

Not reported: code that reads only the fields taken as kept, or no user field at all (\`total\`,
\`items.length\`); the organization's users
(\`/organizations/{id}/users\`, \`user.getManyForOrganization\`: not part of this change);
\`/users/me\`; space members without \`include=sys.user\` (their own records are the same for every
token); the App SDK's \`sdk.space.getUsers()\` (see "Sources"); comments and Markdown.

## Options

- \`adminTokensOnly\` (default \`false\`): set it when every token the project's code uses belongs
  to a space admin. Then only files that import the App SDK (\`@contentful/app-sdk\`,
  \`@contentful/react-apps-toolkit\`, \`contentful-ui-extensions-sdk\`) are reported: an app runs
  inside the web app, where its requests carry the token of whoever is signed in, admin or not.

## Examples

Reported:

\`\`\`ts
const users = await client.user.getManyForSpace({ spaceId });
const emails = users.items.map((user) => user.email);
const res = await fetch(\`https://api.contentful.com/spaces/\${spaceId}/users\`, { headers });
\`\`\`

Not reported:

\`\`\`ts
const { items } = await space.getSpaceUsers();
const names = items.map((u) => \`\${u.firstName} \${u.lastName}\`);
\`\`\`

## Sources

- The change: "Starting 14.08.2026, we will update how user data is returned from the Content
  Management API (CMA) when fetching users within a space. API responses for user data will become
  role-based: Admin users will continue to receive full responses, with no changes. Non-admin users
  will receive limited user information …"; "The reduced data set for non-admin users is already
  reflected in our public documentation"
  (https://www.contentful.com/developers/api-changes/role-based-changes-to-user-data-responses-in-the-cma/).
- Users of a space: "Admin requesters receive full user information. Non-admin requesters receive
  a reduced (minified) representation of each user. The top-level pagination structure of the
  response remains the same"; "Fields such as email, activated, signInCount, confirmed, 2faEnabled,
  version, createdAt, and updatedAt may be omitted for non-admin requesters"
  (https://www.contentful.com/developers/docs/references/user-management-api/users; endpoints
  …/users/get-all-users-for-a-space and …/users/get-a-user-in-a-space). The example response for
  non-admins could not be read: the kept fields above are inferred (**UNVERIFIED**).
- Space members: "the SpaceMember resources returned in items are the same for all requesters";
  with \`include=sys.user\`, "Non-admin requesters may receive a reduced (minified) representation
  in includes.User"
  (https://www.contentful.com/developers/docs/references/user-management-api/space-members).
- The full record as the JavaScript SDK types it: \`sys\`, \`firstName\`, \`lastName\`, \`avatarUrl\`,
  \`email\`, \`activated\`, \`signInCount\`, \`confirmed\`, \`2faEnabled\`, \`cookieConsentData\`
  (contentful/contentful-management.js@lib/entities/user.ts \`UserProps\`, every field required). No
  changelog entry of the SDKs about the change was found (contentful-management.js publishes its
  changelog as GitHub releases, which could not be searched).
- The SDK methods and their paths: \`user.getManyForSpace\` → \`/spaces/{spaceId}/users\`,
  \`user.getForSpace\` → \`/spaces/{spaceId}/users/{userId}\`, \`spaceMember.getMany\` →
  \`/spaces/{spaceId}/space_members\`; the legacy \`getSpaceUsers\`, \`getSpaceUser\`,
  \`getSpaceMembers\` call them (contentful/contentful-management.js@lib/adapters/REST/endpoints/user.ts,
  …/space-member.ts, lib/create-space-api.ts).
- The App SDK's \`space.getUsers()\` was answered by the web app from its own cache of users,
  not by the client
  (contentful/widget-sdk@1e31c30:src/javascripts/widgets/ExtensionSpaceMethods.es6.js); whether it
  is reduced today is **UNVERIFIED**, and it is not reported. That an app's \`sdk.cma\` requests carry
  the signed-in user's token (why \`adminTokensOnly\` still reports apps) is **UNVERIFIED**.

## Fix

Read the fields you need with an admin's token, or do without them: a non-admin token still gets
each user's id and name. Where code matched users by e-mail address, match them by \`sys.id\`.
`,
  },

  create(context) {
    return {
      sourceFile(file) {
        if (context.options.adminTokensOnly && !importsAny(file, APP_SDK)) return;
        for (const request of requests(file)) {
          const data = { request: request.label, what: WHAT[request.kind] };
          const reads = request.value && file.program ? recordReads(syntaxTree(file.program), request.value.node, request.value.shape, SHAPES[request.kind]) : null;
          const omitted = reads ? [...reads.fields].filter(([field]) => !KEPT.has(field)).sort((a, b) => a[1] - b[1]) : [];
          if (omitted.length > 0) {
            context.report({ node: file.at(request.start), messageId: 'omittedFields', data: { ...data, fields: omitted.map(([field]) => field).join(', ') } });
          } else if (reads === null || reads.escapes) {
            context.report({ node: file.at(request.start), messageId: 'request', data });
          }
        }
      },
    };
  },
});
