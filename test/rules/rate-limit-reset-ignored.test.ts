import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../rules/rate-limit-reset-ignored.js';
import { cmlint } from '../helpers/cli.js';
import { testSourceRule } from '../helpers/source-rule-tester.js';

const fetchLoop = `const SPACE = process.env.CONTENTFUL_SPACE_ID;
const CDA = \`https://cdn.contentful.com/spaces/\${SPACE}/environments/master\`;

export async function getEntries(query: string): Promise<unknown> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(\`\${CDA}/entries?\${query}\`, { headers: { Authorization: \`Bearer \${process.env.CONTENTFUL_TOKEN}\` } });
    if (res.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (!res.ok) throw new Error(\`CDA \${res.status}\`);
    return res.json();
  }
  throw new Error('rate limited');
}
`;

const recursiveHelper = `const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithRetry(url, options, delay = 500, retries = 5) {
  const res = await fetch(url, options);
  if (res.status === 429 && retries > 0) {
    await sleep(delay);
    return fetchWithRetry(url, options, delay, retries - 1);
  }
  return res;
}

export const page = (skip) => fetchWithRetry(\`https://cdn.contentful.com/spaces/\${space}/entries?skip=\${skip}\`, { headers });
`;

const axiosInterceptor = `import axios from 'axios';

const RETRY_DELAY_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const graphql = axios.create({
  baseURL: \`https://graphql.contentful.com/content/v1/spaces/\${process.env.SPACE_ID}\`,
  headers: { Authorization: \`Bearer \${process.env.CDA_TOKEN}\` },
});

graphql.interceptors.response.use(undefined, async (error) => {
  if (error.response?.status === 429) {
    await sleep(RETRY_DELAY_MS);
    return graphql.request(error.config);
  }
  throw error;
});
`;

