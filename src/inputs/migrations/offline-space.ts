import type { ToolRequest } from './tool.js';

type Json = Record<string, unknown>;

/** The reads the migration tool makes, answered from the model on disk and the scripts applied so far. */
export class NotFound extends Error {
  override readonly name = 'NotFound';
}

/** Reads of entries, by content type: the entries on disk are read only for the content types a script transforms. */
export type EntrySource = (contentTypeIds: ReadonlySet<string> | 'all') => Promise<Json[]>;

/**
 * The state of the space as the migration tool sees it while scripts are replayed: content types,
 * editor interfaces, locales and tags in memory, entries read from disk on demand (and kept once
 * a script changed them). `makeRequest` answers the tool's GET requests; `apply` applies the
 * requests of a script that the tool accepted.
 */
export class OfflineSpace {
  readonly contentTypes = new Map<string, Json>();
  readonly editorInterfaces = new Map<string, Json>();
  /** Entries that scripts created or changed (by id), and the ids they deleted. */
  readonly changedEntries = new Map<string, Json>();
  readonly deletedEntries = new Set<string>();
  readonly tags = new Map<string, Json>();
  /** Tags that entries on disk carry, and tags that scripts deleted. */
  private readonly taggedWith = new Set<string>();
  private readonly deletedTags = new Set<string>();
  /** Fields deleted (`to` null) or renamed by the scripts, per content type, in order: entries follow them. */
  private readonly fieldOps = new Map<string, { seq: number; from: string; to: string | null }[]>();
  private seq = 0;
  /** When each changed entry was last written (its values already follow the field operations before). */
  private readonly changedAt = new Map<string, number>();

  constructor(
    readonly locales: readonly Json[],
    private readonly readEntries: EntrySource,
  ) {}

  /** The tool's `makeRequest`: reads only; a script's own write through `context.makeRequest` is refused. */
  makeRequest = async (request: ToolRequest): Promise<unknown> => {
    const method = (request.method ?? 'GET').toUpperCase();
    const [path = '', query = ''] = request.url.split('?', 2);
    const params = new URLSearchParams(query);
    if (method !== 'GET') throw new Error(`cmlint replays scripts offline and does not send ${method} ${path}`);
    const segments = path.split('/').filter((s) => s !== '');
    if (segments[0] === 'content_types' && segments.length === 1) {
      const ids = listParam(params, 'sys.id[in]');
      return page([...this.contentTypes.values()].filter((ct) => !ids || ids.has(idOf(ct))), params);
    }
    if (segments[0] === 'content_types' && segments.length === 2) {
      const ct = this.contentTypes.get(segments[1]!);
      if (!ct) throw new NotFound(`The content type '${segments[1]}' does not exist`);
      return structuredClone(ct);
    }
    if (segments[0] === 'content_types' && segments[2] === 'editor_interface') {
      const ei = this.editorInterfaces.get(segments[1]!);
      if (!ei) throw new NotFound(`No editor interface for '${segments[1]}'`);
      return structuredClone(ei);
    }
    if (segments[0] === 'entries' && segments.length === 1) {
      const ids = listParam(params, 'sys.contentType.sys.id[in]') ?? listParam(params, 'sys.contentType.sys.id');
      return page(await this.entries(ids ?? 'all'), params);
    }
    if (segments[0] === 'locales') return page([...this.locales], params);
    if (segments[0] === 'tags') {
      // The inputs hold no tags: a tag that entries on disk carry is taken to exist (reading that avoids false alarms).
      const seen = [...this.taggedWith].filter((id) => !this.tags.has(id) && !this.deletedTags.has(id)).map((id) => ({ sys: { id, type: 'Tag', visibility: 'private' }, name: id }));
      return page([...this.tags.values(), ...seen], params);
    }
    throw new Error(`cmlint replays scripts offline and cannot answer GET ${path}`);
  };

  /** A field deleted by a script: the service drops its values from the entries. */
  dropField(contentTypeId: string, fieldId: string): void {
    this.fieldOp(contentTypeId, fieldId, null);
  }

  /** A field id changed by a script: the entries' values move to the new id. */
  renameField(contentTypeId: string, from: string, to: string): void {
    this.fieldOp(contentTypeId, from, to);
  }

  private fieldOp(contentTypeId: string, from: string, to: string | null): void {
    const ops = this.fieldOps.get(contentTypeId) ?? [];
    ops.push({ seq: ++this.seq, from, to });
    this.fieldOps.set(contentTypeId, ops);
  }

  /** An entry with the field deletions and renames made after `since` applied (the entry itself if there are none). */
  followFields(entry: Json, since = 0): Json {
    const ops = this.fieldOps.get(contentTypeOf(entry))?.filter((op) => op.seq > since);
    const fields = entry.fields as Json | undefined;
    if (!ops?.length || typeof fields !== 'object' || fields === null) return entry;
    const moved: Json = { ...fields };
    for (const { from, to } of ops) {
      if (!Object.hasOwn(moved, from)) continue;
      if (to !== null) moved[to] = moved[from];
      delete moved[from];
    }
    return { ...entry, fields: moved };
  }

