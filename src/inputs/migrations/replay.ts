import { fileURLToPath } from 'node:url';
import { displayPath, type Space } from '../space/load-space.js';
import { toContentType, toEditorInterface, toEntry } from '../space/records.js';
import type { SourceFile, SourceRef } from '../../model/source-ref.js';
import type { ContentTypeJson, FieldJson } from '../../model/json-types.js';
import type { ContentTypeNode, EntryNode, FieldNode, ReportNode } from '../../model/nodes.js';
import { SpaceModel } from '../../model/space-model.js';
import { setCurrentScript } from './call-sites.js';
import { guarded, loadScript, scriptError } from './load-script.js';
import { MigratedRecordFile, MigratedSpace, SiteFile } from './migrated-space.js';
import { OfflineSpace } from './offline-space.js';
import { newOrigin, recordStep, type ContentTypeOrigin, type Site } from './sites.js';
import { errorField } from './error-fields.js';
import { loadMigrationTool, type ParseResult, type ToolIntent } from './tool.js';

type Json = Record<string, unknown>;

export interface MigrationScript {
  absPath: string;
}

/**
 * Scripts in the order the migration tools run them: by path, so by file name within a folder
 * (a flat folder of numbered or dated scripts), folder by folder where a project keeps one folder
 * per content type (as `contentful-migrate` does).
 */
export function scriptOrder(scripts: readonly MigrationScript[]): MigrationScript[] {
  return [...scripts].sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
}

export interface ReplayOptions {
  cwd: string;
  /** The config file as shown to users (for the message when the migration tool is missing). */
  configShown: string;
  /**
   * Filled with where the time of the replay went (milliseconds): loading the scripts (the
   * project's code, compiled if TypeScript), the migration tool (loading it, and its parser, which runs each
   * script's function), and the whole replay; the rest of `total` is cmlint's own.
   */
  timings?: ReplayTimings;
}

export interface ReplayTimings {
  load: number;
  tool: number;
  total: number;
}

/**
 * Replays migration scripts on a space with the migration tool's own parser, offline: each
 * script's steps are checked by the tool, the requests it would send are applied to the model
 * before the next script, and the space that comes out is what the rules lint. A step the tool
 * rejects becomes a `migrationIssues` entry at its script line, and its script is not applied (the
 * tool would not run it). A script that cannot be loaded, throws, or calls `process.exit` stops
 * the run with an input error at its line.
 */
