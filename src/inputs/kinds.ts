import type { CodeInputKind } from './code-input.js';
import { COMPONENT_EXTENSIONS, GRAPHQL_EXTENSIONS, SCRIPT_EXTENSIONS } from './documents/extensions.js';

/** The code input kinds, in walk order (the space is read first, by src/inputs/space/). */
export const CODE_INPUT_KINDS: readonly CodeInputKind[] = [
  {
    key: 'documents',
    description:
      'Globs of GraphQL documents to check against the schema predicted from the content model, relative to this file: .graphql/.gql files, and JS/TS/JSX/TSX/Vue/Svelte/Astro files with gql/graphql tagged templates, /* GraphQL */ literals or strings sent as a query (default: none).',
    extensions: [...GRAPHQL_EXTENSIONS, ...SCRIPT_EXTENSIONS, ...COMPONENT_EXTENSIONS],
    read: async (files, cwd, options) => (await import('./documents/read-documents.js')).readDocuments(files, cwd, options),
  },
];
