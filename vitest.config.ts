import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The build (`npm run build`), which tests import to run the CLI and the API as the bin does. */
const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // No test's verdict depends on how long it takes: on a loaded machine a run of the bin takes
    // many times its usual time, and a timeout made such tests fail now and then. A test that
    // hangs (a backtracking matcher, a loop) hangs the suite, which shows it as surely.
    testTimeout: 0,
    hookTimeout: 0,
    server: {
      deps: {
        // The build is JavaScript that Node runs as it is: imported natively, not transformed
        // again by Vite (about 2 s of CPU for each test file that imports the CLI).
        external: [new RegExp(`^${DIST.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)],
      },
    },
  },
});
