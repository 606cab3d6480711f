import { describe, expect, it } from 'vitest';
import rule from '../../rules/legacy-usage-endpoint.js';
import { runSourceRule, testSourceRule } from '../helpers/source-rule-tester.js';

const plain = `import { createClient } from 'contentful-management';

const client = createClient({ accessToken: process.env.CMA_TOKEN! }, { type: 'plain' });

export async function monthlyUsage(organizationId: string) {
  const spaces = await client.usage.getManyForSpace({
    organizationId,
    query: { 'metric[in]': 'cda,cpa', 'dateRange.startAt': '2026-01-01' },
  });
  return spaces.items;
}
`;

testSourceRule(rule, {
  valid: [
    { name: 'the path only in a comment', code: `// was: GET /organizations/{id}/organization_periodic_usages\n/* client.usage.getManyForSpace() */\nexport const x = 1; // contentful\n` },
    { name: 'the path on another host', code: "await fetch(`https://usage.example.com/organizations/${org}/space_periodic_usages`);\n" },
    { name: 'the replacement endpoint', code: "await fetch(`https://api.contentful.com/organizations/${org}/metric?granularity=daily`);\n" },
    {
      name: 'getSpaceUsage in a file that does not use the management SDK (disk usage, not the service)',
      code: "import { statfs } from 'node:fs/promises';\nconst contentful = 'dir';\nexport const used = await disk.getSpaceUsage('/var');\n",
    },
    { name: 'a usage endpoint word in Markdown is not read', file: 'docs/usage.md', code: 'GET https://api.contentful.com/organizations/1/space_periodic_usages\n' },
    { name: 'a shell comment', file: 'scripts/usage.sh', code: '# curl https://api.contentful.com/organizations/$ORG/space_periodic_usages\necho done\n' },
  ],
  invalid: [
    {
      name: 'the plain client: usage.getManyForSpace (a warning while deprecated, naming the removal date)',
      code: plain,
      findings: [{ messageId: 'sdkMethod', severity: 'warning', line: 6, column: 24, message: /GET \/metric.*daily granularity up to 31 days or monthly up to 12 months.*\/usages-detailed.*removed \(410 Gone\) from 2027-02-28 \(in 99 days\)/ }],
    },
    {
      name: 'an error from 2027-02-28 (410 Gone)',
      code: plain,
      asOf: '2027-02-28',
      findings: [{ messageId: 'sdkMethod', severity: 'error', line: 6 }],
    },
    {
      name: 'before the deprecation: a warning naming both stages',
      code: plain,
      asOf: '2026-08-17',
      findings: [{ messageId: 'sdkMethod', severity: 'warning', line: 6, message: /deprecated \(no updates or support\) from 2026-08-18 \(in 1 day\); removed \(410 Gone\) from 2027-02-28/ }],
    },
    {
      name: 'the legacy client (CommonJS): getOrganizationUsage and getSpaceUsage',
      file: 'scripts/usage.js',
      code: `const contentful = require('contentful-management');
const client = contentful.createClient({ accessToken: process.env.TOKEN });
async function main() {
  const org = await client.getOrganizationUsage(process.env.ORG, { 'metric[in]': 'cma' });
  const spaces = await client.getSpaceUsage(process.env.ORG, {});
  console.log(org.items, spaces.items);
}
main();
`,
      findings: [
        { messageId: 'sdkMethod', severity: 'warning', line: 4, message: /^client\.getOrganizationUsage\(\) calls the legacy usage endpoint \/organizations\/\{id\}\/organization_periodic_usages/ },
        { messageId: 'sdkMethod', severity: 'warning', line: 5 },
      ],
    },
    {
      name: 'URLs in template literals and strings, with the host or below a base URL',
      code: `const base = process.env.CMA_URL;
export const a = await fetch(\`https://api.contentful.com/organizations/\${org}/organization_periodic_usages?metric[in]=cda\`);
export const b = await axios.get(\`\${base}/organizations/\${org}/space_periodic_usages\`);
export const c = await axios.get('/organizations/' + org + '/space_periodic_usages');
`,
      findings: [
        { messageId: 'url', severity: 'warning', line: 2, column: 30 },
        { messageId: 'url', severity: 'warning', line: 3, message: /space_periodic_usages/ },
      ],
    },
    {
      name: 'a proxy host configured as a management host (service.hosts)',
      code: "await fetch('https://cms-proxy.example.com/cma/organizations/1/space_periodic_usages');\n",
      hosts: { management: ['cms-proxy.example.com/cma'] },
      findings: [{ messageId: 'url', severity: 'warning', line: 1 }],
    },
    {
      name: 'curl in a shell script and in a workflow',
      file: '.github/workflows/usage.yml',
      code: 'jobs:\n  usage:\n    steps:\n      - run: curl -H "Authorization: Bearer $TOKEN" "https://api.eu.contentful.com/organizations/$ORG/space_periodic_usages" # monthly\n',
      findings: [{ messageId: 'url', severity: 'warning', line: 4, column: 54 }],
    },
    {
      name: 'Python requests',
      file: 'tools/usage.py',
      code: 'import requests\n\nr = requests.get(f"https://api.contentful.com/organizations/{org}/organization_periodic_usages")\n',
      findings: [{ messageId: 'url', severity: 'warning', line: 3 }],
    },
  ],
});

describe('legacy-usage-endpoint on code it cannot parse', () => {
  it('a syntax error is an input error naming file, line and column', async () => {
    await expect(runSourceRule(rule, { name: 'x', code: "import { createClient } from 'contentful';\nconst = 1;\n" })).rejects.toThrow(/src\/app\.ts:2:7: Cannot parse as JavaScript\/TypeScript/);
  });
});
