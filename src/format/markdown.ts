import { readableResult } from './safe-text.js';
import { daysBetween } from '../engine/dates.js';
import { isInputError } from '../engine/input-findings.js';
import type { RuleMeta } from '../engine/rule.js';
import type { Finding } from '../engine/run-rules.js';
import { plural } from '../plural.js';
import { targetLabel } from './labels.js';
import { countBySeverity, type FormatContext, type Formatter, type LintResult } from './types.js';

const TOP = 10;

/**
 * Text for a Markdown paragraph or table cell: `code spans` (balanced backticks) are kept and
 * only their `|` escaped; elsewhere Markdown punctuation and HTML are escaped; line breaks
 * become spaces.
 */
export function markdownText(text: string): string {
  const oneLine = text.replace(/\r\n|\r|\n/g, ' ');
  const parts = oneLine.split('`');
  const escapePlain = (s: string) => s.replace(/[\\`*_[\]<>|&~#!]/g, '\\$&');
  if (parts.length % 2 === 0) return escapePlain(oneLine);
  return parts.map((part, i) => (i % 2 === 1 ? `\`${part.replace(/\|/g, '\\|')}\`` : escapePlain(part))).join('');
}

/** A code span holding `text` verbatim (for a table cell). */
export function codeSpan(text: string): string {
  const oneLine = text.replace(/\r\n|\r|\n/g, ' ');
  const longestRun = Math.max(0, ...(oneLine.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') || /^ .* $/.test(oneLine) ? ' ' : '';
  return `${fence}${pad}${oneLine.replace(/\|/g, '\\|')}${pad}${fence}`;
}

function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string[] {
  const rule = header.map((_, i) => (align[i] === 'r' ? '--:' : '---'));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
}

function groupBy<K>(findings: readonly Finding[], key: (f: Finding) => K | null): Map<K, Finding[]> {
  const groups = new Map<K, Finding[]>();
  for (const finding of findings) {
    const k = key(finding);
    if (k === null) continue;
    const list = groups.get(k);
    if (list) list.push(finding);
    else groups.set(k, [finding]);
  }
  return groups;
}

function ruleLink(id: string, context: FormatContext): string {
  const url = context.docsUrl?.(id);
  return url ? `[\`${id}\`](${url})` : `\`${id}\``;
}

function totalsSection(findings: readonly Finding[], context: FormatContext): string[] {
  const byRule = [...groupBy(findings, (f) => f.ruleId)].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1));
  const rows = byRule.map(([id, list]) => {
    const counts = countBySeverity(list);
    return [ruleLink(id, context), String(counts.error), String(counts.warning), String(counts.info), String(list.length)];
  });
  const all = countBySeverity(findings);
  rows.push(['**total**', `**${all.error}**`, `**${all.warning}**`, `**${all.info}**`, `**${findings.length}**`]);
  return ['## Totals by rule', '', ...table(['rule', 'error', 'warning', 'info', 'total'], rows, ['l', 'r', 'r', 'r', 'r'])];
}

function timelineSection(result: LintResult, context: FormatContext): string[] {
  const metas = new Map(context.rules.map((m) => [m.id, m]));
  const byRule = [...groupBy(result.findings, (f) => f.ruleId)];
  const dated = (status: 'enforced' | 'upcoming') =>
    byRule
      .filter(([, list]) => list[0]!.enforcement.status === status)
      .sort(([a, x], [b, y]) => (x[0]!.enforcement.date! < y[0]!.enforcement.date! ? -1 : x[0]!.enforcement.date! > y[0]!.enforcement.date! ? 1 : a < b ? -1 : 1));
  const postponed = (id: string) => {
    const from = metas.get(id)?.enforcement.postponedFrom;
    return from ? ` (postponed from ${from})` : '';
  };
  const severities = (list: Finding[]) => {
    const c = countBySeverity(list);
    return [c.error && plural(c.error, 'error'), c.warning && plural(c.warning, 'warning'), c.info && `${c.info} info`].filter(Boolean).join(', ');
  };
  const lines = ['## Compliance timeline', '', `What the service refuses already, and what it will refuse, as of ${result.asOf}.`, ''];

  /** Rules with a lifecycle (RuleMeta.stages): each stage with its label; otherwise the date. */
  const stages = (id: string) => metas.get(id)?.stages ?? [];
  const dateCell = (id: string, date: string) => {
    const staged = stages(id);
    if (staged.length === 0) return `${date}${postponed(id)}`;
    return markdownText(staged.filter((s) => s.date <= result.asOf).map((s) => `${s.date} ${s.label}`).join('; '));
  };

  const enforced = dated('enforced');
  lines.push('### Already enforced', '');
  if (enforced.length === 0) lines.push('None.');
  else {
    const rows = enforced.map(([id, list]) => [dateCell(id, list[0]!.enforcement.date!), ruleLink(id, context), String(list.length), severities(list)]);
    lines.push(...table(['enforced since', 'rule', 'findings', 'severity'], rows, ['l', 'l', 'r', 'l']));
  }

  // Upcoming: rules not yet in force, and the later stages of rules whose first stage is.
  const upcomingRows: { date: string; row: string[] }[] = [];
  for (const [id, list] of byRule) {
    if (list[0]!.enforcement.status === 'undated') continue;
    const staged = stages(id);
    const dates =
      staged.length > 0
        ? staged.filter((s) => s.date > result.asOf).map((s) => ({ date: s.date, label: `${s.date} ${s.label}` }))
        : list[0]!.enforcement.status === 'upcoming'
          ? [{ date: list[0]!.enforcement.date!, label: `${list[0]!.enforcement.date!}${postponed(id)}` }]
          : [];
    for (const { date, label } of dates) {
      upcomingRows.push({ date, row: [staged.length > 0 ? markdownText(label) : label, plural(daysBetween(result.asOf, date), 'day'), ruleLink(id, context), String(list.length)] });
    }
  }
  upcomingRows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.row[2]! < b.row[2]! ? -1 : 1));
  lines.push('', '### Upcoming', '');
  if (upcomingRows.length === 0) lines.push('None.');
  else lines.push(...table(['enforced from', 'days left', 'rule', 'findings'], upcomingRows.map((r) => r.row), ['l', 'r', 'l', 'r']));

  const undated = byRule.filter(([, list]) => list[0]!.enforcement.status === 'undated').sort(([a], [b]) => (a < b ? -1 : 1));
  lines.push('', '### Undated (in effect)', '');
  if (undated.length === 0) lines.push('None.');
  else {
    const rows = undated.map(([id, list]) => [ruleLink(id, context), markdownText(list[0]!.enforcement.note ?? 'no date stated'), String(list.length), severities(list)]);
    lines.push(...table(['rule', 'note', 'findings', 'severity'], rows, ['l', 'l', 'r', 'l']));
  }
  return lines;
}

