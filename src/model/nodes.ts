import type { SourceRef } from './source-ref.js';
import type { CodeNode } from './code-nodes.js';
import type { AssetJson, ContentTypeJson, EditorInterfaceJson, EntryJson, FieldJson, LocaleJson } from './json-types.js';

/** What rules visit. Each node keeps its record as read (`json`) and where it came from. */

export interface ContentTypeNode {
  readonly kind: 'contentType';
  readonly id: string;
  readonly json: ContentTypeJson;
  readonly fields: readonly FieldNode[];
  readonly source: SourceRef;
}

export interface FieldNode {
  readonly kind: 'field';
  readonly id: string;
  readonly json: FieldJson;
  readonly index: number;
  readonly contentType: ContentTypeNode;
}

export interface EditorInterfaceNode {
  readonly kind: 'editorInterface';
  readonly contentTypeId: string;
  readonly json: EditorInterfaceJson;
  readonly source: SourceRef;
}

export interface LocaleNode {
  readonly kind: 'locale';
  readonly code: string;
  readonly json: LocaleJson;
  readonly source: SourceRef;
}

export interface EntryNode {
  readonly kind: 'entry';
  readonly id: string;
  readonly contentTypeId: string;
  readonly json: EntryJson;
  readonly source: SourceRef;
}

export interface AssetNode {
  readonly kind: 'asset';
  readonly id: string;
  readonly json: AssetJson;
  readonly source: SourceRef;
}

/**
 * A concept of the organisation's taxonomy. Only what rules need is kept (a taxonomy's labels
 * in every locale are not), with the record's position for findings about it.
 */
export interface ConceptNode {
  readonly kind: 'concept';
  readonly id: string;
  /** Ids of its parent concepts (`broader` links), in record order. */
  readonly broader: readonly string[];
  /** Ids of the schemes the record names itself (`conceptSchemes`, the delivery API's shape). */
  readonly conceptSchemes: readonly string[];
  readonly source: SourceRef;
}

/** A concept scheme of the organisation's taxonomy. */
export interface ConceptSchemeNode {
  readonly kind: 'conceptScheme';
  readonly id: string;
  /** Ids of the concepts it lists in `concepts` and `topConcepts`, without repeats. */
  readonly concepts: readonly string[];
  readonly source: SourceRef;
}

export type Node = ContentTypeNode | FieldNode | EditorInterfaceNode | LocaleNode | EntryNode | AssetNode | ConceptNode | ConceptSchemeNode;

/**
 * An entry without its record: enough to report about the entry after it has streamed past
 * (cross-entry checks keep these, never the entries themselves).
 */
export type EntryRef = Pick<EntryNode, 'kind' | 'id' | 'contentTypeId' | 'source'>;

/**
 * A member of an object in an input file that is not a record (a section of an export, a key of a
 * resource): what findings about a file's structure are about. `source` is where its value is.
 */
export interface MemberNode {
  readonly kind: 'member';
  readonly key: string;
  readonly source: SourceRef;
}

/** What a finding can be about: any node, an entry by reference, a node of a code input, or a member of a file's structure. */
export type ReportNode = Exclude<Node, EntryNode> | EntryRef | CodeNode | MemberNode;

export function entryRef(entry: EntryNode): EntryRef {
  return { kind: 'entry', id: entry.id, contentTypeId: entry.contentTypeId, source: entry.source };
}

/** The record a node lives in, and the path from that record to the node. */
export function recordOf(node: ReportNode): { source: SourceRef; path: string[] } {
  if (node.kind === 'field') return { source: node.contentType.source, path: ['fields', String(node.index)] };
  return { source: node.source, path: [] };
}
