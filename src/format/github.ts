import { readableFinding, visible } from '../util/safe-text.js';
import type { Severity } from '../engine/rule.js';
import { plural } from '../util/plural.js';
import { changesLabel, comparedScope, fixLines, pathFromRoot } from './labels.js';
import { changeCounts, countBySeverity, whole, type ChunkFormatter, type Formatter } from './types.js';

const COMMAND: Readonly<Record<Severity, string>> = { error: 'error', warning: 'warning', info: 'notice' };

/** Workflow command data: `%`, CR and LF (as @actions/core's `escapeData`). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow command property values: also `:` and `,` (as @actions/core's `escapeProperty`). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * GitHub Actions workflow commands: one `::error` / `::warning` / `::notice` annotation per
 * finding, titled with the rule id (and for `cmlint diff` the change kind), at a path relative to
 * the repository root; then a plain summary line, for a diff with the changes and what was
 * compared (GitHub shows only the first annotations of each level, so large audits belong in
 * SARIF). In chunks: each finding made readable as it is written.
 */
export const formatGithubChunks: ChunkFormatter = function* (result, context) {
  let lines: string[] = [];
  for (const raw of result.findings) {
    const finding = readableFinding(raw);
    const properties: string[] = [];
    if (finding.file !== null) {
      properties.push(`file=${escapeProperty(pathFromRoot(finding.file, context))}`);
      if (finding.line !== null) properties.push(`line=${finding.line}`, `col=${finding.column ?? 1}`);
    }
    // A finding of `cmlint diff` says what the change is in its title: `field-removed (breaking)`.
    properties.push(`title=${escapeProperty(finding.change ? `${finding.ruleId} (${finding.change})` : finding.ruleId)}`);
    lines.push(`::${COMMAND[finding.severity]} ${properties.join(',')}::${escapeData([finding.message, ...fixLines(finding)].join('\n'))}\n`);
    if (lines.length === LINES_PER_CHUNK) {
      yield lines.join('');
      lines = [];
    }
  }
  // What was not checked (GraphQL documents left out, a glob that found no GraphQL) is shown with the findings.
  for (const note of result.stats.documents?.notes ?? []) lines.push(`::warning title=cmlint::${escapeData(visible(note))}\n`);
  const counts = countBySeverity(result.findings);
  const total = result.findings.length;
  // `cmlint diff`: the changes counted, and what was compared.
  const compared = comparedScope(result.stats);
  const changes = compared === null || total === 0 ? '' : `: ${changesLabel(changeCounts(result.findings)) || 'no breaking or dangerous change'}`;
  lines.push(
    total === 0
      ? `cmlint: ${compared === null ? `no problems (${plural(result.stats.filesRead, 'file')}` : `nothing breaking or dangerous (compared ${compared}`}, as of ${result.asOf})\n`
      : `cmlint: ${plural(total, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info)${changes}, as of ${result.asOf}\n`,
  );
  yield lines.join('');
};

const LINES_PER_CHUNK = 256;

/** GitHub Actions workflow commands (see formatGithubChunks), as one string. */
export const formatGithub: Formatter = whole(formatGithubChunks);
