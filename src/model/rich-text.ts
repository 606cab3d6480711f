import { isObject } from '../util/json-value.js';
import { codePointLength } from './text-length.js';

/**
 * Reading rich-text values (`{ nodeType: "document", content: [...] }`) without trusting their
 * shape: a node that is not an object, a `content` that is not an array, a text without a
 * string `value` are passed over.
 */

export type RichTextNode = Record<string, unknown>;

/** Node types an `enabledNodeTypes` validation turns on or off; the others (paragraph, list item, table cells, text) are always allowed. */
export const ENABLEABLE_NODE_TYPES: ReadonlySet<string> = new Set([
  'heading-1',
  'heading-2',
  'heading-3',
  'heading-4',
  'heading-5',
  'heading-6',
  'ordered-list',
  'unordered-list',
  'hr',
  'blockquote',
  'table',
  'embedded-entry-block',
  'embedded-asset-block',
  'embedded-resource-block',
  'hyperlink',
  'entry-hyperlink',
  'asset-hyperlink',
  'resource-hyperlink',
  'embedded-entry-inline',
  'embedded-resource-inline',
]);

/** Nesting beyond this is not walked (real documents are a few levels deep). */
const MAX_DEPTH = 100;

export function isRichTextDocument(value: unknown): value is RichTextNode {
  return isObject(value) && value.nodeType === 'document';
}

/**
 * Calls `visit` for every node below `doc` in document order, with the path from `doc` to the
 * node (`content`, index, `content`, index, …; the array is reused, copy it to keep it). Stops
 * when `visit` returns true and returns true then.
 */
export function someNode(doc: RichTextNode, visit: (node: RichTextNode, path: (string | number)[]) => boolean): boolean {
  const path: (string | number)[] = [];
  const walk = (node: RichTextNode, depth: number): boolean => {
    const content = node.content;
    if (!Array.isArray(content) || depth > MAX_DEPTH) return false;
    path.push('content', 0);
    for (let i = 0; i < content.length; i++) {
      const child: unknown = content[i];
      if (!isObject(child)) continue;
      path[path.length - 1] = i;
      if (visit(child, path) || walk(child, depth + 1)) return true;
    }
    path.length -= 2;
    return false;
  };
  return walk(doc, 0);
}

/** The id a hyperlink or embedded node links to (`data.target.sys.id`). */
export function nodeTargetId(node: RichTextNode): string | undefined {
  const target = isObject(node.data) ? node.data.target : undefined;
  const id = isObject(target) && isObject(target.sys) ? target.sys.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Whether a document has content: a text node with at least one character, a node that links
 * somewhere (embedded entries, assets and resources, hyperlinks), or a horizontal rule. A
 * document of empty paragraphs or headings (the editor's empty document) has none.
 */
export function hasRichTextContent(doc: RichTextNode): boolean {
  return someNode(doc, (node) => {
    if (node.nodeType === 'text') return typeof node.value === 'string' && node.value.length > 0;
    return node.nodeType === 'hr' || isObject(node.data) && node.data.target !== undefined;
  });
}

/** Characters of text in a document (the sum of its text nodes' lengths), as UTF-16 units or by code point. */
export function richTextLength(doc: RichTextNode, byCodePoint: boolean): number {
  let length = 0;
  someNode(doc, (node) => {
    if (node.nodeType === 'text' && typeof node.value === 'string') length += byCodePoint ? codePointLength(node.value) : node.value.length;
    return false;
  });
  return length;
}
