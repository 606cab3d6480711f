import type { AssetNode, ContentTypeNode, EntryNode, EntryRef, FieldNode, LocaleNode, ReportNode } from '../model/nodes.js';
import type { SpaceModel } from '../model/space-model.js';
import type { SourceFileNode } from '../inputs/sources/source-node.js';
import type { GraphQLDocumentNode, OperationNode } from '../model/code-nodes.js';
import type { Fix, Suggestion } from '../fix/changes.js';

export type Severity = 'error' | 'warning' | 'info';
export type SeveritySetting = Severity | 'off';

export const SEVERITY_RANK: Readonly<Record<SeveritySetting, number>> = { off: 0, info: 1, warning: 2, error: 3 };

/** The lower of two severities (`off` is lowest). */
export function minSeverity<T extends SeveritySetting>(a: T, b: SeveritySetting): T | SeveritySetting {
  return SEVERITY_RANK[a] <= SEVERITY_RANK[b] ? a : b;
}

/** When the service enforces what a rule reports. */
export interface Enforcement {
  /** `YYYY-MM-DD`, or null when the source gives no date (or a date without a year). */
  date: string | null;
  /** An earlier announced date that was postponed. */
  postponedFrom: string | null;
  /** Free text shown with the date, e.g. "March 20 (year not stated); in effect". */
  note: string | null;
}

/**
 * One dated stage of a rule's lifecycle (deprecated from one date, removed from another). The
 * stage in force at `--as-of` caps the severity of the rule's findings; before the first stage
 * the rule behaves as an upcoming rule dated by it.
 */
export interface Stage {
  /** `YYYY-MM-DD`. */
  date: string;
  /** The most severe a finding is while this stage is in force (the rule's configured severity still caps it). */
  severity: Severity;
  /** What the stage is, for people: "deprecated (no updates or support)", "removed (410 Gone)". */
  label: string;
}

export interface MessageSpec {
  text: string;
  /**
   * The most severe a finding with this message can be: for findings whose verdict rests on
   * something the service does not document, so that they never fail a CI gate as errors.
   */
  maxSeverity?: Severity;
  /**
   * For rules that compare two states of the model (`cmlint diff`): what the change is, as
   * graphql-inspector classifies schema changes. `breaking`: it breaks something now (a
   * publish, a query); `dangerous`: it may, depending on what the inputs do not show.
   */
  change?: Change;
}

export type Change = 'breaking' | 'dangerous';

export interface RuleMeta {
  id: string;
  description: string;
  /** Markdown: why the rule exists, what it reports, how to fix it, with examples. */
  docs: string;
  enforcement: Enforcement;
  /**
   * A lifecycle of several dated stages, in date order (optional). `enforcement.date` is then the
   * first stage's date; the finding's `enforcement` names the stage in force and lists them all.
   */
  stages?: readonly Stage[];
  /** Severity once the change is in effect. */
  severity: Severity;
  /** Part of the `recommended` preset. */
  recommended: boolean;
  /** Options the `recommended` preset sets over the defaults (`all` keeps the defaults). */
  recommendedOptions?: Record<string, unknown>;
  /** JSON Schema of the options object, with `default`s; options are validated and defaulted with it. */
  schema: Record<string, unknown>;
  /** Message templates by message id; `{name}` placeholders are filled from `data`. */
  messages: Record<string, MessageSpec>;
  /**
   * `true`: the rule compares the model before a change with the model after it
   * (`context.before`); it runs in `cmlint diff` only, and plain lint runs leave it out.
   * `'also'`: a lint rule that runs in `cmlint diff` too, on the inputs after the change, with
   * `context.before` to name the change behind a finding (meant for graphql-document-invalid once
   * GraphQL documents are an input: an operation the "after" schema no longer validates).
   * Unset: lint runs only.
   */
  diff?: boolean | 'also';
  /**
   * For rules that check only inputs other than the model: the rule has nothing to check in a
   * run without any of these (GraphQL `documents`, application `sources`, `migrations` scripts),
   * and such a run does not load its module. Unset: the rule checks the model (always loaded
   * when it is on). `npm run generate` records it in schema/rule-index.json.
   */
  inputs?: readonly RuleInput[];
  /** The rule reports fixes (`fix` in `context.report`), which `--fix` and `--fix-migration` apply (see src/fix/changes.ts). */
  fixable?: boolean;
  /** The rule reports suggestions (`suggest` in `context.report`), applied only when asked. */
  hasSuggestions?: boolean;
}

