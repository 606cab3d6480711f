import { readFileSync } from 'node:fs';
import { InputError, InputErrors, fileSystemError } from '../space/input-error.js';
import { prefilterNeedles, type ServiceHosts } from './hosts.js';
import type { DocumentNode } from 'graphql';
import { jsFacts, literalValue, type StringSite } from './js-facts.js';
import { parseJs, ParseFailure } from './parse-js.js';
import { sourceLanguage } from './language.js';
import { CodeSourceFile, codeText } from '../code-file.js';
import type { SourceFileNode, UrlSite } from './source-node.js';
import { scanCommands, textFacts, type Token } from './text-facts.js';
import { parseUrl } from './urls.js';

/** Calls that run a program with an argument list: the program and its arguments are a command line. */
const SPAWNS = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync', 'execa', 'execaSync']);

/** What the walk over the sources counted. */
export interface SourceStats {
  read: number;
  /** Skipped before parsing: none of the hosts, SDK names or endpoint words in their bytes. */
  skipped: number;
}

/**
 * Reads the source files one at a time, skipping those without any of the needles (a byte
 * search, before decoding and parsing), and yields each as a node. Files that cannot be parsed
 * or read are gathered and thrown together (InputErrors) after the last file.
 */
export async function* readSources(files: readonly { absPath: string; path: string }[], hosts: ServiceHosts, stats: SourceStats): AsyncGenerator<SourceFileNode> {
  const needles = prefilterNeedles(hosts).map((n) => Buffer.from(n));
  const errors: InputError[] = [];
  for (const { absPath, path } of files) {
    const language = sourceLanguage(path);
    if (language === null) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(absPath);
    } catch (error) {
      errors.push(fileSystemError(path, error));
      continue;
    }
    stats.read++;
    if (bytes.includes(0) || !needles.some((n) => bytes.includes(n))) {
      stats.skipped++;
      continue;
    }
    const file = new CodeSourceFile(path, absPath);
    const text = codeText(bytes);
    try {
      yield language === 'javascript' ? await javascriptNode(file, text, hosts) : textNode(file, text, hosts, language === 'hash-text');
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      errors.push(new InputError(path, `Cannot parse as JavaScript/TypeScript: ${error.message}`, { line: error.line, column: error.column }));
    }
  }
  if (errors.length > 0) throw new InputErrors(errors);
}

function urlSites(found: readonly { text: string; start: number }[], hosts: ServiceHosts): UrlSite[] {
  const sites: UrlSite[] = [];
  for (const { text, start } of found) {
    const url = parseUrl(text, hosts);
    if (url) sites.push({ url, text, start, raw: text, rawStart: start });
  }
  return sites;
}

async function javascriptNode(file: CodeSourceFile, text: string, hosts: ServiceHosts): Promise<SourceFileNode> {
  const program = await parseJs(text, file.path);
  const facts = jsFacts(program, text);
  const urls: UrlSite[] = [];
  const commands: Token[][] = [];
  for (const site of facts.strings) {
    const url = parseUrl(site.value, hosts);
    if (url) urls.push({ url, text: site.value, start: site.start, raw: site.raw, rawStart: site.rawStart });
    // A string's words, all at the string's position (escapes make inner offsets unreliable).
    for (const command of scanCommands(site.value, false)) commands.push(command.map((token) => ({ text: token.text, start: site.start })));
  }
  for (const call of facts.calls) {
    if (!SPAWNS.has(call.callee[call.callee.length - 1]!)) continue;
    const program = literalValue(call.args[0]);
    if (typeof program !== 'string') continue;
    // The arguments up to the first one the parser cannot see.
    const words = [program];
    const list = call.args[1];
    if (list?.type === 'ArrayExpression') {
      for (const element of list.elements) {
        const value = element ? literalValue(element) : undefined;
        if (typeof value !== 'string') break;
        words.push(value);
      }
    }
    commands.push(words.map((word) => ({ text: word, start: call.start })));
  }
  return {
    kind: 'sourceFile',
    file,
    language: 'javascript',
    graphql: await embeddedGraphql(facts.strings),
    hosts,
    imports: facts.imports,
    strings: facts.strings,
    calls: facts.calls,
    memberReads: facts.memberReads,
    program,
    urls,
    commands,
    at: (offset, target) => file.at(offset, target),
  };
}

let graphqlModule: Promise<typeof import('../../graphql/graphql-js.js')> | undefined;
const GRAPHQL_TAGS = new Set(['gql', 'graphql']);
const GRAPHQL_STARTS = ['query', 'mutation', 'subscription', 'fragment', '{'];

/**
 * Strings that hold a GraphQL document (they start like one and parse), outside `gql`/`graphql`
 * tags. graphql-js is loaded only for a file that has such a string.
 */
async function embeddedGraphql(strings: readonly StringSite[]): Promise<SourceFileNode['graphql']> {
  const found: SourceFileNode['graphql'][number][] = [];
  for (const site of strings) {
    if (site.tag !== null && GRAPHQL_TAGS.has(site.tag)) continue;
    // The raw text keeps the file's offsets (a template's expressions and a string's escapes blanked).
    const text = site.raw;
    const head = text.trimStart();
    if (!GRAPHQL_STARTS.some((start) => head.startsWith(start)) || !text.includes('(')) continue;
    // The parts of graphql-js the documents use too, not its index (one copy of it in a run).
    const { parse } = (await (graphqlModule ??= import('../../graphql/graphql-js.js'))).graphqlJs();
    try {
      const document = parse(text, { noLocation: false });
      found.push({ document, offset: (n) => site.rawStart + n });
    } catch {
      // Not GraphQL after all (or not complete without its expressions).
    }
  }
  return found;
}

function textNode(file: CodeSourceFile, text: string, hosts: ServiceHosts, hashComments: boolean): SourceFileNode {
  const facts = textFacts(text, hashComments);
  return {
    kind: 'sourceFile',
    file,
    language: 'text',
    hosts,
    imports: new Set(),
    strings: [],
    calls: [],
    memberReads: [],
    program: null,
    urls: urlSites(facts.urls, hosts),
    commands: facts.commands,
    graphql: [],
    at: (offset, target) => file.at(offset, target),
  };
}

