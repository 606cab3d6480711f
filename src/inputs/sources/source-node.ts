import type * as t from '@babel/types';
import type { DocumentNode } from 'graphql';
import type { SourcePlaceNode } from '../../model/code-nodes.js';
import type { ServiceHosts } from './hosts.js';
import type { CallSite, MemberRead, StringSite } from './js-facts.js';
import type { CodeSourceFile } from '../code-file.js';
import type { Token } from './text-facts.js';
import type { ParsedUrl } from './urls.js';

/** A URL or absolute path found in code (a string or template literal) or in a text file. */
export interface UrlSite {
  url: ParsedUrl;
  text: string;
  start: number;
  /**
   * The URL as the file writes it, and where (a UTF-16 offset): for a text file `text` at `start`;
   * for a string or template literal its raw text (escapes as written, a template's expressions as
   * spaces). Edits of the URL (fixes) are made there.
   */
  raw: string;
  rawStart: number;
}

/**
 * An application source file as rules see it (the `sourceFile` visitor). JavaScript and
 * TypeScript files are parsed (comments are not part of what is gathered); other text files
 * (shell scripts, package.json, workflow YAML, Python, Ruby) give only URLs and command lines.
 */
export interface SourceFileNode {
  readonly kind: 'sourceFile';
  readonly file: CodeSourceFile;
  readonly language: 'javascript' | 'text';
  /** The service's hosts, as configured (`service.hosts`). */
  readonly hosts: ServiceHosts;
  /** Modules imported or required (JavaScript only). */
  readonly imports: ReadonlySet<string>;
  /** String and template literals (JavaScript only). */
  readonly strings: readonly StringSite[];
  /** Calls and `new` expressions (JavaScript only). */
  readonly calls: readonly CallSite[];
  /** Reads of a variable's properties (JavaScript only). */
  readonly memberReads: readonly MemberRead[];
  /** The parsed program (JavaScript only; null for text files), for rules that follow a value or a control flow (see syntax-tree.ts). */
  readonly program: t.File | null;
  /** URLs and absolute paths: in string literals (JavaScript) or anywhere outside comments (text). */
  readonly urls: readonly UrlSite[];
  /**
   * Command lines: in text files, their lines; in JavaScript, each string literal's words and
   * the program and arguments of `spawn`/`execFile`/`execa` calls.
   */
  readonly commands: readonly (readonly Token[])[];
  /**
   * GraphQL sent from code as plain strings or untagged templates (`fetch(url, { body:
   * JSON.stringify({ query: '{ blogPostCollection(limit: 0) { … } }' }) })`), parsed. Tagged
   * templates (`gql`, `graphql`) are left to the GraphQL documents input. `offset(loc)` turns a
   * position in the document into a file offset.
   */
  readonly graphql: readonly { document: DocumentNode; offset(documentOffset: number): number }[];
  /** A node for a finding at `offset`. */
  at(offset: number, target?: { contentType?: string | null; field?: string | null }): SourcePlaceNode;
}

/** The packages of the service's JavaScript SDKs. */
export const SDK_PACKAGES: readonly string[] = ['contentful', 'contentful-management'];

/** Whether the file imports one of `packages` (or a subpath of one). */
export function importsAny(node: SourceFileNode, packages: readonly string[] = SDK_PACKAGES): boolean {
  for (const specifier of node.imports) if (packages.some((p) => specifier === p || specifier.startsWith(`${p}/`))) return true;
  return false;
}
