import { dirname } from 'node:path';
import type { LoadedConfig } from '../config/load-config.js';
import { findInputs } from './space/find-inputs.js';
import type { InputFile } from './space/load-space.js';
import type { CodeInput, CodeInputKind, CodeReadOptions } from './code-input.js';
import { resolveHosts } from './sources/hosts.js';
import { CODE_INPUT_KINDS } from './kinds.js';

/** The files of one code input kind that the config names. */
export interface CodeFiles {
  kind: CodeInputKind;
  files: InputFile[];
  options: CodeReadOptions;
}

/** For each code input kind whose config key has globs: its files (less the config's `exclude`). A kind without globs is not read. */
export async function findCodeFiles(loaded: LoadedConfig, cwd: string): Promise<CodeFiles[]> {
  const found: CodeFiles[] = [];
  for (const kind of CODE_INPUT_KINDS) {
    const include = loaded.config[kind.key] ?? [];
    if (include.length === 0) continue;
    const base = loaded.path === null ? cwd : dirname(loaded.path);
    const files = await findInputs([], { cwd, base, include, exclude: loaded.config.exclude ?? [] });
    found.push({ kind, files, options: { globs: { patterns: include, base }, hosts: resolveHosts(loaded.config.service?.hosts) } });
  }
  return found;
}

/** Reads each kind's files with its reader (loaded only now). */
export async function readCodeInputs(found: readonly CodeFiles[], cwd: string): Promise<CodeInput[]> {
  const inputs: CodeInput[] = [];
  for (const { kind, files, options } of found) if (files.length > 0) inputs.push(await kind.read(files, cwd, options));
  return inputs;
}
