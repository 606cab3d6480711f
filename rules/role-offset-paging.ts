import { defineRule } from '../src/engine/rule.js';
import { objectProperties, type CallSite } from '../src/inputs/sources/js-facts.js';
import { endsWith, sdkQuery } from '../src/inputs/sources/requests.js';
import { importsAny, type SourceFileNode } from '../src/inputs/sources/source-node.js';
import { segments } from '../src/inputs/sources/urls.js';

const CURSOR = 'Page with limit and the cursor parameters pageNext / pagePrev instead, following pages.next (and pages.previous) of each response until there is no next page.';
const CHANGE = 'From 2027-02-15 the space roles list pages by cursor: its responses have no total or skip, and skip no longer pages.';

/** A call that lists the roles of a space: the plain client's `role.getMany({ spaceId, … })`, or the legacy client's `getRoles` in a file that imports the management SDK. */
function isRolesCall(call: CallSite, file: SourceFileNode): boolean {
  if (endsWith(call.callee, ['role', 'getMany'])) return objectProperties(call.args[0])?.has('spaceId') === true;
  return call.callee.length > 1 && call.callee[call.callee.length - 1] === 'getRoles' && importsAny(file, ['contentful-management']);
}

/** `/spaces/{id}/roles` (also below an environment), without a role id after it. */
function isRolesPath(path: string): boolean {
  const parts = segments(path);
  return parts.length >= 3 && parts[parts.length - 1] === 'roles' && parts.includes('spaces');
}

export default defineRule({
  meta: {
    id: 'role-offset-paging',
    description: 'Code that pages the space roles list with skip, or reads its total or skip: from 2027-02-15 the list pages by cursor (pageNext/pagePrev, pages.next).',
    enforcement: { date: '2027-02-15', postponedFrom: null, note: null },
    severity: 'error',
    recommended: true,
    inputs: ['sources'],
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      skipParam: { text: `The space roles are listed with skip. ${CHANGE} ${CURSOR}` },
      loopPaging: { text: `This loop pages through the space roles by adding to '{{name}}'. ${CHANGE} ${CURSOR}` },
      responseField: { text: `Reads '{{field}}' of the space roles list ('{{variable}}'). ${CHANGE} ${CURSOR}` },
    },
    docs: `
From 2027-02-15 \`GET /spaces/{spaceId}/roles\` pages by cursor: a response holds \`items\` and a
\`pages\` object with the \`next\` and \`previous\` links, and no longer \`total\` or \`skip\`; \`limit\`
still works, and the cursor parameters are \`pageNext\` and \`pagePrev\`. Code that pages with
\`skip\`, or stops when \`skip + limit >= total\`, gets the first page again and again, or stops
early.

Reported where the parser can see it, in application sources:

- a roles URL (\`/spaces/{id}/roles\`, on a management host or without a host) with \`skip\` in its
  query string;
- the plain client's \`role.getMany({ spaceId, query: { skip } })\` and the legacy client's
  \`space.getRoles({ skip })\` (in files that import \`contentful-management\`);
- a loop around a roles call that assigns to \`skip\`, or to the variable the call passes as
  \`skip\` (\`skip += limit\`);
- reading \`total\` or \`skip\` of a variable that holds the result of a roles call.

Not reported: \`skip\` on other lists (entries, assets, users …), other APIs' \`getRoles\`, text in
comments. What the parser cannot see (a query object built elsewhere, a generic paging helper)
is not reported either.

## Examples

Reported:

\`\`\`ts
const roles = await client.role.getMany({ spaceId, query: { skip: 100, limit: 100 } });
for (let skip = 0; skip < roles.total; skip += 100) { … }
\`\`\`

Not reported:

\`\`\`ts
const entries = await client.entry.getMany({ spaceId, environmentId, query: { skip: 100 } });
\`\`\`

## Fix

Request the first page with \`limit\`, then follow \`pages.next\` (its \`pageNext\` cursor) until a
response has no next page.
`,
  },

  create(context) {
    return {
      sourceFile(file) {
        for (const { url, start } of file.urls) {
          if (url.host !== null && url.kind !== 'management') continue;
          if (isRolesPath(url.path) && url.query.has('skip')) context.report({ node: file.at(start), messageId: 'skipParam' });
        }
        const rolesVariables = new Set<string>();
        for (const call of file.calls) {
          if (!isRolesCall(call, file)) continue;
          if (call.boundTo !== null) rolesVariables.add(call.boundTo);
          const query = sdkQuery(call);
          const skip = query?.get('skip');
          if (skip) {
            context.report({ node: file.at(skip.start), messageId: 'skipParam' });
            continue;
          }
          if (call.loop === null) continue;
          // A query built outside the call (`getRoles(query)` with `query.skip += limit` in the loop).
          if (call.loop.assigned.has('skip')) context.report({ node: file.at(call.start), messageId: 'loopPaging', data: { name: 'skip' } });
        }
        for (const read of file.memberReads) {
          if (rolesVariables.has(read.object) && (read.property === 'total' || read.property === 'skip')) {
            context.report({ node: file.at(read.start), messageId: 'responseField', data: { field: read.property, variable: read.object } });
          }
        }
      },
    };
  },
});
