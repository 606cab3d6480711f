#!/usr/bin/env node
// Benchmark of migration scripts (config `migrations`): a generated export with 16 content types
// and --scripts scripts that change them (fields added, validations and help texts changed,
// fields omitted then deleted, entries transformed), replayed on it and linted, against a plain
// lint of the same export. Fresh process per run, one warm-up each, runs alternated, medians.
// The replay's time is split: loading the scripts, the migration tool (its modules and its
// parser, which runs each script), and cmlint's own (the offline space, applying the requests,
// the migrated model).
//
//   npm run build && node bench/migrations.mjs [--scripts 200] [--entries 1000] [--runs 5]

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { scripts: { type: 'string', default: '200' }, entries: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' }, child: { type: 'string' }, dir: { type: 'string' } },
});

if (values.child) {
  // One measured run, in a fresh process: read the export, replay (or not), run the recommended rules.
  const dist = (p) => import(pathToFileURL(`${root}dist/src/${p}`).href);
  const [{ loadSpace }, { runRules }, { RuleConfiguration }, { loadBuiltinRules }, { withMigrations, configuredScripts }] = await Promise.all([
    dist('inputs/space/load-space.js'),
    dist('engine/run-rules.js'),
    dist('config/resolve-rules.js'),
    dist('engine/rules-registry.js'),
    dist('inputs/migrations/index.js'),
  ]);
  const start = performance.now();
  const dir = values.dir;
  let space = await loadSpace([{ absPath: `${dir}/space.json`, explicit: true }], dir);
  const timings = { load: 0, tool: 0, total: 0 };
  if (values.child === 'replay') {
    const scripts = await configuredScripts({ config: { migrations: ['migrations/*.js'] }, path: `${dir}/.linterrc.yaml`, rules: [] }, dir);
    space = await withMigrations(space, scripts, { cwd: dir, configShown: '.linterrc.yaml', timings });
  }
  const rules = await loadBuiltinRules();
  const { findings, stats } = await runRules(space, new RuleConfiguration(rules, { extends: ['recommended'] }), '2026-11-21');
  console.log(JSON.stringify({ ms: performance.now() - start, timings, findings: findings.length, byRule: findings.reduce((m, f) => ((m[f.ruleId] = (m[f.ruleId] ?? 0) + 1), m), {}), stats }));
  process.exit(0);
}

const scripts = Number(values.scripts);
const runs = Number(values.runs);
const dir = `${root}bench/out/migrations-${scripts}-${values.entries}`;
if (!existsSync(`${dir}/space.json`)) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(`${dir}/migrations`, { recursive: true });
  const generated = `${dir}/generated.json`;
  const result = spawnSync(process.execPath, ['bench/generate-export.mjs', '--entries', values.entries, '--seed', '1', '--out', generated], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('generate-export failed');
  const space = JSON.parse(readFileSync(generated, 'utf8'));
  // 16 content types: the generator's 12 and copies of the first four under new ids.
  for (const type of space.contentTypes.slice(0, 4)) space.contentTypes.push({ ...structuredClone(type), sys: { ...type.sys, id: `${type.sys.id}Copy` }, name: `${type.name} (copy)` });
  writeFileSync(`${dir}/space.json`, `${JSON.stringify(space, null, 2)}\n`);
  rmSync(generated);
  writeFileSync(`${dir}/package.json`, '{ "private": true, "type": "commonjs" }\n');
  writeFileSync(`${dir}/.linterrc.yaml`, 'include: [space.json]\nmigrations: ["migrations/*.js"]\n');
  const types = space.contentTypes.map((t) => ({ id: t.sys.id, symbols: t.fields.filter((f) => f.type === 'Symbol' && !f.required).map((f) => f.id) }));
  for (let i = 0; i < scripts; i++) {
    const type = types[i % types.length];
    const field = `bench${i}`;
    const kind = i % 5;
    const body =
      kind === 0
        ? `  const t = migration.editContentType('${type.id}');\n  t.createField('${field}').name('Bench ${i}').type('Symbol').validations([{ size: { max: 120 } }]);\n  t.changeFieldControl('${field}', 'builtin', 'singleLine', { helpText: 'Added by script ${i}' });`
        : kind === 1
          ? `  const t = migration.editContentType('${type.id}');\n  t.createField('${field}').name('Bench ${i}').type('Integer').validations([{ range: { min: 0 } }]);`
          : kind === 2 && type.symbols[0]
            ? `  migration.editContentType('${type.id}').editField('${type.symbols[0]}').validations([{ size: { max: ${200 + i} } }]);`
            : kind === 3
              ? `  migration.editContentType('${types[(i - 2) % types.length].id}').editField('bench${i - 2}').omitted(true);`
              : i % 20 === 4
                ? `  migration.transformEntries({\n    contentType: '${types[(i - 4) % types.length].id}',\n    from: ['bench${i - 4}'],\n    to: ['bench${i - 4}'],\n    transformEntryForLocale: (from, locale) => (locale !== 'en-US' || from.bench${i - 4} ? undefined : { bench${i - 4}: 'filled by script ${i}' }),\n  });`
                : `  migration.editContentType('${type.id}').description('Changed by script ${i}');`;
    writeFileSync(`${dir}/migrations/${String(i).padStart(4, '0')}-bench.js`, `module.exports = function (migration) {\n${body}\n};\n`);
  }
}

const run = (mode) => {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode, '--dir', dir], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`${mode}: exit ${result.status}: ${result.stderr}`);
  const wall = result.stdout.trim().split('\n').pop();
  return JSON.parse(wall);
};
const modes = ['plain', 'replay'];
const samples = { plain: [], replay: [] };
const first = Object.fromEntries(modes.map((m) => [m, run(m)])); // warm-up
for (let i = 0; i < runs; i++) for (const m of modes) samples[m].push(run(m));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${(x / 1000).toFixed(2)} s`;
const os = await import('node:os');
console.log(`${scripts} scripts on 16 content types, ${first.plain.stats.entries} entries; ${runs} runs each, alternated; load average ${os.loadavg()[0].toFixed(2)} (${os.cpus().length} CPUs)`);
console.log(`plain lint:            median ${ms(median(samples.plain.map((s) => s.ms)))}  [${samples.plain.map((s) => ms(s.ms)).join(', ')}]  findings ${first.plain.findings}`);
console.log(`replay + lint:         median ${ms(median(samples.replay.map((s) => s.ms)))}  [${samples.replay.map((s) => ms(s.ms)).join(', ')}]  findings ${first.replay.findings} ${JSON.stringify(first.replay.byRule)}`);
const part = (key) => median(samples.replay.map((s) => s.timings[key]));
const own = median(samples.replay.map((s) => s.timings.total - s.timings.load - s.timings.tool));
console.log(`  of the replay (medians): loading scripts ${ms(part('load'))}, migration tool ${ms(part('tool'))}, cmlint's own ${ms(own)}, whole replay ${ms(part('total'))}`);
console.log(`ratio replay+lint / plain lint: ${(median(samples.replay.map((s) => s.ms)) / median(samples.plain.map((s) => s.ms))).toFixed(2)}x`);
