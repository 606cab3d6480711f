import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolVersion } from '../../src/util/version.js';
import { BIN, ROOT, baseEnv, cmlintInProcess } from './cli.js';

/** The formats of the differential tests, each written to a file named after it, and the extension of its golden. */
export const FORMATS = { stylish: 'txt', json: 'json', sarif: 'sarif', junit: 'xml', github: 'txt', markdown: 'md' } as const;
export type FormatName = keyof typeof FORMATS;

/** What one run of the bin printed and wrote. */
export interface Outputs {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Each format's file (`<not written>` when the run wrote none); empty when the run was given no formats. */
  files: Partial<Record<FormatName, string>>;
}

/** The version, and the given paths (temporary directories), replaced by names: outputs that compare across runs and releases. */
export function normaliser(paths: Record<string, string> = {}): (text: string) => string {
  const pairs: [string, string][] = [[toolVersion(), '<version>'], ...Object.entries(paths)];
  return (text) => pairs.reduce((t, [from, to]) => t.split(from).join(to), text);
}

interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  formatsDir?: string;
  normalise?: (text: string) => string;
}

/** The formats a run writes to files of `formatsDir` (none without it), and the flags that ask for them. */
function formatFiles(formatsDir: string | undefined): { formats: FormatName[]; flags: string[] } {
  const formats = formatsDir === undefined ? [] : (Object.keys(FORMATS) as FormatName[]);
  if (formatsDir !== undefined) mkdirSync(formatsDir, { recursive: true });
  return { formats, flags: formats.flatMap((format) => ['-f', `${format}:${join(formatsDir!, format)}`]) };
}

/** What a run printed and wrote, normalised. */
function outputs(run: { code: number | null; stdout: string; stderr: string }, formats: readonly FormatName[], formatsDir: string | undefined, normalise: (text: string) => string): Outputs {
  const files: Outputs['files'] = {};
  for (const format of formats) {
    try {
      files[format] = normalise(readFileSync(join(formatsDir!, format), 'utf8'));
    } catch {
      files[format] = '<not written>';
    }
  }
  return { code: run.code, stdout: normalise(run.stdout), stderr: normalise(run.stderr), files };
}

/**
 * Runs the bin with `args` in `cwd`; with `formatsDir`, every format is written to a file of that
 * directory (`-f NAME:FILE`) and read back.
 */
export function runBin(args: readonly string[], options: RunOptions = {}): Promise<Outputs> {
  const { cwd = ROOT, env = {}, formatsDir, normalise = normaliser() } = options;
  const { formats, flags } = formatFiles(formatsDir);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args, ...flags], { cwd, env: baseEnv(env) });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve(outputs({ code, stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() }, formats, formatsDir, normalise)));
  });
}

/** As `runBin`, with the built CLI run in this process (`cmlintInProcess`): for the outputs of a run, not of the process. */
export async function runInProcess(args: readonly string[], options: RunOptions = {}): Promise<Outputs> {
  const { cwd = ROOT, env = {}, formatsDir, normalise = normaliser() } = options;
  const { formats, flags } = formatFiles(formatsDir);
  return outputs(await cmlintInProcess([...args, ...flags], { cwd, env }), formats, formatsDir, normalise);
}
