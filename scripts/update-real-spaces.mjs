// Rewrites fixtures/real-spaces/expected/*.txt from what cmlint reports on each real export
// (test/real-spaces.test.ts). Read the diff before committing: those files are what a person reviewed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const run = spawnSync(process.execPath, [vitest, 'run', 'test/real-spaces.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CMLINT_UPDATE_REAL_SPACES: '1' },
});
if (run.status === 0) console.log('rewrote fixtures/real-spaces/expected/: review the diff (git diff fixtures/real-spaces/expected) before committing');
process.exit(run.status ?? 1);