testSourceRule(rule, {
  valid: [
    {
      name: 'reads the reset header before it retries',
      code: fetchLoop.replace(
        'await new Promise((resolve) => setTimeout(resolve, 1000));',
        "const seconds = Number(res.headers.get('X-Contentful-RateLimit-Reset') ?? '1');\n      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));",
      ),
    },
    {
      name: 'the header name in a constant the function reads',
      code: `const RESET_HEADER = 'x-contentful-ratelimit-reset';\n${fetchLoop.replace('setTimeout(resolve, 1000)', 'setTimeout(resolve, 1000 * Number(res.headers.get(RESET_HEADER)))')}`,
    },
    { name: 'exponential backoff', code: fetchLoop.replace('setTimeout(resolve, 1000)', 'setTimeout(resolve, 2 ** attempt * 250)') },
    { name: 'a wait the parser does not know in the 429 branch', code: fetchLoop.replace('await new Promise((resolve) => setTimeout(resolve, 1000));', 'await backoff(attempt);') },
    {
      name: 'Retry-After read by an axios interceptor (JavaScript)',
      file: 'src/http.js',
      code: axiosInterceptor
        .replace(': number', '')
        .replace('await sleep(RETRY_DELAY_MS);', "await sleep(Number(error.response.headers['retry-after'] ?? 1) * 1000);"),
    },
    {
      name: 'reads the reset header (to log it) and waits a constant: it reads the header, not reported',
      code: fetchLoop.replace(
        'await new Promise((resolve) => setTimeout(resolve, 1000));',
        "console.warn('rate limited, reset in', res.headers.get('x-contentful-ratelimit-reset'));\n      await new Promise((resolve) => setTimeout(resolve, 1000));",
      ),
    },
    {
      name: 'the SDK retries by itself: a 429 around client.getEntries is not the client’s own request',
      code: `import { createClient } from 'contentful';
const client = createClient({ space: 's', accessToken: 't' });
export async function entries() {
  const nav = await fetch(\`https://graphql.contentful.com/content/v1/spaces/\${space}\`, { method: 'POST', body: NAV_QUERY });
  for (;;) {
    try {
      return await client.getEntries({ content_type: 'page' });
    } catch (error: any) {
      if (error.status === 429) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      throw error;
    }
  }
}
`,
    },
    { name: 'a recursive helper that doubles its delay', file: 'lib/fetch-with-retry.mjs', code: recursiveHelper.replace('fetchWithRetry(url, options, delay, retries - 1)', 'fetchWithRetry(url, options, delay * 2, retries - 1)') },
    {
      name: 'a 429 that is thrown, not retried',
      code: `export async function entries() {
  const res = await fetch(\`https://cdn.contentful.com/spaces/\${space}/entries\`, { headers });
  if (res.status === 429) throw new Error('Too many requests');
  return res.json();
}
`,
    },
    {
      name: 'a retry loop for another API in a file that also reads the delivery API',
      code: `export async function summarise(text: string) {
  for (let i = 0; i < 3; i++) {
    const res = await fetch('https://api.openai.com/v1/chat/completions', { method: 'POST', body: text });
    if (res.status === 429) { await new Promise((r) => setTimeout(r, 1000)); continue; }
    return res.json();
  }
}
export const entries = () => fetch(\`https://cdn.contentful.com/spaces/\${space}/entries\`, { headers });
`,
    },
    {
      name: 'the preview and management APIs (the headers are stated for delivery and GraphQL)',
      code: fetchLoop.replace('https://cdn.contentful.com', 'https://preview.contentful.com') + fetchLoop.replace('https://cdn.contentful.com', 'https://api.contentful.com').replace(/getEntries|CDA|SPACE/g, (m) => `${m}2`),
    },
    {
      name: 'a 429 check in a loop over ids, without a retry',
      code: `for (const id of ids) {
  const res = await fetch(\`https://cdn.contentful.com/spaces/\${space}/entries/\${id}\`, { headers });
  if (res.status === 429) console.warn('rate limited', id);
}
`,
    },
  ],
  invalid: [
    {
      name: 'fetch in a loop, continue after a fixed wait (TypeScript)',
      code: fetchLoop,
      findings: [
        {
          messageId: 'fixedDelay',
          severity: 'warning',
          line: 7,
          column: 9,
          message:
            /^This retries a 429 from the delivery API after the same 1000 ms every time\. The service answers 429 with x-service-ratelimit-reset, the seconds until it accepts requests again .* wait that long before the next attempt\./,
        },
      ],
    },
    {
      name: 'the error body read before the fixed wait',
      code: fetchLoop.replace('await new Promise((resolve) => setTimeout(resolve, 1000));', "console.warn('rate limited', await res.text());\n      await new Promise((resolve) => setTimeout(resolve, 1000));"),
      findings: [{ messageId: 'fixedDelay', severity: 'warning', line: 7, message: /after the same 1000 ms every time/ }],
    },
    {
      name: 'a recursive helper whose delay is passed on unchanged, called with a delivery URL (JavaScript)',
      file: 'lib/fetch-with-retry.mjs',
      code: recursiveHelper,
      findings: [{ messageId: 'fixedDelay', severity: 'warning', line: 5, column: 7, message: /^This retries a 429 from the delivery API after the same delay every time\./ }],
    },
    {
      name: 'an axios client of the GraphQL API retried by its interceptor after a constant',
      code: axiosInterceptor,
      findings: [{ messageId: 'fixedDelay', severity: 'warning', line: 12, message: /from the GraphQL API after the same sleep\(2000\) every time/ }],
    },
    {
      name: 'a loop whose condition is the 429, with no wait',
      file: 'scripts/warm-cache.js',
      code: `const url = \`https://cdn.contentful.com/spaces/\${process.env.SPACE}/entries?limit=1000\`;
let res = await fetch(url, { headers });
let tries = 0;
while (res.status === 429 && tries++ < 3) res = await fetch(url, { headers });
`,
      findings: [{ messageId: 'noDelay', severity: 'warning', line: 4, column: 8, message: /^This retries a 429 from the delivery API at once\./ }],
    },
    {
      name: 'a request timeout is not a wait',
      code: `const ENDPOINT = \`https://cdn.contentful.com/spaces/\${process.env.SPACE}/entries\`;
export async function entries() {
  for (;;) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 8000);
    const res = await fetch(ENDPOINT, { headers, signal: controller.signal });
    clearTimeout(timer);
    if (res.status === 429) continue;
    return res.json();
  }
}
`,
      findings: [{ messageId: 'noDelay', severity: 'warning', line: 8 }],
    },
    {
      name: 'a negative check that returns, then a fixed sleep (got)',
      code: `import got from 'got';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function query(body: string) {
  while (true) {
    const res = await got.post(\`https://graphql.contentful.com/content/v1/spaces/\${SPACE}\`, { body, throwHttpErrors: false });
    if (res.statusCode !== 429) return JSON.parse(res.body);
    await sleep(500);
  }
}
`,
      findings: [{ messageId: 'fixedDelay', severity: 'warning', line: 6, message: /from the GraphQL API after the same sleep\(500\) every time/ }],
    },
    {
      name: 'switch on the status in a class whose client is created with the delivery host',
      code: `import axios from 'axios';
export class Delivery {
  private http = axios.create({ baseURL: 'https://cdn.contentful.com', validateStatus: () => true });
  async entries(space: string) {
    for (;;) {
      const res = await this.http.get(\`/spaces/\${space}/entries\`);
      switch (res.status) {
        case 429:
          continue;
        default:
          return res.data;
      }
    }
  }
}
`,
      findings: [{ messageId: 'noDelay', severity: 'warning', line: 8 }],
    },
    {
      name: 'graphql-request: a negative check that throws, then a helper’s wait and a recursive call',
      code: `import { GraphQLClient } from 'graphql-request';
import { sleep } from './utils';

const endpoint = \`https://graphql.contentful.com/content/v1/spaces/\${process.env.SPACE_ID}/environments/master\`;
const delivery = new GraphQLClient(endpoint, { headers: { Authorization: \`Bearer \${process.env.CDA_TOKEN}\` } });
const preview = new GraphQLClient(endpoint, { headers: { Authorization: \`Bearer \${process.env.CPA_TOKEN}\` } });

export async function query<T>(document: string, variables: Record<string, unknown> = {}, draft = false): Promise<T> {
  const client = draft ? preview : delivery;
  try {
    return await client.request<T>(document, { ...variables, preview: draft });
  } catch (error: any) {
    if (error?.response?.status !== 429) throw error;
    await sleep(1);
    return query(document, variables, draft);
  }
}
`,
      findings: [{ messageId: 'fixedDelay', severity: 'warning', line: 13, message: /^This retries a 429 from the GraphQL API after the same sleep\(1\) every time\./ }],
    },
    {
      name: 'a set of retryable statuses with 429 (ky)',
      code: `import ky from 'ky';
const RETRY_ON = new Set([429, 503]);
const CDA = 'https://cdn.eu.contentful.com';
export async function get(path: string) {
  for (let i = 0; i < 4; i++) {
    const res = await ky.get(CDA + path, { throwHttpErrors: false });
    if (RETRY_ON.has(res.status)) { await new Promise((r) => setTimeout(r, 300)); continue; }
    return res.json();
  }
}
`,
      findings: [{ messageId: 'fixedDelay', severity: 'warning', line: 7, message: /after the same 300 ms every time/ }],
    },
  ],
});

