import type * as t from '@babel/types';
import { defineRule } from '../src/engine/rule.js';
import { textEdit, type Fix, type Suggestion } from '../src/fix/changes.js';
import type { CodeSourceFile } from '../src/inputs/code-file.js';
import { literalValue, objectProperties } from '../src/inputs/sources/js-facts.js';
import { importsAny } from '../src/inputs/sources/source-node.js';

/** The suggestion to write the option's boolean the other way (`insecure: false`, `secure: true`): HTTPS, as without the option. */
function httpsOption(file: CodeSourceFile, option: string, value: t.Node): { suggest?: Suggestion[] } {
  if (value.type !== 'BooleanLiteral' || value.start == null || value.end == null) return {};
  const text = String(!value.value);
  return { suggest: [{ id: 'useHttps', desc: `Write ${option}: ${text} (HTTPS, as without the option)`, changes: [textEdit(file, value.start, value.end, String(value.value), text)] }] };
}

const REDIRECTS = 'The delivery API answers plain HTTP with 301 Moved Permanently and the preview API with 308 Permanent Redirect: a client that does not follow redirects, or a request with a body, breaks, and the token crosses the network unencrypted first.';

/**
 * The fix of a URL written `http://host…`: `https://`. A port written after the host stays only
 * where HTTPS is known to be served: `:80` is dropped (TLS on port 80 fails), another port is not
 * fixed. A port that is part of a configured host (a proxy) is the team's.
 */
function httpsFix(file: CodeSourceFile, raw: string, rawStart: number, host: string): { fix?: Fix } {
  if (!raw.startsWith('http://')) return {};
  const head = `http://${raw.slice('http://'.length, 'http://'.length + host.length)}`;
  const port = /^:\d+/.exec(raw.slice(head.length))?.[0];
  if (port !== undefined && port !== ':80') return {};
  const replaced = head + (port ?? '');
  return { fix: { desc: 'Use https://', changes: [textEdit(file, rawStart, rawStart + replaced.length, replaced, `https://${head.slice('http://'.length)}`)] } };
}

export default defineRule({
  meta: {
    id: 'insecure-delivery-url',
    description: 'http:// URLs of the delivery or preview API, and SDK options that turn HTTPS off: the service redirects them (301/308).',
    enforcement: { date: null, postponedFrom: null, note: 'no date stated (in effect)' },
    severity: 'warning',
    recommended: true,
    inputs: ['sources'],
    fixable: true,
    hasSuggestions: true,
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
of \`createClient\`: the SDKs use HTTPS by default. \`--fix\` writes \`https://\` for \`http://\` (where
the file writes the URL's scheme as it is, not through escapes), and drops a port \`:80\` written
after the host (TLS on port 80 fails); a URL with another port is not fixed. The option is a
suggestion (\`useHttps\`: \`insecure: false\`, \`secure: true\`): a team may have turned HTTPS off
for a local proxy on purpose.
`,
  },

  create(context) {
    return {
      sourceFile(file) {
        for (const { url, start, raw, rawStart } of file.urls) {
          if (url.scheme !== 'http' || (url.kind !== 'delivery' && url.kind !== 'preview')) continue;
          const fix = httpsFix(file.file, raw, rawStart, url.host!);
          context.report({ node: file.at(start), messageId: 'httpUrl', data: { api: url.kind, host: url.host! }, ...fix });
        }
        if (!importsAny(file)) return;
        for (const call of file.calls) {
          if (call.callee[call.callee.length - 1] !== 'createClient') continue;
          const options = objectProperties(call.args[0]);
          const insecure = options?.get('insecure');
          const secure = options?.get('secure');
          if (insecure && literalValue(insecure.value) === true) {
            context.report({ node: file.at(insecure.start), messageId: 'insecureOption', data: { option: 'insecure: true' }, ...httpsOption(file.file, 'insecure', insecure.value) });
          }
          if (secure && literalValue(secure.value) === false) {
            context.report({ node: file.at(secure.start), messageId: 'insecureOption', data: { option: 'secure: false' }, ...httpsOption(file.file, 'secure', secure.value) });
          }
        }
      },
    };
  },
});
