/**
 * The GitHub Action (action.yml, composite). GitHub itself cannot run here, so this checks the
 * definition and runs the lint step's script as the runner would: bash, in the working
 * directory, with the inputs in its environment and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, baseEnv } from './helpers/cli.js';
import { sarifValidator } from './helpers/sarif-schema.js';

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  runs: { using: string; steps: Step[] };
  inputs: Record<string, { default: string }>;
  outputs: Record<string, { value: string }>;
};
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the lint step's script with `inputs` (defaults for the rest) in `cwd`; returns its outputs. */
function runLintStep(cwd: string, inputs: Record<string, string>) {
  const step = action.runs.steps.find((s) => s.id === 'lint')!;
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-action-'));
  temps.push(dir);
  const output = join(dir, 'output');
  const summary = join(dir, 'summary.md');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const value = (name: string) => inputs[name] ?? action.inputs[name]!.default;
  const env = Object.fromEntries(
    Object.entries(step.env!).map(([key, expression]) => [key, value(/inputs\.([\w-]+)/.exec(expression)![1]!)]),
  );
  const run = spawnSync('bash', ['-e', '-c', step.run!], {
    cwd,
    encoding: 'utf8',
    env: baseEnv({ ...env, GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_ACTIONS: 'true', CI: 'true' }),
  });
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  return { run, outputs, summary: readFileSync(summary, 'utf8') };
}

describe('action.yml', () => {
  it('is a composite action that installs cmlint, runs it, uploads SARIF and passes on the exit code', () => {
    expect(action.runs.using).toBe('composite');
    const steps = action.runs.steps;
    expect(steps.map((s) => s.uses ?? s.name)).toEqual(['actions/setup-node@v4', 'Install cmlint', 'Run cmlint', 'github/codeql-action/upload-sarif@v4', "Pass on cmlint's exit code"]);
    const upload = steps[3]!;
    expect(upload.with).toEqual({ sarif_file: '${{ steps.lint.outputs.sarif-file }}', category: '${{ inputs.category }}' });
    expect(upload.if).toContain("steps.lint.outputs.sarif-written == 'true'");
    // Inputs reach scripts through the environment, never spliced into the script text.
    for (const step of steps.filter((s) => s.run)) expect(step.run).not.toContain('${{');
    expect(Object.keys(action.outputs)).toEqual(['exit-code', 'sarif-file']);
  });

  it('the lint step writes annotations, valid SARIF and the audit report, and records the exit code', () => {
    const cwd = join(ROOT, 'fixtures', 'cli');
    const out = mkdtempSync(join(tmpdir(), 'cmlint-action-sarif-'));
    temps.push(out);
    const { run, outputs, summary } = runLintStep(cwd, { paths: 'multi-file', args: '--as-of 2025-05-01', 'sarif-file': join(out, 'reports', 'x.sarif') });
    expect(outputs['sarif-file']).toBe(join(out, 'reports', 'x.sarif'));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^::error file=fixtures\/cli\/multi-file\/space\/author\.json,line=49,col=13,title=re2-incompatible-pattern::/);
    expect(outputs['exit-code']).toBe('1');
    expect(outputs['sarif-written']).toBe('true');
    const validate = sarifValidator();
    expect(validate(JSON.parse(readFileSync(outputs['sarif-file']!, 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    expect(summary).toMatch(/^# Content model audit\n/);
  });

  it('records exit code 2 and no SARIF for a usage error', () => {
    const { run, outputs } = runLintStep(join(ROOT, 'fixtures', 'cli'), { paths: 'clean', args: '--fail-on never' });
    expect(run.status).toBe(0);
    expect(outputs['exit-code']).toBe('2');
    expect(outputs['sarif-written']).toBeUndefined();
  });
});