describe('rate-limit-reset-ignored in the rules list and the audit timeline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-rate-limit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cmlint rules lists it without a date', () => {
    const lines = cmlint(['rules']).stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('rate-limit-reset-ignored '));
    expect(lines[at]).toMatch(/^rate-limit-reset-ignored +warning {3}no date \(the headers are additive\)$/);
    expect(lines[at + 1]).toMatch(/^ {4}Code that retries 429 responses/);
  });

  it('the markdown timeline lists its findings as undated, and role-based-user-data as enforced from 2026-08-14', () => {
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, '.linterrc.yaml'), 'sources: ["src/**/*.ts"]\n');
    writeFileSync(join(dir, 'src/cda.ts'), fetchLoop);
    writeFileSync(join(dir, 'src/users.ts'), "import { createClient } from 'contentful-management';\nexport const users = await space.getSpaceUsers();\n");
    const run = cmlint(['--as-of', '2026-09-01', '--format', 'markdown'], { cwd: dir });
    expect(run.stderr).toBe('');
    const enforced = run.stdout.slice(run.stdout.indexOf('### Already enforced'), run.stdout.indexOf('### Upcoming'));
    expect(enforced).toMatch(/\| 2026-08-14 \| `role-based-user-data` \| 1 \| 1 warning \|/);
    const undated = run.stdout.slice(run.stdout.indexOf('### Undated'));
    expect(undated).toMatch(/`rate-limit-reset-ignored` \| no date \(the headers are additive\) \| 1 \| 1 warning \|/);
  });
});
