// The environment the benchmarks' child processes run with: the harness's own, less
// NODE_EXTRA_CA_CERTS. With that variable set, every node process parses the certificates it
// names when it starts (40-100 ms on this machine for the system bundle, most of `node -e 0`'s
// instructions), a cost a user's machine usually does not have and that flatters every ratio
// against a short run (`node -e 0`, a small lint). BENCH_KEEP_ENV=1 keeps the environment as it is.

const KEEP = process.env.BENCH_KEEP_ENV === '1';

/** The environment for a child process, with `extra` variables set. */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!KEEP) delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** Prints a line saying what childEnv removes, if it removes anything. */
export function printChildEnvNote() {
  if (!KEEP && process.env.NODE_EXTRA_CA_CERTS) console.log('children run without NODE_EXTRA_CA_CERTS (BENCH_KEEP_ENV=1 keeps it)');
}
