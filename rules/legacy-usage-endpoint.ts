import { defineRule } from '../src/engine/rule.js';
import { importsAny } from '../src/inputs/sources/source-node.js';
import { endsWith } from '../src/inputs/sources/requests.js';
import { organizationResource } from '../src/inputs/sources/urls.js';

const ENDPOINTS = new Set(['organization_periodic_usages', 'space_periodic_usages']);
/** The plain client's methods (`client.usage.…`) and the legacy client's, with the endpoint each calls. */
const PLAIN_METHODS: Readonly<Record<string, string>> = { getManyForOrganization: 'organization_periodic_usages', getManyForSpace: 'space_periodic_usages' };
const LEGACY_METHODS: Readonly<Record<string, string>> = { getOrganizationUsage: 'organization_periodic_usages', getSpaceUsage: 'space_periodic_usages' };
const MANAGEMENT_SDK = ['contentful-management'];

const REPLACEMENT =
  'Use GET /metric instead (aggregated series of API calls, asset bandwidth, AI actions and functions: daily granularity up to 31 days or monthly up to 12 months, grouped by space or by API type), and GET /usages-detailed for the bandwidth of each asset.';

export default defineRule({
  meta: {
    id: 'legacy-usage-endpoint',
    description: 'Code that calls the legacy usage endpoints (organization_periodic_usages, space_periodic_usages) or the SDK methods for them: deprecated, then 410 Gone.',
    enforcement: { date: '2026-08-18', postponedFrom: null, note: null },
    stages: [
      { date: '2026-08-18', severity: 'warning', label: 'deprecated (no updates or support)' },
      { date: '2027-02-28', severity: 'error', label: 'removed (410 Gone)' },
    ],
    severity: 'error',
    recommended: true,
    inputs: ['sources'],
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      url: { text: `Request to the legacy usage endpoint /organizations/{id}/{{endpoint}}. ${REPLACEMENT}` },
      sdkMethod: { text: `{{method}}() calls the legacy usage endpoint /organizations/{id}/{{endpoint}}. ${REPLACEMENT}` },
    },
    docs: `
The management API's two legacy usage endpoints,
\`GET /organizations/{organization_id}/organization_periodic_usages\` and
\`GET /organizations/{organization_id}/space_periodic_usages\`, are deprecated from 2026-08-18
(no further updates or support) and removed on 2027-02-28: from then on they answer
**410 Gone**. The rule has two stages: its findings are warnings from 2026-08-18 and errors from
2027-02-28 (before 2026-08-18, warnings that name both dates).

What replaces them: \`GET /metric\` returns aggregated time series (API calls, asset bandwidth,
AI actions, functions) with daily granularity for up to 31 days or monthly granularity for up to
12 months, grouped by space or by API type; \`GET /usages-detailed\` returns the bandwidth of each
asset.

Reported in application sources (the config's \`sources\`, or code files named on the command line):

- string and template literals holding the path, with one of the management API's hosts
  (\`service.hosts.management\`) or without a host (\`\${base}/organizations/\${id}/space_periodic_usages\`);
  URLs in shell scripts, workflows, Python and Ruby files the same way;
- calls of the JavaScript SDK's methods for them: the plain client's \`usage.getManyForOrganization\`
  and \`usage.getManyForSpace\`, and the legacy client's \`getOrganizationUsage\` and
  \`getSpaceUsage\` (these two only in files that import \`contentful-management\`, as the names are
  common words).

Not reported: the path on another host, text in comments, and Markdown files (not read).

## Examples

Reported:

\`\`\`ts
const usage = await client.usage.getManyForSpace({ organizationId, query: { 'metric[in]': 'cda' } });
await fetch(\`https://api.contentful.com/organizations/\${org}/organization_periodic_usages\`);
\`\`\`

Not reported:

\`\`\`ts
// the old client.usage.getManyForSpace call was replaced by /metric
await fetch(\`https://usage.example.com/organizations/\${org}/space_periodic_usages\`);
\`\`\`

## Fix

Move reports to \`GET /metric\` (and \`GET /usages-detailed\` for asset bandwidth) before 2027-02-28.
`,
  },

  create(context) {
    return {
      sourceFile(file) {
        for (const { url, start } of file.urls) {
          if (url.host !== null && url.kind !== 'management') continue;
          const endpoint = organizationResource(url.path);
          if (endpoint !== null && ENDPOINTS.has(endpoint)) context.report({ node: file.at(start), messageId: 'url', data: { endpoint } });
        }
        const legacyClient = importsAny(file, MANAGEMENT_SDK);
        for (const call of file.calls) {
          const method = call.callee[call.callee.length - 1]!;
          let endpoint: string | undefined;
          if (Object.hasOwn(PLAIN_METHODS, method) && endsWith(call.callee, ['usage', method])) endpoint = PLAIN_METHODS[method];
          else if (Object.hasOwn(LEGACY_METHODS, method) && legacyClient && call.callee.length > 1) endpoint = LEGACY_METHODS[method];
          if (endpoint) context.report({ node: file.at(call.start), messageId: 'sdkMethod', data: { method: call.callee.join('.'), endpoint } });
        }
      },
    };
  },
});