export async function replayMigrations(space: Space, scripts: readonly MigrationScript[], options: ReplayOptions): Promise<Space> {
  const started = performance.now();
  const timings = options.timings ?? { load: 0, tool: 0, total: 0 };
  const timed = async <T>(key: 'load' | 'tool', body: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await body();
    } finally {
      timings[key] += performance.now() - start;
    }
  };
  const tool = await timed('tool', async () => loadMigrationTool(options.cwd, options.configShown));
  const shown = (absPath: string) => displayPath(absPath, options.cwd);
  const base = space.model;
  const entriesOnDisk = new EntryCache(space);
  const offline = new OfflineSpace([...base.locales.values()].map((l) => structuredClone(l.json) as unknown as Json), (ids) => entriesOnDisk.read(ids));
  for (const [id, ct] of base.contentTypes) offline.contentTypes.set(id, withVersion(structuredClone(ct.json) as unknown as Json));
  for (const [id, ei] of base.editorInterfaces) offline.editorInterfaces.set(id, withVersion(structuredClone(ei.json) as unknown as Json));
  const localesKnown = offline.locales.length > 0;
  const unknownLocales = (result: ParseResult) => [
    ...new Set(result.batches.flatMap((b) => b.validationErrors.map((e) => tool.unknownLocale(e.message)).filter((l): l is string => l !== null && !offline.locales.some((x) => x.code === l)))),
  ];

  const origins = new Map<string, ContentTypeOrigin>();
  /** Content types a script deleted, with the line that did it. */
  const removedTypes = new Map<string, Site>();
  const entrySites = new Map<string, Site>();
  const issues: SpaceModel['migrationIssues'] = [];
  const absPaths = new Map<string, string>();
  const siteOf = (intent: ToolIntent, script: string): Site => {
    const callsite = raw(intent).meta?.callsite;
    const file = callsite?.file ? (callsite.file.startsWith('file:') ? fileURLToPath(callsite.file) : callsite.file) : script;
    return { file: shown(file), line: callsite?.line ?? 1 };
  };

  for (const script of scriptOrder(scripts)) {
    const path = shown(script.absPath);
    absPaths.set(path, script.absPath);
    setCurrentScript(script.absPath);
    let result: ParseResult;
    try {
      const migration = await timed('load', () => loadScript(script.absPath, path));
      const parse = tool.createMigrationParser(offline.makeRequest, { spaceId: 'cmlint-offline', environmentId: 'master', accessToken: '', requestBatchSize: 1000 });
      result = await timed('tool', () => guarded(() => parse(migration)));
      // Without locales on disk the space's locales are unknown: a locale a script gives a default value for is taken to exist.
      for (let more = unknownLocales(result); !localesKnown && more.length > 0; more = unknownLocales(result)) {
        (offline.locales as Json[]).push(...more.map((code) => ({ code, default: false })));
        result = await timed('tool', () => guarded(() => parse(migration)));
      }
    } catch (error) {
      throw scriptError(path, error, 'stopped with an error');
    } finally {
      setCurrentScript(null);
    }

    const rejected = [...result.stepsValidationErrors, ...result.payloadValidationErrors].map((e) => ({ error: e, intent: e.details?.intent, fieldId: raw(e.details?.intent ?? {}).payload?.fieldId }));
    // The tool checks a content type as a whole at each save, so a later save repeats an error: each once, at the save that first had it.
    const checked = new Set<string>();
    for (const batch of result.batches) {
      const steps = leaves(batch.intent);
      for (const error of batch.validationErrors) {
        const fieldId = errorField(error);
        const key = JSON.stringify([raw(steps[0] ?? {}).payload?.contentTypeId, fieldId, error.message]);
        if (checked.has(key)) continue;
        checked.add(key);
        rejected.push({ error, intent: stepOnField(steps, fieldId) ?? steps[0], fieldId });
      }
      for (const error of batch.runtimeErrors) rejected.push({ error: { message: runtimeMessage(error) }, intent: steps[0], fieldId: undefined });
    }
    if (rejected.length > 0) {
      // The tool repeats a message for each step of a chain (`.name()`, `.type()` …): reported once, at its first line.
      const seen = new Set<string>();
      for (const { error, intent, fieldId } of rejected) {
        const site = intent ? siteOf(intent, script.absPath) : { file: path, line: 1 };
        const ctId = raw(intent ?? {}).payload?.contentTypeId;
        const key = JSON.stringify([site.file, ctId, fieldId, error.message]);
        if (seen.has(key)) continue;
        seen.add(key);
        issues.push({ node: issueNode(ctId, fieldId, site, absPaths), message: error.message });
      }
      continue;
    }

    for (const batch of result.batches) {
      const steps = leaves(batch.intent);
      let entrySite: Site | undefined;
      for (const step of steps) {
        const { type, payload } = raw(step);
        const ctId = payload?.contentTypeId;
        const site = siteOf(step, script.absPath);
        if (type.includes('Entries') || type === 'contentType/deriveEntries') entrySite ??= site;
        if (ctId === undefined || type.startsWith('tag/')) continue;
        if (type === 'contentType/delete') {
          origins.delete(ctId);
          removedTypes.set(ctId, site);
          continue;
        }
        if (type === 'contentType/create') removedTypes.delete(ctId);
        let origin = origins.get(ctId);
        if (!origin) origins.set(ctId, (origin = newOrigin(site, base.contentTypes.get(ctId), base.editorInterfaces.get(ctId))));
        recordStep(origin, type, site, payload?.fieldId, payload?.props);
        if (type === 'field/delete' && payload?.fieldId !== undefined) offline.dropField(ctId, payload.fieldId);
        if (type === 'field/rename' && payload?.fieldId !== undefined && typeof payload.props?.newId === 'string') offline.renameField(ctId, payload.fieldId, payload.props.newId);
      }
      for (const request of batch.requests) {
        const changed = offline.apply(request);
        if (changed?.kind === 'entry') entrySites.set(changed.id, entrySite ?? siteOf(steps[0]!, script.absPath));
      }
    }
  }

  const model = new SpaceModel();
  for (const [code, locale] of base.locales) model.locales.set(code, locale);
  model.taxonomy = base.taxonomy;
  // The files read: the space's, and each script replayed.
  const files: SourceFile[] = [...space.files, ...[...absPaths].map(([path, abs]) => new SiteFile(abs, { file: path, line: 1 }))];
  for (const [id, json] of offline.contentTypes) {
    const origin = origins.get(id);
    if (!origin) {
      model.contentTypes.set(id, base.contentTypes.get(id)!);
      const ei = base.editorInterfaces.get(id);
      if (ei) model.editorInterfaces.set(id, ei);
      continue;
    }
    const file = new MigratedRecordFile(origin, (json.fields as FieldJson[] | undefined) ?? [], absPaths);
    model.contentTypes.set(id, toContentType(json, { file, pointer: `/contentTypes/${id}`, offset: 0 }));
    const ei = offline.editorInterfaces.get(id);
    if (ei && origin.editor) model.editorInterfaces.set(id, toEditorInterface(ei, { file, pointer: `/editorInterfaces/${id}`, offset: 0 }));
    else if (base.editorInterfaces.has(id)) model.editorInterfaces.set(id, base.editorInterfaces.get(id)!);
  }
  model.migrationIssues.push(...issues);
  for (const [id, site] of removedTypes) if (base.contentTypes.has(id)) model.scriptRemovals.add({ node: nodeAt(id, undefined, site, absPaths), ...site });
  for (const [id, origin] of origins) {
    const kept = new Set(model.contentTypes.get(id)?.fields.map((f) => f.id));
    for (const [fieldId, { site, renamedTo }] of origin.removedFields) {
      if (!kept.has(fieldId)) model.scriptRemovals.add({ node: nodeAt(id, fieldId, site, absPaths), ...site, ...(renamedTo !== undefined ? { renamedTo } : {}) });
    }
  }

  const changed = new Map<string, EntryNode>();
  for (const id of offline.changedEntries.keys()) {
    const site = entrySites.get(id)!;
    changed.set(id, toEntry(offline.changedEntry(id), { file: new SiteFile(absPaths.get(site.file) ?? site.file, site), pointer: `/entries/${id}`, offset: 0 }));
  }
  // Entries on disk follow the fields the scripts deleted or renamed.
  const follow = (entry: EntryNode): EntryNode => {
    const json = offline.followFields(entry.json as unknown as Json);
    return json === (entry.json as unknown) ? entry : { ...entry, json: json as unknown as EntryNode['json'] };
  };
  timings.total += performance.now() - started;
  return new MigratedSpace(model, space, files, changed, offline.deletedEntries, follow);
}

