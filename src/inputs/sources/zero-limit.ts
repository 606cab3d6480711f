import { zeroLimits as graphqlZeroLimits } from '../../graphql/zero-limit.js';
import { isZeroLiteral, sdkQuery } from './requests.js';
import { importsAny, type SourceFileNode } from './source-node.js';

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
  for (const { url, start } of file.urls) {
    if (url.kind !== 'delivery' && url.kind !== 'preview') continue;
    if (url.query.get('limit')?.some((v) => v.trim() === '0')) found.push({ start, via: 'url', detail: url.host! });
  }
  // The management SDK's collections are not affected: only calls in files that are not management-only.
  const delivery = importsAny(file, ['contentful']) || !importsAny(file, ['contentful-management']);
  if (delivery) {
    for (const call of file.calls) {
      const method = call.callee[call.callee.length - 1]!;
      if (!DELIVERY_COLLECTIONS.has(method) || call.callee.length < 2) continue;
      const limit = sdkQuery(call)?.get('limit');
      if (limit && isZeroLiteral(limit.value)) found.push({ start: limit.start, via: 'sdk', detail: call.callee.join('.') });
    }
  }
  // Literal zeros only: a variable's value comes from the code that sends the query.
  for (const { document, offset } of file.graphql) {
    for (const { argument, field } of graphqlZeroLimits(document, new Set())) found.push({ start: offset(argument.loc?.start ?? 0), via: 'graphql', detail: field });
  }
  return found.sort((a, b) => a.start - b.start);
}
