import type { RuleConfiguration } from '../config/resolve-rules.js';
import { encodePointer } from '../inputs/space/json-scan.js';
import type { Space } from '../inputs/space/load-space.js';
import type { SourceFile } from '../model/source-ref.js';
import type { CodeInput, DefinitionCounts } from '../inputs/code-input.js';
import { isCodeNode, type CodeNode } from '../model/code-nodes.js';
import { recordOf, type EntryRef, type Node as SpaceNode, type ReportNode } from '../model/nodes.js';
import type { SpaceModel } from '../model/space-model.js';
import type { SourceFileNode } from '../inputs/sources/source-node.js';
import type { CachedFinding, CodeResults } from './code-results-cache.js';
import { enforcementStatus, upcomingLabel } from './dates.js';
import { compareText, FindingStore, splitTemplate, type DataValue, type Finding, type Findings, type NewFinding } from './findings.js';
import { enforcementAt, stagePosition, stagesText } from './stages.js';
import { minSeverity, runsIn, SEVERITY_RANK, type ReportDescriptor, type Rule, type RuleMeta, type Severity, type Target, type Visitors, type WireEntryRef } from './rule.js';
import type { FindingFixes } from '../fix/changes.js';

export type { Finding } from './findings.js';

export interface RunStats {
  filesRead: number;
  contentTypes: number;
  entries: number;
  assets: number;
  /** The GraphQL documents input, when the run read one (config `documents`). */
  documents?: DocumentStats;
  /** `cmlint diff`: what was compared (`filesRead` counts the files of both states; the entries before the change are not read). */
  compared?: { before: { files: number; contentTypes: number }; after: { files: number; contentTypes: number; entries: number } };
}

/** What the run's summary says about the GraphQL documents. */
export interface DocumentStats {
  /** Document files read (generated code left out). */
  files: number;
  /** Operations and fragments found in them (one written identically in two files once). */
  operations: number;
  fragments: number;
  /** Files the globs matched that were left out as generated code. */
  generated: number;
  /** Files left out, globs whose files hold no GraphQL: what was not checked. */
  notes: string[];
}

export interface RunResult {
  findings: Finding[];
  stats: RunStats;
}

/** A run's result with its findings held compactly (see findings.ts), in report order. */
export interface CompactRunResult {
  findings: Findings;
  stats: RunStats;
}

type VisitorName = keyof Visitors;
type Node = SpaceNode | CodeNode;

interface Instance {
  rule: Rule<never>;
  /** What the rule's findings share, made when the instance is. */
  reporting: RuleReporting;
  visitors: Visitors;
  crashed: boolean;
}

const INTERNAL_MESSAGE_ID = 'internal-error';

