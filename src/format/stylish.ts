import { readableResult } from './safe-text.js';
import pc from 'picocolors';
import type { Finding } from '../engine/run-rules.js';
import { plural } from '../plural.js';
import { enforcementLabel, targetLabel } from './labels.js';
import { countBySeverity, type Formatter } from './types.js';

/**
 * Human output grouped by file, as ESLint's stylish: position, severity, target, message, rule,
 * date. Findings of `cmlint diff` are grouped by content type, with their file position and
 * whether the change is breaking or dangerous.
 */
export const formatStylish: Formatter = (raw, context) => {
  const result = readableResult(raw);
  const c = pc.createColors(context.color);
  const severityColor = { error: c.red, warning: c.yellow, info: c.blue } as const;
  const groups = new Map<string, Finding[]>();
  for (const finding of result.findings) {
    const key = finding.change ? (finding.target.contentType === null ? '(space)' : `content type ${finding.target.contentType}`) : (finding.file ?? '(space)');
    const group = groups.get(key);
    if (group) group.push(finding);
    else groups.set(key, [finding]);
  }

  const lines: string[] = [];
  for (const [file, findings] of groups) {
    const rows = findings.map((f) => ({
      position: f.line === null ? '' : f.change ? `${f.file}:${f.line}:${f.column}` : `${f.line}:${f.column}`,
      severity: f.change ? `${f.severity} ${f.change}` : f.severity,
      target: targetLabel(f),
      message: f.message,
      level: f.severity,
      rule: f.ruleId,
      enforcement: enforcementLabel(f),
    }));
    const width = (key: 'position' | 'severity' | 'target' | 'rule') => Math.max(...rows.map((r) => r[key].length));
    const w = { position: width('position'), severity: width('severity'), target: width('target'), rule: width('rule') };
    lines.push(c.underline(file));
    for (const row of rows) {
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
    }
    lines.push('');
  }

  const counts = countBySeverity(result.findings);
  const total = result.findings.length;
  const { filesRead, contentTypes, entries } = result.stats;
  const scope = `${plural(filesRead, 'file')}, ${plural(contentTypes, 'content type')}, ${plural(entries, 'entry', 'entries')}`;
  if (total === 0) {
    lines.push(c.green(`✔ No problems (${scope}, as of ${result.asOf})`));
  } else {
    const summary = `✖ ${plural(total, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info)`;
    lines.push((counts.error > 0 ? c.red : counts.warning > 0 ? c.yellow : c.blue)(c.bold(summary)));
    lines.push(c.dim(`  ${scope}, as of ${result.asOf}`));
    const upcoming = result.findings.filter((f) => f.enforcement.status === 'upcoming').length;
    if (upcoming > 0) lines.push(c.dim(`  ${plural(upcoming, 'finding')} concern changes the service has not enforced yet`));
  }
  if (result.suppressed > 0) lines.push(c.dim(`  ${plural(result.suppressed, 'finding')} hidden by the baseline`));
  return `${lines.join('\n')}\n`;
};
