import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';
import { CORPUS } from '../helpers/corpus.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/diff');

const cli = runMain;

interface JsonFinding {
  ruleId: string;
  change: string;
  target: { contentType: string | null; field: string | null; entry: string | null; locale: string | null };
  file: string;
}

/** Each change of the fixture pair once, with its target and the entry it breaks; the new optional field (readingTime) not at all. */
const EXPECTED = [
  ['content-type-removed', 'legacyPromo', null, null, 'breaking'],
  ['field-removed', 'article', 'subtitle', null, 'breaking'],
  ['field-type-changed', 'article', 'rating', null, 'breaking'],
  ['field-unlocalized', 'article', 'summary', 'article-1', 'dangerous'],
  ['required-added', 'article', 'teaser', 'article-2', 'breaking'],
  ['validation-narrowed', 'article', 'category', 'article-1', 'breaking'],
];

function summary(findings: JsonFinding[]) {
  return findings.map((f) => [f.ruleId, f.target.contentType, f.target.field, f.target.entry, f.change]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('cmlint diff', () => {
  it('reports each change of two exports once, with the entry it breaks, and not the new optional field', async () => {
    const { code, stdout } = await cli(['diff', join(FIXTURES, 'before.json'), join(FIXTURES, 'after.json'), '--format', 'json', '--as-of', '2026-11-21'], FIXTURES);
    expect(code).toBe(1);
    const findings = JSON.parse(stdout).findings as JsonFinding[];
    expect(summary(findings)).toEqual(EXPECTED);
    expect(stdout).not.toContain('readingTime');
    expect(findings.find((f) => f.ruleId === 'content-type-removed')!.file).toBe('before.json');
    expect(findings.find((f) => f.ruleId === 'required-added')!.file).toBe('after.json');
  });

  it('heads each stylish finding with its place and "breaking", its content type below', async () => {
    const { stdout } = await cli(['diff', 'before.json', 'after.json', '--as-of', '2026-11-21'], FIXTURES);
    expect(stdout).toMatch(/^after\.json:10:7 {2}error \(breaking\) {2}field-removed\n {2}article › subtitle · in effect\n/);
    expect(stdout).toContain('\nbefore.json:81:5  error (breaking)  content-type-removed\n  legacyPromo · in effect\n');
  });

  it('reads as a change report: what was compared, the breaking and dangerous changes counted, in JSON, stylish, markdown, github and SARIF', async () => {
    const args = ['diff', 'before.json', 'after.json', '--as-of', '2026-11-21'];
    const summary = JSON.parse((await cli([...args, '--format', 'json'], FIXTURES)).stdout).summary;
    expect(summary).toMatchObject({
      error: 5,
      warning: 1,
      filesRead: 2,
      compared: { before: { files: 1, contentTypes: 2 }, after: { files: 1, contentTypes: 1, entries: 3 } },
      changes: { breaking: 5, dangerous: 1 },
    });
    const stylish = (await cli(args, FIXTURES)).stdout;
    expect(stylish).toContain('\nafter.json:31:9  warning (dangerous)  field-unlocalized\n');
    expect(stylish).toContain(
      '\n✖ 6 problems (5 errors, 1 warning): 5 breaking changes, 1 dangerous change\n  compared 1 file (2 content types) before the change with 1 file (1 content type, 3 entries) after\n  it, as of 2026-11-21\n',
    );
    const markdown = (await cli([...args, '--format', 'markdown'], FIXTURES)).stdout;
    expect(markdown.split('\n').slice(0, 5)).toEqual([
      '# Content model change report',
      '',
      expect.stringMatching(/^As of \*\*2026-11-21\*\* · cmlint \S+ · compared 1 file \(2 content types\) before the change with 1 file \(1 content type, 3 entries\) after it$/),
      '',
      '**5 breaking changes, 1 dangerous change**: 5 errors, 1 warning, 0 info.',
    ]);
    expect(markdown).not.toContain('audit');
    const sections = markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(sections).toEqual(['## Breaking changes (5)', '## Dangerous changes (1)']);
    expect(markdown).toMatch(/## Dangerous changes \(1\)\n\n.*\n\n\| severity \| where \| target \| message \| rule \|\n\| --- .*\n\| warning \| `after\.json:31:9` \| .* \| `field-unlocalized` \|\n$/);
    const github = (await cli([...args, '--format', 'github'], FIXTURES)).stdout.split('\n');
    expect(github).toContain("::warning file=fixtures/diff/after.json,line=31,col=9,title=field-unlocalized (dangerous)::Field 'summary' of content type 'article' is no longer localized, but has values for other locales than 'en-US' in entry 'article-1': locale=* responses stop returning them.");
    expect(github.at(-2)).toBe('cmlint: 6 problems (5 errors, 1 warning, 0 info): 5 breaking changes, 1 dangerous change, as of 2026-11-21');
    const sarif = JSON.parse((await cli([...args, '--format', 'sarif'], FIXTURES)).stdout) as { runs: { results: { ruleId: string; properties: { change?: string } }[] }[] };
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.properties.change])).toContainEqual(['field-unlocalized', 'dangerous']);
    // Nothing changed: said so, with what was compared.
    const same = await cli(['diff', 'after.json', 'after.json', '--as-of', '2026-11-21', '--format', 'markdown'], FIXTURES);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('\n**Nothing breaking or dangerous.**\n');
    expect((await cli(['diff', 'after.json', 'after.json', '--as-of', '2026-11-21', '--format', 'github'], FIXTURES)).stdout).toBe(
      'cmlint: nothing breaking or dangerous (compared 1 file (1 content type) before the change with 1 file (1 content type, 3 entries) after it, as of 2026-11-21)\n',
    );
  });

  it('--fail-on and --rule work as for lint', async () => {
    const off = ['content-type-removed', 'field-removed', 'field-type-changed', 'required-added', 'validation-narrowed'].flatMap((id) => ['--rule', `${id}=off`]);
    const { code, stdout } = await cli(['diff', 'before.json', 'after.json', '--format', 'json', ...off], FIXTURES);
    expect(code).toBe(0);
    expect((JSON.parse(stdout).findings as JsonFinding[]).map((f) => f.ruleId)).toEqual(['field-unlocalized']);
    expect((await cli(['diff', 'before.json', 'after.json', '--fail-on', 'warning', ...off], FIXTURES)).code).toBe(1);
  });

  it('a plain lint run reports no diff finding', async () => {
    const { stdout } = await cli(['after.json', '--format', 'json'], FIXTURES);
    const ids = (JSON.parse(stdout).findings as JsonFinding[]).map((f) => f.ruleId);
    expect(ids.filter((id) => EXPECTED.some((e) => e[0] === id))).toEqual([]);
  });

  it('--base HEAD compares the committed inputs with the working tree, without touching it', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'cmlint-diff-git-'));
    dirs.push(repo);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo });
    git('init', '-q');
    copyFileSync(join(FIXTURES, 'before.json'), join(repo, 'space.json'));
    git('add', 'space.json');
    git('commit', '-q', '-m', 'before');
    copyFileSync(join(FIXTURES, 'after.json'), join(repo, 'space.json'));
    const { code, stdout, stderr } = await cli(['diff', '--base', 'HEAD', 'space.json', '--format', 'json', '--as-of', '2026-11-21'], repo);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(summary(JSON.parse(stdout).findings as JsonFinding[])).toEqual(EXPECTED);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' })).toBe(' M space.json\n');
    // Without paths: the working directory's inputs, as a lint run finds them.
    expect(summary(JSON.parse((await cli(['diff', '--base', 'HEAD', '--format', 'json', '--as-of', '2026-11-21'], repo)).stdout).findings)).toEqual(EXPECTED);
  });

  it('the baseline hides recorded diff findings; every format renders them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmlint-diff-baseline-'));
    dirs.push(dir);
    for (const name of ['before.json', 'after.json']) copyFileSync(join(FIXTURES, name), join(dir, name));
    const write = await cli(['diff', 'before.json', 'after.json', '--baseline-write', 'baseline.json'], dir);
    expect(write.code).toBe(0);
    const again = await cli(['diff', 'before.json', 'after.json', '--baseline', 'baseline.json', '--format', 'json'], dir);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).findings).toEqual([]);
    for (const format of ['sarif', 'junit', 'github', 'markdown']) {
      const { code, stdout } = await cli(['diff', 'before.json', 'after.json', '--format', format], dir);
      expect(code, format).toBe(1);
      expect(stdout, format).toContain('legacyPromo');
    }
  });

  it('an input of either state that cannot be read is an input error (exit 2)', async () => {
    const { code, stdout } = await cli(['diff', 'missing.json', 'after.json'], FIXTURES);
    expect(code).toBe(2);
    expect(stdout).toContain('missing.json');
  });

  it('each real export compared with itself: no finding', async () => {
    const exports = readdirSync(CORPUS).filter((name) => name.endsWith('.json'));
    expect(exports.length).toBeGreaterThan(5);
    for (const name of exports) {
      const { code, stdout } = await cli(['diff', name, name, '--format', 'json'], CORPUS);
      expect(JSON.parse(stdout).findings, name).toEqual([]);
      expect(code, name).toBe(0);
    }
  });

  it('--help describes diff', async () => {
    expect((await cli(['--help'], FIXTURES)).stdout).toContain('diff --base <git-ref>');
    expect((await cli(['diff', '--help'], FIXTURES)).stdout).toContain('cmlint diff --base <git-ref> [paths...]');
  });

  it('usage errors exit 2', async () => {
    expect((await cli(['diff', 'before.json'], FIXTURES)).code).toBe(2);
    const notACommit = await cli(['diff', '--base', 'no-such-ref'], FIXTURES);
    expect(notACommit.code).toBe(2);
    expect(notACommit.stderr).toContain("'no-such-ref' is not a commit");
    expect((await cli(['--base', 'HEAD'], FIXTURES)).code).toBe(2);
  });
});
