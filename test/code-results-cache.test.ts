/**
 * The cache of findings about code (src/engine/code-results-cache.ts): the bin's runs on a project
 * whose documents have findings of every rule that visits them, in a cache directory of their own
 * (CMLINT_COMPILE_CACHE), what happened told by NODE_DEBUG on stderr, and the output (stdout, exit
 * code; stderr without the debug lines) compared with a run without any cache of the same state.
 * Every table case of a rule with documents also replays its findings from a cache in memory
 * (test/helpers/rule-tester.ts).
 */
import { appendFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigFile } from '../src/config/load-config.js';
import { RuleConfiguration } from '../src/config/resolve-rules.js';
import type { CodeResults, CodeRunResults } from '../src/engine/code-results-cache.js';
import { defineRule, type Rule } from '../src/engine/rule.js';
import { runRules } from '../src/engine/run-rules.js';
import { readDocuments } from '../src/inputs/documents/read-documents.js';
import { loadSpace } from '../src/inputs/space/load-space.js';
import { builtinRules, loadBuiltinRules } from '../src/engine/rules-registry.js';
import { cmlintDebug, ROOT, type DebugRun } from './helpers/cli.js';
import { removeTempDirs, tempDir } from './helpers/load-helpers.js';

afterAll(removeTempDirs);

const ARGS = ['--format', 'json', '--as-of', '2026-11-25'];

function bin(cwd: string, env: Record<string, string>, args: readonly string[] = ARGS): DebugRun {
  return cmlintDebug(['cmlint-compile-cache', 'cmlint-results-cache'], args, env, cwd);
}

const output = ({ code, stdout, stderr }: DebugRun) => ({ code, stdout, stderr });
/** Whether the run loaded graphql-js (the compile cache names each file it loads). */
const loadedGraphQL = (run: DebugRun) => run.cache.some((line) => line.startsWith('graphql.cjs: '));
const hit = (run: DebugRun) => run.cache.find((line) => /^(hit|miss)\b/.test(line));

/** Documents with findings of each rule that visits documents, in a .graphql file, a .tsx file and one that does not parse. */
const DOCUMENTS: Record<string, string> = {
  'src/queries.graphql':
    'query Pages($n: Int = 0) {\n  pageCollection(limit: 0) { items { nope sys { id } } }\n  other: pageCollection(limit: $n) { total }\n}\n\nfragment Cta on ComponentCta { headline }\n',
  'src/Hero.tsx': "import { gql } from '@apollo/client';\nexport const Q = gql`\n  query Hero { componentCtaCollection(limit: 0) { items { ...Cta bogus } } }\n`;\n",
  'src/broken.graphql': 'query Broken {\n  pageCollection {\n',
};

