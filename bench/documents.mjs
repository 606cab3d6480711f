// What GraphQL documents cost a run, measured in one session (medians of alternating runs):
//   npm run build && node bench/documents.mjs [runs=10] [documents=500] [--compare DIR] [--cold-only]
// --compare DIR also runs DIR/bin/cmlint.js (another checkout, built) in the same alternation, and
// DIR's library in the in-process runs; --cold-only stops after the cold-start runs; --no-first-runs
// leaves out the rows of first runs (below). CPU times (user + system of the child, on
// Linux) are printed beside wall times: on a loaded machine they are the steadier measure.
// 1. Cold start of a small run: the real app of fixtures/graphql/template-marketing (16 content types, 58 entries)
//    linted with its model only, then with its 20 .graphql documents, then with one .tsx
//    document more (which loads the JS parser).
// The bin keeps what extraction found in JS/TS documents between runs (the extraction cache,
// src/inputs/documents/extract-cache.ts) and the findings about documents (the results cache,
// src/engine/code-results-cache.ts), which the warm-up runs fill: each row with documents is a
// later run of that repository (documents, model and config unchanged since the last run), and
// a row "first run" beside it is the same with every document edited before each run (a comment
// at its end changed), which neither cache holds: the first run of a repository or the run after
// its documents changed (graphql-js loads, parses and validates; Babel loads and parses .tsx
// documents; the caches are written). The compile cache is warm in all rows, as in every run but
// a new installation's.
// 2. A repository of N generated documents (half .graphql, half .tsx with gql tags), each an
//    operation that spreads one of the app's fragments from another file: the run with them
//    against the run without, on the same model; then the same two runs in one process after a
//    warm-up (modules loaded once), which is the work the documents add, without loading code.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childrenCpuMs } from './child-cpu.mjs';
import { childEnv, printChildEnvNote } from './child-env.mjs';
import { parse } from 'graphql';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { compare: { type: 'string' }, 'cold-only': { type: 'boolean' }, 'no-first-runs': { type: 'boolean' } } });
const runs = Number(positionals[0] ?? 10);
const count = Number(positionals[1] ?? 500);
const root = fileURLToPath(new URL('../', import.meta.url));
const app = join(root, 'fixtures', 'graphql', 'template-marketing');
const out = join(root, 'bench', 'out', 'documents');
const bin = join(root, 'bin', 'cmlint.js');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** A directory with the app's export and documents, and a config. */
function setup(name, config, extra = {}) {
  const dir = join(out, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(app, 'export.json'), join(dir, 'export.json'));
  cpSync(join(app, 'documents'), join(dir, 'src', 'documents'), { recursive: true });
  for (const [file, text] of Object.entries(extra)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  writeFileSync(join(dir, '.linterrc.yaml'), `include: ["export.json"]\n${config}`);
  return dir;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Operations that spread the app's fragments on content types (and assets), one per document. */
function generated(n) {
  const fragments = [];
  for (const file of walk(join(app, 'documents'))) {
    for (const d of parse(readFileSync(file, 'utf8')).definitions) {
      if (d.kind === 'FragmentDefinition') fragments.push({ name: d.name.value, type: d.typeCondition.name.value });
    }
  }
  const space = JSON.parse(readFileSync(join(app, 'export.json'), 'utf8'));
  const types = new Set(['Asset', ...space.contentTypes.map((t) => t.sys.id[0].toUpperCase() + t.sys.id.slice(1))]);
  const usable = fragments.filter((f) => types.has(f.type));
  const files = {};
  for (let i = 0; i < n; i++) {
    const { name, type } = usable[i % usable.length];
    const field = type[0].toLowerCase() + type.slice(1);
    const query = `query Generated${i}($id: String!, $locale: String, $preview: Boolean) {\n  ${field}(id: $id, locale: $locale, preview: $preview) {\n    sys { id }\n    ...${name}\n  }\n}\n`;
    if (i % 2 === 0) files[`src/generated/q${i}.graphql`] = query;
    else files[`src/generated/Q${i}.tsx`] = `import { gql } from '@apollo/client';\n\nexport const Q${i} = gql\`\n${query}\`;\n\nexport const C${i} = () => <div>{String(Q${i})}</div>;\n`;
  }
  return files;
}

printChildEnvNote();

/**
 * The --compare build keeps its caches in a directory of its own: the documents' caches are one
 * file per project directory, made for one build, so two builds run in the same directories
 * would each find the other's and extract (or check) anew at every run.
 */
const compareCaches = { CMLINT_COMPILE_CACHE: join(out, '.compare-caches') };

function time(cwd, using = bin) {
  const cpuBefore = childrenCpuMs();
  const started = process.hrtime.bigint();
  const env = childEnv(using === bin ? {} : compareCaches);
  const result = spawnSync(process.execPath, [using, '--format', 'json'], { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpuAfter = childrenCpuMs();
  if (result.status === null || result.status > 1 || result.stdout === '') throw new Error(`cmlint in ${cwd} exited ${result.status}: ${result.stderr}`);
  return { ms, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, findings: JSON.parse(result.stdout).findings };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Edits every document under `dir`'s src/ (a comment at its end says which `run`): neither cache holds them then. */
function editDocuments(dir, run) {
  for (const file of walk(join(dir, 'src'))) {
    const comment = file.endsWith('.tsx') ? '//' : file.endsWith('.graphql') ? '#' : null;
    if (comment === null) continue;
    const text = readFileSync(file, 'utf8').replace(/\n(#|\/\/) edit \d+\n$/, '');
    writeFileSync(file, `${text}\n${comment} edit ${run}\n`);
  }
}

/** Alternating runs of each setup after two warm-ups; medians and the findings of the last run. A setup with `firstRun` has its documents edited before each run. */
function measure(setups) {
  const samples = setups.map(() => []);
  const cpu = setups.map(() => []);
  const findings = [];
  for (let i = 0; i < runs + 2; i++) {
    setups.forEach(({ dir, bin: using, firstRun }, k) => {
      if (firstRun) editDocuments(dir, i);
      const { ms, cpu: c, findings: f } = time(dir, using);
      if (i >= 2) samples[k].push(ms);
      if (i >= 2 && c !== null) cpu[k].push(c);
      findings[k] = f;
    });
  }
  return setups.map(({ name, base }, k) => ({
    name,
    base,
    median: median(samples[k]),
    cpu: cpu[k].length > 0 ? median(cpu[k]) : null,
    min: Math.min(...samples[k]),
    max: Math.max(...samples[k]),
    findings: findings[k].length,
  }));
}

/** Each row against the first row, or against the row its `base` names. */
function print(title, rows) {
  console.log(`\n${title} (medians of ${runs} alternating runs)`);
  for (const r of rows) {
    const base = rows.find((b) => b.name === r.base) ?? rows[0];
    const cpu = r.cpu == null ? '' : `  cpu ${r.cpu.toFixed(0)} ms ${(r.cpu / base.cpu).toFixed(2)}x`;
    console.log(`  ${r.name.padEnd(56)} ${r.median.toFixed(1).padStart(8)} ms  (min ${r.min.toFixed(1)}, max ${r.max.toFixed(1)})  ${(r.median / base.median).toFixed(2)}x${cpu}  ${r.findings} findings`);
  }
}

const tsx = { 'src/extra/Hero.tsx': "import { gql } from '@apollo/client';\nexport const HERO = gql`\n  query Hero($id: String!, $locale: String, $preview: Boolean) { componentHeroBanner(id: $id, locale: $locale, preview: $preview) { ...HeroBannerFields } }\n`;\n" };
/** A row: its directory (see setup), and what makes another like it (firstRuns). */
const row = (name, dirName, config, extra = {}) => ({ name, dir: setup(dirName, config, extra), config, extra, documents: config !== '' });
const cold = [
  row('model only', 'model-only', ''),
  row('model + 20 .graphql documents', 'graphql-documents', 'documents: ["src/**/*.graphql"]\n'),
  row('model + 20 .graphql + 1 .tsx document', 'tsx-document', 'documents: ["src/**/*.{graphql,tsx}"]\n', tsx),
];
/** The rows of first runs (see above) beside the rows with documents, each in a directory of its own (cache files of its own). */
const firstRuns = (setups, dirName) =>
  values['no-first-runs'] ? [] : setups.filter((c) => c.documents).map((c, k) => ({ ...c, name: `${c.name}, first run`, dir: setup(`${dirName}-${k}`, c.config, c.extra), firstRun: true }));
const compared = values.compare
  ? cold.map((c) => ({ ...c, name: `compare: ${c.name}`, bin: resolve(values.compare, 'bin', 'cmlint.js'), base: 'compare: model only' }))
  : [];
print('Cold start of a small run (real app: 16 content types, 58 entries)', measure([...cold, ...firstRuns(cold, 'first-run'), ...compared]));
if (values['cold-only']) process.exit(0);

const many = generated(count);
const manySetups = [
  row('model only', 'many-model-only', '', many),
  row(`model + 20 app documents + ${count} generated`, 'many-documents', 'documents: ["src/**/*.{graphql,tsx}"]\n', many),
];
const manyCompared = values.compare
  ? manySetups.map((c) => ({ ...c, name: `compare: ${c.name}`, bin: resolve(values.compare, 'bin', 'cmlint.js'), base: 'compare: model only' }))
  : [];
print(`${count} generated documents (half .graphql, half .tsx), fragments from the app's files`, measure([...manySetups, ...firstRuns(manySetups, 'many-documents-first'), ...manyCompared]));

// In one process: what the documents cost once their modules are loaded (each build's library in
// the same process, alternating, with --compare).
const lints = [(await import(join(root, 'dist', 'src', 'index.js'))).lint];
if (values.compare) lints.push((await import(join(resolve(values.compare), 'dist', 'src', 'index.js'))).lint);
const warmSetups = lints.flatMap((lint, l) => manySetups.map(({ name, dir }) => ({ lint, dir, name: l === 0 ? name : `compare: ${name}`, base: l === 0 ? undefined : 'compare: model only' })));
const warm = warmSetups.map(() => []);
const warmFindings = [];
for (let i = 0; i < runs + 2; i++) {
  for (const [k, { lint, dir }] of warmSetups.entries()) {
    const started = process.hrtime.bigint();
    const { result } = await lint({ paths: [], cwd: dir });
    if (i >= 2) warm[k].push(Number(process.hrtime.bigint() - started) / 1e6);
    warmFindings[k] = result.findings.length;
  }
}
print(`The same in one process, modules loaded`, warmSetups.map(({ name, base }, k) => ({ name, base, median: median(warm[k]), min: Math.min(...warm[k]), max: Math.max(...warm[k]), findings: warmFindings[k] })));
