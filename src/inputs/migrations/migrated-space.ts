import type { Space } from '../space/load-space.js';
import type { Position, SourceFile, SourceRef } from '../../model/source-ref.js';
import type { AssetNode, EntryNode } from '../../model/nodes.js';
import type { SpaceModel } from '../../model/space-model.js';
import type { ContentTypeOrigin, Site } from './sites.js';

/** One line of a script as a source file: every position in a record it holds is that line. */
export class SiteFile implements SourceFile {
  readonly path: string;
  constructor(
    readonly absPath: string,
    readonly site: Site,
  ) {
    this.path = site.file;
  }
  locate(): Position {
    return { line: this.site.line, column: 1 };
  }
  release(): void {}
}

type Resolved = { site: Site } | { base: SourceRef; path: string[] };

/**
 * A content type (and its editor interface) of the migrated model, made of the record on disk it
 * started from and the script lines that changed it: each path below the record resolves to the
 * script line that last set it, or to its place in the record on disk when no script did.
 */
export class MigratedRecordFile implements SourceFile {
  readonly path: string;
  readonly absPath: string;

  constructor(
    private readonly origin: ContentTypeOrigin,
    /** The content type as the scripts left it (field indexes in paths refer to it). */
    private readonly fields: readonly { id: string }[],
    private readonly absPaths: ReadonlyMap<string, string>,
  ) {
    this.path = origin.latest.file;
    this.absPath = absPaths.get(origin.latest.file) ?? origin.latest.file;
  }

  fileOf(ref: SourceRef, path: readonly string[]): string {
    const resolved = this.resolve(ref, path);
    return 'site' in resolved ? resolved.site.file : resolved.base.file.path;
  }

  scriptSite(ref: SourceRef, path: readonly string[]): Site | undefined {
    const resolved = this.resolve(ref, path);
    return 'site' in resolved ? resolved.site : undefined;
  }

  locate(ref: SourceRef, path: readonly string[]): Position {
    const resolved = this.resolve(ref, path);
    if ('site' in resolved) return { line: resolved.site.line, column: 1 };
    return resolved.base.file.locate(resolved.base, resolved.path);
  }

  release(): void {
    this.origin.base?.source.file.release();
    this.origin.editorBase?.source.file.release();
  }

  private resolve(ref: SourceRef, path: readonly string[]): Resolved {
    const { origin } = this;
    if (ref.pointer.startsWith('/editorInterfaces/')) {
      if (origin.editor) return { site: origin.editor };
      if (origin.editorBase) return { base: origin.editorBase.source, path: [...path] };
      return { site: origin.latest };
    }
    const base = origin.base;
    if (path[0] === 'fields' && path[1] !== undefined) {
      const fieldId = this.fields[Number(path[1])]?.id;
      const sites = fieldId === undefined ? undefined : origin.fields.get(fieldId);
      const prop = path[2];
      const site = sites && (prop === undefined ? sites.latest : (sites.props.get(prop) ?? sites.created));
      if (site) return { site };
      const baseIndex = base?.fields.findIndex((f) => f.id === fieldId) ?? -1;
      if (base && baseIndex >= 0) return { base: base.source, path: ['fields', String(baseIndex), ...path.slice(2)] };
      return { site: sites?.latest ?? origin.created ?? origin.latest };
    }
    if (path[0] !== undefined) {
      const site = origin.props.get(path[0]);
      if (site) return { site };
      if (base) return { base: base.source, path: [...path] };
      return { site: origin.created ?? origin.latest };
    }
    return { site: origin.latest };
  }
}

/**
 * The space after the scripts: the migrated model, and the entries on disk with the scripts'
 * changes (entries a script changed or created come from the script; deleted ones are left out).
 * Entries are streamed from disk as before; worker threads are not used (entries can change).
 */
export class MigratedSpace implements Space {
  constructor(
    readonly model: SpaceModel,
    private readonly base: Space,
    readonly files: readonly SourceFile[],
    private readonly changed: ReadonlyMap<string, EntryNode>,
    private readonly deleted: ReadonlySet<string>,
    /** An entry on disk as the scripts left it (fields they deleted or renamed). */
    private readonly follow: (entry: EntryNode) => EntryNode,
  ) {}

  assets(): AsyncIterable<AssetNode> {
    return this.base.assets();
  }

  async *entries(): AsyncIterable<EntryNode> {
    const seen = new Set<string>();
    for await (const entry of this.base.entries()) {
      seen.add(entry.id);
      if (this.deleted.has(entry.id)) continue;
      yield this.changed.get(entry.id) ?? this.follow(entry);
    }
    for (const [id, entry] of this.changed) if (!seen.has(id)) yield entry;
  }

  /** Entries as the scripts leave them (counted by reading them: scripts may create or delete some). */
  async count(kind: 'entry' | 'asset'): Promise<number> {
    if (kind === 'asset') return this.base.count('asset');
    let count = 0;
    for await (const _ of this.entries()) count++;
    return count;
  }

  splitEntries(): null {
    return null;
  }

  entriesIn(): Iterable<EntryNode> {
    return [];
  }
}
