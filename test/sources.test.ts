import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveHosts } from '../src/inputs/sources/hosts.js';
import { readSources } from '../src/inputs/sources/read-sources.js';
import { cmlint, ROOT } from './helpers/cli.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-sources-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const USAGE = `import { createClient } from 'contentful-management';
const client = createClient({ accessToken: process.env.CMA_TOKEN! }, { type: 'plain' });
export const usage = await client.usage.getManyForOrganization({ organizationId: 'org' });
export const roles = await client.role.getMany({ spaceId: 's', query: { skip: 100 } });
`;
const SPACE = JSON.stringify({
  contentTypes: [{ sys: { id: 'promo' }, name: 'Promo', displayField: null, fields: [{ id: 'headline', name: 'Headline', type: 'Symbol' }] }],
  locales: [{ code: 'en-US', default: true }],
});
const CONFIG = 'include: ["space/**/*.json"]\nsources: ["src/**/*.{ts,tsx}", "scripts/*.sh", "package.json"]\n';

interface JsonFinding {
  ruleId: string;
  severity: string;
  file: string | null;
  line: number | null;
  enforcement: { date: string | null; status: string; note: string | null; stages?: { date: string; status: string; severity: string }[] };
}
const findingsOf = (stdout: string) => (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;

describe('the lifecycle of the usage endpoints and role paging as of 2027-03-01', () => {
  it('cmlint rules shows the usage endpoints removed and role paging enforced', () => {
    const run = cmlint(['rules', '--as-of', '2027-03-01']);
    expect(run.code).toBe(0);
    /** A rule's row, with the lines its status is wrapped onto (indented to its column). */
    const row = (stdout: string, id: string) => {
      const lines = stdout.split('\n');
      const at = lines.findIndex((l) => l.startsWith(`${id} `));
      let text = lines[at]!;
      for (let next = at + 1; lines[next]!.startsWith(' '.repeat(20)); next++) text += ` ${lines[next]!.trim()}`;
      return text;
    };
    expect(row(run.stdout, 'legacy-usage-endpoint')).toMatch(/deprecated \(no updates or support\) since 2026-08-18; removed \(410 Gone\) since 2027-02-28/);
    expect(row(run.stdout, 'role-offset-paging')).toMatch(/enforced since 2027-02-15/);
    const before = row(cmlint(['rules', '--as-of', '2026-11-21']).stdout, 'legacy-usage-endpoint');
    expect(before).toMatch(/since 2026-08-18; removed \(410 Gone\) from 2027-02-28 \(in 99 days\)/);
  });

  it('cmlint rules --format json gives every stage with its status', () => {
    const run = cmlint(['rules', '--as-of', '2027-03-01', '--format', 'json']);
    const rules = (JSON.parse(run.stdout) as { rules: { id: string; enforcement: Record<string, unknown> }[] }).rules;
    const usage = rules.find((r) => r.id === 'legacy-usage-endpoint')!.enforcement;
    expect(usage.current).toEqual({ date: '2027-02-28', status: 'enforced' });
    expect(usage.stages).toEqual([
      { date: '2026-08-18', status: 'enforced', severity: 'warning' },
      { date: '2027-02-28', status: 'enforced', severity: 'error' },
    ]);
    expect(rules.find((r) => r.id === 'role-offset-paging')!.enforcement).toMatchObject({ date: '2027-02-15', status: 'enforced' });
  });

  it('the markdown timeline lists both as enforced, with the removal', () => {
    const dir = repo({ '.linterrc.yaml': CONFIG, 'space/model.json': SPACE, 'src/usage.ts': USAGE });
    const run = cmlint(['--as-of', '2027-03-01', '--format', 'markdown'], { cwd: dir });
    expect(run.code).toBe(1);
    const enforced = run.stdout.slice(run.stdout.indexOf('### Already enforced'), run.stdout.indexOf('### Upcoming'));
    expect(enforced).toMatch(/\| 2026-08-18 deprecated \(no updates or support\); 2027-02-28 removed \(410 Gone\) \| `legacy-usage-endpoint` \| 1 \| 1 error \|/);
    expect(enforced).toMatch(/\| 2027-02-15 \| `role-offset-paging` \| 1 \| 1 error \|/);
    const upcoming = run.stdout.slice(run.stdout.indexOf('### Upcoming'), run.stdout.indexOf('### Undated'));
    expect(upcoming).toContain('None.');
  });

  it('before the removal the timeline lists the removal as upcoming, and JSON findings carry the stages', () => {
    const dir = repo({ '.linterrc.yaml': CONFIG, 'src/usage.ts': USAGE });
    const markdown = cmlint(['--as-of', '2026-11-21', '--format', 'markdown'], { cwd: dir }).stdout;
    expect(markdown.slice(markdown.indexOf('### Upcoming'))).toMatch(/\| 2027-02-28 removed \(410 Gone\) \| 99 days \| `legacy-usage-endpoint` \| 1 \|/);
    const json = cmlint(['--as-of', '2026-11-21', '--format', 'json'], { cwd: dir });
    const usage = findingsOf(json.stdout).find((f) => f.ruleId === 'legacy-usage-endpoint')!;
    expect(usage).toMatchObject({ severity: 'warning', file: 'src/usage.ts', line: 3 });
    expect(usage.enforcement).toEqual({
      date: '2026-08-18',
      status: 'enforced',
      note: 'deprecated (no updates or support)',
      stages: [
        { date: '2026-08-18', status: 'enforced', severity: 'warning' },
        { date: '2027-02-28', status: 'upcoming', severity: 'error' },
      ],
    });
  });

  it('SARIF describes both stages of the rule', () => {
    const dir = repo({ '.linterrc.yaml': CONFIG, 'src/usage.ts': USAGE });
    const sarif = JSON.parse(cmlint(['--as-of', '2026-11-21', '--format', 'sarif'], { cwd: dir }).stdout) as {
      runs: { tool: { driver: { rules: { id: string; fullDescription: { text: string }; properties: { stages?: unknown[] } }[] } }; results: { ruleId: string; properties: { enforcement: { stages?: unknown[] } } }[] }[];
    };
    const rule = sarif.runs[0]!.tool.driver.rules.find((r) => r.id === 'legacy-usage-endpoint')!;
    expect(rule.fullDescription.text).toMatch(/deprecated \(no updates or support\) from 2026-08-18 \(warning\); removed \(410 Gone\) from 2027-02-28 \(error\)/);
    expect(rule.properties.stages).toHaveLength(2);
    expect(sarif.runs[0]!.results.find((r) => r.ruleId === 'legacy-usage-endpoint')!.properties.enforcement.stages).toHaveLength(2);
  });
});

describe('application sources as inputs', () => {
  const files = {
    '.linterrc.yaml': CONFIG,
    'space/model.json': SPACE,
    'src/usage.ts': USAGE,
    'src/promo.tsx': "import { createClient } from 'contentful';\nconst client = createClient({ space: 's', accessToken: 't', insecure: true });\nexport const Promo = () => <div>{client.getEntries({ content_type: 'promo', select: 'fields._displayField' }) && null}</div>;\n",
    'scripts/setup.sh': '#!/bin/sh\n# contentful boilerplate (a comment)\nnpx contentful boilerplate --framework gatsby\n',
    'package.json': '{ "name": "site", "dependencies": { "contentful": "^11" }, "scripts": { "count": "curl https://cdn.contentful.com/spaces/$S/entries?limit=0" } }\n',
    'test/usage.test.ts': "import { createClient } from 'contentful-management';\nawait client.usage.getManyForSpace({ organizationId: 'o' });\n",
    'README.md': 'Call `client.usage.getManyForSpace()` at https://api.contentful.com/organizations/1/space_periodic_usages\n',
  };

  it('lints the configured sources with the model: every kind of file, not Markdown, not files outside the globs', () => {
    const dir = repo(files);
    const run = cmlint(['--as-of', '2027-03-01', '--format', 'json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(findingsOf(run.stdout).map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.severity}`)).toEqual([
      // The package.json script counts entries with limit=0: from 2025-02-17 that returns up to 100 items.
      'package.json:1 zero-limit-query warning',
      'scripts/setup.sh:3 boilerplate-command warning',
      'space/model.json:1 display-field-unresolvable warning',
      'src/promo.tsx:2 insecure-delivery-url warning',
      'src/promo.tsx:3 display-field-select warning',
      'src/usage.ts:3 legacy-usage-endpoint error',
      'src/usage.ts:4 role-offset-paging error',
    ]);
  });

  it('pre-commit: named code files are the report targets, named files outside the globs are not linted, the space is context', () => {
    const dir = repo(files);
    const run = cmlint(['--as-of', '2027-03-01', '--format', 'json', 'src/promo.tsx', 'test/usage.test.ts'], { cwd: dir });
    expect(run.stderr).toBe('');
    // display-field-select used the model of the space (context), whose own finding is not reported; the file outside `sources` is warned about.
    expect(findingsOf(run.stdout).map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['src/promo.tsx:2 insecure-delivery-url', 'src/promo.tsx:3 display-field-select', 'test/usage.test.ts:null file-ignored']);
    // As the cmlint-sources hook runs it: quietly.
    const hook = cmlint(['--as-of', '2027-03-01', '--format', 'json', '--no-warn-ignored', 'src/promo.tsx', 'test/usage.test.ts'], { cwd: dir });
    expect(findingsOf(hook.stdout).map((f) => f.ruleId)).toEqual(['insecure-delivery-url', 'display-field-select']);
  });

  it('code files named without a sources config are linted; without any export the model is empty', () => {
    const dir = repo({ 'app.js': "const cm = require('contentful-management');\ncm.createClient({ accessToken: 't' }).getOrganizationUsage('org');\n" });
    const run = cmlint(['--as-of', '2026-09-01', '--format', 'json', 'app.js'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(findingsOf(run.stdout).map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.severity}`)).toEqual(['app.js:2 legacy-usage-endpoint warning']);
  });

  it('without sources in the config, code is not read', () => {
    const dir = repo({ 'space/model.json': SPACE, 'src/usage.ts': USAGE });
    const run = cmlint(['--as-of', '2027-03-01', '--format', 'json', '--rule', 'display-field-unresolvable=off'], { cwd: dir });
    expect(findingsOf(run.stdout)).toEqual([]);
  });

  it('service.hosts: a proxy counts as the management API', () => {
    const dir = repo({
      '.linterrc.yaml': 'sources: ["*.py"]\nservice:\n  hosts:\n    management: [cma.proxy.internal/contentful]\n',
      'usage.py': 'import requests\nrequests.get("https://cma.proxy.internal/contentful/organizations/o1/space_periodic_usages")\nrequests.get("https://other.example.com/organizations/o1/space_periodic_usages")\n',
    });
    const run = cmlint(['--as-of', '2027-03-01', '--format', 'json'], { cwd: dir });
    expect(findingsOf(run.stdout).map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['usage.py:2 legacy-usage-endpoint']);
  });

  it('a bad service.hosts value is a config error (exit 2)', () => {
    const dir = repo({ '.linterrc.yaml': 'sources: ["*.ts"]\nservice:\n  hosts:\n    delivery: ["https://cdn.example.com"]\n' });
    const run = cmlint([], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/\.linterrc\.yaml:4:\d+: service\.hosts\.delivery/);
  });

  it('code the parser cannot read is an input error naming file, line and column (exit 2)', () => {
    const dir = repo({ '.linterrc.yaml': 'sources: ["src/*.ts"]\n', 'src/bad.ts': "import { createClient } from 'contentful';\nconst = 1;\n" });
    const run = cmlint([], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^src\/bad\.ts:2:7 {2}error {2}input-error\n {2}Cannot parse as JavaScript\/TypeScript: /);
  });
});

describe('files without the service’s hosts, SDK names or endpoint words are skipped before parsing', () => {
  it('a broken file without them is never parsed; one with them is', async () => {
    const dir = repo({
      'plain.ts': 'const = broken but unrelated;\n',
      'uses.ts': "import { createClient } from 'contentful';\nexport const c = createClient({ space: 's', accessToken: 't' });\n",
      'notes.md': 'contentful',
    });
    const stats = { read: 0, skipped: 0 };
    const nodes = [];
    for await (const node of readSources(
      ['plain.ts', 'uses.ts', 'notes.md'].map((path) => ({ absPath: join(dir, path), path })),
      resolveHosts(undefined),
      stats,
    )) {
      nodes.push(node.file.path);
    }
    expect(nodes).toEqual(['uses.ts']);
    expect(stats).toEqual({ read: 2, skipped: 1 });
  });
});

describe('the cmlint-sources pre-commit hook', () => {
  it('passes staged code files (not JSON or YAML) to one process', () => {
    const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string }[];
    expect(hooks.find((h) => h.id === 'cmlint-sources')).toMatchObject({
      entry: 'cmlint --no-warn-ignored',
      language: 'node',
      types_or: ['javascript', 'jsx', 'ts', 'tsx', 'shell', 'python', 'ruby'],
      require_serial: true,
      pass_filenames: true,
    });
  });
});
