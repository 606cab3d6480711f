import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // No test's verdict depends on how long it takes: on a loaded machine a run of the bin takes
    // many times its usual time, and a timeout made such tests fail now and then. A test that
    // hangs (a backtracking matcher, a loop) hangs the suite, which shows it as surely.
    testTimeout: 0,
    hookTimeout: 0,
  },
});
