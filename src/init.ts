import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAMES } from './config/load-config.js';
import { findInputs } from './load/find-inputs.js';
import { displayPath, isSpaceExport } from './load/load-space.js';

/** `cmlint init` cannot write: a config exists already, or there are no export files. */
export class InitError extends Error {}

export interface InitResult {
  /** The file written, as shown to users. */
  path: string;
  include: string[];
  exportFiles: string[];
  /** Globs of the GraphQL documents found (operations and fragments in files or embedded in code); empty when none. */
  documents: string[];
}

/** One glob per top-level directory holding export files; an export file in `cwd` itself is named. */
function includeGlobs(files: readonly string[]): string[] {
  const globs = new Set<string>();
  for (const file of files) {
    const slash = file.indexOf('/');
    globs.add(slash < 0 ? file : `${file.slice(0, slash)}/**/*.{json,yaml,yml}`);
  }
  return [...globs].sort();
}

export function starterConfig(include: readonly string[], exportFiles: number, documents: readonly string[] = []): string {
  return [
    '# yaml-language-server: $schema=./node_modules/cmlint/schema/linterrc.schema.json',
    '#',
    '# cmlint configuration, written by `cmlint init`. The README explains every key.',
    '',
    '# Presets: recommended (the rules that are sure to matter) or all.',
    'extends: [recommended]',
    '',
    `# The files of the space, relative to this file (cmlint init found ${exportFiles} export ${exportFiles === 1 ? 'file' : 'files'}).`,
    '# Paths given on the command line (as pre-commit does) are then linted in the context of these.',
    'include:',
    ...include.map((glob) => `  - ${JSON.stringify(glob)}`),
    'exclude: []',
    '',
    ...(documents.length > 0
      ? [
          '# GraphQL documents (files, and operations embedded in code) checked against the schema the model generates.',
          'documents:',
          ...documents.map((glob) => `  - ${JSON.stringify(glob)}`),
          '',
        ]
      : []),
    '# Lowest severity that fails the run (exit code 1), and how many warnings are tolerated.',
    'failOn: error',
    '# maxWarnings: 0',
    '',
    '# Accept the findings of today and fail only on new ones:',
    '#   cmlint --baseline-write .linter-baseline.json',
    '# baseline: .linter-baseline.json',
    '',
    '# Per rule: error | warning | info | off, or [severity, { options }] (see `cmlint rules`).',
    'rules: {}',
    '',
  ].join('\n');
}

/**
 * Writes a starter `.linterrc.yaml` in `cwd` whose `include` covers the export files found
 * under it. Never overwrites a config file.
 */
export async function initConfig(cwd: string): Promise<InitResult> {
  const existing = CONFIG_FILE_NAMES.find((name) => existsSync(join(cwd, name)));
  if (existing) throw new InitError(`${existing} exists already; cmlint init does not overwrite it`);
  const candidates = await findInputs([], { cwd, base: cwd, include: [], exclude: [] });
  const exportFiles: string[] = [];
  for (const { absPath } of candidates) if (await isSpaceExport(absPath)) exportFiles.push(displayPath(absPath, cwd));
  if (exportFiles.length === 0) {
    throw new InitError('no space export files (.json, .yaml, .yml) found here or below; run cmlint init in the directory that holds your export');
  }
  const include = includeGlobs(exportFiles);
  // Loaded only here: finding documents parses code.
  const { documentGlobs, findDocumentFiles } = await import('./inputs/documents/find-documents.js');
  const documents = documentGlobs(await findDocumentFiles(cwd));
  const path = join(cwd, CONFIG_FILE_NAMES[0]);
  try {
    writeFileSync(path, starterConfig(include, exportFiles.length, documents), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new InitError(`${CONFIG_FILE_NAMES[0]} exists already; cmlint init does not overwrite it`);
    throw new InitError(`cannot write ${CONFIG_FILE_NAMES[0]}: ${(error as Error).message}`);
  }
  return { path: CONFIG_FILE_NAMES[0], include, exportFiles, documents };
}
