import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PACKAGE_LAYOUT } from './package-root.js';

/**
 * The bundles' access to the compile cache (src/compile-cache.ts). In the bundle layout the bin
 * and the worker entry have loaded dist/bundle/compile-cache.cjs with Node's require; required
 * again here from beside the bundle, it is the same instance (require's cache, per thread), which
 * holds every file whose cache is to be written.
 */
const loader = (): typeof import('./compile-cache.js') => createRequire(import.meta.url)('./compile-cache.cjs') as typeof import('./compile-cache.js');

/** A CommonJS file of dist/bundle/ (graphql.cjs, mimetype.cjs, yaml.cjs, fast-glob.cjs), through the compile cache. Bundle layout only. */
export function requireBundleFile(name: string): unknown {
  return loader().requireCached(fileURLToPath(new URL(name, import.meta.url)));
}

/** Writes the compile caches still missing (a worker thread, which no bin waits for). Nothing outside the bundle. */
export function saveCompileCaches(): void {
  if (PACKAGE_LAYOUT === 'bundle') loader().saveCompileCaches();
}
