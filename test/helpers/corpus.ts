import { fileURLToPath } from 'node:url';

/** The real exports copied into the repository (provenance and licences: fixtures/corpus/README.md). */
export const CORPUS = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url));
