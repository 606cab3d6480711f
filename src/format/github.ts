import { readableResult } from './safe-text.js';
import type { Severity } from '../engine/rule.js';
import { plural } from '../plural.js';
import { pathFromRoot } from './labels.js';
import { countBySeverity, type Formatter } from './types.js';

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
 * finding, titled with the rule id, at a path relative to the repository root; then a plain
 * summary line (GitHub shows only the first annotations of each level, so large audits belong
 * in SARIF).
 */
export const formatGithub: Formatter = (raw, context) => {
  const result = readableResult(raw);
  const lines: string[] = [];
  for (const finding of result.findings) {
    const properties: string[] = [];
    if (finding.file !== null) {
      properties.push(`file=${escapeProperty(pathFromRoot(finding.file, context))}`);
      if (finding.line !== null) properties.push(`line=${finding.line}`, `col=${finding.column ?? 1}`);
    }
    properties.push(`title=${escapeProperty(finding.ruleId)}`);
    lines.push(`::${COMMAND[finding.severity]} ${properties.join(',')}::${escapeData(finding.message)}`);
  }
  const counts = countBySeverity(result.findings);
  const total = result.findings.length;
  lines.push(
    total === 0
      ? `cmlint: no problems (${plural(result.stats.filesRead, 'file')}, as of ${result.asOf})`
      : `cmlint: ${plural(total, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info), as of ${result.asOf}`,
  );
  return `${lines.join('\n')}\n`;
};
