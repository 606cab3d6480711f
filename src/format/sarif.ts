import { hash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuleMeta, Severity } from '../engine/rule.js';
import { findingKey } from '../pipeline/identity.js';
import { internalFindings, type Finding } from '../engine/findings.js';
import { pathFromRoot } from './labels.js';
import { hole, prettyJsonWithArray } from './json-chunks.js';
import { suggestionsOf, whole, type ChunkFormatter, type FormatContext, type Formatter } from './types.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' };

function enforcementSentence({ enforcement, stages }: RuleMeta): string {
  if (stages?.length) return `The service changes this in stages: ${stages.map((s) => `${s.label} from ${s.date} (${s.severity})`).join('; ')}.`;
  if (enforcement.date === null) return `The service enforces this without a stated date${enforcement.note ? ` (${enforcement.note})` : ''}.`;
  const postponed = enforcement.postponedFrom ? ` (postponed from ${enforcement.postponedFrom})` : '';
  return `The service enforces this from ${enforcement.date}${postponed}.${enforcement.note ? ` ${enforcement.note}.` : ''}`;
}

function ruleDescriptor(meta: RuleMeta, context: FormatContext): Record<string, unknown> {
  const helpUri = context.docsUrl?.(meta.id);
  return {
    id: meta.id,
    shortDescription: { text: meta.description },
    fullDescription: { text: `${meta.description} ${enforcementSentence(meta)}` },
    help: { text: meta.docs.trim(), markdown: meta.docs.trim() },
    ...(helpUri ? { helpUri } : {}),
    defaultConfiguration: { level: LEVEL[meta.severity] },
    properties: { tags: ['content-model'], enforcement: meta.enforcement, ...(meta.stages?.length ? { stages: meta.stages } : {}) },
  };
}

/** Hex SHA-256 (first 32 digits) of the finding's content identity. */
function contentHash(finding: Finding, context: Pick<FormatContext, 'cwd' | 'root'>): string {
  // One-shot hash: no Hash object (with native state freed only by a full GC) per finding.
  return hash('sha256', findingKey(finding, context), 'hex').slice(0, 32);
}

function logicalLocation(finding: Finding): Record<string, string> | null {
  const { contentType, field, entry, locale } = finding.target;
  const parts = [contentType, entry, field, locale].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const kind = field !== null ? 'member' : entry !== null ? 'object' : contentType !== null ? 'type' : 'value';
  return { fullyQualifiedName: parts.join('/'), kind };
}

/** A file's artifact location, made once per file of a report. */
type ArtifactLocations = (file: string) => Record<string, string>;

function artifactLocations(context: FormatContext): ArtifactLocations {
  const known = new Map<string, Record<string, string>>();
  return (file) => {
    let found = known.get(file);
    if (!found) known.set(file, (found = artifactLocation(file, context)));
    return found;
  };
}

function location(finding: Finding, artifacts: ArtifactLocations): Record<string, unknown> | null {
  const logical = logicalLocation(finding);
  const physical =
    finding.file === null
      ? null
      : {
          artifactLocation: artifacts(finding.file),
          ...(finding.line === null ? {} : { region: { startLine: finding.line, startColumn: finding.column ?? 1 } }),
        };
  if (!physical && !logical) return null;
  return { ...(physical ? { physicalLocation: physical } : {}), ...(logical ? { logicalLocations: [logical] } : {}) };
}