/** The inputs besides the model that a rule may check only (RuleMeta.inputs). */
export type RuleInput = 'documents' | 'sources' | 'migrations';

/** Whether a rule runs in a diff run (`cmlint diff`) or in a lint run. */
export function runsIn(meta: Pick<RuleMeta, 'diff'>, diffRun: boolean): boolean {
  return meta.diff === 'also' || (meta.diff === true) === diffRun;
}

/** Identity of what a finding is about. A key that does not apply is null. */
export interface Target {
  contentType: string | null;
  field: string | null;
  entry: string | null;
  locale: string | null;
}

export interface ReportDescriptor {
  messageId: string;
  data?: Record<string, string | number>;
  /**
   * The node the finding is about; its content type, field and entry fill the target, and its
   * record gives the file and position. An entry that has streamed past is given by its
   * `EntryRef`. Null for a finding about the space as a whole.
   */
  node: ReportNode | null;
  /** Path below the node to the exact place (for the pointer, line and column). */
  path?: readonly (string | number)[];
  /** Target keys that the node does not give (a field or locale of an entry, for example). */
  field?: string;
  locale?: string;
  /** The entry a finding about a field names as its example (diff rules: the first entry a change breaks). */
  entry?: string;
  /** The content type a finding in code is caused by (a GraphQL operation that selects a field the model removed). */
  contentType?: string;
  /**
   * For a node of a code input: the exact place of the finding in the node's file (a UTF-16
   * offset from the start of the file, as `node.source.offset`); default the node's start.
   */
  offset?: number;
  /** The change that clears the finding and keeps the meaning the team intended (needs `meta.fixable`). */
  fix?: Fix;
  /** Other changes that clear it, each a choice for the team (needs `meta.hasSuggestions`). */
  suggest?: readonly Suggestion[];
}

export interface RuleContext<Options> {
  readonly ruleId: string;
  readonly options: Options;
  readonly space: SpaceModel;
  /**
   * In `cmlint diff`: the model before the change (`space` is the model after it, and the
   * entries visited are the entries after it). Null in plain lint runs.
   */
  readonly before: SpaceModel | null;
  /** The date findings are judged against, `YYYY-MM-DD`. */
  readonly asOf: string;
  report(descriptor: ReportDescriptor): void;
  /**
   * Entry references as plain data, for `exportState` (a reference holds its source file, which
   * cannot cross threads) and back in `importState`.
   */
  readonly entryRefs: { toWire(ref: EntryRef): WireEntryRef; fromWire(wire: WireEntryRef): EntryRef };
}

/** An entry reference as plain data: id, content type id, file index, record pointer, offset. */
export type WireEntryRef = [string, string, number, string, number];

/**
 * What a rule returns from `create`: called once per node in one walk over the space, in this
 * order: locales, content types (each followed by its fields), the code inputs (GraphQL
 * documents: each document followed by its operations), assets, entries, then `end`.
 */
export interface Visitors {
  locale?(locale: LocaleNode): void;
  contentType?(contentType: ContentTypeNode): void;
  field?(field: FieldNode): void;
  /** A GraphQL text (a `.graphql` file, or one embedded literal), with its operations and fragments. */
  document?(document: GraphQLDocumentNode): void;
  /** A GraphQL operation, with the fragments it uses from any document. */
  operation?(operation: OperationNode): void;
  asset?(asset: AssetNode): void;
  entry?(entry: EntryNode): void;
  /** An application source file (config `sources`, or named on the command line), after the model and before assets and entries. */
  sourceFile?(file: SourceFileNode): void;
  end?(): void;
  /**
   * For parallel runs (`--jobs`): entries are visited by copies of the rule in worker threads.
   * A rule whose `entry`/`asset` visitors keep state for `end` returns that state here (it
   * must survive structured cloning): a copy is asked after each unit of entries it visited, and
   * returns what it gathered since it was last asked, then forgets it (the main thread keeps it).
   * The main thread's copy receives those states in `importState`, called any number of times
   * between its own entries and before its `end`. The order of the states is not defined, so
   * the merge must not depend on it.
   */
  exportState?(): unknown;
  importState?(states: readonly unknown[]): void;
}

export interface Rule<Options = Record<string, unknown>> {
  meta: RuleMeta;
  create(context: RuleContext<Options>): Visitors;
}

/** Declares a rule; the identity function that gives rule files their types. */
export function defineRule<Options = Record<string, unknown>>(rule: Rule<Options>): Rule<Options> {
  return rule;
}