  /** A changed entry as it is now (field operations after its change applied). */
  changedEntry(id: string): Json {
    return this.followFields(this.changedEntries.get(id)!, this.changedAt.get(id));
  }

  /** The entries of these content types as the scripts so far left them. */
  async entries(contentTypeIds: ReadonlySet<string> | 'all'): Promise<Json[]> {
    const onDisk = await this.readEntries(contentTypeIds);
    for (const entry of onDisk) {
      const tags = (entry.metadata as { tags?: unknown } | undefined)?.tags;
      if (Array.isArray(tags)) for (const tag of tags) if (typeof tag?.sys?.id === 'string') this.taggedWith.add(tag.sys.id);
    }
    const result: Json[] = [];
    const seen = new Set<string>();
    for (const entry of onDisk) {
      const id = idOf(entry);
      seen.add(id);
      if (this.deletedEntries.has(id)) continue;
      result.push(structuredClone(this.changedEntries.has(id) ? this.changedEntry(id) : this.followFields(entry)));
    }
    for (const [id, entry] of this.changedEntries) {
      if (seen.has(id) || this.deletedEntries.has(id)) continue;
      if (contentTypeIds === 'all' || contentTypeIds.has(contentTypeOf(entry))) result.push(structuredClone(this.changedEntry(id)));
    }
    return result;
  }

  /**
   * Applies one accepted request; returns what it changed (for call sites), or null for requests
   * that change nothing cmlint checks (publishing).
   */
  apply(request: ToolRequest): { kind: 'contentType' | 'editorInterface' | 'entry' | 'tag'; id: string } | null {
    const segments = request.url.split('?', 1)[0]!.split('/').filter((s) => s !== '');
    const method = request.method.toUpperCase();
    const [collection, id, sub] = segments;
    if (id === undefined || sub === 'published') return null;
    const data = (request.data ?? {}) as Json;
    if (collection === 'content_types' && sub === 'editor_interface') {
      this.editorInterfaces.set(id, { ...data, sys: { ...((data.sys as Json | undefined) ?? {}), type: 'EditorInterface', contentType: link('ContentType', id) } });
      return { kind: 'editorInterface', id };
    }
    if (collection === 'content_types') {
      if (method === 'DELETE') {
        this.contentTypes.delete(id);
        this.editorInterfaces.delete(id);
      } else {
        const before = this.contentTypes.get(id);
        // A field id change is sent as the field with `newId`; the service saves it under the new id.
        const fields = Array.isArray(data.fields)
          ? data.fields.map((f: Json) => (typeof f.newId === 'string' ? Object.fromEntries(Object.entries({ ...f, id: f.newId }).filter(([k]) => k !== 'newId')) : f))
          : data.fields;
        // The display field follows its field's new id (reading that avoids a false alarm: the tool accepts the rename).
        const renamed = Array.isArray(data.fields) ? (data.fields as Json[]).find((f) => f.id === data.displayField && typeof f.newId === 'string') : undefined;
        const displayField = renamed ? renamed.newId : data.displayField;
        this.contentTypes.set(id, { ...data, fields, ...(data.displayField !== undefined ? { displayField } : {}), sys: { ...((before?.sys as Json | undefined) ?? {}), id, type: 'ContentType', version: request.headers?.['X-Contentful-Version'] ?? 1 } });
      }
      return { kind: 'contentType', id };
    }
    if (collection === 'entries') {
      if (method === 'DELETE') {
        this.deletedEntries.add(id);
        this.changedEntries.delete(id);
      } else {
        const sys = { ...((data.sys as Json | undefined) ?? {}), id, type: 'Entry' };
        this.changedEntries.set(id, { ...data, sys });
        this.changedAt.set(id, this.seq);
        this.deletedEntries.delete(id);
      }
      return { kind: 'entry', id };
    }
    if (collection === 'tags') {
      if (method === 'DELETE') {
        this.tags.delete(id);
        this.deletedTags.add(id);
      } else this.tags.set(id, { ...data, sys: { ...((data.sys as Json | undefined) ?? {}), id, type: 'Tag' } });
      return { kind: 'tag', id };
    }
    return null;
  }
}

function link(linkType: string, id: string): Json {
  return { sys: { type: 'Link', linkType, id } };
}

function idOf(record: Json): string {
  return String((record.sys as Json | undefined)?.id ?? '');
}

export function contentTypeOf(entry: Json): string {
  return String((((entry.sys as Json | undefined)?.contentType as Json | undefined)?.sys as Json | undefined)?.id ?? '');
}

function listParam(params: URLSearchParams, name: string): Set<string> | undefined {
  const value = params.get(name);
  return value === null ? undefined : new Set(value.split(',').filter((s) => s !== ''));
}

/** One page of a collection, as the API answers with `skip` and `limit`. */
function page(items: readonly Json[], params: URLSearchParams): { items: Json[]; total: number; skip: number; limit: number } {
  const skip = Number(params.get('skip') ?? 0) || 0;
  const limit = Number(params.get('limit') ?? 100) || 100;
  return { items: items.slice(skip, skip + limit).map((item) => structuredClone(item)), total: items.length, skip, limit };
}
