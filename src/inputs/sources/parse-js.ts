import type { ParserPlugin } from '@babel/parser';
import type * as t from '@babel/types';

type Babel = typeof import('@babel/parser');
let babel: Promise<Babel> | undefined;

/** A file the parser cannot read: the position of the first error. */
export class ParseFailure extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/**
 * Parses JavaScript or TypeScript (with JSX, ESM or CommonJS) with @babel/parser, loaded on
 * first use only (runs without application sources never load it). Recoverable errors are
 * ignored (the tree is still complete enough to read); an unrecoverable one is a ParseFailure.
 */
export async function parseJs(text: string, fileName: string): Promise<t.File> {
  const { parse } = await (babel ??= import('@babel/parser'));
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  // JSX only in .tsx: in .ts, `<T>x` is a type assertion.
  const plugins: ParserPlugin[] =
    extension === 'tsx' ? ['jsx', 'typescript', 'decorators-legacy'] : ['ts', 'mts', 'cts'].includes(extension) ? ['typescript', 'decorators-legacy'] : ['jsx', 'flow', 'decorators-legacy'];
  try {
    return parse(text, {
      sourceType: 'unambiguous',
      plugins,
      errorRecovery: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: true,
      allowUndeclaredExports: true,
    }) as unknown as t.File;
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const reason = ((error as Error).message ?? String(error)).replace(/\s*\(\d+:\d+\)$/, '');
    throw new ParseFailure(reason, loc?.line ?? 1, (loc?.column ?? 0) + 1);
  }
}
