import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveHosts } from '../../src/inputs/sources/hosts.js';
import { readSources } from '../../src/inputs/sources/read-sources.js';
import { CodeSourceFile } from '../../src/inputs/code-file.js';
import { zeroLimits } from '../../src/inputs/sources/zero-limit.js';

const dir = mkdtempSync(join(tmpdir(), 'cmlint-zero-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** The zero limits found in one file, as `line:column via detail`. */
async function found(code: string, file = 'app.ts'): Promise<string[]> {
  const path = `${++n}-${file}`;
  writeFileSync(join(dir, path), code);
  const out: string[] = [];
  for await (const node of readSources([{ absPath: join(dir, path), path }], resolveHosts(undefined), { read: 0, skipped: 0 })) {
    const source = new CodeSourceFile(path, join(dir, path));
    for (const z of zeroLimits(node)) {
      const { line, column } = source.locate({ file: source, pointer: '', offset: z.start });
      out.push(`${line}:${column} ${z.via} ${z.detail}`);
    }
  }
  return out;
}

describe('zero limits in application code (the code half of zero-limit-query)', () => {
  const cases: { name: string; code: string; file?: string; expected: string[] }[] = [
    {
      name: 'delivery SDK: limit: 0 in getEntries',
      code: "import { createClient } from 'contentful';\nconst client = createClient({ space, accessToken });\nexport const count = (await client.getEntries({ content_type: 'post', limit: 0 })).total;\n",
      expected: ['3:71 sdk client.getEntries'],
    },
    {
      name: "a string '0' and a chained client",
      code: "import * as contentful from 'contentful';\nawait client.withAllLocales.getAssets({ limit: '0' });\n",
      expected: ['2:41 sdk client.withAllLocales.getAssets'],
    },
    {
      name: 'a variable that only looks like a limit of 0 is not one',
      code: "import { createClient } from 'contentful';\nconst limit = 0;\nconst LIMIT_ZERO = 10;\nawait client.getEntries({ limit: LIMIT_ZERO });\nawait client.getEntries({ limit });\n",
      expected: [],
    },
    {
      name: 'the management SDK is not affected',
      code: "import { createClient } from 'contentful-management';\nawait environment.getEntries({ limit: 0 });\n",
      expected: [],
    },
    {
      name: 'limit=0 on delivery and preview URLs, not on other hosts; comments ignored',
      code:
        "// fetch('https://cdn.contentful.com/spaces/x/entries?limit=0')\n" +
        "await fetch(`https://cdn.contentful.com/spaces/${s}/environments/master/entries?content_type=post&limit=0`);\n" +
        "await fetch('https://preview.contentful.com/spaces/x/entries?limit=0');\n" +
        "await fetch('https://api.example.com/contentful/items?limit=0');\n",
      expected: ['2:13 url cdn.contentful.com', '3:13 url preview.contentful.com'],
    },
    {
      name: 'GraphQL sent as an untagged template: the argument’s own position',
      code: "const query = `\n  query {\n    blogPostCollection(limit: 0) { total }\n    authorCollection(limit: 10) { items { name } }\n  }\n`;\nawait fetch('https://graphql.contentful.com/content/v1/spaces/x', { method: 'POST', body: JSON.stringify({ query }) });\n",
      expected: ['3:24 graphql blogPostCollection'],
    },
    {
      name: 'GraphQL in a gql tag is left to the documents input; a variable default is not a literal limit',
      code: "import { gql } from 'graphql-request';\nconst Q = gql`{ postCollection(limit: 0) { total } }`;\nconst R = `query ($limit: Int = 0) { postCollection(limit: $limit) { total } }`; // contentful\n",
      expected: [],
    },
    {
      name: 'curl in a shell script',
      file: 'count.sh',
      code: 'curl "https://cdn.eu.contentful.com/spaces/$SPACE/entries?limit=0&content_type=post"\n',
      expected: ['1:7 url cdn.eu.contentful.com'],
    },
  ];
  for (const c of cases) it(c.name, async () => expect(await found(c.code, c.file)).toEqual(c.expected));
});