/** Relative to the repository root (`%SRCROOT%`), or an absolute file URI for a file outside it. */
function artifactLocation(file: string, context: FormatContext): Record<string, string> {
  const path = pathFromRoot(file, context);
  if (path.startsWith('../')) return { uri: pathToFileURL(resolve(context.cwd, file)).href };
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

/** The SARIF result of one finding; `occurrences` numbers findings with the same content identity in report order. */
function resultObject(
  finding: Finding,
  index: number | undefined,
  artifacts: ArtifactLocations,
  context: FormatContext,
  occurrences: Map<string, number>,
): Record<string, unknown> {
  const where = location(finding, artifacts);
  const hash = contentHash(finding, context);
  const occurrence = (occurrences.get(hash) ?? 0) + 1;
  occurrences.set(hash, occurrence);
  return {
    ruleId: finding.ruleId,
    ...(index === undefined ? {} : { ruleIndex: index }),
    level: LEVEL[finding.severity],
    message: { text: finding.message },
    ...(where ? { locations: [where] } : {}),
    partialFingerprints: { primaryLocationLineHash: `${hash}:${occurrence}`, 'cmlintContentIdentity/v1': hash },
    ...sarifFixes(finding, artifacts, context),
    properties: {
      target: finding.target,
      enforcement: finding.enforcement,
      pointer: finding.pointer,
      fix: finding.fix?.desc ?? null,
      suggestions: suggestionsOf(finding),
      ...(finding.change ? { change: finding.change } : {}),
    },
  };
}

/**
 * SARIF `fixes`: the finding's fix and its suggestions that can be made in place, each with its
 * edits by file (for a model fix, the bytes of the values it changes in the export file).
 */
function sarifFixes(finding: Finding, artifacts: ArtifactLocations, context: FormatContext): { fixes?: Record<string, unknown>[] } {
  const fixes: Record<string, unknown>[] = [];
  for (const fix of [...(finding.fix ? [finding.fix] : []), ...(finding.suggestions ?? [])]) {
    const edits = context.fixEdits?.(fix);
    if (!edits?.length) continue;
    const files = [...new Set(edits.map((e) => e.file))];
    fixes.push({
      description: { text: fix.desc },
      artifactChanges: files.map((file) => ({
        artifactLocation: artifacts(file),
        replacements: edits
          .filter((e) => e.file === file)
          .map((e) => ({ deletedRegion: { startLine: e.startLine, startColumn: e.startColumn, endLine: e.endLine, endColumn: e.endColumn }, insertedContent: { text: e.text } })),
      })),
    });
  }
  return fixes.length > 0 ? { fixes } : {};
}

/**
 * SARIF 2.1.0 as GitHub code scanning takes it: every active rule in `tool.driver.rules`,
 * results with a level, a message, a location relative to the repository root and a
 * fingerprint of the finding's content identity (so an alert follows an entry when lines
 * move). A rule that crashed is a tool execution notification, not a result. In chunks: the
 * results are printed one at a time.
 */
export const formatSarifChunks: ChunkFormatter = (result, context) => {
  const rules = [...context.rules].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ruleIndex = new Map(rules.map((meta, i) => [meta.id, i]));
  const artifacts = artifactLocations(context);
  const notifications: Record<string, unknown>[] = [];
  for (const finding of internalFindings(result.findings)) {
    const index = ruleIndex.get(finding.ruleId);
    const where = location(finding, artifacts);
    notifications.push({
      level: 'error',
      message: { text: finding.message },
      ...(index === undefined ? {} : { associatedRule: { id: finding.ruleId, index } }),
      ...(where ? { locations: [where] } : {}),
    });
  }
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: result.tool.name,
            version: result.tool.version,
            semanticVersion: result.tool.version,
            rules: rules.map((meta) => ruleDescriptor(meta, context)),
          },
        },
        invocations: [{ executionSuccessful: notifications.length === 0, toolExecutionNotifications: notifications }],
        columnKind: 'utf16CodeUnits',
        results: hole(),
        properties: { asOf: result.asOf, suppressedByBaseline: result.suppressed },
      },
    ],
  };
  return prettyJsonWithArray(log, (function* () {
    const occurrences = new Map<string, number>();
    for (const finding of result.findings) {
      if (!finding.internal) yield resultObject(finding, ruleIndex.get(finding.ruleId), artifacts, context, occurrences);
    }
  })());
};

/** SARIF 2.1.0 (see formatSarifChunks), as one string. */
export const formatSarif: Formatter = whole(formatSarifChunks);
