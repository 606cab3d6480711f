import type * as t from '@babel/types';
import { zeroLimits as graphqlZeroLimits } from '../../graphql/zero-limit.js';
import { isZeroLiteral, sdkQuery } from './requests.js';
import { importsAny, type SourceFileNode, type UrlSite } from './source-node.js';

/**
 * A limit of 0 that the service treats as 100 from 2025-02-17 (delivery, preview and GraphQL
 * content APIs), found in application code: for the `zero-limit-query` rule's `sourceFile`
 * visitor (the rule itself starts with the GraphQL documents input).
 */
export interface ZeroLimit {
  /** Offset in the file. */
  start: number;
  via: 'url' | 'sdk' | 'graphql';
  /** What was found, for the message: the URL's host, the SDK method, the GraphQL field. */
  detail: string;
  /**
   * The edit that asks for another limit: the range of the file's text, what it reads now, and its
   * text with the limit given; null where the file does not hold the limit as written (a string
   * with escapes around it).
   */
  edit: { start: number; end: number; expect: string; text(limit: number): string } | null;
  /** Whether the request only counts (GraphQL that reads only `total`: see src/graphql/zero-limit.ts); a URL's or SDK call's use of the items is not known. */
  countOnly: boolean;
}

/** A URL's query string with each `limit=0` given another limit, where the file writes the query as the URL has it. */
function urlEdit({ text, raw, rawStart }: UrlSite): ZeroLimit['edit'] {
  const inRaw = raw.indexOf('?');
  const inText = text.indexOf('?');
  if (inRaw < 0 || inText < 0 || raw.slice(inRaw) !== text.slice(inText)) return null;
  const hash = raw.indexOf('#', inRaw);
  const query = raw.slice(inRaw + 1, hash < 0 ? raw.length : hash);
  const params = query.split('&');
  const zero = params.map((param) => param.startsWith('limit=') && param.slice('limit='.length).trim() === '0');
  if (!zero.includes(true)) return null;
  const start = rawStart + inRaw + 1;
  return { start, end: start + query.length, expect: query, text: (limit) => params.map((param, i) => (zero[i] ? `limit=${limit}` : param)).join('&') };
}

/** The literal `0` (or `'0'`) of an SDK query's limit, as another limit in the same spelling. */
function literalEdit(node: t.Node): ZeroLimit['edit'] {
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return literalEdit(node.expression);
  const raw = (node.extra as { raw?: unknown } | undefined)?.raw;
  if (typeof raw !== 'string' || node.start == null || node.end == null) return null;
  const quote = node.type === 'StringLiteral' ? raw[0]! : '';
  return { start: node.start, end: node.end, expect: raw, text: (limit) => `${quote}${limit}${quote}` };
}

/** Collection methods of the delivery SDK (and its `withAllLocales`/`withoutLinkResolution` chains). */
const DELIVERY_COLLECTIONS = new Set(['getEntries', 'getAssets', 'getTags', 'getContentTypes', 'getConcepts', 'getConceptSchemes', 'getLocales']);

/**
 * Limits of 0 the parser can see: `limit=0` in the query string of a delivery or preview URL
 * (`service.hosts`), `limit: 0` (a literal, never a variable) in the query of a delivery SDK
 * collection call, and `limit: 0` on a field of GraphQL sent as a plain string or untagged
 * template (tagged `gql`/`graphql` templates belong to the documents input).
 */
export function zeroLimits(file: SourceFileNode): ZeroLimit[] {
  const found: ZeroLimit[] = [];
  for (const site of file.urls) {
    const { url, start } = site;
    if (url.kind !== 'delivery' && url.kind !== 'preview') continue;
    if (url.query.get('limit')?.some((v) => v.trim() === '0')) found.push({ start, via: 'url', detail: url.host!, edit: urlEdit(site), countOnly: false });
  }
  // The management SDK's collections are not affected: only calls in files that are not management-only.
  const delivery = importsAny(file, ['contentful']) || !importsAny(file, ['contentful-management']);
  if (delivery) {
    for (const call of file.calls) {
      const method = call.callee[call.callee.length - 1]!;
      if (!DELIVERY_COLLECTIONS.has(method) || call.callee.length < 2) continue;
      const limit = sdkQuery(call)?.get('limit');
      if (limit && isZeroLiteral(limit.value)) found.push({ start: limit.start, via: 'sdk', detail: call.callee.join('.'), edit: literalEdit(limit.value), countOnly: false });
    }
  }
  // Literal zeros only: a variable's value comes from the code that sends the query.
  for (const { document, offset } of file.graphql) {
    for (const { argument, field, countOnly } of graphqlZeroLimits(document, new Set())) {
      const value = argument.value.loc;
      const edit = value ? { start: offset(value.start), end: offset(value.end), expect: '0', text: String } : null;
      found.push({ start: offset(argument.loc?.start ?? 0), via: 'graphql', detail: field, edit, countOnly });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
