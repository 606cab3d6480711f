import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAMES } from '../config/load-config.js';
import { NOT_PROJECT_CODE } from '../inputs/project-dirs.js';
import { escapeGlob } from '../util/glob/compile-glob.js';
import { readGlobs } from '../util/glob/walk-globs.js';
import { findInputs, walkInputGlobs } from '../inputs/space/find-inputs.js';
import { displayPath, isSpaceExport, type InputFile } from '../inputs/space/load-space.js';

/** `cmlint init` cannot write: a config exists already, or there are no export files. */
export class InitError extends Error {}

export interface InitResult {
  /** The file written, as shown to users. */
  path: string;
  include: string[];
  exportFiles: string[];
  /** Globs of the GraphQL documents found (operations and fragments in files or embedded in code); empty when none. */
  documents: string[];
  /** `exclude` globs for the generated code (graphql-codegen's output) the document globs would read. */
  exclude: string[];
  /** `sources` globs proposed for code that uses the service's SDKs or hosts (empty: none found). */
  sources: string[];
  /** Globs of the migration scripts found (files that export a `function (migration)`). */
  migrations: string[];
  /** The export's version-tracking entry, when init found one that names a script it found (proposed as `migrationsApplied`). */
  migrationsApplied: TrackingEntry | null;
}

/** A version-tracking entry of the export: where it is, the version it records, and the script that names. */
export interface TrackingEntry {
  contentType: string;
  field: string;
  version: string | number;
  script: string;
}

/** One glob per top-level directory holding export files; an export file in `cwd` itself is named (names escaped). */
function includeGlobs(files: readonly string[]): string[] {
  const globs = new Set<string>();
  for (const file of files) {
    const slash = file.indexOf('/');
    globs.add(slash < 0 ? escapeGlob(file) : `${escapeGlob(file.slice(0, slash))}/**/*.{json,yaml,yml}`);
  }
  return [...globs].sort();
}

/** The code inputs `cmlint init` proposes, by config key: globs, empty when none was found. */
export type ProposedInputs = Partial<Record<'documents' | 'sources' | 'migrations', readonly string[]>> & {
  /** With `migrations`: the version-tracking entry found (proposed as `migrationsApplied`), else the last script (shown in a comment). */
  applied?: TrackingEntry | { lastScript: string };
};

const PROPOSED_COMMENTS: Readonly<Record<'documents' | 'sources' | 'migrations', readonly string[]>> = {
  documents: ['# GraphQL documents (files, and operations embedded in code) checked against the schema the model generates.'],
  sources: [
    '# Application code that uses the service (SDKs, hosts, its command-line tool), checked for the',
    "# service's API changes: JS/TS is parsed; scripts, workflows and package.json are scanned.",
  ],
  migrations: [
    '# Migration scripts cmlint init found (they export a function (migration)): replayed in path order',
    "# on the space with the migration tool's parser (npm install --save-dev contentful-migration),",
    "# and the model they produce is linted. The scripts run in cmlint's process.",
  ],
};

/** The `migrationsApplied` lines: the tracking entry found, or (commented out) how to say which scripts the export holds. */
function appliedLines(applied: TrackingEntry | { lastScript: string }): string[] {
  if ('lastScript' in applied) {
    return [
      '# If the export already holds some of these scripts (the pipeline runs only the newer ones), say',
      '# which, or cmlint replays them over it: the last script it holds, or the entry of the space that',
      '# records the version of the last script run.',
      `# migrationsApplied: ${JSON.stringify(applied.lastScript)}`,
      '# migrationsApplied: { contentType: versionTracking, field: version }',
    ];
  }
  return [
    `# The export records in its ${JSON.stringify(applied.contentType)} entry the last script the pipeline ran (${JSON.stringify(applied.version)}:`,
    `# ${JSON.stringify(applied.script)}): only the scripts after it are replayed, as the pipeline runs them.`,
    `migrationsApplied: { contentType: ${JSON.stringify(applied.contentType)}, field: ${JSON.stringify(applied.field)} }`,
  ];
}

