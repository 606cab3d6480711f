import type { RuleConfiguration } from '../config/resolve-rules.js';
import { encodePointer } from '../load/json-scan.js';
import type { Space } from '../load/load-space.js';
import type { SourceFile, SourceRef } from '../load/source.js';
import type { CodeInput } from '../inputs/code-input.js';
import { isCodeNode, type CodeNode } from '../model/code-nodes.js';
import { recordOf, type EntryRef, type Node as SpaceNode, type ReportNode } from '../model/nodes.js';
import type { SpaceModel } from '../model/space-model.js';
import type { SourceFileNode } from '../inputs/sources/source-node.js';
import { enforcementStatus, upcomingLabel, type EnforcementStatus } from './dates.js';
import { enforcementAt, stagePosition, stagesText, type StageStatus } from './stages.js';
import { minSeverity, runsIn, type Change, type ReportDescriptor, type Rule, type Severity, type SeveritySetting, type Target, type Visitors, type WireEntryRef } from './rule.js';

export interface Finding {
  ruleId: string;
  messageId: string;
  severity: Severity;
  message: string;
  /** For rules with a lifecycle of several stages, `stages` lists them all (see RuleMeta.stages). */
  enforcement: { date: string | null; status: EnforcementStatus; note: string | null; stages?: StageStatus[] };
  target: Target;
  pointer: string | null;
  file: string | null;
  line: number | null;
  column: number | null;
  /** A rule crashed: not a finding about the space. */
  internal: boolean;
  /** Findings of `cmlint diff`: what the change is (see MessageSpec.change). */
  change?: Change;
  /** Findings about code (documents, application sources): the operation or fragment they are in, for their identity (engine/identity.ts). */
  code?: { operation: string | null };
}

export interface RunStats {
  filesRead: number;
  contentTypes: number;
  entries: number;
  assets: number;
}

export interface RunResult {
  findings: Finding[];
  stats: RunStats;
}

type VisitorName = keyof Visitors;
type Node = SpaceNode | CodeNode;

interface Instance {
  rule: Rule<never>;
  visitors: Visitors;
  crashed: boolean;
}

export interface Pending {
  finding: Finding;
  ref: SourceRef | null;
  path: string[];
  /** Byte offset of the place, when it was found while the record was in memory. */
  at?: number | undefined;
}

const INTERNAL_MESSAGE_ID = 'internal-error';
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

/** Fills `{{name}}` placeholders; a placeholder without data is a bug in the rule. */
function interpolate(text: string, data: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
    if (!(key in data)) throw new Error(`message placeholder '${key}' has no data`);
    return String(data[key]);
  });
}

/**
 * The active rules' instances for one walk, with their visitors merged. A rule that throws is
 * reported once as an internal error and not called again; the other rules go on. In a worker
 * thread (see parallel.ts) `reporting` is off while the model is visited: the main thread
 * reports those findings, the worker only needs the rules' per-content-type preparation.
 */
