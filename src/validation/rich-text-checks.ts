import { isObject } from '../util/json-value.js';
import { ENABLEABLE_NODE_TYPES, isRichTextDocument, nodeTargetId, someNode, type RichTextNode } from '../model/rich-text.js';
import { customMessage, quoted, showBounds, showList } from './describe.js';
import { EntryLinkRule, missingAsset } from './link-checks.js';
import { boundsOf } from './value-checks.js';
import { HERE, type CheckContext, type Path, type ValueCheck, type Violation } from './types.js';

/** Checks of RichText documents: enabledMarks, enabledNodeTypes, nodes, and their links. */

const ENTRY_NODE_TYPES: ReadonlySet<string> = new Set(['embedded-entry-block', 'embedded-entry-inline', 'entry-hyperlink']);
const ASSET_NODE_TYPES: ReadonlySet<string> = new Set(['embedded-asset-block', 'asset-hyperlink']);

function stringSet(spec: unknown): ReadonlySet<string> | null {
  return Array.isArray(spec) ? new Set(spec.filter((item): item is string => typeof item === 'string')) : null;
}

/** `enabledMarks`: every mark of every text node is one of the list. */
export function enabledMarksCheck(spec: unknown, custom: string): ValueCheck | null {
  const allowed = stringSet(spec);
  if (!allowed) return null;
  const shown = allowed.size === 0 ? 'none' : showList([...allowed], quoted);
  return {
    run(value) {
      if (!isRichTextDocument(value)) return null;
      let found: Violation | null = null;
      someNode(value, (node, path) => {
        if (node.nodeType !== 'text' || !Array.isArray(node.marks)) return false;
        for (const mark of node.marks) {
          const type = isObject(mark) ? mark.type : undefined;
          if (typeof type === 'string' && !allowed.has(type)) {
            found = { messageId: 'enabledMarks', data: { mark: type, allowed: shown, custom }, path: [...path] };
            return true;
          }
        }
        return false;
      });
      return found;
    },
  };
}

/**
 * `enabledNodeTypes`: every node whose type the validation can turn off is one of the list
 * (paragraphs, list items, table rows and cells and text are always allowed).
 */
export function enabledNodeTypesCheck(spec: unknown, custom: string): ValueCheck | null {
  const allowed = stringSet(spec);
  if (!allowed) return null;
  const shown = allowed.size === 0 ? 'none' : showList([...allowed], quoted);
  return {
    run(value) {
      if (!isRichTextDocument(value)) return null;
      let found: Violation | null = null;
      someNode(value, (node, path) => {
        const type = node.nodeType;
        if (typeof type !== 'string' || !ENABLEABLE_NODE_TYPES.has(type) || allowed.has(type)) return false;
        found = { messageId: 'enabledNodeTypes', data: { nodeType: type, allowed: shown, custom }, path: [...path] };
        return true;
      });
      return found;
    },
  };
}

/** What a `nodes` validation asks of one node type. */
interface NodeRule {
  nodeType: string;
  index: number;
  min: number | null;
  max: number | null;
  sizeCustom: string;
  link: EntryLinkRule | null;
}

function nodeRule(nodeType: string, index: number, spec: unknown, reportMissing: boolean, custom: string): NodeRule | null {
  // Resource nodes hold `{validations: [{size}], allowedResources}`, the others an array of validations.
  const validations = Array.isArray(spec) ? spec : isObject(spec) && Array.isArray(spec.validations) ? spec.validations : [];
  const rule: NodeRule = { nodeType, index, min: null, max: null, sizeCustom: '', link: null };
  for (const validation of validations) {
    if (!isObject(validation)) continue;
    const bounds = boundsOf(validation.size);
    if (bounds) {
      rule.min = bounds.min;
      rule.max = bounds.max;
      rule.sizeCustom = customMessage(validation.message) || custom;
    }
    const allowed = ENTRY_NODE_TYPES.has(nodeType) ? stringSet(validation.linkContentType) : null;
    if (allowed) {
      rule.link = new EntryLinkRule(allowed, reportMissing, customMessage(validation.message) || custom, { messageId: 'nodesLinkContentType', nodeType });
    }
  }
  return rule.min !== null || rule.max !== null || rule.link ? rule : null;
}

/**
 * `nodes`: per node type, how many such nodes a document may have (`size`) and, for embedded
 * entries and entry hyperlinks, which content types they may link to (`linkContentType`).
 */
export function nodesCheck(spec: unknown, reportMissing: boolean, custom: string): ValueCheck | null {
  if (!isObject(spec)) return null;
  const rules = new Map<string, NodeRule>();
  for (const [nodeType, nodeSpec] of Object.entries(spec)) {
    const rule = nodeRule(nodeType, rules.size, nodeSpec, reportMissing, custom);
    if (rule) rules.set(nodeType, rule);
  }
  if (rules.size === 0) return null;
  return {
    run(value, context) {
      if (!isRichTextDocument(value)) return null;
      const counts = new Array<number>(rules.size).fill(0);
      let found: Violation | null = null;
      someNode(value, (node, path) => {
        const rule = typeof node.nodeType === 'string' ? rules.get(node.nodeType) : undefined;
        if (!rule) return false;
        counts[rule.index]!++;
        const id = rule.link && nodeTargetId(node);
        if (id) found = rule.link!.check(id, context, path);
        return found !== null;
      });
      if (found) return found;
      for (const rule of rules.values()) {
        const count = counts[rule.index]!;
        if ((rule.min !== null && count < rule.min) || (rule.max !== null && count > rule.max)) {
          return { messageId: 'nodesSize', data: { nodeType: rule.nodeType, count, bounds: showBounds(rule.min, rule.max), custom: rule.sizeCustom }, path: HERE };
        }
      }
      return null;
    },
  };
}

/** With `reportMissing`: every entry and asset a document links to is in the input. */
export function richTextLinksPresenceCheck(): ValueCheck {
  const entries = new EntryLinkRule(null, true, '');
  return {
    run(value, context: CheckContext) {
      if (!isRichTextDocument(value)) return null;
      let found: Violation | null = null;
      someNode(value, (node: RichTextNode, path: Path) => {
        const type = node.nodeType;
        const id = typeof type === 'string' && (ENTRY_NODE_TYPES.has(type) || ASSET_NODE_TYPES.has(type)) ? nodeTargetId(node) : undefined;
        if (id === undefined) return false;
        if (ENTRY_NODE_TYPES.has(type as string)) found = entries.check(id, context, path);
        else if (context.assetFiles(id) === undefined) found = missingAsset(id, [...path]);
        return found !== null;
      });
      return found;
    },
  };
}
