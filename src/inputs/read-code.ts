import { dirname } from 'node:path';
import { findInputs } from './space/find-inputs.js';
import type { InputFile } from './space/load-space.js';
import type { CodeInput, CodeInputKind, CodeReadOptions } from './code-input.js';
import { resolveHosts, type HostKind } from './sources/hosts.js';
import { CODE_INPUT_KINDS } from './kinds.js';

/** The files of one code input kind that the config names, and what they are read with (a plain value: the run's plan holds it). */
export interface CodeFiles {
  kind: CodeInputKind['key'];
  files: InputFile[];
  options: CodeReadOptions;
}

/** What of the config the code inputs are found with: each kind's globs and `exclude`, relative to the config file (`path`; null: none), and the service's hosts. */
export interface CodeConfig {
  config: Partial<Record<CodeInputKind['key'] | 'exclude', readonly string[]>> & { service?: { hosts?: Partial<Record<HostKind, readonly string[]>> } };
  path: string | null;
}

/** For each code input kind whose config key has globs: its files (less the config's `exclude`). A kind without globs is not read. */
export async function findCodeFiles(configured: CodeConfig, cwd: string): Promise<CodeFiles[]> {
  const found: CodeFiles[] = [];
  for (const kind of CODE_INPUT_KINDS) {
    const include = configured.config[kind.key] ?? [];
    if (include.length === 0) continue;
    const base = configured.path === null ? cwd : dirname(configured.path);
    const files = await findInputs([], { cwd, base, include, exclude: configured.config.exclude ?? [] });
    found.push({ kind: kind.key, files, options: { globs: { patterns: include, base }, hosts: resolveHosts(configured.config.service?.hosts) } });
  }
  return found;
}

/** Reads each kind's files with its reader (loaded only now). */
export async function readCodeInputs(found: readonly CodeFiles[], cwd: string): Promise<CodeInput[]> {
  const inputs: CodeInput[] = [];
  for (const { kind, files, options } of found) if (files.length > 0) inputs.push(await CODE_INPUT_KINDS.find((k) => k.key === kind)!.read(files, cwd, options));
  return inputs;
}