/** A project with DOCUMENTS, linted against the marketing app's model (a copy: some tests change it). */
function project(): string {
  const dir = tempDir('cmlint-results-');
  writeFileSync(join(dir, 'export.json'), readFileSync(join(ROOT, 'fixtures/graphql/template-marketing/export.json')));
  for (const [file, text] of Object.entries(DOCUMENTS)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  writeFileSync(join(dir, '.linterrc.yaml'), 'include: ["export.json"]\ndocuments: ["src/**/*"]\n');
  return dir;
}

/** The run of `dir` without any cache, and one with `cache` (a miss): the same output; then the same run again (a hit). */
function missThenHit(dir: string, cache: string, args: readonly string[] = ARGS): { off: DebugRun; hitRun: DebugRun } {
  const off = bin(dir, { CMLINT_COMPILE_CACHE: '0' }, args);
  expect(off.cache).toContain('off');
  expect(hit(off)).toBeUndefined();
  const miss = bin(dir, { CMLINT_COMPILE_CACHE: cache }, args);
  expect(output(miss)).toEqual(output(off));
  expect(hit(miss)).toBe('miss');
  expect(loadedGraphQL(miss)).toBe(true);
  const hitRun = bin(dir, { CMLINT_COMPILE_CACHE: cache }, args);
  expect(output(hitRun)).toEqual(output(off));
  expect(hit(hitRun)).toMatch(/^hit: \d+ findings$/);
  expect(loadedGraphQL(hitRun)).toBe(false);
  return { off, hitRun };
}

describe('the cache of findings about code', () => {
  it('replays the findings of a run whose documents, model, config and date are unchanged, in every format, without loading graphql-js', () => {
    const dir = project();
    const cache = join(dir, 'cache');
    const { off, hitRun } = missThenHit(dir, cache);
    expect(off.code).toBe(1);
    const findings = (JSON.parse(off.stdout) as { findings: { ruleId: string; message: string; file: string }[] }).findings;
    for (const [ruleId, file, message] of [
      ['graphql-document-invalid', 'src/queries.graphql', 'Cannot query field "nope" on type "Page". Cause in the content model'],
      ['graphql-document-invalid', 'src/Hero.tsx', 'Cannot query field "bogus" on type "ComponentCta"'],
      ['graphql-document-invalid', 'src/broken.graphql', 'GraphQL syntax error'],
      ['zero-limit-query', 'src/queries.graphql', 'asks pageCollection for `limit: 0`'],
      ['zero-limit-query', 'src/queries.graphql', '`$n` defaults to 0'],
      ['zero-limit-query', 'src/Hero.tsx', 'asks componentCtaCollection for `limit: 0`'],
    ]) {
      expect(findings.filter((f) => f.ruleId === ruleId && f.file === file && f.message.includes(message!)), `${ruleId} ${file} ${message}`).toHaveLength(1);
    }
    expect(hit(hitRun)).toBe(`hit: ${findings.length} findings`);
    for (const format of ['stylish', 'sarif', 'github']) {
      const args = ['--format', format, '--as-of', '2026-11-25'];
      expect(output(bin(dir, { CMLINT_COMPILE_CACHE: cache }, args)), format).toEqual(output(bin(dir, { CMLINT_COMPILE_CACHE: '0' }, args)));
    }
    // Nothing written into the project.
    expect(readdirSync(dir).sort()).toEqual(['.linterrc.yaml', 'cache', 'export.json', 'src']);
  });

  it('makes the findings anew when a document, the model, the config, the severities given or the date change', () => {
    const dir = project();
    const cache = join(dir, 'cache');
    missThenHit(dir, cache);
    const changes: [string, () => readonly string[]][] = [
      ['a document', () => (appendFileSync(join(dir, 'src/queries.graphql'), 'query More { pageCollection { items { gone } } }\n'), ARGS)],
      ['a line before the GraphQL of a script', () => (writeFileSync(join(dir, 'src/Hero.tsx'), `// a comment\n${DOCUMENTS['src/Hero.tsx']!}`), ARGS)],
      [
        'a field of the model',
        () => {
          const space = JSON.parse(readFileSync(join(dir, 'export.json'), 'utf8')) as { contentTypes: { sys: { id: string }; fields: { id: string }[] }[] };
          const cta = space.contentTypes.find((t) => t.sys.id === 'componentCta')!;
          cta.fields = cta.fields.filter((f) => f.id !== 'headline');
          writeFileSync(join(dir, 'export.json'), JSON.stringify(space));
          return ARGS;
        },
      ],
      ['the config', () => (appendFileSync(join(dir, '.linterrc.yaml'), 'rules:\n  zero-limit-query: info\n'), ARGS)],
      ['a severity given', () => [...ARGS, '--rule', 'graphql-document-invalid=warning']],
      ['the date', () => ['--format', 'json', '--as-of', '2025-01-01']],
    ];
    for (const [what, change] of changes) {
      const args = change();
      const off = bin(dir, { CMLINT_COMPILE_CACHE: '0' }, args);
      const run = bin(dir, { CMLINT_COMPILE_CACHE: cache }, args);
      expect(hit(run), what).toBe('miss');
      expect(output(run), what).toEqual(output(off));
    }
  });

  it('replays for a run of named files (pre-commit) what a run of the whole project found in them', () => {
    const dir = project();
    const cache = join(dir, 'cache');
    missThenHit(dir, cache);
    const named = [...ARGS, 'src/Hero.tsx'];
    const off = bin(dir, { CMLINT_COMPILE_CACHE: '0' }, named);
    expect(off.stdout).toContain('src/Hero.tsx');
    expect(off.stdout).not.toContain('src/queries.graphql');
    const run = bin(dir, { CMLINT_COMPILE_CACHE: cache }, named);
    expect(hit(run)).toMatch(/^hit/);
    expect(output(run)).toEqual(output(off));
  });

  it('ignores a damaged cache, one made for another project or build, and one whose findings do not fit the run', () => {
    const dir = project();
    const cache = join(dir, 'cache');
    const { off } = missThenHit(dir, cache);
    const file = join(cache, 'documents', readdirSync(join(cache, 'documents')).find((name) => name.endsWith('.results.json'))!);
    const good = readFileSync(file, 'utf8');
    const parsed = JSON.parse(good) as { build: string; cwd: string; entries: { key: string; findings: Record<string, unknown>[] }[] };
    const withFinding = (change: Record<string, unknown>) => {
      const planted = structuredClone(parsed);
      planted.entries[0]!.findings[0] = { ...planted.entries[0]!.findings[0], ...change };
      return JSON.stringify(planted);
    };
    const shapes: [string, string, boolean][] = [
      ['corrupt', good.slice(0, good.length / 2), false],
      ['another format', JSON.stringify({ ...parsed, format: 'cmlint-results-cache 0' }), false],
      ['another build', JSON.stringify({ ...parsed, build: 'cmlint@0.0.0' }), false],
      ['another project', JSON.stringify({ ...parsed, cwd: '/elsewhere' }), false],
      ['a finding of another shape', withFinding({ severity: 'fatal' }), false],
      ['a rule that does not visit documents', withFinding({ rule: 'hidden-required-field' }), true],
      ['a message the rule does not have', withFinding({ messageId: 'planted' }), true],
      ['a file the documents do not have', withFinding({ file: 99 }), true],
      ['values that are not the message\'s placeholders', withFinding({ values: [] }), true],
      ['an offset past 32 bits', withFinding({ offset: 2 ** 31 }), false],
    ];
    for (const [what, content, read] of shapes) {
      writeFileSync(file, content);
      const run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
      expect(output(run), what).toEqual(output(off));
      // A cache read whose findings do not fit is a hit that is not replayed: the documents are walked.
      expect(hit(run), what).toBe(read ? `hit: ${parsed.entries[0]!.findings.length} findings` : 'miss');
      expect(loadedGraphQL(run), what).toBe(true);
    }
  });

  it("is not used with a plugin's rule (what it reads is not known)", () => {
    const dir = project();
    const cache = join(dir, 'cache');
    writeFileSync(
      join(dir, 'plugin.mjs'),
      "export default { meta: { id: 'team-noop', description: 'Reports nothing.', docs: 'Docs.', enforcement: { date: null, postponedFrom: null, note: 'in effect' }, severity: 'warning', recommended: true, schema: { type: 'object' }, messages: { x: { text: 'x' } } }, create: () => ({}) };\n",
    );
    appendFileSync(join(dir, '.linterrc.yaml'), 'plugins: ["./plugin.mjs"]\n');
    for (let i = 0; i < 2; i++) {
      const run = bin(dir, { CMLINT_COMPILE_CACHE: cache });
      expect(run.code).toBe(1);
      expect(hit(run)).toBeUndefined();
      expect(loadedGraphQL(run)).toBe(true);
    }
    expect(readdirSync(join(cache, 'documents')).filter((name) => name.endsWith('.results.json'))).toEqual([]);
  });

  it('costs nothing in a run without documents: neither the cache nor node:crypto is loaded', () => {
    const dir = tempDir('cmlint-results-');
    writeFileSync(join(dir, 'export.json'), readFileSync(join(ROOT, 'fixtures/graphql/template-marketing/export.json')));
    writeFileSync(join(dir, '.linterrc.yaml'), 'include: ["export.json"]\n');
    const probe = join(dir, 'probe.cjs');
    writeFileSync(probe, "process.on('exit', () => process.stderr.write(`crypto loaded: ${process.moduleLoadList.includes('NativeModule crypto')}\\n`));\n");
    const env = { CMLINT_COMPILE_CACHE: join(dir, 'cache') };
    // The second run is the usual one, every compile cache written by the first.
    cmlintDebug([], ARGS, env, dir, ['--require', probe]);
    const run = cmlintDebug(['cmlint-results-cache'], ARGS, env, dir, ['--require', probe]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('crypto loaded: false');
    expect(run.cache).toEqual([]);
  });

  it("keeps no findings of a document whose parse ran out of stack, and keys on node's flags (a larger stack parses it)", () => {
    // 4000 nested selections: graphql-js's parser runs out of node's default stack, not of one of 4000 KB.
    const depth = 4000;
    const dir = project();
    writeFileSync(join(dir, 'src/deep.graphql'), `query Deep { pageCollection { items { ${'a { '.repeat(depth)}b${' }'.repeat(depth)} } } }\n`);
    const cache = join(dir, 'cache');
    const larger = ['--stack-size=4000'];
    for (const nodeArgs of [[], larger, [], larger]) {
      const off = cmlintDebug([], ARGS, { CMLINT_COMPILE_CACHE: '0' }, dir, nodeArgs);
      const run = cmlintDebug(['cmlint-results-cache'], ARGS, { CMLINT_COMPILE_CACHE: cache }, dir, nodeArgs);
      expect(output(run), nodeArgs.join(' ')).toEqual(output(off));
      expect(off.stdout.includes('Maximum call stack size exceeded'), nodeArgs.join(' ')).toBe(nodeArgs.length === 0);
    }
    const entries = (JSON.parse(readFileSync(join(cache, 'documents', readdirSync(join(cache, 'documents')).find((name) => name.endsWith('.results.json'))!), 'utf8')) as { entries: unknown[] }).entries;
    expect(entries).toHaveLength(1);
  });

  it('keeps the findings of a walk only when the rules that visit code reported nothing but findings about the documents', async () => {
    const dir = project();
    const space = await loadSpace([{ absPath: join(dir, 'export.json'), explicit: true }], dir);
    const code = [await readDocuments([{ absPath: join(dir, 'src/queries.graphql'), explicit: true }], dir)];
    const meta = { description: 'A test rule.', docs: 'Docs.', enforcement: { date: null, postponedFrom: null, note: 'in effect' }, severity: 'warning', recommended: true, schema: { type: 'object' }, messages: { x: { text: 'x' } } } as const;
    const onOperation = defineRule({ meta: { ...meta, id: 'on-operation' }, create: (context) => ({ operation: (node) => context.report({ node, messageId: 'x' }) }) });
    const onModel = defineRule({
      meta: { ...meta, id: 'on-model' },
      create: (context) => ({ operation: () => undefined, end: () => context.report({ node: context.space.contentTypes.get('page')!, messageId: 'x' }) }),
    });
    const crashing = defineRule({
      meta: { ...meta, id: 'crashing' },
      create: () => ({
        operation: () => {
          throw new Error('boom');
        },
      }),
    });
    const kept = async (rules: Rule<never>[]) => {
      const entries = new Map<string, CodeRunResults>();
      const results: CodeResults = { key: () => 'the key', get: (key) => entries.get(key), set: (key, kept) => void entries.set(key, kept) };
      const config: ConfigFile = { extends: [], rules: Object.fromEntries(rules.map((rule) => [rule.meta.id, 'warning' as const])) };
      const { findings } = await runRules(space, new RuleConfiguration(rules, config), '2026-11-25', { code, codeResults: results });
      return { findings, kept: entries.get('the key')?.findings };
    };
    const [invalid] = await loadBuiltinRules().then((rules) => rules.filter((rule) => rule.meta.id === 'graphql-document-invalid'));
    const alone = await kept([onOperation as Rule<never>, invalid!]);
    expect(alone.kept?.map((f) => f.rule).sort()).toEqual(['graphql-document-invalid', 'on-operation']);
    expect(alone.kept).toHaveLength(alone.findings.length);
    for (const rules of [[onOperation, onModel], [onOperation, crashing]]) {
      const run = await kept(rules as Rule<never>[]);
      expect(run.findings.length, rules[1]!.meta.id).toBeGreaterThan(1);
      expect(run.kept, rules[1]!.meta.id).toBeUndefined();
    }
  });

  it('knows the rules that visit documents: each reads only what the key holds (see src/engine/code-results-cache.ts)', async () => {
    // A rule added here must report about documents only what the documents, the content types
    // and locales, its options and severities and the date give (the cache's key), or the key
    // must grow with what it reads.
    const space = await loadSpace([{ absPath: join(ROOT, 'fixtures/graphql/template-marketing/export.json'), explicit: true }], ROOT);
    const rules = await loadBuiltinRules();
    const configuration = new RuleConfiguration(rules, { extends: [], rules: {} });
    const visiting = rules
      .filter((rule) => {
        const options = configuration.base.get(rule.meta.id)!.options as never;
        const visitors = rule.create({ ruleId: rule.meta.id, options, space: space.model, before: null, asOf: '2026-11-25', report: () => undefined, entryRefs: null as never });
        return Boolean(visitors.document || visitors.operation);
      })
      .map((rule) => rule.meta.id);
    expect(visiting).toEqual(['graphql-document-invalid', 'graphql-resource-sys-type', 'zero-limit-query']);
    expect(builtinRules().filter((rule) => rule.meta.inputs?.includes('documents')).map((rule) => rule.meta.id)).toEqual(visiting);
  });
});