function withVersion(record: Json): Json {
  const sys = (record.sys ?? {}) as Json;
  return { ...record, sys: { ...sys, version: typeof sys.version === 'number' ? sys.version : 1 } };
}

function raw(intent: ToolIntent): { type: string; meta: ToolIntent['meta']; payload: ToolIntent['payload'] } {
  return intent.toRaw ? intent.toRaw() : { type: intent.type ?? '', meta: intent.meta, payload: intent.payload };
}

/** The single steps of an intent (the tool composes the steps of one content type into one). */
function leaves(intent: ToolIntent): ToolIntent[] {
  return intent.intents ? intent.intents.flatMap(leaves) : [intent];
}

/** The step of a batch that made a field: the step that created it, else the first that changed it. */
function stepOnField(steps: readonly ToolIntent[], fieldId: string | undefined): ToolIntent | undefined {
  if (fieldId === undefined) return undefined;
  const onField = steps.filter((s) => raw(s).payload?.fieldId === fieldId);
  return onField.find((s) => raw(s).type === 'field/create') ?? onField[0];
}

function runtimeMessage(error: unknown): string {
  const inner = (error as { details?: { error?: unknown } } | null)?.details?.error ?? error;
  return `An entry transformation threw: ${inner instanceof Error ? inner.message : String(inner)}`;
}

/** The node a rejected step is reported on: its content type and field at its script line (a step about a tag: no content type). */
function issueNode(ctId: string | undefined, fieldId: string | undefined, site: Site, absPaths: ReadonlyMap<string, string>): ReportNode {
  if (ctId !== undefined) return nodeAt(ctId, fieldId, site, absPaths);
  return { kind: 'conceptScheme', id: '', concepts: [], source: { file: new SiteFile(absPaths.get(site.file) ?? site.file, site), pointer: '', offset: 0 } };
}

/** A content type (or its field) at a script line: a step the tool rejects there, a content type or field a script removes there. */
function nodeAt(ctId: string, fieldId: string | undefined, site: Site, absPaths: ReadonlyMap<string, string>): ContentTypeNode | FieldNode {
  const source: SourceRef = { file: new SiteFile(absPaths.get(site.file) ?? site.file, site), pointer: `/contentTypes/${ctId}`, offset: 0 };
  const fields: FieldNode[] = [];
  const contentType: ContentTypeNode = { kind: 'contentType', id: ctId, json: { sys: { id: ctId }, fields: [] } as unknown as ContentTypeJson, fields, source };
  if (fieldId === undefined) return contentType;
  const field: FieldNode = { kind: 'field', id: fieldId, json: { id: fieldId, type: '' }, index: 0, contentType };
  fields.push(field);
  return field;
}

/** The entries on disk, read for the content types that scripts transform, each content type once. */
class EntryCache {
  private readonly byType = new Map<string, Json[]>();
  private all = false;

  constructor(private readonly space: Space) {}

  async read(ids: ReadonlySet<string> | 'all'): Promise<Json[]> {
    if (!this.all) {
      const wanted = ids === 'all' ? null : new Set([...ids].filter((id) => !this.byType.has(id)));
      if (wanted === null) this.byType.clear();
      if (wanted === null || wanted.size > 0) {
        for (const id of wanted ?? []) this.byType.set(id, []);
        for await (const entry of this.space.entries()) {
          if (wanted && !wanted.has(entry.contentTypeId)) continue;
          const list = this.byType.get(entry.contentTypeId);
          const json = withVersion(structuredClone(entry.json) as unknown as Json);
          if (list) list.push(json);
          else this.byType.set(entry.contentTypeId, [json]);
        }
        this.all = wanted === null;
      }
    }
    return (ids === 'all' ? [...this.byType.keys()] : [...ids]).flatMap((id) => this.byType.get(id) ?? []);
  }
}
