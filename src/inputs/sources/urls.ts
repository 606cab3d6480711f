import { hostKindOf, type HostKind, type ServiceHosts } from './hosts.js';

/**
 * A URL or an absolute path as code writes it. Parts that code fills in at run time (template
 * expressions) are `{}` in the text.
 */
export interface ParsedUrl {
  /** `http`, `https`, or null for a path without a host. */
  scheme: 'http' | 'https' | null;
  /** The host (with the configured base path when one matched), lower-case; null for a path. */
  host: string | null;
  /** Which of the service's APIs the host is, or null (another host, or no host). */
  kind: HostKind | null;
  /** The path below the host's base path, from its first `/` ('' when none), without query or fragment. */
  path: string;
  /** Query parameters in order; a parameter given twice has both values. */
  query: Map<string, string[]>;
}

const PLACEHOLDER = '{}';

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function parseQuery(text: string): Map<string, string[]> {
  const query = new Map<string, string[]>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const list = query.get(key);
    if (list) list.push(value);
    else query.set(key, [value]);
  }
  return query;
}

/** A URL (`http(s)://host/...`) or an absolute path (`/spaces/...`, also after a placeholder for a base URL); null for other text. */
export function parseUrl(text: string, hosts: ServiceHosts): ParsedUrl | null {
  let scheme: ParsedUrl['scheme'] = null;
  let host: string | null = null;
  let kind: HostKind | null = null;
  let rest: string;
  const lower = text.slice(0, 8).toLowerCase();
  if (lower.startsWith('http://') || lower.startsWith('https://')) {
    scheme = lower.startsWith('https') ? 'https' : 'http';
    const afterScheme = text.slice(scheme.length + 3);
    const matched = hostKindOf(hosts, afterScheme);
    if (matched) {
      kind = matched.kind;
      host = matched.base;
      rest = afterScheme.slice(matched.base.length).replace(/^:\d+/, '');
    } else {
      const end = afterScheme.search(/[/?#]/);
      host = (end < 0 ? afterScheme : afterScheme.slice(0, end)).toLowerCase();
      rest = end < 0 ? '' : afterScheme.slice(end);
    }
  } else if (text.startsWith('/') && !text.startsWith('//')) rest = text;
  else if (text.startsWith(`${PLACEHOLDER}/`)) rest = text.slice(PLACEHOLDER.length);
  else return null;
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const question = rest.indexOf('?');
  const path = question < 0 ? rest : rest.slice(0, question);
  return { scheme, host, kind, path, query: parseQuery(question < 0 ? '' : rest.slice(question + 1)) };
}

/** The path's segments (`/a/{}/b` → ['a', '{}', 'b']). */
export function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** The segment after `/organizations/<id>/`, when the path is below an organization. */
export function organizationResource(path: string): string | null {
  const parts = segments(path);
  const i = parts.indexOf('organizations');
  return i >= 0 && parts.length > i + 2 ? parts[i + 2]! : null;
}
