import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import type { DocumentNode, FragmentDefinitionNode, OperationDefinitionNode } from 'graphql';
import { graphqlJs } from '../../graphql/graphql-js.js';
import { eachSelection } from '../../graphql/selections.js';
import { fileSystemError, InputError, InputErrors } from '../space/input-error.js';
import { displayPath, type InputFile } from '../space/load-space.js';
import type { FragmentNode, GraphQLDocumentNode, OperationNode } from '../../model/code-nodes.js';
import { CodeSourceFile, codeText } from '../code-file.js';
import type { CodeInput, CodeReadOptions } from '../code-input.js';
import { DEFAULT_HOSTS } from '../sources/hosts.js';
import { globsMatch, readGlobs } from '../../util/glob/walk-globs.js';
import { plural } from '../../util/plural.js';
import { extractGraphQL, needsParser, type Extraction } from './extract.js';
import type { GraphQLText } from './graphql-text.js';
import { ExtractionCache } from './extract-cache.js';
import { generatedByPath } from './generated.js';
import { sentToOtherHost } from './untagged.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Reads the GraphQL documents of a run: every file's GraphQL texts (see extract.ts), parsed with
 * graphql-js, operations and fragments as nodes, and each definition's fragment spreads resolved
 * by name across all files, as graphql-codegen resolves them. A text that does not parse is kept
 * with its syntax error (graphql-document-invalid reports it); a file that cannot be read or whose
 * JS/TS cannot be parsed is an input error. Generated code (generated.ts) is left out, and said
 * so in the notes, as is a glob (`globs`) whose files hold no GraphQL. What extraction finds in
 * scripts and components is kept between the bin's runs (extract-cache.ts). The texts are parsed
 * when the input is first walked: a run whose findings about documents are cached
 * (engine/code-results-cache.ts) never loads graphql-js.
 */
