import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { escapeGlob } from '../../util/glob/compile-glob.js';
import { readGlobs } from '../../util/glob/walk-globs.js';
import { NOT_PROJECT_CODE } from '../project-dirs.js';
import { walkInputGlobs } from '../space/find-inputs.js';
import { displayPath } from '../space/load-space.js';
import { COMPONENT_EXTENSIONS, GRAPHQL_EXTENSIONS, SCRIPT_EXTENSIONS } from './extensions.js';


/**
 * For `cmlint init`: the files under `cwd` that hold GraphQL operations or fragments (a schema
 * file is not a document), as paths relative to `cwd`, sorted.
 */
export async function findDocumentFiles(cwd: string): Promise<string[]> {
  const { default: fg } = await import('fast-glob');
  const extensions = [...GRAPHQL_EXTENSIONS, ...SCRIPT_EXTENSIONS, ...COMPONENT_EXTENSIONS].map((e) => e.slice(1));
  const globs = readGlobs([`**/*.{${extensions.join(',')}}`]);
  const candidates = walkInputGlobs(fg, globs, { cwd, ignore: [...NOT_PROJECT_CODE], dot: false }, cwd).map((absPath) => displayPath(absPath, cwd));
  const { extractGraphQL } = await import('./extract.js');
  const { parse } = (await import('../../graphql/graphql-js.js')).graphqlJs();
  const found: string[] = [];
  for (const path of candidates.sort()) {
    let texts;
    try {
      texts = await extractGraphQL(path, await readFile(`${cwd}/${path}`, 'utf8'));
    } catch {
      continue; // Unreadable or unparsable here: the lint run will say so if the file is configured.
    }
    const executable = texts.some(({ body }) => {
      try {
        return parse(body).definitions.some((d) => d.kind === 'OperationDefinition' || d.kind === 'FragmentDefinition');
      } catch {
        return false;
      }
    });
    if (executable) found.push(path);
  }
  return found;
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
