import type { InputFile } from './space/load-space.js';
import type { SourceFile } from '../model/source-ref.js';
import type { CodeNode } from '../model/code-nodes.js';
import type { ServiceHosts } from './sources/hosts.js';

/**
 * Kinds of input beside the space: code that talks to the service (GraphQL documents today,
 * application sources next). Each kind has a config key with globs (default: none), its own
 * reader (imported only when the key is set, so that runs without it do not load its parsers),
 * and nodes that rules visit after the model and before the entries (see engine/rule.ts).
 */

/** Names of the visitors code nodes are visited with (Visitors in engine/rule.ts). */
export type CodeVisitorName = 'document' | 'operation';

/** What a code reader produces: its files (for positions) and a walk over its nodes, in order. */
export interface CodeInput {
  readonly kind: CodeInputKind['key'];
  readonly files: readonly SourceFile[];
  /**
   * A hash of everything its nodes are made from (each file's paths and text, and what was
   * extracted from it), for the cache of findings about code (engine/code-results-cache.ts);
   * none: not cached. Gone once a walk met something that depends on the run's environment, not
   * on the files (a parse that ran out of stack): the findings of that walk are not kept.
   */
  readonly digest?: string;
  walk(visit: (visitor: CodeVisitorName, node: CodeNode) => void): void;
  /** Files matched by the globs and left out as generated code (documents/generated.ts). */
  readonly generated: number;
  /** What the run's summary says about the input: files left out, globs whose files hold nothing to check. */
  readonly notes: readonly string[];
  /** The operations and fragments the walk found (a definition written identically in two files once); undefined before the walk. */
  definitions(): DefinitionCounts | undefined;
}

/** How many GraphQL operations and fragments a code input holds. */
export interface DefinitionCounts {
  operations: number;
  fragments: number;
}

/** What a code input is read with from the config. */
export interface CodeReadOptions {
  /** The globs that found its files, to say which of them found nothing: relative to `base` (the config file's directory). */
  globs: { patterns: readonly string[]; base: string };
  /** The service's hosts (`service.hosts`): GraphQL that code sends to another host is not the service's. */
  hosts: ServiceHosts;
}

export interface CodeInputKind {
  /** The config key that holds the kind's globs (relative to the config file). */
  readonly key: 'documents';
  /** For the config schema. */
  readonly description: string;
  /** File extensions the kind reads; `cmlint init` looks for them. */
  readonly extensions: readonly string[];
  read(files: readonly InputFile[], cwd: string, options?: CodeReadOptions): Promise<CodeInput>;
}
