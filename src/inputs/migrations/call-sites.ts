import { pathToFileURL } from 'node:url';

/** A place in a migration script: its path (absolute) and 1-based line. */
export interface CallSite {
  file: string;
  line: number;
}

/** The script being evaluated: call sites are taken from its frames. */
let current: { path: string; url: string } | null = null;

/** Scripts that ran compiled (TypeScript): the source line of each line that ran. */
const lineMaps = new Map<string, (line: number) => number>();

/** Records how the lines of a compiled script map to its source. */
export function setLineMap(absPath: string, map: (line: number) => number): void {
  lineMaps.set(absPath, map);
}

function sourceLine(file: string | null, line: number | null): number | null {
  if (file === null || line === null) return line;
  const map = lineMaps.get(file);
  return map ? map(line) : line;
}

/** Sets the script whose frames call sites come from (null: none is being evaluated). */
export function setCurrentScript(absPath: string | null): void {
  current = absPath === null ? null : { path: absPath, url: pathToFileURL(absPath).href };
}

/** The structured frames of the stack above the caller (V8's call-site objects). */
function frames(): NodeJS.CallSite[] {
  const saved = Error.prepareStackTrace;
  const savedLimit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 64;
    Error.prepareStackTrace = (_, stack) => stack;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, frames);
    return holder.stack as NodeJS.CallSite[];
  } finally {
    Error.prepareStackTrace = saved;
    Error.stackTraceLimit = savedLimit;
  }
}

/** The frame of the current script that made the call, as a V8 call site (what the migration tool reads). */
export interface ToolCallSite {
  getFileName(): string | null;
  getLineNumber(): number | null;
  getColumnNumber(): number | null;
  isNative(): boolean;
}

/**
 * Replaces the migration tool's `first-external-caller`: the tool records, with each step, the
 * first frame outside its own folder. A project that builds steps in a helper module would then
 * point at the helper; this takes the innermost frame of the script being replayed instead (the
 * line in the script that called the helper), and the tool's choice when no frame of the script
 * is on the stack (a step made in a callback after the script returned).
 */
export function scriptCaller(toolDir: string): ToolCallSite | undefined {
  const stack = frames();
  const inScript = current && stack.find((f) => f.getFileName() === current!.path || f.getFileName() === current!.url);
  const chosen = inScript || stack.find((f) => !f.isNative() && f.getFileName() !== null && !f.getFileName()!.startsWith(toolDir) && !f.getFileName()!.startsWith('node:') && !isThisFile(f));
  if (!chosen) return undefined;
  const file = chosen.getFileName();
  return {
    getFileName: () => file,
    getLineNumber: () => sourceLine(file, chosen.getLineNumber()),
    getColumnNumber: () => chosen.getColumnNumber(),
    isNative: () => false,
  };
}

const thisFile = import.meta.url;
function isThisFile(frame: NodeJS.CallSite): boolean {
  const name = frame.getFileName();
  return name === thisFile || (name !== null && thisFile.endsWith(name));
}

/** The innermost line of the current script on the stack of `error` (for errors a script throws). */
export function scriptLineOf(error: unknown): number | undefined {
  if (!current || !(error instanceof Error)) return undefined;
  const text = String(error.stack ?? '');
  for (const candidate of [current.url, current.path]) {
    const at = text.indexOf(`${candidate}:`);
    if (at >= 0) {
      const line = Number(/^:(\d+)/.exec(text.slice(at + candidate.length))?.[1]);
      if (Number.isInteger(line) && line > 0) return sourceLine(current.path, line) ?? line;
    }
  }
  return undefined;
}
