import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The build (`npm run build`), which tests import to run the CLI and the API as the bin does. */
const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

/**
 * Test files that change nothing of their process (its environment, working directory, handlers,
 * mocks) and do not look at which modules it has loaded: they run one after another in a process
 * kept between files, which spares the start of a process and of the modules for each (about a
 * third of their CPU time). A new test file runs in a process of its own unless it is listed here.
 */
const IN_SHARED_PROCESS = [
  'test/rules/**/*.test.ts',
  'test/compact/**/*.test.ts',
  'test/inputs/**/*.test.ts',
  ...[
    'api',
    'architecture',
    'compact-findings',
    'config',
    'corpus',
    'docs-links',
    'documents-extract',
    'documents-real-app',
    'engine',
    'format-github',
    'format-junit',
    'format-markdown',
    'format-sarif',
    'format-stylish',
    'glob',
    'graphql-document-validation',
    'graphql-schema-build',
    'graphql-schema-coverage',
    'graphql-schema-facts',
    'graphql-schema-reduced',
    'graphql-schema',
    'graphql-selections',
    'json-chunks',
    'load-directory',
    'load-errors',
    'load-export',
    'load-find-inputs',
    'load-positions',
    'load-repeated-keys',
    'load-taxonomy',
    'meta',
    'migrations/real-series',
    'migrations/tool',
    're2-differential',
    'regex',
    'safe-text',
    'stages',
    'standalone',
    'terminal',
  ].map((name) => `test/${name}.test.ts`),
];

/**
 * The end-to-end files: the package installed from its tarball, the bin's process (pipes, signals,
 * the caches it keeps between runs, what it loads), its output compared across formats, threads
 * and goldens, and the real exports through the bin. `npm run test:quick` leaves them out.
 */
const END_TO_END = [
  'bundle',
  'code-results-cache',
  'compile-cache',
  'extract-cache',
  'faults',
  'fix-real-spaces',
  'fuzz',
  'jobs-differential',
  'load-large',
  'output-differential',
  'output-differential-runs',
  'package',
  'real-spaces',
  'worker-failures',
].map((name) => `test/${name}.test.ts`);

export default defineConfig({
  test: {
    // No test's verdict depends on how long it takes: on a loaded machine a run of the bin takes
    // many times its usual time, and a timeout made such tests fail now and then. A test that
    // hangs (a backtracking matcher, a loop) hangs the suite, which shows it as surely.
    testTimeout: 0,
    hookTimeout: 0,
    // At least two test files at a time (Vitest's default is one less than the cores: one file at a
    // time on the project's two-core machines, which leaves a core idle while a test waits for the bin).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    server: {
      deps: {
        // The build is JavaScript that Node runs as it is: imported natively, not transformed
        // again by Vite (about 2 s of CPU for each test file that imports the CLI).
        external: [new RegExp(`^${DIST.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)],
      },
    },
    projects: [
      { extends: true, test: { name: 'shared-process', include: IN_SHARED_PROCESS, isolate: false } },
      { extends: true, test: { name: 'own-process', include: ['test/**/*.test.ts'], exclude: [...IN_SHARED_PROCESS, ...END_TO_END] } },
      { extends: true, test: { name: 'end-to-end', include: END_TO_END } },
    ],
  },
});
