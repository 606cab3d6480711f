import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { escapeGlob } from '../../util/glob/compile-glob.js';
import { globsMatch, readGlobs } from '../../util/glob/walk-globs.js';
import { NOT_PROJECT_CODE } from '../project-dirs.js';
import { walkInputGlobs } from '../space/find-inputs.js';
import { displayPath } from '../space/load-space.js';
import { DEFAULT_HOSTS } from '../sources/hosts.js';
import { codegenOutputs } from './codegen-config.js';
import { COMPONENT_EXTENSIONS, GRAPHQL_EXTENSIONS, SCRIPT_EXTENSIONS } from './extensions.js';
import { generatedByPath, generatedFolder } from './generated.js';
import { sentToOtherHost } from './untagged.js';

/** What `cmlint init` finds for the documents input (paths relative to the directory it runs in, sorted). */
export interface FoundDocuments {
  /** The files that hold GraphQL operations or fragments (a schema file is not a document), generated code left out. */
  files: string[];
  /**
   * Generated code among the files of the documents' extensions, GraphQL or not (generated.ts, and
   * what a graphql-codegen config in the directory generates): never documents. `exclude` is the
   * glob that leaves it out (names escaped): its generated folder as a whole (`src/lib/__generated/**`), else the file.
   */
  generated: { path: string; exclude: string }[];
}

/** For `cmlint init`: the documents under `cwd`, and the generated code beside them. */
export async function findDocumentFiles(cwd: string): Promise<FoundDocuments> {
  const { default: fg } = await import('fast-glob');
  const extensions = [...GRAPHQL_EXTENSIONS, ...SCRIPT_EXTENSIONS, ...COMPONENT_EXTENSIONS].map((e) => e.slice(1));
  const globs = readGlobs([`**/*.{${extensions.join(',')}}`]);
  const candidates = walkInputGlobs(fg, globs, { cwd, ignore: [...NOT_PROJECT_CODE], dot: false }, cwd).map((absPath) => displayPath(absPath, cwd));
  const outputs = await codegenOutputs(cwd);
  const { extractGraphQL } = await import('./extract.js');
  const { parse } = (await import('../../graphql/graphql-js.js')).graphqlJs();
  const found: FoundDocuments = { files: [], generated: [] };
  for (const path of candidates.sort()) {
    const folder = generatedFolder(path) ?? outputs.find((output) => output.endsWith('/') && path.startsWith(output));
    if (folder !== undefined || generatedByPath(path) !== null || outputs.includes(path)) {
      found.generated.push({ path, exclude: folder === undefined ? escapeGlob(path) : `${escapeGlob(folder.replace(/\/$/, ''))}/**` });
      continue;
    }
    let extraction;
    try {
      extraction = await extractGraphQL(path, await readFile(`${cwd}/${path}`, 'utf8'));
    } catch {
      continue; // Unreadable or unparsable here: the lint run will say so if the file is configured.
    }
    if (extraction.generated !== null) {
      found.generated.push({ path, exclude: escapeGlob(path) });
      continue;
    }
    const executable = extraction.texts.some((text) => {
      if (sentToOtherHost(text, DEFAULT_HOSTS)) return false;
      const { body } = text;
      try {
        return parse(body).definitions.some((d) => d.kind === 'OperationDefinition' || d.kind === 'FragmentDefinition');
      } catch {
        return false;
      }
    });
    if (executable) found.files.push(path);
  }
  return found;
}

/** Globs for the config's `exclude` that leave out the generated files the document globs would read. */
export function generatedExcludes(generated: FoundDocuments['generated'], documentGlobs: readonly string[], cwd: string): string[] {
  const globs = readGlobs(documentGlobs);
  return [...new Set(generated.filter(({ path }) => globsMatch(globs, `${cwd}/${path}`, cwd)).map(({ exclude }) => exclude))].sort();
}

/** Globs that cover the files: one per top-level directory and its extensions (`src/**\/*.{graphql,tsx}`); files at the top are named (names escaped). */
export function documentGlobs(files: readonly string[]): string[] {
  const byDirectory = new Map<string, Set<string>>();
  const globs = new Set<string>();
  for (const file of files) {
    const slash = file.indexOf('/');
    if (slash < 0) {
      globs.add(escapeGlob(file));
      continue;
    }
    const dir = file.slice(0, slash);
    const exts = byDirectory.get(dir) ?? new Set<string>();
    exts.add(extname(file).slice(1));
    byDirectory.set(dir, exts);
  }
  for (const [dir, exts] of byDirectory) {
    const list = [...exts].sort();
    globs.add(`${escapeGlob(dir)}/**/*.${list.length === 1 ? list[0] : `{${list.join(',')}}`}`);
  }
  return [...globs].sort();
}
