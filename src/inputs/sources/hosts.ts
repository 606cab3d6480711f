/**
 * The service's API hosts, by API. Defaults are the public hosts (the global and the EU data
 * region); `service.hosts` in the config replaces a list, so that proxies and other regional
 * hosts count too. A host may carry a base path (`proxy.example.com/cms`).
 */
export interface ServiceHosts {
  management: readonly string[];
  delivery: readonly string[];
  preview: readonly string[];
  graphql: readonly string[];
}

export type HostKind = keyof ServiceHosts;

export const DEFAULT_HOSTS: ServiceHosts = {
  management: ['api.contentful.com', 'api.eu.contentful.com'],
  delivery: ['cdn.contentful.com', 'cdn.eu.contentful.com'],
  preview: ['preview.contentful.com', 'preview.eu.contentful.com'],
  graphql: ['graphql.contentful.com', 'graphql.eu.contentful.com'],
};

export const HOST_KINDS: readonly HostKind[] = ['management', 'delivery', 'preview', 'graphql'];

/** The configured hosts over the defaults (a list given in the config replaces the default list). */
export function resolveHosts(configured: Partial<Record<HostKind, readonly string[]>> | undefined): ServiceHosts {
  return { ...DEFAULT_HOSTS, ...(configured ?? {}) };
}

/** Which API a URL's host and path belong to: the longest configured host (with its base path) that the URL starts with. */
export function hostKindOf(hosts: ServiceHosts, hostAndPath: string): { kind: HostKind; base: string } | null {
  const lower = hostAndPath.toLowerCase();
  let best: { kind: HostKind; base: string } | null = null;
  for (const kind of HOST_KINDS) {
    for (const host of hosts[kind]) {
      const h = host.toLowerCase().replace(/\/+$/, '');
      if (!(lower === h || lower.startsWith(`${h}/`) || lower.startsWith(`${h}?`) || lower.startsWith(`${h}:`))) continue;
      if (best === null || h.length > best.base.length) best = { kind, base: h };
    }
  }
  return best;
}

/** The byte strings whose presence makes a file worth parsing: hosts, the SDKs' and CLI's package names, the endpoints' own words. */
export function prefilterNeedles(hosts: ServiceHosts): string[] {
  const needles = new Set<string>(['contentful', '_periodic_usages', '_displayField']);
  for (const kind of HOST_KINDS) for (const host of hosts[kind]) needles.add(host.toLowerCase().split('/')[0]!);
  return [...needles];
}
