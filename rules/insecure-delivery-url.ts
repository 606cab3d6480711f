import { defineRule } from '../src/engine/rule.js';
import { literalValue, objectProperties } from '../src/inputs/sources/js-facts.js';
import { importsAny } from '../src/inputs/sources/source-node.js';

const REDIRECTS = 'The delivery API answers plain HTTP with 301 Moved Permanently and the preview API with 308 Permanent Redirect: a client that does not follow redirects, or a request with a body, breaks, and the token crosses the network unencrypted first.';

export default defineRule({
  meta: {
    id: 'insecure-delivery-url',
    description: 'http:// URLs of the delivery or preview API, and SDK options that turn HTTPS off: the service redirects them (301/308).',
    enforcement: { date: null, postponedFrom: null, note: 'no date stated (in effect)' },
    severity: 'warning',
    recommended: true,
    inputs: ['sources'],
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      httpUrl: { text: `Plain HTTP to the {{api}} API ({{host}}). ${REDIRECTS} Use https://.` },
      insecureOption: { text: `{{option}} turns HTTPS off for the SDK's requests. ${REDIRECTS} Remove the option.` },
    },
    docs: `
The delivery (CDA) and preview (CPA) APIs require HTTPS. A request over plain HTTP is
redirected: the delivery API answers **301 Moved Permanently**, the preview API **308 Permanent
Redirect**, each with the HTTPS URL. Clients that do not follow redirects get the redirect
instead of content; requests with a body may not be repeated; and the access token travels
unencrypted on the first request. The spec gives no date: in effect.

Reported in application sources:

- \`http://\` URLs whose host is a delivery or preview host (\`service.hosts.delivery\`,
  \`service.hosts.preview\`; defaults: the service's public hosts), in string and template
  literals, and in shell scripts, workflows, Python and Ruby files;
- \`insecure: true\` (and the old \`secure: false\`) in the options of an SDK's \`createClient\`, in
  files that import \`contentful\` or \`contentful-management\`.

Not reported: \`https://\` URLs, \`http://\` URLs of other hosts (\`http://localhost:3000\`), the
option passed as a variable (\`insecure: isDev\`: the parser cannot see its value), comments.

## Examples

Reported:

\`\`\`ts
const client = createClient({ space, accessToken, insecure: true });
const res = await fetch(\`http://cdn.contentful.com/spaces/\${space}/entries\`);
\`\`\`

Not reported:

\`\`\`ts
const client = createClient({ space, accessToken, host: 'preview.contentful.com' });
\`\`\`

## Fix

Write the URL with \`https://\`, and remove \`insecure: true\` (or \`secure: false\`) from the options
of \`createClient\`: the SDKs use HTTPS by default.
`,
  },

  create(context) {
    return {
      sourceFile(file) {
        for (const { url, start } of file.urls) {
          if (url.scheme !== 'http' || (url.kind !== 'delivery' && url.kind !== 'preview')) continue;
          context.report({ node: file.at(start), messageId: 'httpUrl', data: { api: url.kind, host: url.host! } });
        }
        if (!importsAny(file)) return;
        for (const call of file.calls) {
          if (call.callee[call.callee.length - 1] !== 'createClient') continue;
          const options = objectProperties(call.args[0]);
          const insecure = options?.get('insecure');
          const secure = options?.get('secure');
          if (insecure && literalValue(insecure.value) === true) context.report({ node: file.at(insecure.start), messageId: 'insecureOption', data: { option: 'insecure: true' } });
          if (secure && literalValue(secure.value) === false) context.report({ node: file.at(secure.start), messageId: 'insecureOption', data: { option: 'secure: false' } });
        }
      },
    };
  },
});
