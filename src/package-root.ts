/**
 * The root of cmlint's package (the directory of its package.json, schema/ and rules/), for the
 * files cmlint reads beside its code. This module is two levels below it in every layout cmlint
 * runs in: src/package-root.ts (tests on the sources), dist/src/package-root.js (tsc's output,
 * the library entry) and dist/bundle/*.js (the bundles the bin runs, where this module is inlined
 * and `import.meta.url` is the bundle's), except the sources, one level below.
 */
export const PACKAGE_ROOT = new URL(import.meta.url.endsWith('.ts') ? '../' : '../../', import.meta.url);

/** A file of the package, by its path from the package root (`schema/rule-index.json`). */
export function packageFile(path: string): URL {
  return new URL(path, PACKAGE_ROOT);
}
