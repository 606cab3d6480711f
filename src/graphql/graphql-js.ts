import { createRequire } from 'node:module';
import { requireBundleFile } from '../cache/bundle-file.js';
import { PACKAGE_LAYOUT } from '../util/package-root.js';
import { GRAPHQL_JS_EXPORTS, type GraphQLJs } from './graphql-js-exports.js';

let loaded: GraphQLJs | undefined;

/**
 * The parts of graphql-js cmlint uses (GRAPHQL_JS_EXPORTS), loaded on first use: runs without
 * GraphQL rules or documents never load it. In the bundle they are dist/bundle/graphql.cjs's
 * exports (scripts/bundle.mjs); otherwise each name's module is required from node_modules when
 * the name is first read, so a run that only parses loads only the parser, and only `cmlint diff`
 * loads findBreakingChanges.
 */
export function graphqlJs(): GraphQLJs {
  return (loaded ??= PACKAGE_LAYOUT === 'bundle' ? (requireBundleFile('graphql.cjs') as GraphQLJs) : fromModules());
}

function fromModules(): GraphQLJs {
  const require = createRequire(import.meta.url);
  const graphql = {};
  for (const [name, module] of Object.entries(GRAPHQL_JS_EXPORTS)) {
    Object.defineProperty(graphql, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = (require(`graphql/${module}.js`) as Record<string, unknown>)[name];
        if (value === undefined) throw new Error(`graphql/${module}.js exports no ${name} (GRAPHQL_JS_EXPORTS)`);
        Object.defineProperty(graphql, name, { value, enumerable: true });
        return value;
      },
    });
  }
  return graphql as GraphQLJs;
}
