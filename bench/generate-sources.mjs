// Generates a repository of application sources for benchmarking the sources input:
//   node bench/generate-sources.mjs --files 5000 --seed 1 --sdk-share 0.25 --out /tmp/bench-sources
// A share of the files use the service's SDKs or hosts (and some of those call retired or changed
// endpoints); the rest are ordinary components and utilities without them, as in a real app.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '1' },
    'sdk-share': { type: 'string', default: '0.25' },
    out: { type: 'string' },
  },
});
if (!values.out) {
  console.error('usage: node bench/generate-sources.mjs --files N [--seed S] [--sdk-share R] --out DIR');
  process.exit(2);
}
const total = Number(values.files);
const sdkShare = Number(values['sdk-share']);
let state = Number(values.seed) >>> 0 || 1;
/** xorshift32: the same seed gives the same repository. */
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const words = ['title', 'slug', 'author', 'hero', 'summary', 'body', 'tags', 'date', 'seo', 'image', 'price', 'category'];

function component(i) {
  const name = `Widget${i}`;
  const props = Array.from({ length: 4 + Math.floor(random() * 8) }, () => pick(words));
  const lines = [
    "import React, { useEffect, useMemo, useState } from 'react';",
    "import styles from './styles.module.css';",
    '',
    `export interface ${name}Props {`,
    ...props.map((p, k) => `  ${p}${k}?: string;`),
    '}',
    '',
    `export function ${name}(props: ${name}Props) {`,
    '  const [open, setOpen] = useState(false);',
    `  const items = useMemo(() => Object.entries(props).filter(([, v]) => v !== undefined), [props]);`,
    '  useEffect(() => {',
    "    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);",
    "    window.addEventListener('keydown', onKey);",
    "    return () => window.removeEventListener('keydown', onKey);",
    '  }, []);',
    '  return (',
    `    <section className={styles.root} aria-expanded={open} onClick={() => setOpen(!open)}>`,
    '      {items.map(([key, value]) => (',
    '        <p key={key} className={styles.item}>{key}: {value}</p>',
    '      ))}',
    '    </section>',
    '  );',
    '}',
  ];
  for (let k = 0; k < 3 + Math.floor(random() * 10); k++) {
    lines.push('', `export const format${k} = (value: number, digits = ${k % 4}) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);`);
  }
  return `${lines.join('\n')}\n`;
}

function sdkFile(i) {
  const type = pick(words);
  const kind = random();
  const lines = [
    "import { createClient } from 'contentful';",
    "import { createClient as createManagementClient } from 'contentful-management';",
    '',
    "const client = createClient({ space: process.env.SPACE_ID!, accessToken: process.env.CDA_TOKEN!, host: 'cdn.contentful.com' });",
    "const cma = createManagementClient({ accessToken: process.env.CMA_TOKEN! }, { type: 'plain' });",
    '',
    `export async function load${i}(locale = 'en-US') {`,
    `  const entries = await client.getEntries({ content_type: '${type}', locale, limit: ${kind < 0.1 ? 0 : 100}, include: 2 });`,
    '  return entries.items.map((item) => ({ id: item.sys.id, fields: item.fields }));',
    '}',
  ];
  if (kind < 0.05) lines.push('', `export const usage${i} = () => cma.usage.getManyForSpace({ organizationId: process.env.ORG_ID! });`);
  else if (kind < 0.1) lines.push('', `export const roles${i} = (skip: number) => cma.role.getMany({ spaceId: process.env.SPACE_ID!, query: { skip, limit: 100 } });`);
  else if (kind < 0.15) lines.push('', `export const raw${i} = () => fetch(\`http://cdn.contentful.com/spaces/\${process.env.SPACE_ID}/entries?select=fields._displayField&content_type=${type}\`);`);
  for (let k = 0; k < 5 + Math.floor(random() * 10); k++) {
    lines.push('', `export async function entry${k}(id: string) {`, '  const entry = await client.getEntry(id);', `  return { ...entry.fields, key: ${k} };`, '}');
  }
  return `${lines.join('\n')}\n`;
}

rmSync(values.out, { recursive: true, force: true });
const write = (path, text) => {
  mkdirSync(dirname(join(values.out, path)), { recursive: true });
  writeFileSync(join(values.out, path), text);
};
let sdkFiles = 0;
for (let i = 0; i < total; i++) {
  const dir = `src/features/f${Math.floor(i / 50)}`;
  if (i % 200 === 199) write(`scripts/task${i}.sh`, `#!/bin/sh\nset -e\n${random() < 0.2 ? 'npx contentful boilerplate --framework nextjs' : 'npm run build'}\necho done\n`);
  else if (random() < sdkShare) {
    sdkFiles++;
    write(`${dir}/cms${i}.ts`, sdkFile(i));
  } else write(`${dir}/widget${i}.tsx`, component(i));
}
write('.linterrc.yaml', 'sources: ["src/**/*.{ts,tsx}", "scripts/*.sh"]\n');
console.error(`${total} files (${sdkFiles} use the service's SDKs) in ${values.out}`);