function mostAffectedSection(findings: readonly Finding[]): string[] {
  const top = (groups: Map<string, Finding[]>) =>
    [...groups].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1)).slice(0, TOP);
  const lines = ['## Most affected', '', '### Content types', ''];
  const types = top(groupBy(findings, (f) => f.target.contentType));
  if (types.length === 0) lines.push('No findings about content types.');
  else {
    const rows = types.map(([id, list]) => [codeSpan(id), String(list.length), String(countBySeverity(list).error), [...new Set(list.map((f) => f.ruleId))].sort().join(', ')]);
    lines.push(...table(['content type', 'findings', 'errors', 'rules'], rows, ['l', 'r', 'r', 'l']));
  }
  lines.push('', '### Entries', '');
  const entries = top(groupBy(findings, (f) => (f.target.entry === null ? null : JSON.stringify([f.target.entry, f.target.contentType]))));
  if (entries.length === 0) lines.push('No findings about entries.');
  else {
    const rows = entries.map(([key, list]) => {
      const [entry, contentType] = JSON.parse(key) as [string, string | null];
      return [codeSpan(entry), contentType === null ? '' : codeSpan(contentType), String(list.length), list[0]!.file === null ? '' : codeSpan(list[0]!.file)];
    });
    lines.push(...table(['entry', 'content type', 'findings', 'file'], rows, ['l', 'l', 'r', 'l']));
  }
  return lines;
}

function detailsSection(findings: readonly Finding[], context: FormatContext): string[] {
  const metas = new Map<string, RuleMeta>(context.rules.map((m) => [m.id, m]));
  const lines = ['## Details'];
  const byRule = [...groupBy(findings, (f) => f.ruleId)].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [id, list] of byRule) {
    const meta = metas.get(id);
    lines.push('', `### ${ruleLink(id, context)} (${list.length})`, '');
    if (meta) lines.push(markdownText(meta.description), '');
    const rows = list.map((f) => [
      isInputError(f) ? '**input error**' : f.internal ? '**internal error**' : f.severity,
      f.file === null ? '(space)' : codeSpan(f.line === null ? f.file : `${f.file}:${f.line}:${f.column}`),
      markdownText(targetLabel(f)),
      markdownText(f.message),
    ]);
    lines.push(...table(['severity', 'where', 'target', 'message'], rows));
  }
  return lines;
}

/**
 * An audit report in Markdown for people: totals by rule and severity, the compliance
 * timeline (already enforced, upcoming with the days left, undated), the content types and
 * entries with the most findings, then every finding by rule.
 */
export const formatMarkdown: Formatter = (raw, context) => {
  const result = readableResult(raw);
  const { findings, stats } = result;
  const counts = countBySeverity(findings);
  const scope = `${plural(stats.filesRead, 'file')}, ${plural(stats.contentTypes, 'content type')}, ${plural(stats.entries, 'entry', 'entries')}, ${plural(stats.assets, 'asset')}`;
  const lines = ['# Content model audit', '', `As of **${result.asOf}** · ${result.tool.name} ${result.tool.version} · ${scope}`, ''];
  lines.push(
    findings.length === 0
      ? '**No problems.**'
      : `**${plural(findings.length, 'problem')}**: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info.`,
  );
  if (result.suppressed > 0) lines.push('', `${plural(result.suppressed, 'further finding')} ${result.suppressed === 1 ? 'is' : 'are'} hidden by the baseline.`);
  const inputErrors = findings.filter(isInputError).length;
  if (inputErrors > 0) lines.push('', `**Not linted:** ${plural(inputErrors, 'input error')} (files cmlint could not read, see the details) stopped the run; fix them and run again.`);
  const crashed = [...new Set(findings.filter((f) => f.internal && !isInputError(f)).map((f) => f.ruleId))];
  if (crashed.length > 0) lines.push('', `**Incomplete:** ${crashed.map((id) => `\`${id}\``).join(', ')} crashed (an internal error, see the details); their findings may be missing.`);
  if (findings.length > 0) {
    lines.push('', ...totalsSection(findings, context), '', ...timelineSection(result, context), '', ...mostAffectedSection(findings), '', ...detailsSection(findings, context));
  }
  return `${lines.join('\n')}\n`;
};
