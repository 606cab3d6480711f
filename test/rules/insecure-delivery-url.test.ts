import rule from '../../rules/insecure-delivery-url.js';
import { testSourceRule } from '../helpers/source-rule-tester.js';

testSourceRule(rule, {
  valid: [
    {
      name: 'HTTPS hosts and the preview host as an option',
      code: "import { createClient } from 'contentful';\nexport const client = createClient({ space: 's', accessToken: 't', host: 'preview.contentful.com' });\nawait fetch('https://cdn.contentful.com/spaces/s/entries');\n",
    },
    { name: 'plain HTTP to other hosts (a local dev server)', code: "const contentful = 'x';\nawait fetch('http://localhost:3000/api/contentful');\nawait fetch('http://images.ctfassets.net/x.png');\n" },
    { name: 'insecure passed as a variable (the parser cannot see its value)', code: "import { createClient } from 'contentful';\nexport const client = createClient({ space, accessToken, insecure: process.env.DEV === '1' });\n" },
    { name: 'insecure: true for another library', code: "import { createClient } from 'redis';\nconst contentful = 1;\nexport const c = createClient({ insecure: true });\n" },
    { name: 'a comment', code: "// fetch('http://cdn.contentful.com/spaces/x/entries')\nexport {};\n" },
    { name: 'the management API over http is not this rule (no redirect is stated)', code: "await fetch('http://api.contentful.com/spaces/x'); // contentful\n" },
  ],
  invalid: [
    {
      name: 'insecure: true in createClient (delivery SDK, CommonJS)',
      file: 'lib/client.js',
      code: "const contentful = require('contentful');\nmodule.exports = contentful.createClient({\n  space: process.env.SPACE_ID,\n  accessToken: process.env.TOKEN,\n  insecure: true,\n});\n",
      findings: [
        {
          messageId: 'insecureOption',
          severity: 'warning',
          line: 5,
          column: 3,
          message: /^insecure: true turns HTTPS off.*301.*308/,
          // A suggestion: a team may turn HTTPS off on purpose (a local proxy).
          suggestions: [
            {
              id: 'useHttps',
              desc: 'Write insecure: false (HTTPS, as without the option)',
              output: "const contentful = require('contentful');\nmodule.exports = contentful.createClient({\n  space: process.env.SPACE_ID,\n  accessToken: process.env.TOKEN,\n  insecure: false,\n});\n",
            },
          ],
        },
      ],
    },
    {
      name: 'the old secure: false option',
      code: "import * as contentful from 'contentful';\nexport const client = contentful.createClient({ space: 's', accessToken: 't', secure: false });\n",
      findings: [{ messageId: 'insecureOption', severity: 'warning', line: 2, message: /^secure: false/, suggestions: [{ id: 'useHttps', desc: /^Write secure: true/ }] }],
    },
    {
      name: 'http:// delivery and preview URLs (template literal, EU host)',
      code: "export const a = await fetch(`http://cdn.contentful.com/spaces/${space}/entries`);\nexport const b = await fetch(`http://preview.eu.contentful.com/spaces/${space}/entries`);\n",
      findings: [
        { messageId: 'httpUrl', severity: 'warning', line: 1, column: 30, message: /delivery API \(cdn\.contentful\.com\)/ },
        { messageId: 'httpUrl', severity: 'warning', line: 2, message: /preview API \(preview\.eu\.contentful\.com\)/ },
      ],
      output: "export const a = await fetch(`https://cdn.contentful.com/spaces/${space}/entries`);\nexport const b = await fetch(`https://preview.eu.contentful.com/spaces/${space}/entries`);\n",
    },
    {
      name: 'a URL whose scheme is written with an escape is reported, and not fixed',
      code: "await fetch('\\x68ttp://cdn.contentful.com/spaces/x/entries');\n",
      findings: [{ messageId: 'httpUrl', severity: 'warning', line: 1 }],
    },
    {
      // TLS on port 80 fails: https:// with the port kept would break the request the fix meant to secure.
      name: 'an explicit port: :80 is dropped with http://, another port is not fixed (HTTPS is not known to be served there)',
      code: "export const a = fetch('http://cdn.contentful.com:80/spaces/x/entries');\nexport const b = fetch('http://cdn.contentful.com:8080/spaces/x/entries');\n",
      findings: [
        { messageId: 'httpUrl', severity: 'warning', line: 1 },
        { messageId: 'httpUrl', severity: 'warning', line: 2 },
      ],
      output: "export const a = fetch('https://cdn.contentful.com/spaces/x/entries');\nexport const b = fetch('http://cdn.contentful.com:8080/spaces/x/entries');\n",
    },
    {
      name: 'a proxy configured as a delivery host, in a Ruby file',
      file: 'app/services/cms.rb',
      hosts: { delivery: ['cdn-proxy.internal:8080'] },
      code: "require 'net/http'\nuri = URI(\"http://cdn-proxy.internal:8080/spaces/#{space}/entries\")\n",
      findings: [{ messageId: 'httpUrl', severity: 'warning', line: 2, column: 12 }],
      output: "require 'net/http'\nuri = URI(\"https://cdn-proxy.internal:8080/spaces/#{space}/entries\")\n",
    },
  ],
});
