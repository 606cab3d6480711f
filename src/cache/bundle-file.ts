import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A CommonJS file of dist/bundle/ beside the bundle (graphql.cjs, mimetype.cjs, yaml.cjs,
 * fast-glob.cjs, babel-parser.cjs, graphql-tag-pluck.cjs), run through the compile cache
 * (src/cache/compile-cache.ts). Bundle layout only; bundled into the vendor files that load another
 * (graphql-tag-pluck.cjs loads babel-parser.cjs). The bin (or the worker entry) has loaded
 * dist/bundle/compile-cache.cjs with Node's require; required again here from beside the bundle,
 * it is the same instance (require's cache, per thread), which holds every file whose cache the
 * bin writes after the run.
 */
export function requireBundleFile(name: string): unknown {
  const { requireCached } = createRequire(import.meta.url)('./compile-cache.cjs') as typeof import('./compile-cache.js');
  return requireCached(fileURLToPath(new URL(name, import.meta.url)));
}