/** Whether a rule's instance visits code (documents, operations): its findings about code are what the results cache keeps. */
function visitsCode(instance: Instance): boolean {
  return instance.visitors.document !== undefined || instance.visitors.operation !== undefined;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** How many entries (or assets) pass between two progress callbacks. */
export const PROGRESS_EVERY = 1000;

function targetOf(node: ReportNode | null, descriptor?: Pick<ReportDescriptor, 'field' | 'locale' | 'entry' | 'contentType'>): Target {
  const target: Target = { contentType: descriptor?.contentType ?? null, field: descriptor?.field ?? null, entry: descriptor?.entry ?? null, locale: descriptor?.locale ?? null };
  if (node?.kind === 'contentType') target.contentType = node.id;
  else if (node?.kind === 'field') {
    target.contentType = node.contentType.id;
    target.field = node.id;
  } else if (node?.kind === 'entry') {
    target.contentType = node.contentTypeId;
    target.entry = node.id;
  } else if (node?.kind === 'editorInterface') target.contentType = node.contentTypeId;
  else if (node?.kind === 'locale') target.locale = node.code;
  else if (node?.kind === 'code') {
    target.contentType = node.contentType;
    target.field ??= node.field;
  }
  return target;
}

/** The operation or fragment a finding about code is in (by name), or null (a whole document, a place in application code, an anonymous operation). */
function definitionName(node: ReportNode): string | null {
  return node.kind === 'operation' || node.kind === 'fragment' ? node.name : null;
}

function describeNode(node: Node | null): string {
  if (!node) return 'the space';
  if (node.kind === 'graphqlDocument') return `the GraphQL document at ${node.source.file.path}`;
  if (node.kind === 'operation') return `operation '${node.name ?? '(anonymous)'}' in ${node.source.file.path}`;
  if (node.kind === 'fragment') return `fragment '${node.name}' in ${node.source.file.path}`;
  if (node.kind === 'field') return `field '${node.id}' of content type '${node.contentType.id}'`;
  if (node.kind === 'locale') return `locale '${node.code}'`;
  if (node.kind === 'editorInterface') return `the editor interface of '${node.contentTypeId}'`;
  if (node.kind === 'code') return `code in ${node.source.file.path}`;
  const names = { contentType: 'content type', entry: 'entry', asset: 'asset', concept: 'taxonomy concept', conceptScheme: 'taxonomy concept scheme' } as const;
  return `${names[node.kind]} '${node.id}'`;
}

/**
 * The active rules' instances for one walk, with their visitors merged. A rule that throws is
 * reported once as an internal error and not called again; the other rules go on. In a worker
 * thread (see parallel.ts) `reporting` is off while the model is visited: the main thread
 * reports those findings, the worker only needs the rules' per-content-type preparation.
 */
export class RuleRunner {
  readonly findings = new FindingStore();
  reporting = true;
  private readonly instances: Instance[] = [];
  private readonly byVisitor = new Map<VisitorName, Instance[]>();
  /**
   * While the code inputs' findings are recorded for the cache: their files (by index), what was
   * reported about them, and whether that is all the rules that visit code reported.
   */
  private recording: { files: ReadonlyMap<SourceFile, number>; findings: CachedFinding[]; complete: boolean } | null = null;

  constructor(
    private readonly configuration: RuleConfiguration,
    private readonly model: SpaceModel,
    private readonly asOf: string,
    files: readonly SourceFile[],
    /** The model before the change, in `cmlint diff`: the rules that run then are chosen by `meta.diff` (runsIn). */
    before: SpaceModel | null = null,
  ) {
    const fileIndex = new Map(files.map((file, i) => [file, i]));
    const entryRefs = {
      toWire: (ref: EntryRef): WireEntryRef => [ref.id, ref.contentTypeId, fileIndex.get(ref.source.file)!, ref.source.pointer, ref.source.offset],
      fromWire: ([id, contentTypeId, file, pointer, offset]: WireEntryRef): EntryRef => ({
        kind: 'entry',
        id,
        contentTypeId,
        source: { file: files[file]!, pointer, offset },
      }),
    };
    for (const rule of configuration.rules) {
      if (!configuration.isActive(rule.meta.id) || !runsIn(rule.meta, before !== null)) continue;
      // Templates made up front, in the order of the rules (a worker thread's findings are mapped to them by rule and message id: FindingStore.addWire).
      const instance: Instance = { rule, reporting: this.reportingOf(rule.meta), visitors: {}, crashed: false };
      const visitors = this.call(instance, null, () =>
        rule.create({
          ruleId: rule.meta.id,
          options: configuration.base.get(rule.meta.id)!.options as never,
          space: model,
          before,
          asOf,
          report: (descriptor) => this.report(instance, descriptor),
          entryRefs,
        }),
      );
      if (typeof visitors === 'object' && visitors !== null) instance.visitors = visitors;
      else if (!instance.crashed) this.crash(instance, null, 'create() returned no object of visitors');
      this.instances.push(instance);
    }
    for (const name of ['locale', 'contentType', 'field', 'document', 'operation', 'sourceFile', 'asset', 'entry', 'end'] as const) {
      this.byVisitor.set(
        name,
        this.instances.filter((i) => typeof i.visitors[name] === 'function'),
      );
    }
  }

  /** Locales, then content types each followed by its fields. */
  visitModel(): void {
    for (const locale of this.model.locales.values()) this.visit('locale', locale);
    for (const contentType of this.model.contentTypes.values()) {
      this.visit('contentType', contentType);
      for (const field of contentType.fields) this.visit('field', field);
    }
  }

  /** Whether an active rule visits nodes of this kind. */
  visits(name: VisitorName): boolean {
    return this.byVisitor.get(name)!.length > 0;
  }

  visit(name: VisitorName, node: Node | SourceFileNode | null): void {
    for (const instance of this.byVisitor.get(name)!) {
      if (instance.crashed) continue;
      this.call(instance, node?.kind === 'sourceFile' ? node.at(0) : node, () => (instance.visitors[name] as (n: Node | SourceFileNode | null) => unknown)(node));
    }
  }

  /** The active rules that visit code, in order (see `visitsCode`). */
  codeRules(): Instance[] {
    return this.instances.filter(visitsCode);
  }

  /** Starts keeping a copy of each finding about a document in `files` that a rule visiting code reports (see `recorded`). */
  record(files: readonly SourceFile[]): void {
    this.recording = { files: new Map(files.map((file, i) => [file, i])), findings: [], complete: true };
  }

  /**
   * The findings recorded since `record`, or null when they are not all there: a rule that visits
   * code crashed, or reported a finding about something else than a document of the files (the
   * model, the space), which a replay would not give.
   */
  recorded(): CachedFinding[] | null {
    const recording = this.recording;
    this.recording = null;
    return recording?.complete && !this.codeRules().some((i) => i.crashed) ? recording.findings : null;
  }

  /**
   * Adds the cached findings of the code inputs whose files are `files`, as their rules reported
   * them; false (and nothing added) when one does not fit this run: a rule that does not visit
   * code here, a message it does not have or whose placeholders are not the values', a file the
   * inputs do not have.
   */
  replay(cached: readonly CachedFinding[], files: readonly SourceFile[]): boolean {
    const rules = new Map(this.codeRules().map((i) => [i.rule.meta.id, i]));
    const findings: NewFinding[] = [];
    for (const f of cached) {
      const template = rules.get(f.rule)?.reporting.templates.get(f.messageId);
      const file = files[f.file];
      if (template === undefined || file === undefined || this.findings.templates[template]!.keys.length !== f.values.length) return false;
      const { contentType, field, entry, locale } = f.target;
      findings.push({
        template,
        severity: f.severity,
        target: { contentType, field, entry, locale },
        ref: { file, pointer: '', offset: f.offset },
        file: file.path,
        pointer: null,
        place: f.place,
        at: undefined,
        values: f.values,
        operation: f.operation,
        ...(f.fixes ? { fixes: f.fixes } : {}),
      });
    }
    for (const finding of findings) this.findings.add(finding);
    return true;
  }

  /** The cross-entry state of each rule that keeps one (by rule id), for the main thread. */
  exportStates(): Record<string, unknown> {
    const states: Record<string, unknown> = {};
    for (const instance of this.instances) {
      if (instance.crashed || !instance.visitors.exportState) continue;
      const state = this.call(instance, null, () => instance.visitors.exportState!());
      if (!instance.crashed) states[instance.rule.meta.id] = state;
    }
    return states;
  }

  /** Hands each rule the states its copies in worker threads gathered (in no particular order). */
  importStates(states: readonly Record<string, unknown>[]): void {
    for (const instance of this.instances) {
      const id = instance.rule.meta.id;
      if (instance.crashed || !instance.visitors.importState) continue;
      this.call(instance, null, () => instance.visitors.importState!(states.filter((s) => id in s).map((s) => s[id])));
    }
  }

  /**
   * After entries visited by several threads: a rule that threw on an entry stops there, as with
   * one thread, which visits the entries in input order (`files`' order, then offset). Its first such
   * error in that order is kept; what it reported about later entries (in other threads, or before
   * the news came) and its later errors are dropped, and its `end` is not run.
   */
  stopAtFirstEntryError(files: readonly SourceFile[]): void {
    const stopped = this.findings.keepUpToFirstEntryError(new Map(files.map((file, i) => [file, i])));
    for (const instance of this.instances) if (stopped.has(instance.rule.meta.id)) instance.crashed = true;
  }

  /** Rule ids that visit entries and keep state for `end` without exporting it: they cannot run in parallel. */
  statefulWithoutExport(): string[] {
    return this.instances
      .filter((i) => i.visitors.entry && i.visitors.end && !(i.visitors.exportState && i.visitors.importState))
      .map((i) => i.rule.meta.id);
  }

  /** What every finding of a rule shares: its message templates (by message id), its internal-error template, its severity cap. */
  private reportingOf(meta: Rule<never>['meta']): RuleReporting {
    const enforcement = enforcementAt(meta, this.asOf);
    let cap: RuleReporting['cap'] = null;
    let suffix = '';
    if (meta.stages?.length) {
      // Capped by the stage in force (before the first stage, by the upcoming severity), and told what the next stage brings.
      const { current, next } = stagePosition(meta.stages, this.asOf);
      cap = current ? current.severity : 'upcoming';
      if (current === null || next !== null) suffix = ` (${stagesText(current ? [current, next!] : meta.stages, this.asOf)})`;
    } else if (enforcementStatus(meta.enforcement, this.asOf) === 'upcoming') {
      cap = 'upcoming';
      suffix = ` (${upcomingLabel(meta.enforcement.date!, this.asOf)})`;
    }
    const templates = new Map<string, number>();
    for (const [messageId, spec] of Object.entries(meta.messages)) {
      const { parts, keys } = splitTemplate(spec.text);
      templates.set(messageId, this.findings.addTemplate({ ruleId: meta.id, messageId, enforcement, internal: false, change: spec.change, parts, keys, suffix }));
    }
    const internal = this.findings.addTemplate({ ruleId: meta.id, messageId: INTERNAL_MESSAGE_ID, enforcement, internal: true, change: undefined, parts: ['', ''], keys: ['message'], suffix: '' });
    return { templates, internal, cap };
  }

  private report(instance: Instance, descriptor: ReportDescriptor): void {
    const { rule: { meta }, reporting } = instance;
    if (!this.reporting) return;
    const target = targetOf(descriptor.node, descriptor);
    const run = this.configuration.runFor(meta.id, target.contentType);
    const template = reporting.templates.get(descriptor.messageId);
    if (template === undefined) throw new Error(`unknown messageId '${descriptor.messageId}'`);
    const values = dataValues(this.findings.templates[template]!.keys, descriptor.data);
    let severity = minSeverity(run.severity, meta.messages[descriptor.messageId]!.maxSeverity ?? 'error');
    if (reporting.cap !== null) severity = minSeverity(severity, reporting.cap === 'upcoming' ? run.upcoming : reporting.cap);
    if (severity === 'off') return;
    const record = descriptor.node ? recordOf(descriptor.node) : null;
    const fullPath = [...(record?.path ?? []), ...(descriptor.path ?? []).map(String)];
    // Code has no JSON pointer: its findings are placed by offset in the file.
    const code = descriptor.node !== null && isCodeNode(descriptor.node);
    const ref = record && code && descriptor.offset !== undefined ? { ...record.source, offset: descriptor.offset } : (record?.source ?? null);
    const below = record ? encodePointer(fullPath) : '';
    const fixes = fixesOf(meta, descriptor);
    const finding: NewFinding = {
      template,
      severity,
      target,
      ref,
      file: record ? (record.source.file.fileOf?.(record.source, fullPath) ?? record.source.file.path) : null,
      pointer: record && !code ? below : null,
      place: below,
      at: record ? record.source.file.offsetNow?.(record.source, fullPath) : undefined,
      values,
      ...(code ? { operation: definitionName(descriptor.node!) } : {}),
      ...(fixes ? { fixes } : {}),
    };
    this.findings.add(finding);
    if (this.recording && visitsCode(instance)) this.keep(this.recording, meta.id, descriptor, finding);
  }

  /**
   * Keeps a copy of a finding of a rule that visits code, made while its findings are recorded:
   * one about a document of the recorded files; one about a place in application code (a walk of
   * its own, made in every run) is not kept; any other makes the recording incomplete.
   */
  private keep(recording: NonNullable<RuleRunner['recording']>, rule: string, { node, messageId }: ReportDescriptor, finding: NewFinding): void {
    if (node?.kind === 'code') return;
    const file = finding.ref ? recording.files.get(finding.ref.file) : undefined;
    if (file === undefined || (node?.kind !== 'graphqlDocument' && node?.kind !== 'operation' && node?.kind !== 'fragment')) {
      recording.complete = false;
      return;
    }
    const { severity, target, place, values, operation, fixes } = finding;
    recording.findings.push({ rule, messageId, severity, target, file, offset: finding.ref!.offset, place, values: [...values], operation: operation ?? null, ...(fixes ? { fixes } : {}) });
  }

  /**
   * Calls one of a rule's functions (create, a visitor, exportState, importState). A throw stops
   * the rule as an internal error, and so does a promise returned (an async visitor): rules run
   * synchronously, so what it would do after an await, or the error it would throw, is lost. The
   * promise's rejection is handled here, never an unhandled rejection that ends the process.
   */
  private call<T>(instance: Instance, node: Node | null, call: () => T): T | undefined {
    try {
      const result = call();
      if (!isThenable(result)) return result;
      Promise.resolve(result).catch(() => {});
      this.crash(instance, node, 'it returned a promise, but rules run synchronously (an async function cannot be a visitor or create())');
    } catch (error) {
      this.crash(instance, node, error);
    }
    return undefined;
  }

  private crash(instance: Instance, node: Node | null, error: unknown): void {
    instance.crashed = true;
    // A worker thread visits the model and assets only to prepare the rules: the main thread reports the same error.
    if (!this.reporting) return;
    const { rule } = instance;
    const reason = error instanceof Error ? error.message : String(error);
    const location = node ? recordOf(node) : null;
    const below = location ? encodePointer(location.path) : '';
    this.findings.add({
      template: instance.reporting.internal,
      severity: 'error',
      target: targetOf(node),
      ref: location?.source ?? null,
      file: location?.source.file.path ?? null,
      pointer: location && !isCodeNode(node!) ? below : null,
      place: below,
      at: undefined,
      values: [`Internal error in rule ${rule.meta.id} while checking ${describeNode(node)}: ${reason}. The rule was stopped; other rules ran.`],
    });
  }
}

interface RuleReporting {
  templates: ReadonlyMap<string, number>;
  internal: number;
  /** The most severe its findings are now: a stage's severity, the upcoming severity, or no cap. */
  cap: Severity | 'upcoming' | null;
}

/** A report's fix and suggestions; a rule that reports them without declaring so (`meta.fixable`, `meta.hasSuggestions`) is stopped, as ESLint does. */
function fixesOf(meta: RuleMeta, { fix, suggest = [] }: ReportDescriptor): FindingFixes | undefined {
  // Most findings have neither: nothing is made for them on this per-finding path.
  if (!fix && suggest.length === 0) return undefined;
  if (fix && !meta.fixable) throw new Error('it reported a fix, but its meta.fixable is not true');
  if (suggest.length > 0 && !meta.hasSuggestions) throw new Error('it reported suggestions, but its meta.hasSuggestions is not true');
  const ids = suggest.map((s) => s.id);
  if (new Set(ids).size !== ids.length) throw new Error(`it reported two suggestions with one id (${ids.join(', ')})`);
  return { fix: fix ?? null, suggestions: [...suggest] };
}

/** The values of a message's placeholders; a placeholder without data is a bug in the rule. */
function dataValues(keys: readonly string[], data: Record<string, string | number> = {}): DataValue[] {
  return keys.map((key) => {
    if (!(key in data)) throw new Error(`message placeholder '${key}' has no data`);
    const value = data[key];
    return typeof value === 'string' || typeof value === 'number' ? value : String(value);
  });
}

/**
 * Threads that visit entries beside this one: parallel.ts's WorkerPool, a layer above this runner
 * (it imports the runner; the runner knows it by this interface only).
 */
export interface EntryPool {
  /**
   * Visits the entries of the space with `runner`, split among the threads, counting them in
   * `stats`. Returns false (nothing done) when no input can be split.
   */
  visit(space: Space, runner: RuleRunner, stats: RunStats, onProgress?: (stats: Readonly<RunStats>) => void): Promise<boolean>;
}

export interface RunOptions {
  onProgress?: (stats: Readonly<RunStats>) => void;
  /**
   * Worker threads for entries, started by the caller with the same inputs and config. Without
   * one, or when no input can be split or a rule cannot run in parallel, one thread does it all.
   */
  pool?: EntryPool;
  /** The model before the change (`cmlint diff`): the rules with `meta.diff` run, and no others. */
  before?: SpaceModel;
  /** Application source files, visited after the model (read only when a rule visits them). */
  sources?: () => AsyncIterable<SourceFileNode>;
  /** The code inputs of the run (GraphQL documents …), visited after the model, before the entries. */
  code?: readonly CodeInput[];
  /**
   * The cache of the findings about code (code-results-cache.ts): a code input whose findings it
   * holds is not walked, they are replayed; one it does not hold is walked, and its findings kept
   * in it. Not used with `before` (`cmlint diff`).
   */
  codeResults?: CodeResults;
}

/**
 * Runs the configured rules over the space in one walk: locales, content types with their
 * fields, the code inputs, assets, entries, then `end`. The findings are placed (line and
 * column) and sorted, and held compactly: each becomes a `Finding` when it is read.
 */
export async function runRulesCompact(space: Space, configuration: RuleConfiguration, asOf: string, options: RunOptions = {}): Promise<CompactRunResult> {
  const { onProgress } = options;
  const code = options.code ?? [];
  const filesRead = code.reduce((n, input) => n + input.files.length, space.files.length);
  const stats: RunStats = { filesRead, contentTypes: space.model.contentTypes.size, entries: 0, assets: 0 };
  const runner = new RuleRunner(configuration, space.model, asOf, space.files, options.before ?? null);
  runner.visitModel();
  const { keepRecorded, definitions } = visitCode(runner, space.model, code, options.before ? undefined : options.codeResults);
  code.forEach((input, i) => {
    if (input.kind === 'documents') stats.documents = { files: input.files.length, ...definitions[i]!, generated: input.generated, notes: [...input.notes] };
  });
  if (options.sources && runner.visits('sourceFile')) for await (const file of options.sources()) runner.visit('sourceFile', file);
  // Sections no active rule visits are only counted (from their boundaries), not parsed.
  if (!runner.visits('asset')) stats.assets = await space.count('asset');
  else {
    for await (const asset of space.assets()) {
      stats.assets++;
      runner.visit('asset', asset);
      if (onProgress && stats.assets % PROGRESS_EVERY === 0) onProgress(stats);
    }
  }
  const parallel = options.pool !== undefined && runner.statefulWithoutExport().length === 0;
  if (!runner.visits('entry')) stats.entries = await space.count('entry');
  else if (parallel && (await options.pool!.visit(space, runner, stats, onProgress))) runner.stopAtFirstEntryError(space.files);
  else await visitEntries(space, runner, stats, onProgress);
  runner.visit('end', null);
  keepRecorded?.();
  runner.findings.placeAll();
  return { findings: runner.findings.sorted(), stats };
}

/**
 * Walks the code inputs, or replays their findings from the cache when it holds them (for all the
 * inputs together: one key covers them all, as one validation does). Returns each input's
 * operations and fragments, and, for a walk with a cache, what keeps the recorded findings under
 * their key once the rules' `end` has run.
 */
function visitCode(
  runner: RuleRunner,
  model: SpaceModel,
  code: readonly CodeInput[],
  codeResults: CodeResults | undefined,
): { keepRecorded?: () => void; definitions: readonly DefinitionCounts[] } {
  const walk = () => {
    for (const input of code) input.walk((name, node) => runner.visit(name, node));
    return code.map((input) => input.definitions() ?? { operations: 0, fragments: 0 });
  };
  const ruleIds = runner.codeRules().map((i) => i.rule.meta.id);
  const inputs = code.map(({ kind, digest }) => (digest === undefined ? null : { kind, digest }));
  if (!codeResults || ruleIds.length === 0 || inputs.length === 0 || inputs.includes(null)) return { definitions: walk() };
  const key = codeResults.key(inputs as { kind: CodeInput['kind']; digest: string }[], model, ruleIds);
  const files = code.flatMap((input) => input.files);
  const cached = codeResults.get(key);
  if (cached && cached.definitions.length === code.length && runner.replay(cached.findings, files)) return { definitions: cached.definitions };
  runner.record(files);
  const definitions = walk();
  const keepRecorded = () => {
    const findings = runner.recorded();
    // An input's digest is gone when its walk met what depends on the run's environment (read-documents.ts).
    if (findings && code.every((input) => input.digest !== undefined)) codeResults.set(key, { findings, definitions });
  };
  return { keepRecorded, definitions };
}

/** `runRulesCompact` with the findings as an array of `Finding` objects. */
export async function runRules(space: Space, configuration: RuleConfiguration, asOf: string, options: RunOptions = {}): Promise<RunResult> {
  const { findings, stats } = await runRulesCompact(space, configuration, asOf, options);
  return { findings: [...findings], stats };
}

async function visitEntries(space: Space, runner: RuleRunner, stats: RunStats, onProgress?: (stats: Readonly<RunStats>) => void): Promise<void> {
  for await (const entry of space.entries()) {
    stats.entries++;
    runner.visit('entry', entry);
    if (onProgress && stats.entries % PROGRESS_EVERY === 0) onProgress(stats);
  }
}

/** The report order: by file, line, column, rule id, target, message, message id, severity, pointer (FindingStore.sorted is the same order). */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.file, b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    compareText(a.ruleId, b.ruleId) ||
    compareText(a.target.contentType, b.target.contentType) ||
    compareText(a.target.field, b.target.field) ||
    compareText(a.target.entry, b.target.entry) ||
    compareText(a.target.locale, b.target.locale) ||
    compareText(a.message, b.message) ||
    compareText(a.messageId, b.messageId) ||
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    compareText(a.pointer, b.pointer)
  );
}
