import { defineRule } from '../src/engine/rule.js';
import { rateLimitRetries } from '../src/inputs/sources/rate-limit-retries.js';

const API_NAMES = { delivery: 'delivery', graphql: 'GraphQL' } as const;
const READ =
  'The service answers 429 with x-service-ratelimit-reset, the seconds until it accepts requests again (and x-service-ratelimit-second-limit, the per-second limit of the space): wait that long before the next attempt. Retrying sooner is refused again and keeps the space over its limit under load.';

export default defineRule({
  meta: {
    id: 'rate-limit-reset-ignored',
    description: 'Code that retries 429 responses of the delivery or GraphQL API with its own HTTP client after a fixed delay or none, without reading the x-service-ratelimit-reset header.',
    enforcement: { date: null, postponedFrom: null, note: 'no date (the headers are additive)' },
    severity: 'warning',
    recommended: true,
    inputs: ['sources'],
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      fixedDelay: { text: `This retries a 429 from the {{api}} API after the same {{delay}} every time. ${READ}` },
      noDelay: { text: `This retries a 429 from the {{api}} API at once. ${READ}` },
    },
    docs: `
The delivery API (CDA) and the GraphQL content API limit the requests per second of each space.
Over the limit they answer **429 Too Many Requests** with two headers:
\`x-service-ratelimit-reset\`, the seconds until they accept requests again, and
\`x-service-ratelimit-second-limit\`, the per-second limit of the space (also sent on 200
responses). The change document states them without a date: they are additive, and the rule is
undated. Code that retries a 429 at once, or after a fixed delay, without reading the reset
header, is refused again while the space is over its limit, and under load it keeps it there.

The header names the service sends carry its brand (\`x-<service>-ratelimit-reset\`); the rule
recognises any header name containing \`ratelimit-reset\`. See "Sources" for what the headers mean.

Reported in JavaScript and TypeScript sources (warnings), where the parser sees all of it in one
file:

- a status checked against 429 (\`res.status === 429\`, \`!== 429\`, \`case 429\`,
  \`[429, 503].includes(status)\`, \`RETRY_ON.has(status)\`) whose branch retries: \`continue\` in a
  loop, a loop whose condition is the check, a call of the function it is in (recursion), or a new
  request;
- with requests sent by the code's own HTTP client (\`fetch\`, or what it imports from \`axios\`,
  \`got\`, \`ky\`, \`node-fetch\`, \`ofetch\`, \`undici\`, \`superagent\` …, and clients made with
  \`axios.create\`, \`got.extend\` …);
- to the delivery or GraphQL API: a URL of their hosts (\`service.hosts.delivery\`,
  \`service.hosts.graphql\`) in the retrying function, in what it reads (\`const CDA = 'https://…'\`, a
  client created with that base URL), or in a call of the retrying function in the same file;
- that waits nothing, or the same time before every attempt: a number, a \`const\`, or a parameter
  that the retries pass on unchanged (\`setTimeout(resolve, 1000)\`, \`sleep(delayMs)\`).

Not reported: code that reads a rate-limit reset or \`Retry-After\` header; waits that the code
computes (exponential backoff, jitter, \`attempt * 1000\`) or may take in a call the parser does not
know (\`await backoff(attempt)\`); the service's SDKs (\`client.getEntries()\` in a loop); the
preview and management APIs (the change document states the headers for the delivery and GraphQL
APIs); retries configured in libraries (\`axios-retry\`, Apollo's \`RetryLink\`); retry helpers in
another file than the URL (the rule does not follow imports); shell scripts, Python and Ruby (not
parsed).

## Examples

Reported:

\`\`\`ts
for (let attempt = 0; attempt < 5; attempt++) {
  const res = await fetch(\`https://cdn.contentful.com/spaces/\${space}/entries\`, { headers });
  if (res.status === 429) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    continue;
  }
  return res.json();
}
\`\`\`

Not reported:

\`\`\`ts
if (res.status === 429) {
  const seconds = Number(res.headers.get('x-service-ratelimit-reset') ?? 1);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  continue;
}
\`\`\`

## Sources

- "The Content Delivery API and the GraphQL API now return the x-…-ratelimit-second-limit response
  header. The value is the per-second request limit configured for your space … included on HTTP
  200 and HTTP 429 responses. For HTTP 429 responses, x-…-ratelimit-reset is also returned"
  (https://www.contentful.com/developers/api-changes/content-delivery-api-and-graphql-api-response-header/).
- The reset header holds the time until the next request is accepted, in seconds: "Time until next
  available request, in seconds" (the Ruby management SDK's \`RateLimitExceeded#reset_time\`,
  https://www.rubydoc.info/gems/contentful-management/3.10.0/Contentful/Management/RateLimitExceeded);
  the management API's reference says "The number of seconds until the next request can be made"
  (seen only in a mirrored copy). That the delivery and GraphQL APIs' reset header counts seconds
  the same way is **UNVERIFIED** (the change notice does not say).
- The service's JavaScript SDKs retry by themselves: on a 429 they wait the reset header's seconds
  (plus 0.5–0.7 s), otherwise an exponential backoff, up to 5 times
  (contentful/contentful-sdk-core@src/rate-limit.ts). Code that uses the SDKs needs nothing.
- Whether these APIs also send the standard \`Retry-After\` header is not stated (**UNVERIFIED**):
  code that reads \`Retry-After\` is taken to wait as the service asks, and is not reported.

## Fix

On a 429, read the reset header (\`res.headers.get(…)\` with fetch, \`error.response.headers[…]\` with
axios) and wait that many seconds before the next attempt, with a little jitter and a cap on the
attempts; or use the service's SDK, which does so.
`,
  },

  create(context) {
    return {
      sourceFile(file) {
        for (const retry of rateLimitRetries(file)) {
          const api = API_NAMES[retry.api];
          if (retry.delay.kind === 'none') context.report({ node: file.at(retry.start), messageId: 'noDelay', data: { api } });
          else context.report({ node: file.at(retry.start), messageId: 'fixedDelay', data: { api, delay: retry.delay.wait ?? 'delay' } });
        }
      },
    };
  },
});
