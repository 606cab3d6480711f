import type { DocumentNode, FragmentDefinitionNode, OperationDefinitionNode, Source } from 'graphql';
import type { SourceRef } from './source-ref.js';

/**
 * Nodes of the code inputs (GraphQL documents today; application sources beside them): what
 * rules visit after the model and before the entries. Each keeps the file it came from and the
 * offset of its start there (`source.offset`: UTF-16 code units from the start of the ORIGINAL
 * file, so that an operation embedded in a component is reported where it is written).
 */

/**
 * One GraphQL text: a `.graphql`/`.gql` file, or one template literal embedded in a JS/TS or
 * component file. `body.body` is the text exactly as written, with the `${…}` interpolations of a
 * template literal blanked out (same length), so that an offset in it plus `source.offset` is an
 * offset in the original file.
 */
export interface GraphQLDocumentNode {
  readonly kind: 'graphqlDocument';
  readonly source: SourceRef;
  readonly body: Source;
  /** Null when the text does not parse (`syntaxError` says why). */
  readonly ast: DocumentNode | null;
  /** `tooDeep`: not a syntax error, the text nests deeper than graphql-js's parser could follow (it ran out of stack). */
  readonly syntaxError: { message: string; offset: number; tooDeep?: true } | null;
  readonly operations: readonly OperationNode[];
  readonly fragments: readonly FragmentNode[];
}

/** A named or anonymous operation, with the fragments it spreads (transitively, from any document). */
export interface OperationNode {
  readonly kind: 'operation';
  readonly name: string | null;
  readonly ast: OperationDefinitionNode;
  readonly document: GraphQLDocumentNode;
  /** The definitions of the fragments it uses, found in any document of the run, each once. */
  readonly uses: readonly FragmentNode[];
  readonly source: SourceRef;
}

/** A fragment definition, with the fragments it spreads (transitively). */
export interface FragmentNode {
  readonly kind: 'fragment';
  readonly name: string;
  readonly ast: FragmentDefinitionNode;
  readonly document: GraphQLDocumentNode;
  readonly uses: readonly FragmentNode[];
  readonly source: SourceRef;
}

/**
 * A place in an application source file (a call, a string, a command in a script): what
 * findings about application code are reported at. `source.offset` is the UTF-16 offset in the
 * file's text. The content type (and field) is set when the code names one of the model's.
 */
export interface SourcePlaceNode {
  readonly kind: 'code';
  readonly source: SourceRef;
  readonly contentType: string | null;
  readonly field: string | null;
}

/** Every node of a code input a finding can be about. */
export type CodeNode = GraphQLDocumentNode | OperationNode | FragmentNode | SourcePlaceNode;

const CODE_KINDS: ReadonlySet<string> = new Set<CodeNode['kind']>(['graphqlDocument', 'operation', 'fragment', 'code']);

export function isCodeNode(node: { kind: string }): node is CodeNode {
  return CODE_KINDS.has(node.kind);
}

/** Where a GraphQL AST node of a document is, as a source reference in the original file. */
export function graphqlRef(document: GraphQLDocumentNode, offsetInBody: number): SourceRef {
  return { ...document.source, offset: document.source.offset + offsetInBody };
}

/** "query 'GetPost'", "anonymous mutation", "fragment 'PostFields'". */
export function definitionLabel(definition: OperationNode | FragmentNode): string {
  if (definition.kind === 'fragment') return `fragment '${definition.name}'`;
  const { operation } = definition.ast;
  return definition.name === null ? `anonymous ${operation}` : `${operation} '${definition.name}'`;
}
