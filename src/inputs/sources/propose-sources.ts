import { readFileSync } from 'node:fs';
import { escapeGlob } from '../../util/glob/compile-glob.js';
import { NOT_PROJECT_CODE } from '../project-dirs.js';
import { DEFAULT_HOSTS, prefilterNeedles } from './hosts.js';
import { sourceLanguage } from './language.js';

/** Where code is looked for: not dependencies, builds or VCS data, nor minified bundles. */
const IGNORED = [...NOT_PROJECT_CODE, '**/*.min.js'];

/**
 * `sources` globs for `cmlint init`: the files under `cwd` that cmlint reads as sources and that
 * name the service's SDKs, hosts or endpoints (the same byte search that skips files in a run),
 * one glob per top-level directory with the extensions found there; files in `cwd` itself by name.
 * `skip`: files (relative to `cwd`) that are inputs of another kind.
 */
export async function proposeSources(cwd: string, skip: ReadonlySet<string> = new Set()): Promise<string[]> {
  const { default: fg } = await import('fast-glob');
  const needles = prefilterNeedles(DEFAULT_HOSTS).map((n) => Buffer.from(n));
  const candidates = await fg('**/*', { cwd, onlyFiles: true, dot: true, ignore: IGNORED, followSymbolicLinks: false });
  const byDir = new Map<string, Set<string>>();
  const single: string[] = [];
  for (const path of candidates.sort()) {
    if (sourceLanguage(path) === null || skip.has(path)) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(`${cwd}/${path}`);
    } catch {
      continue;
    }
    if (!needles.some((n) => bytes.includes(n))) continue;
    const slash = path.indexOf('/');
    if (slash < 0) {
      single.push(escapeGlob(path));
      continue;
    }
    // Workflows by their folder; other code by its top-level directory.
    const dir = path.startsWith('.github/workflows/') ? '.github/workflows' : path.slice(0, slash);
    const extensions = byDir.get(dir) ?? new Set<string>();
    extensions.add(path.slice(path.lastIndexOf('.') + 1));
    byDir.set(dir, extensions);
  }
  const globs = [...byDir].map(([dir, extensions]) => {
    const list = [...extensions].sort();
    const pattern = list.length === 1 ? `*.${list[0]}` : `*.{${list.join(',')}}`;
    return dir === '.github/workflows' ? `${dir}/${pattern}` : `${escapeGlob(dir)}/**/${pattern}`;
  });
  return [...globs, ...single].sort();
}