export async function readDocuments(files: readonly InputFile[], cwd: string, options?: CodeReadOptions): Promise<CodeInput> {
  const hosts = options?.hosts ?? DEFAULT_HOSTS;
  const sourceFiles: CodeSourceFile[] = [];
  const found: { file: CodeSourceFile; texts: readonly GraphQLText[] }[] = [];
  const errors: InputError[] = [];
  const generated: { absPath: string; path: string; reason: string }[] = [];
  /** Files read that hold no GraphQL text. */
  const empty = new Set<string>();
  // What the nodes are made of, file by file: its paths, its whole text (positions), what extraction found.
  const digest = createHash('sha256');
  // Opened at the first file that needs it (a run of .graphql files reads no cache).
  let cache: ExtractionCache | null | undefined;
  for (const { absPath } of files) {
    const path = displayPath(absPath, cwd);
    const generatedPath = generatedByPath(path);
    if (generatedPath !== null) {
      generated.push({ absPath, path, reason: generatedPath });
      continue;
    }
    let text: string;
    /** The cache and this file's key in it, for a file whose extraction needs a parser. */
    let cached: { cache: ExtractionCache; stat: string } | undefined;
    try {
      // Read synchronously, as the exports and sources are: for a repository's small files, each
      // asynchronous read is four round trips through the thread pool (~1.5 ms of waiting per file).
      // A cache key is the fstat of the descriptor the text is read from, taken before the read:
      // a file edited while it is read is kept under its older key, never its text under the newer.
      const fd = openSync(absPath, 'r');
      try {
        const stat = ExtractionCache.statKey(fd);
        text = codeText(readFileSync(fd));
        if (needsParser(path, text)) {
          if (cache === undefined) cache = ExtractionCache.open(cwd);
          if (cache) cached = { cache, stat };
        }
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      errors.push(fileSystemError(path, error));
      continue;
    }
    let extraction: Extraction | undefined = cached?.cache.get(absPath, cached.stat, text);
    try {
      if (!extraction) {
        extraction = await extractGraphQL(path, text);
        cached?.cache.set(absPath, cached.stat, extraction);
      }
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      errors.push(error);
      continue;
    }
    if (extraction.generated !== null) {
      generated.push({ absPath, path, reason: extraction.generated });
      continue;
    }
    // Untagged GraphQL that the file sends to another host is another API's.
    const texts = extraction.texts.filter((found) => !sentToOtherHost(found, hosts));
    if (texts.length === 0) empty.add(absPath);
    const file = new CodeSourceFile(path, absPath, text);
    sourceFiles.push(file);
    found.push({ file, texts });
    digest.update(JSON.stringify([absPath, path, text, texts.map(({ offset, body }) => [offset, body])]));
  }
  if (errors.length > 0) throw errors.length === 1 ? errors[0]! : new InputErrors(errors);

  const generatedPaths = new Set(generated.map((g) => g.absPath));
  let parsed: ReturnType<typeof parseDocuments> | undefined;
  let hash: string | undefined = digest.digest('hex');
  return {
    kind: 'documents',
    files: sourceFiles,
    get digest() {
      return hash;
    },
    generated: generated.length,
    notes: [...generatedNote(generated), ...emptyGlobNotes(files.filter((f) => !generatedPaths.has(f.absPath)), empty, options?.globs)],
    walk(visit) {
      if (!parsed) {
        parsed = parseDocuments(found);
        if (parsed.outOfStack) hash = undefined;
      }
      for (const document of parsed.documents) {
        visit('document', document);
        for (const operation of document.operations) visit('operation', operation);
      }
    },
    definitions() {
      if (!parsed) return undefined;
      const count = (kind: 'operations' | 'fragments') => parsed!.documents.reduce((n, d) => n + d[kind].length, 0);
      return { operations: count('operations'), fragments: count('fragments') };
    },
  };
}

/** The note on generated files left out, naming the first few. */
function generatedNote(generated: readonly { path: string; reason: string }[]): string[] {
  if (generated.length === 0) return [];
  const named = generated.slice(0, 3).map(({ path, reason }) => `${path} (${reason})`);
  const more = generated.length > named.length ? `, and ${generated.length - named.length} more` : '';
  return [`${plural(generated.length, 'generated file')} left out of the documents: ${named.join(', ')}${more} (the config's \`exclude\` leaves them out without this note)`];
}

/** A note for each glob whose files (those read: not generated) all hold no GraphQL: nothing it names is checked. */
function emptyGlobNotes(files: readonly InputFile[], empty: ReadonlySet<string>, globs: CodeReadOptions['globs'] | undefined): string[] {
  if (!globs || empty.size === 0) return [];
  const notes: string[] = [];
  for (const pattern of globs.patterns) {
    const glob = readGlobs([pattern]);
    const matched = files.filter((f) => globsMatch(glob, f.absPath, globs.base));
    const without = matched.filter((f) => empty.has(f.absPath));
    if (without.length > 0 && without.length === matched.length) {
      notes.push(`documents glob '${pattern}' matches ${plural(without.length, 'file')} with no GraphQL operation or fragment in ${without.length === 1 ? 'it' : 'them'}: nothing in ${without.length === 1 ? 'it' : 'them'} is checked`);
    }
  }
  return notes;
}

/**
 * The documents of the files' GraphQL texts, parsed (a text that does not parse keeps its syntax
 * error), with their fragments resolved; an operation or fragment printed the same as one of an
 * earlier document is left out (a copy: two files that define one fragment identically are not
 * two fragments of one name, and an operation copied is checked once). `outOfStack` when a text
 * nests deeper than the parser's recursion can follow on this run's stack (its `syntaxError` says
 * so; how deep that is depends on the run, not on the text alone).
 */
function parseDocuments(found: readonly { file: CodeSourceFile; texts: readonly GraphQLText[] }[]): { documents: GraphQLDocumentNode[]; outOfStack: boolean } {
  const graphql = graphqlJs();
  const documents: GraphQLDocumentNode[] = [];
  /** The document that first holds each definition, by its printed text. */
  const written = new Map<string, GraphQLDocumentNode>();
  let outOfStack = false;
  for (const { file, texts } of found) {
    for (const { body, offset } of texts) {
      const source = new graphql.Source(body, file.path);
      let ast: DocumentNode | null = null;
      let syntaxError: GraphQLDocumentNode['syntaxError'] = null;
      try {
        ast = graphql.parse(source);
      } catch (error) {
        if (!(error instanceof graphql.GraphQLError)) {
          outOfStack = true;
          syntaxError = { message: (error as Error).message, offset: 0, tooDeep: true };
        } else syntaxError = { message: error.message.replace(/^Syntax Error: /, ''), offset: error.positions?.[0] ?? 0 };
      }
      const document: Mutable<GraphQLDocumentNode> = { kind: 'graphqlDocument', source: file.ref(offset), body: source, ast, syntaxError, operations: [], fragments: [] };
      for (const definition of ast?.definitions ?? []) {
        // A definition written identically in another document (a copy of it) is that one: checked and counted once.
        const printed = graphql.print(definition);
        const first = written.get(printed);
        if (first !== undefined && first !== document) continue;
        written.set(printed, document);
        const ref = file.ref(offset + (definition.loc?.start ?? 0));
        if (definition.kind === graphql.Kind.OPERATION_DEFINITION) {
          (document.operations as OperationNode[]).push({ kind: 'operation', name: definition.name?.value ?? null, ast: definition, document, uses: [], source: ref });
        } else if (definition.kind === graphql.Kind.FRAGMENT_DEFINITION) {
          (document.fragments as FragmentNode[]).push({ kind: 'fragment', name: definition.name.value, ast: definition, document, uses: [], source: ref });
        }
      }
      documents.push(document);
    }
  }
  resolveFragments(documents);
  return { documents, outOfStack };
}

/**
 * Fills each operation's and fragment's `uses`: the fragments it spreads, directly or through
 * other fragments, found by name among all documents (the first definition of a name, in file
 * order, when two files define one; a spread of an unknown name is left for validation to report).
 */
function resolveFragments(documents: readonly GraphQLDocumentNode[]): void {
  const byName = new Map<string, FragmentNode>();
  for (const document of documents) for (const fragment of document.fragments) if (!byName.has(fragment.name)) byName.set(fragment.name, fragment);
  const direct = new Map<OperationDefinitionNode | FragmentDefinitionNode, string[]>();
  const spreads = (ast: OperationDefinitionNode | FragmentDefinitionNode): string[] => {
    let names = direct.get(ast);
    if (!names) {
      const found: string[] = [];
      eachSelection(ast, (node) => {
        if (node.kind === 'FragmentSpread') found.push(node.name.value);
      });
      direct.set(ast, (names = found));
    }
    return names;
  };
  for (const document of documents) {
    for (const node of [...document.operations, ...document.fragments]) {
      const uses: FragmentNode[] = [];
      const queue = [...spreads(node.ast)];
      while (queue.length > 0) {
        const fragment = byName.get(queue.shift()!);
        if (!fragment || fragment === node || uses.includes(fragment)) continue;
        uses.push(fragment);
        queue.push(...spreads(fragment.ast));
      }
      (node as Mutable<OperationNode | FragmentNode>).uses = uses;
    }
  }
}
