import { countFixable, Findings, type Finding } from '../engine/findings.js';
import type { RunStats } from '../engine/run-rules.js';
import { hole, prettyJsonWithArray, printedAt } from './json-chunks.js';
import { changeCounts, countBySeverity, suggestionsOf, whole, type ChunkFormatter, type Formatter, type Report } from './types.js';

function findingObject(f: Finding): Record<string, unknown> {
  return {
    ruleId: f.ruleId,
    severity: f.severity,
    message: f.message,
    enforcement: f.enforcement,
    target: f.target,
    pointer: f.pointer,
    file: f.file,
    line: f.line,
    column: f.column,
    fix: f.fix?.desc ?? null,
    suggestions: suggestionsOf(f),
    ...(f.change ? { change: f.change } : {}),
  };
}

/**
 * A finding as `JSON.stringify(findingObject(f), null, 2)` prints it at `indent`, without the
 * object: for the findings the run made (engine/findings.ts), whose keys are known. Each
 * enforcement object (shared by a rule's findings) is printed once.
 */
function printFinding(f: Finding, indent: string, enforcements: Map<object, string>): string {
  const p = `${indent}  `;
  const p2 = `${p}  `;
  let enforcement = enforcements.get(f.enforcement);
  if (enforcement === undefined) enforcements.set(f.enforcement, (enforcement = printedAt(f.enforcement, p)));
  const { contentType, field, entry, locale } = f.target;
  const target = `{\n${p2}"contentType": ${printedAt(contentType, p2)},\n${p2}"field": ${printedAt(field, p2)},\n${p2}"entry": ${printedAt(entry, p2)},\n${p2}"locale": ${printedAt(locale, p2)}\n${p}}`;
  return (
    `{\n${p}"ruleId": ${printedAt(f.ruleId, p)},\n${p}"severity": ${printedAt(f.severity, p)},\n${p}"message": ${printedAt(f.message, p)},` +
    `\n${p}"enforcement": ${enforcement},\n${p}"target": ${target},\n${p}"pointer": ${printedAt(f.pointer, p)},\n${p}"file": ${printedAt(f.file, p)},` +
    `\n${p}"line": ${printedAt(f.line, p)},\n${p}"column": ${printedAt(f.column, p)},\n${p}"fix": ${printedAt(f.fix?.desc ?? null, p)},\n${p}"suggestions": ${printedAt(suggestionsOf(f), p)}` +
    `${f.change ? `,\n${p}"change": ${printedAt(f.change, p)}` : ''}\n${indent}}`
  );
}

/**
 * The summary's keys for a run that read GraphQL documents (none otherwise): the document files
 * read, the operations and fragments found in them, the files left out as generated code, and the
 * notes on what was not checked.
 */
function documentSummary({ documents }: RunStats) {
  if (!documents) return {};
  return { documentFiles: documents.files, operations: documents.operations, fragments: documents.fragments, generatedFiles: documents.generated, notes: documents.notes };
}

/**
 * The summary's keys for `cmlint diff` (none for a lint run): what was compared (`compared`: the
 * files and content types before the change, the files, content types and entries after it), and
 * the findings by change kind (`changes`: breaking, dangerous).
 */
function diffSummary(result: Report) {
  const { compared } = result.stats;
  if (!compared) return {};
  return { compared, changes: changeCounts(result.findings) };
}

/** The JSON contract of DESIGN.md (tool, asOf, findings, summary), in chunks: one finding printed at a time. */
export const formatJsonChunks: ChunkFormatter = (result) => {
  const skeleton = {
    tool: result.tool,
    asOf: result.asOf,
    findings: hole(),
    summary: {
      ...countBySeverity(result.findings),
      filesRead: result.stats.filesRead,
      contentTypes: result.stats.contentTypes,
      entries: result.stats.entries,
      fixable: countFixable(result.findings),
      ...documentSummary(result.stats),
      ...diffSummary(result),
    },
  };
  // Findings of any shape (the API's formatJson takes any) are printed as objects; the run's own by their known keys.
  if (!(result.findings instanceof Findings)) {
    const { findings } = result;
    return prettyJsonWithArray(skeleton, (function* () {
      for (const finding of findings) yield findingObject(finding);
    })());
  }
  const enforcements = new Map<object, string>();
  return prettyJsonWithArray(skeleton, result.findings, (finding, indent) => printFinding(finding, indent, enforcements));
};

/** The JSON contract of DESIGN.md: tool, asOf, findings, summary. */
export const formatJson: Formatter = whole(formatJsonChunks);
