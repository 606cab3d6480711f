/**
 * Where cmlint's code runs from, and the root of its package (the directory of its package.json,
 * schema/ and rules/), for the files cmlint reads beside its code. Three layouts:
 * - 'sources': src/*.ts, run by the tests;
 * - 'dist': tsc's output, dist/src/**.js (the library entry, and the bin with CMLINT_UNBUNDLED=1);
 * - 'bundle': dist/bundle/*.js, the bundles `npm run build` writes for the bin and the worker
 *   thread (scripts/bundle.mjs), where this module is inlined and `import.meta.url` is the
 *   bundle's. The bundler defines CMLINT_BUNDLE as true (esbuild's `define`, a build-time constant).
 * This module is three levels below the package root in dist/src/util/, two in src/util/ and in
 * dist/bundle/ (where it is inlined into the bundle).
 */
declare const CMLINT_BUNDLE: boolean | undefined;

export const PACKAGE_LAYOUT: 'sources' | 'dist' | 'bundle' =
  typeof CMLINT_BUNDLE !== 'undefined' && CMLINT_BUNDLE ? 'bundle' : import.meta.url.endsWith('.ts') ? 'sources' : 'dist';

const PACKAGE_ROOT = new URL(PACKAGE_LAYOUT === 'dist' ? '../../../' : '../../', import.meta.url);

/** A file of the package, by its path from the package root (`schema/rule-index.json`). */
export function packageFile(path: string): URL {
  return new URL(path, PACKAGE_ROOT);
}
