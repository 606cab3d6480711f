import { extname } from 'node:path';
import type { TemplateLiteral } from '@babel/types';
import { parseJs, ParseFailure } from '../sources/parse-js.js';
import { InputError } from '../space/input-error.js';
import { COMPONENT_EXTENSIONS, GRAPHQL_EXTENSIONS, SCRIPT_EXTENSIONS } from './extensions.js';
import { generatedByCode } from './generated.js';
import type { GraphQLText } from './graphql-text.js';
import { blank, templateText, untaggedGraphQL } from './untagged.js';

/**
 * GraphQL texts in a document file: the whole of a `.graphql`/`.gql` file, or each GraphQL
 * literal of a JS/TS/JSX/TSX file or of a Vue/Svelte/Astro component's script blocks: tagged
 * templates found as graphql-codegen and graphql-eslint find them, with
 * @graphql-tools/graphql-tag-pluck (`gql`/`graphql` tags, imported or global, `gql(…)` calls,
 * `/* GraphQL *\/` comments), and plain strings and templates that code sends as a query
 * (untagged.ts).
 *
 * Each text is the literal exactly as written, with its `${…}` interpolations (and escapes)
 * blanked out (the same number of characters, newlines kept), and `offset` is where it starts in
 * the file: an offset in the text plus `offset` is the place in the ORIGINAL file, whatever the
 * embedding. Component files are not compiled: their script blocks are found with the framework's
 * own parser (with their offsets), and everything outside them is blanked out before the JS/TS
 * parser runs.
 */

/** What extraction found in a file: its GraphQL texts, or why it is generated code (then no text: generated.ts). */
export interface Extraction {
  texts: GraphQLText[];
  generated: string | null;
}

/** A script block of a component: where its code is, and the extension its language parses as. */
interface ScriptBlock {
  start: number;
  end: number;
  ext: string;
}

/**
 * Whether finding GraphQL in the file takes a parser: a script or component that names gql,
 * graphql or query, or holds GraphQL's `fragment` keyword. Every way of marking GraphQL in code (a
 * gql/graphql tag or import, a GraphQL comment) names one, and so does every place untagged
 * GraphQL is taken from (a name that says query, a fragment): files that do not are skipped
 * unparsed.
 */
export function needsParser(path: string, text: string): boolean {
  const ext = extname(path).toLowerCase();
  return (SCRIPT_EXTENSIONS.includes(ext) || COMPONENT_EXTENSIONS.includes(ext)) && (/gql|graphql|query/i.test(text) || /fragment\s/.test(text));
}

export async function extractGraphQL(path: string, text: string): Promise<Extraction> {
  const ext = extname(path).toLowerCase();
  if (GRAPHQL_EXTENSIONS.includes(ext)) return { texts: [{ body: text, offset: 0 }], generated: null };
  if (!SCRIPT_EXTENSIONS.includes(ext) && !COMPONENT_EXTENSIONS.includes(ext)) {
    throw new InputError(path, `Not a GraphQL document or a file GraphQL can be embedded in (${[...GRAPHQL_EXTENSIONS, ...SCRIPT_EXTENSIONS, ...COMPONENT_EXTENSIONS].join(', ')})`);
  }
  if (!needsParser(path, text)) return { texts: [], generated: null };
  if (SCRIPT_EXTENSIONS.includes(ext)) return scriptGraphQL(path, text, ext);
  const texts: GraphQLText[] = [];
  for (const block of await scriptBlocks(path, text, ext)) {
    const found = await scriptGraphQL(path, blankOutside(text, block), block.ext);
    if (found.generated !== null) return found;
    texts.push(...found.texts);
  }
  return { texts: texts.sort((a, b) => a.offset - b.offset), generated: null };
}

/** The text with every character outside the block turned into a space (line breaks kept): offsets stay those of the file. */
function blankOutside(text: string, block: ScriptBlock): string {
  return blank(text.slice(0, block.start)) + text.slice(block.start, block.end) + blank(text.slice(block.end));
}

/** The GraphQL texts of JS/TS code, parsed as a file with extension `ext`: tagged (graphql-tag-pluck) and untagged ones, by offset; none in generated code. */
async function scriptGraphQL(path: string, code: string, ext: string): Promise<Extraction> {
  const tagged = /gql|graphql/i.test(code);
  let program;
  try {
    program = await parseJs(code, `file${ext}`);
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    // Code that names no gql or graphql could only hold untagged GraphQL, which is read where it can be.
    if (!tagged) return { texts: [], generated: null };
    throw new InputError(path, `Cannot parse this file to find GraphQL in it: ${error.message}`, { line: error.line, column: error.column });
  }
  const generated = generatedByCode(program);
  if (generated !== null) return { texts: [], generated };
  const texts = tagged ? await pluck(path, code, ext) : [];
  for (const found of untaggedGraphQL(program, code)) if (!texts.some((t) => t.offset === found.offset)) texts.push(found);
  return { texts: texts.sort((a, b) => a.offset - b.offset), generated: null };
}