export function starterConfig(include: readonly string[], exportFiles: number, proposed: ProposedInputs = {}, exclude: readonly string[] = []): string {
  const codeLines: string[] = [];
  for (const key of Object.keys(PROPOSED_COMMENTS) as (keyof typeof PROPOSED_COMMENTS)[]) {
    const globs = proposed[key] ?? [];
    if (globs.length > 0) codeLines.push(...PROPOSED_COMMENTS[key], `${key}:`, ...globs.map((glob) => `  - ${JSON.stringify(glob)}`), '');
    if (key === 'migrations' && globs.length > 0 && proposed.applied) codeLines.push(...appliedLines(proposed.applied), '');
  }
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
    ...(include.length === 0 ? ['include: []'] : ['include:', ...include.map((glob) => `  - ${JSON.stringify(glob)}`)]),
    ...(exclude.length === 0
      ? ['exclude: []']
      : ['# Generated code (graphql-codegen output): it holds a copy of every document.', 'exclude:', ...exclude.map((glob) => `  - ${JSON.stringify(glob)}`)]),
    '',
    ...codeLines,
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

/** The migration scripts under `cwd` (relative paths): JS and TS files that export a `function (migration)` (parsed, never run). */
async function findMigrationScripts(cwd: string): Promise<string[]> {
  const { default: fg } = await import('fast-glob');
  const globs = readGlobs(['**/*.{js,cjs,mjs,ts,cts,mts}']);
  const candidates = walkInputGlobs(fg, globs, { cwd, dot: false, ignore: [...NOT_PROJECT_CODE, '**/*.d.ts'] }, cwd).map((absPath) => displayPath(absPath, cwd));
  const { isMigrationScript } = await import('../inputs/migrations/find-scripts.js');
  const scripts: string[] = [];
  for (const file of candidates.sort()) if (await isMigrationScript(join(cwd, file))) scripts.push(file);
  return scripts;
}

/**
 * The continuous-delivery setup of the service's own example: the export holds one entry of a
 * version-tracking content type (`versionTracking`, or another whose id names a version) whose field
 * `version` names one of the scripts found. Null when the exports show no such entry (or cannot be read).
 */
async function findTrackingEntry(exports: readonly InputFile[], scripts: readonly string[], cwd: string): Promise<TrackingEntry | null> {
  if (exports.length === 0) return null;
  const [{ loadSpace }, { scriptOrder }, { scriptsOfVersion, trackedVersion }] = await Promise.all([
    import('../inputs/space/load-space.js'),
    import('../inputs/migrations/replay.js'),
    import('../inputs/migrations/applied.js'),
  ]);
  let space: Awaited<ReturnType<typeof loadSpace>>;
  try {
    space = await loadSpace(exports, cwd);
  } catch {
    return null; // an export cmlint cannot read: the lint run says why
  }
  const ordered = scriptOrder(scripts.map((file) => ({ absPath: join(cwd, file) })));
  for (const type of space.model.contentTypes.values()) {
    const field = type.fields.find((f) => /^version$/i.test(f.id));
    if (!field || !/version/i.test(type.id)) continue;
    const tracked = await trackedVersion(space, { contentType: type.id, field: field.id });
    if ('problem' in tracked) continue;
    const named = scriptsOfVersion(ordered, tracked.value);
    if (named.length === 1) return { contentType: type.id, field: field.id, version: tracked.value, script: displayPath(named[0]!.absPath, cwd) };
  }
  return null;
}

/**
 * Writes a starter `.linterrc.yaml` in `cwd` whose `include` covers the export files found
 * under it. Never overwrites a config file.
 */
export async function initConfig(cwd: string): Promise<InitResult> {
  const existing = CONFIG_FILE_NAMES.find((name) => existsSync(join(cwd, name)));
  if (existing) throw new InitError(`${existing} exists already; cmlint init does not overwrite it`);
  const candidates = await findInputs([], { cwd, base: cwd, include: [], exclude: [] });
  const exports: InputFile[] = [];
  for (const candidate of candidates) if (await isSpaceExport(candidate.absPath)) exports.push(candidate);
  const exportFiles = exports.map((file) => displayPath(file.absPath, cwd));
  const scripts = await findMigrationScripts(cwd);
  const migrations = (await import('../inputs/migrations/find-scripts.js')).scriptGlobs(scripts.map((file) => join(cwd, file)), cwd);
  // Migration scripts name the service's packages too, but they are replayed, not application code.
  const { proposeSources } = await import('../inputs/sources/propose-sources.js');
  const sources = await proposeSources(cwd, new Set(scripts));
  // Loaded only here: finding documents parses code.
  const { documentGlobs, findDocumentFiles, generatedExcludes } = await import('../inputs/documents/find-documents.js');
  const found = await findDocumentFiles(cwd);
  const documents = documentGlobs(found.files);
  const exclude = generatedExcludes(found.generated, documents, cwd);
  if (exportFiles.length === 0 && documents.length === 0 && sources.length === 0 && migrations.length === 0) {
    throw new InitError(
      'no space export files (.json, .yaml, .yml), GraphQL documents, code that uses the service or migration scripts found here or below; run cmlint init in the directory that holds your export',
    );
  }
  const applied = scripts.length === 0 ? null : await findTrackingEntry(exports, scripts, cwd);
  const include = includeGlobs(exportFiles);
  const path = join(cwd, CONFIG_FILE_NAMES[0]);
  try {
    const proposedApplied = applied ?? (scripts.length > 0 ? { lastScript: scripts[scripts.length - 1]! } : undefined);
    writeFileSync(path, starterConfig(include, exportFiles.length, { documents, sources, migrations, ...(proposedApplied ? { applied: proposedApplied } : {}) }, exclude), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new InitError(`${CONFIG_FILE_NAMES[0]} exists already; cmlint init does not overwrite it`);
    throw new InitError(`cannot write ${CONFIG_FILE_NAMES[0]}: ${(error as Error).message}`);
  }
  return { path: CONFIG_FILE_NAMES[0], include, exportFiles, documents, exclude, sources, migrations, migrationsApplied: applied };
}
