import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type * as t from '@babel/types';
import { isObject } from '../../util/json-value.js';
import { SCRIPT_EXTENSIONS } from './extensions.js';

/**
 * graphql-codegen's config files (its own and graphql-config's), in the directory `cmlint init`
 * runs in: what they `generate` is generated code, not documents.
 */
const CODEGEN_CONFIGS: readonly string[] = [
  'codegen.ts',
  'codegen.mts',
  'codegen.cts',
  'codegen.js',
  'codegen.mjs',
  'codegen.cjs',
  'codegen.yml',
  'codegen.yaml',
  'codegen.json',
  '.graphqlrc',
  '.graphqlrc.yml',
  '.graphqlrc.yaml',
  '.graphqlrc.json',
  '.graphqlrc.ts',
  '.graphqlrc.js',
  'graphql.config.ts',
  'graphql.config.js',
  'graphql.config.yml',
  'graphql.config.yaml',
  'graphql.config.json',
];

/**
 * The outputs a graphql-codegen config in `cwd` generates: the keys of its `generates` objects
 * (at any depth: graphql-config nests them under `extensions.codegen`), as written (relative to
 * `cwd`, `./` left out). A key that ends with `/` is a folder the client preset writes; with
 * another preset it is the base the preset writes beside the documents (near-operation-file's
 * `*.generated.ts` in `__generated` folders, found by their names), not an output. Keys the parser
 * cannot see (computed ones) are not known. A config that cannot be read or parsed gives none:
 * `cmlint init` only proposes, and finds generated code by its header and folder too.
 */
export async function codegenOutputs(cwd: string): Promise<string[]> {
  const outputs = new Set<string>();
  for (const name of CODEGEN_CONFIGS) {
    let text: string;
    try {
      text = readFileSync(join(cwd, name), 'utf8');
    } catch {
      continue;
    }
    const keys = SCRIPT_EXTENSIONS.includes(extname(name)) ? await scriptKeys(text, name) : await dataKeys(text);
    for (const { key, preset } of keys) if (!key.endsWith('/') || preset === 'client') outputs.add(key.replace(/^(\.\/)+/, ''));
  }
  return [...outputs].sort();
}

/** A key of `generates`, with the preset it is generated with. */
interface Output {
  key: string;
  preset: string | null;
}

/** The `generates` keys of a JS/TS config, parsed. */
async function scriptKeys(text: string, name: string): Promise<Output[]> {
  const [{ parseJs }, { descendants }] = await Promise.all([import('../sources/parse-js.js'), import('../sources/syntax-tree.js')]);
  let program: t.File;
  try {
    program = await parseJs(text, name);
  } catch {
    return [];
  }
  const keys: Output[] = [];
  for (const node of descendants(program)) {
    if (node.type !== 'ObjectProperty' || node.computed || propertyName(node.key) !== 'generates' || node.value.type !== 'ObjectExpression') continue;
    for (const output of node.value.properties) {
      if (output.type !== 'ObjectProperty' || output.computed) continue;
      const key = propertyName(output.key);
      if (key === null) continue;
      const preset = output.value.type === 'ObjectExpression' ? output.value.properties.find((p): p is t.ObjectProperty => p.type === 'ObjectProperty' && !p.computed && propertyName(p.key) === 'preset') : undefined;
      keys.push({ key, preset: preset?.value.type === 'StringLiteral' ? preset.value.value : null });
    }
  }
  return keys;
}

function propertyName(key: t.Node): string | null {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  return key.type === 'TemplateLiteral' && key.expressions.length === 0 ? (key.quasis[0]?.value.cooked ?? null) : null;
}

/** The `generates` keys of a YAML or JSON config (YAML reads JSON too). */
async function dataKeys(text: string): Promise<Output[]> {
  const { parse } = await import('yaml');
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return [];
  }
  const keys: Output[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key !== 'generates' || !isObject(child)) walk(child);
        else for (const [output, options] of Object.entries(child)) keys.push({ key: output, preset: isObject(options) && typeof options.preset === 'string' ? options.preset : null });
      }
    }
  };
  walk(value);
  return keys;
}
