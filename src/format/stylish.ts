import { quoted, readableFinding, visible } from '../util/safe-text.js';
import pc from 'picocolors';
import type { Finding } from '../engine/findings.js';
import { plural } from '../util/plural.js';
import { documentsScope, enforcementLabel, targetLabel } from './labels.js';
import { countBySeverity, whole, type ChunkFormatter, type Formatter } from './types.js';

/** The heading a finding is listed under: its file, or for `cmlint diff` its content type (as people see them). */
function groupOf(finding: Finding): string {
  if (finding.change) return finding.target.contentType === null ? '(space)' : `content type ${quoted(finding.target.contentType)}`;
  return finding.file === null ? '(space)' : visible(finding.file);
}

/** The columns of a finding's line (of a readable finding). */
function rowOf(f: Finding) {
  return {
    position: f.line === null ? '' : f.change ? `${f.file}:${f.line}:${f.column}` : `${f.line}:${f.column}`,
    severity: f.change ? `${f.severity} ${f.change}` : f.severity,
    target: targetLabel(f),
    message: f.message,
    level: f.severity,
    rule: f.ruleId,
    enforcement: enforcementLabel(f),
  };
}

const LINES_PER_CHUNK = 256;

/**
 * Human output grouped by file, as ESLint's stylish: position, severity, target, message, rule,
 * date. Findings of `cmlint diff` are grouped by content type, with their file position and
 * whether the change is breaking or dangerous. In chunks: each group is read twice (the widths
 * of its columns, then its lines), its findings made readable as they are written.
 */
export const formatStylishChunks: ChunkFormatter = function* (result, context) {
  const { findings } = result;
  const c = pc.createColors(context.color);
  const severityColor = { error: c.red, warning: c.yellow, info: c.blue } as const;
  const groups = new Map<string, number[]>();
  let upcoming = 0;
  let index = 0;
  for (const finding of findings) {
    const key = groupOf(finding);
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
    index++;
    if (finding.enforcement.status === 'upcoming') upcoming++;
  }

  let lines: string[] = [];
  const flush = () => {
    const text = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    lines = [];
    return text;
  };
  for (const [file, indexes] of groups) {
    const w = { position: 0, severity: 0, target: 0, rule: 0 };
    for (const i of indexes) {
      const row = rowOf(readableFinding(findings.at(i)!));
      w.position = Math.max(w.position, row.position.length);
      w.severity = Math.max(w.severity, row.severity.length);
      w.target = Math.max(w.target, row.target.length);
      w.rule = Math.max(w.rule, row.rule.length);
    }
    lines.push(c.underline(file));
    for (const i of indexes) {
      const row = rowOf(readableFinding(findings.at(i)!));
      lines.push(
        [
          ' ',
          c.dim(row.position.padEnd(w.position)),
          severityColor[row.level](row.severity.padEnd(w.severity)),
          c.cyan(row.target.padEnd(w.target)),
          row.message,
          c.dim(row.rule),
          c.dim(row.enforcement),
        ].join('  '),
      );
      if (lines.length >= LINES_PER_CHUNK) yield flush();
    }
    lines.push('');
  }

  const counts = countBySeverity(findings);
  const total = findings.length;
  const { filesRead, contentTypes, entries } = result.stats;
  const scope = `${plural(filesRead, 'file')}, ${plural(contentTypes, 'content type')}, ${plural(entries, 'entry', 'entries')}${documentsScope(result.stats)}`;
  if (total === 0) {
    lines.push(c.green(`✔ No problems (${scope}, as of ${result.asOf})`));
  } else {
    const summary = `✖ ${plural(total, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info)`;
    lines.push((counts.error > 0 ? c.red : counts.warning > 0 ? c.yellow : c.blue)(c.bold(summary)));
    lines.push(c.dim(`  ${scope}, as of ${result.asOf}`));
    if (upcoming > 0) lines.push(c.dim(`  ${plural(upcoming, 'finding')} concern changes the service has not enforced yet`));
  }
  if (result.suppressed > 0) lines.push(c.dim(`  ${plural(result.suppressed, 'finding')} hidden by the baseline`));
  for (const note of result.stats.documents?.notes ?? []) lines.push(c.yellow(`  ⚠ ${visible(note)}`));
  yield flush();
};

/** Stylish (see formatStylishChunks), as one string. */
export const formatStylish: Formatter = whole(formatStylishChunks);
