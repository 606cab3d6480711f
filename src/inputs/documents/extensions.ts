/** File types the documents input reads: GraphQL files, scripts with embedded GraphQL, components. */
export const GRAPHQL_EXTENSIONS: readonly string[] = ['.graphql', '.gql', '.graphqls'];
export const SCRIPT_EXTENSIONS: readonly string[] = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'];
export const COMPONENT_EXTENSIONS: readonly string[] = ['.vue', '.svelte', '.astro'];