export class RuleRunner {
  readonly pending: Pending[] = [];
  reporting = true;
  private readonly instances: Instance[] = [];
  private readonly byVisitor = new Map<VisitorName, Instance[]>();
  /** A rule's enforcement at `asOf`, one object shared by all its findings (a pure function of the rule and the date). */
  private readonly enforcements = new Map<Rule<never>['meta'], Finding['enforcement']>();

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
      const instance: Instance = { rule, visitors: {}, crashed: false };
      try {
        instance.visitors = rule.create({
          ruleId: rule.meta.id,
          options: configuration.base.get(rule.meta.id)!.options as never,
          space: model,
          before,
          asOf,
          report: (descriptor) => this.report(rule, descriptor),
          entryRefs,
        });
      } catch (error) {
        this.crash(instance, null, error);
      }
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
      try {
        (instance.visitors[name] as (n: Node | SourceFileNode | null) => void)(node);
      } catch (error) {
        this.crash(instance, node?.kind === 'sourceFile' ? node.at(0) : node, error);
      }
    }
  }

  /** The cross-entry state of each rule that keeps one (by rule id), for the main thread. */
  exportStates(): Record<string, unknown> {
    const states: Record<string, unknown> = {};
    for (const instance of this.instances) {
      if (instance.crashed || !instance.visitors.exportState) continue;
      try {
        states[instance.rule.meta.id] = instance.visitors.exportState();
      } catch (error) {
        this.crash(instance, null, error);
      }
    }
    return states;
  }

  /** Hands each rule the states its copies in worker threads gathered (in no particular order). */
  importStates(states: readonly Record<string, unknown>[]): void {
    for (const instance of this.instances) {
      const id = instance.rule.meta.id;
      if (instance.crashed || !instance.visitors.importState) continue;
      try {
        instance.visitors.importState(states.filter((s) => id in s).map((s) => s[id]));
      } catch (error) {
        this.crash(instance, null, error);
      }
    }
  }

  /** Rule ids that visit entries and keep state for `end` without exporting it: they cannot run in parallel. */
  statefulWithoutExport(): string[] {
    return this.instances
      .filter((i) => i.visitors.entry && i.visitors.end && !(i.visitors.exportState && i.visitors.importState))
      .map((i) => i.rule.meta.id);
  }

  private enforcementOf(meta: Rule<never>['meta']): Finding['enforcement'] {
    let enforcement = this.enforcements.get(meta);
    if (!enforcement) this.enforcements.set(meta, (enforcement = enforcementAt(meta, this.asOf)));
    return enforcement;
  }

  private report(rule: Rule<never>, descriptor: ReportDescriptor): void {
    if (!this.reporting) return;
    const { meta } = rule;
    const status = enforcementStatus(meta.enforcement, this.asOf);
    const target = targetOf(descriptor.node, descriptor);
    const run = this.configuration.runFor(meta.id, target.contentType);
    const spec = meta.messages[descriptor.messageId];
    if (!spec) throw new Error(`unknown messageId '${descriptor.messageId}'`);
    let message = interpolate(spec.text, descriptor.data);
    let severity = minSeverity(run.severity, spec.maxSeverity ?? 'error');
    if (meta.stages?.length) {
      ({ message, severity } = this.staged(meta.stages, message, severity, run.upcoming));
    } else if (status === 'upcoming') {
      severity = minSeverity(severity, run.upcoming);
      message += ` (${upcomingLabel(meta.enforcement.date!, this.asOf)})`;
    }
    if (severity === 'off') return;
    const record = descriptor.node ? recordOf(descriptor.node) : null;
    const fullPath = [...(record?.path ?? []), ...(descriptor.path ?? []).map(String)];
    // Code has no JSON pointer: its findings are placed by offset in the file.
    const code = descriptor.node !== null && isCodeNode(descriptor.node);
    const ref = record && code && descriptor.offset !== undefined ? { ...record.source, offset: descriptor.offset } : (record?.source ?? null);
    this.pending.push({
      finding: {
        ruleId: meta.id,
        messageId: descriptor.messageId,
        severity,
        message,
        enforcement: this.enforcementOf(meta),
        target,
        pointer: record && !code ? record.source.pointer + encodePointer(fullPath) : null,
        file: record ? (record.source.file.fileOf?.(record.source, fullPath) ?? record.source.file.path) : null,
        line: null,
        column: null,
        internal: false,
        ...(spec.change ? { change: spec.change } : {}),
        ...(code ? { code: { operation: definitionName(descriptor.node!) } } : {}),
      },
      ref,
      path: fullPath,
      at: record ? record.source.file.offsetNow?.(record.source, fullPath) : undefined,
    });
  }

  /**
   * Severity and message of a finding of a rule with a lifecycle: capped by the stage in force
   * (before the first stage, by the upcoming severity), and told what the next stage brings.
   */
  private staged(stages: NonNullable<Rule<never>['meta']['stages']>, text: string, severity: SeveritySetting, upcoming: SeveritySetting) {
    const { current, next } = stagePosition(stages, this.asOf);
    const capped = current ? minSeverity(severity, current.severity) : minSeverity(severity, upcoming);
    const message = current === null || next !== null ? `${text} (${stagesText(current ? [current, next!] : stages, this.asOf)})` : text;
    return { message, severity: capped };
  }

  private crash(instance: Instance, node: Node | null, error: unknown): void {
    instance.crashed = true;
    const { rule } = instance;
    const reason = error instanceof Error ? error.message : String(error);
    const location = node ? recordOf(node) : null;
    this.pending.push({
      finding: {
        ruleId: rule.meta.id,
        messageId: INTERNAL_MESSAGE_ID,
        severity: 'error',
        message: `Internal error in rule ${rule.meta.id} while checking ${describeNode(node)}: ${reason}. The rule was stopped; other rules ran.`,
        enforcement: this.enforcementOf(rule.meta),
        target: targetOf(node),
        pointer: location && !isCodeNode(node!) ? location.source.pointer + encodePointer(location.path) : null,
        file: location?.source.file.path ?? null,
        line: null,
        column: null,
        internal: true,
      },
      ref: location?.source ?? null,
      path: location?.path ?? [],
    });
  }
}