/** The GraphQL template literals of a JS/TS text, parsed as a file with extension `ext`. */
async function pluck(path: string, code: string, ext: string): Promise<GraphQLText[]> {
  const { parseCode } = await import('@graphql-tools/graphql-tag-pluck');
  /** The template literals the extractor took, by the offset of their text. */
  const taken: GraphQLText[] = [];
  const verbatim = (source: string, node: TemplateLiteral): string => {
    const body = templateText(source, node);
    if (body.trim() === '') return '';
    taken.push({ body, offset: node.start! + 1 });
    return body;
  };
  let plucked;
  try {
    plucked = parseCode({ code, filePath: `file${ext}`, options: { skipIndent: true, pluckStringFromFile: verbatim } });
  } catch (error) {
    throw parseError(path, error);
  }
  const texts: GraphQLText[] = [];
  const seen = new Set<number>();
  for (const { content, start, end } of plucked) {
    const match = taken.find((t) => t.body === content && t.offset > start && t.offset < end && !seen.has(t.offset));
    if (!match) continue;
    seen.add(match.offset);
    texts.push(match);
  }
  return texts;
}

/** The parser's syntax error as an input error at its line and column. */
function parseError(path: string, error: unknown): InputError {
  const loc = (error as { loc?: { line: number; column: number } }).loc;
  const message = error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, '') : String(error);
  return new InputError(path, `Cannot parse this file to find GraphQL in it: ${message}`, loc ? { line: loc.line, column: loc.column + 1 } : undefined);
}

const LANG_EXTENSIONS: Readonly<Record<string, string>> = { ts: '.ts', tsx: '.tsx', js: '.js', jsx: '.jsx' };

async function scriptBlocks(path: string, text: string, ext: string): Promise<ScriptBlock[]> {
  if (ext === '.vue') return vueBlocks(path, text);
  if (ext === '.svelte') return svelteBlocks(path, text);
  return astroBlocks(path, text);
}

/** An optional parser of component files, or an input error saying how to install it. */
async function optionalParser<T>(path: string, name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new InputError(path, `Reading GraphQL in ${extname(path)} files needs the package ${name}, which is not installed: npm install --save-dev ${name}`);
  }
}

async function vueBlocks(path: string, text: string): Promise<ScriptBlock[]> {
  const { parse } = await optionalParser(path, '@vue/compiler-sfc', () => import('@vue/compiler-sfc'));
  const { descriptor, errors } = parse(text, { filename: path, sourceMap: false });
  const first = errors[0];
  if (first) {
    const loc = 'loc' in first && first.loc ? first.loc.start : undefined;
    throw new InputError(path, `Cannot parse this Vue component: ${first.message}`, loc ? { line: loc.line, column: loc.column } : undefined);
  }
  return [descriptor.script, descriptor.scriptSetup].flatMap((block) =>
    block ? [{ start: block.loc.start.offset, end: block.loc.end.offset, ext: LANG_EXTENSIONS[block.lang ?? 'js'] ?? '.ts' }] : [],
  );
}

async function svelteBlocks(path: string, text: string): Promise<ScriptBlock[]> {
  const { parse } = await optionalParser(path, 'svelte', () => import('svelte/compiler'));
  let root;
  try {
    root = parse(text, { modern: true });
  } catch (error) {
    const start = (error as { start?: { line: number; column: number } }).start;
    throw new InputError(path, `Cannot parse this Svelte component: ${(error as Error).message}`, start ? { line: start.line, column: start.column + 1 } : undefined);
  }
  // Svelte scripts are TypeScript or JavaScript; TypeScript's grammar reads both.
  return [root.module, root.instance].flatMap((script) => {
    if (!script) return [];
    const { start, end } = script.content as unknown as { start: number; end: number };
    return [{ start, end, ext: '.ts' }];
  });
}

interface AstroNode {
  type: string;
  name?: string;
  value?: string;
  position?: { start: { offset: number }; end?: { offset: number } };
  children?: AstroNode[];
}

async function astroBlocks(path: string, text: string): Promise<ScriptBlock[]> {
  const { parse } = await optionalParser(path, '@astrojs/compiler', () => import('@astrojs/compiler'));
  const { ast, diagnostics } = await parse(text, { position: true });
  const fatal = diagnostics.find((d) => d.severity === 1);
  if (fatal) throw new InputError(path, `Cannot parse this Astro component: ${fatal.text}`, { line: fatal.location.line, column: fatal.location.column });
  const blocks: ScriptBlock[] = [];
  const walk = (node: AstroNode, inScript: boolean): void => {
    const value = node.value;
    if ((node.type === 'frontmatter' || (inScript && node.type === 'text')) && value !== undefined && node.position) {
      // The frontmatter's position is that of its opening fence; its code follows the fence.
      const start = text.indexOf(value, node.position.start.offset);
      if (start >= 0) blocks.push({ start, end: start + value.length, ext: '.ts' });
    }
    for (const child of node.children ?? []) walk(child, node.type === 'element' && node.name === 'script');
  };
  walk(ast as AstroNode, false);
  return blocks;
}
