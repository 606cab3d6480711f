/**
 * `-` among the paths reads one export from standard input (`… space export | cmlint -`), through
 * the real bin: the findings are the file's, named `<stdin>`; bad input is exit 2 at
 * `<stdin>:line:column`; the temporary copy is never left behind, also when a signal stops the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BIN, ROOT, baseEnv, cmlint, type Run } from './helpers/cli.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const fresh = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cmlint-stdin-test-${name}-`));
  temps.push(dir);
  return dir;
};

const DEMO = join(ROOT, 'fixtures/demo-space/export.json');
const AS_OF = ['--as-of', '2026-01-01'];

/** The bin with `input` on standard input and TMPDIR in a directory of its own (returned, to see what is left there). */
function withInput(args: readonly string[], input: string, options: { cwd?: string; env?: Record<string, string> } = {}): Run & { tmp: string } {
  const tmp = fresh('tmp');
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: baseEnv({ TMPDIR: tmp, ...options.env }), input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, tmp };
}

interface Report {
  findings: { ruleId: string; file: string; line: number; column: number; message: string }[];
}
const findings = (run: Run) => (JSON.parse(run.stdout) as Report).findings;

describe("'-': an export on standard input (real bin)", () => {
  it('reports what the same file reports, at the same lines and columns, named <stdin>; the copy is removed', () => {
    const fromFile = findings(cmlint([DEMO, '-f', 'json', ...AS_OF]));
    const piped = withInput(['-', '-f', 'json', ...AS_OF], readFileSync(DEMO, 'utf8'));
    expect(piped.code).toBe(1);
    expect(fromFile.length).toBeGreaterThan(5);
    expect(findings(piped)).toEqual(fromFile.map((f) => ({ ...f, file: '<stdin>' })));
    expect(readdirSync(piped.tmp)).toEqual([]);
    // Streamed in windows as a large file is: the same.
    const streamed = withInput(['-', '-f', 'json', ...AS_OF], readFileSync(DEMO, 'utf8'), { env: { CMLINT_WHOLE_FILE_LIMIT: '0' } });
    expect(findings(streamed)).toEqual(findings(piped));
    const stylish = withInput(['-', ...AS_OF], readFileSync(DEMO, 'utf8'));
    expect(stylish.stdout).toMatch(/^<stdin>:83:17 {2}error {2}re2-incompatible-pattern\n/);
  });

  it('reads YAML when the input does not start with { or [', () => {
    const yaml = stringify(JSON.parse(readFileSync(DEMO, 'utf8')));
    const run = withInput(['-', '-f', 'json', ...AS_OF], yaml);
    expect(run.code).toBe(1);
    expect(new Set(findings(run).map((f) => f.ruleId))).toEqual(new Set(['re2-incompatible-pattern', 'hidden-required-field', 'required-field-empty', 'entry-field-validation']));
    expect(findings(run).every((f) => f.file === '<stdin>' && f.line > 1)).toBe(true);
  });

  it('bad input is exit 2 at <stdin>:line:column, also with a machine format on stdout', () => {
    const json = withInput(['-', '-f', 'json'], '{\n  "contentTypes": [\n    {"sys": {"id": "a"},\n');
    expect(json.code).toBe(2);
    expect(json.stderr).toBe('<stdin>:4:1: Invalid JSON: Expected a double-quoted property name before end of input\n');
    expect(readdirSync(json.tmp)).toEqual([]);
    const yaml = withInput(['-'], 'contentTypes:\n  - sys: {id: a\n');
    expect(yaml.code).toBe(2);
    expect(yaml.stdout).toMatch(/^<stdin>:\d+:\d+ {2}error {2}input-error\n {2}Invalid YAML: /);
    const empty = withInput(['-'], '');
    expect(empty.code).toBe(2);
    expect(empty.stdout).toMatch(/^<stdin>:1:1 {2}error {2}input-error\n {2}The file is empty\n/);
  });

  it("is linted with the other named paths as the space, whatever the config's include", () => {
    const dir = fresh('project');
    writeFileSync(join(dir, '.linterrc.yaml'), 'include: ["space/**/*.json"]\n');
    const run = withInput(['-', '-f', 'json', ...AS_OF], readFileSync(DEMO, 'utf8'), { cwd: dir });
    expect(run.code).toBe(1);
    expect(findings(run).length).toBeGreaterThan(5);
    // An entry on stdin is checked against the content types of a named file.
    const { entries, ...model } = JSON.parse(readFileSync(DEMO, 'utf8')) as { entries: unknown[] };
    writeFileSync(join(dir, 'model.json'), JSON.stringify(model));
    const split = withInput(['model.json', '-', '-f', 'json', ...AS_OF], JSON.stringify({ entries }), { cwd: dir });
    expect(findings(split).filter((f) => f.ruleId === 'required-field-empty').map((f) => f.file)).toEqual(['<stdin>', '<stdin>']);
  });

  it('works for diff and graphql-schema', () => {
    const diff = withInput(['diff', 'fixtures/diff/before.json', '-', '-f', 'json'], readFileSync(join(ROOT, 'fixtures/diff/after.json'), 'utf8'));
    expect(diff.code).toBe(1);
    expect(findings(diff).some((f) => f.ruleId === 'field-removed' && f.file === '<stdin>')).toBe(true);
    const schema = withInput(['graphql-schema', '-'], readFileSync(DEMO, 'utf8'));
    expect(schema.code).toBe(0);
    expect(schema.stdout).toContain('type BlogPost ');
    expect(readdirSync(schema.tmp)).toEqual([]);
  });

  it("'-' twice, with diff --base, or from a terminal is a usage error", async () => {
    const twice = withInput(['-', '-'], '{}');
    expect(twice.code).toBe(2);
    expect(twice.stderr.split('\n')[0]).toBe("cmlint: '-' (standard input) can be named once");
    const base = withInput(['diff', '--base', 'HEAD', '-'], '{}');
    expect(base.code).toBe(2);
    expect(base.stderr.split('\n')[0]).toMatch(/^cmlint: diff --base: '-' \(standard input\) has no state at a commit/);
    const { main } = await import('../src/cli.js');
    let stderr = '';
    const terminal = Object.assign(Readable.from([]), { isTTY: true });
    const code = await main(['-'], { stdout: () => {}, stderr: (t) => void (stderr += t), cwd: ROOT, env: {}, isTTY: false, stdin: () => terminal });
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe("cmlint: '-' reads an export from standard input, which is a terminal here: pipe an export into cmlint");
  });

  it('removes the copy when SIGTERM stops the run while standard input is still open', async () => {
    const tmp = fresh('signal');
    const child = spawn(process.execPath, [BIN, '-'], { cwd: ROOT, env: baseEnv({ TMPDIR: tmp }), stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.write('{"contentTypes": [');
    // The copy's directory is made before the first byte is read.
    while (readdirSync(tmp).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const exit = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
    child.kill('SIGTERM');
    expect(await exit).toBe('SIGTERM');
    expect(readdirSync(tmp)).toEqual([]);
  });
});
