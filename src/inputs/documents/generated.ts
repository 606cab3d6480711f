import { basename } from 'node:path';
import type * as t from '@babel/types';

/**
 * Generated code among the document files: graphql-codegen's output holds a copy of every
 * document it was generated from (sdk.ts, graphql.ts, `*.generated.ts`), so that reading it as a
 * document reports every finding twice and every fragment as defined twice. Such files are left
 * out of the documents (read-documents.ts counts them) and of what `cmlint init` proposes.
 */

/** Folders that hold generated code by convention (Apollo's and Relay's `__generated__`, the service's templates' `__generated`). */
const GENERATED_FOLDERS: ReadonlySet<string> = new Set(['__generated__', '__generated']);

/** The generated folder a file (relative, `/`-separated) is in (`src/lib/__generated`), or undefined. */
export function generatedFolder(path: string): string | undefined {
  const parts = path.split('/');
  const index = parts.findIndex((part, i) => i < parts.length - 1 && GENERATED_FOLDERS.has(part));
  return index < 0 ? undefined : parts.slice(0, index + 1).join('/');
}

/** Why the file at `path` (relative, `/`-separated) is generated code by its place or name, or null: a generated folder, or graphql-codegen's `*.generated.*` (its near-operation-file preset). */
export function generatedByPath(path: string): string | null {
  const folder = generatedFolder(path);
  if (folder !== undefined) return `in a ${basename(folder)} folder`;
  return basename(path).split('.').slice(1, -1).includes('generated') ? 'named *.generated.*' : null;
}

/** The comment graphql-codegen's typescript plugin writes above the `Scalars` type of every file it generates. */
const CODEGEN_SCALARS_COMMENT = 'All built-in and custom scalars, mapped to their actual values';

/**
 * Why a parsed script is generated code, or null: graphql-codegen's typescript plugin output (its
 * `Scalars` type with the plugin's comment, at the top level), or a header comment (before the
 * first statement) that says so: `@generated` (the marker many generators write), or
 * "generated" with "do not edit" / "should not be edited".
 */
export function generatedByCode(program: t.File): string | null {
  const body = program.program.body;
  for (const statement of body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'TSTypeAliasDeclaration' || declaration.id.name !== 'Scalars') continue;
    if (statement.leadingComments?.some((c) => c.value.includes(CODEGEN_SCALARS_COMMENT))) return "graphql-codegen's output";
  }
  const firstCode = body[0]?.start ?? Infinity;
  for (const comment of program.comments ?? []) {
    if (comment.start! >= firstCode) break;
    const text = comment.value.toLowerCase();
    if (text.includes('@generated')) return 'marked @generated';
    if (text.includes('generated') && (text.includes('do not edit') || text.includes('not be edited'))) return 'marked as generated';
  }
  return null;
}