export interface RunOptions {
  onProgress?: (stats: Readonly<RunStats>) => void;
  /**
   * Worker threads for entries, started by the caller with the same inputs and config. Without
   * one, or when no input can be split or a rule cannot run in parallel, one thread does it all.
   */
  pool?: import('./parallel.js').WorkerPool;
  /** The model before the change (`cmlint diff`): the rules with `meta.diff` run, and no others. */
  before?: SpaceModel;
  /** Application source files, visited after the model (read only when a rule visits them). */
  sources?: () => AsyncIterable<SourceFileNode>;
  /** The code inputs of the run (GraphQL documents …), visited after the model, before the entries. */
  code?: readonly CodeInput[];
}

/**
 * Runs the configured rules over the space in one walk: locales, content types with their
 * fields, the code inputs, assets, entries, then `end`.
 */
export async function runRules(space: Space, configuration: RuleConfiguration, asOf: string, options: RunOptions = {}): Promise<RunResult> {
  const { onProgress } = options;
  const code = options.code ?? [];
  const filesRead = code.reduce((n, input) => n + input.files.length, space.files.length);
  const stats: RunStats = { filesRead, contentTypes: space.model.contentTypes.size, entries: 0, assets: 0 };
  const runner = new RuleRunner(configuration, space.model, asOf, space.files, options.before ?? null);
  runner.visitModel();
  for (const input of code) input.walk((name, node) => runner.visit(name, node));
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
  else if (!(parallel && (await options.pool!.visit(space, runner, stats, onProgress)))) await visitEntries(space, runner, stats, onProgress);
  runner.visit('end', null);
  return { findings: resolvePositions(runner.pending), stats };
}

async function visitEntries(space: Space, runner: RuleRunner, stats: RunStats, onProgress?: (stats: Readonly<RunStats>) => void): Promise<void> {
  for await (const entry of space.entries()) {
    stats.entries++;
    runner.visit('entry', entry);
    if (onProgress && stats.entries % PROGRESS_EVERY === 0) onProgress(stats);
  }
}

/** Line and column for every finding (one forward pass per file), then the deterministic order. */
function resolvePositions(pending: Pending[]): Finding[] {
  const byFile = new Map<SourceFile, Pending[]>();
  for (const p of pending) {
    if (!p.ref) continue;
    const list = byFile.get(p.ref.file);
    if (list) list.push(p);
    else byFile.set(p.ref.file, [p]);
  }
  for (const [file, list] of byFile) {
    const places = list as (Pending & { ref: SourceRef })[];
    const positions = file.place ? file.place(places) : places.map((p) => file.locate(p.ref, p.path));
    list.forEach(({ finding }, i) => {
      finding.line = positions[i]!.line;
      finding.column = positions[i]!.column;
    });
    file.release();
  }
  return pending.map((p) => p.finding).sort(compareFindings);
}

function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

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
    compareText(a.message, b.message)
  );
}
