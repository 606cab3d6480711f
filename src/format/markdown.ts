import { readableFinding, visible } from '../util/safe-text.js';
import { daysBetween } from '../engine/dates.js';
import type { Finding } from '../engine/findings.js';
import { isInputError } from '../engine/input-findings.js';
import type { RuleMeta } from '../engine/rule.js';
import { plural } from '../util/plural.js';
import { changesLabel, comparedScope, documentsScope, fixLines, targetLabel } from './labels.js';
import { whole, type ChunkFormatter, type FormatContext, type Formatter, type Report } from './types.js';

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

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string[] {
  const rule = header.map((_, i) => (align[i] === 'r' ? '--:' : '---'));
  return [header, rule, ...rows].map(row);
}

function ruleLink(id: string, context: FormatContext): string {
  const url = context.docsUrl?.(id);
  return url ? `[\`${id}\`](${url})` : `\`${id}\``;
}

interface Counts {
  error: number;
  warning: number;
  info: number;
  /** All findings counted (of every severity). */
  total: number;
}

function counts(): Counts {
  return { error: 0, warning: 0, info: 0, total: 0 };
}

function count(into: Counts, finding: Finding): void {
  into[finding.severity]++;
  into.total++;
}

/** A rule's findings: counted, the first one's enforcement, and their numbers in the report (for the details). */
interface RuleGroup extends Counts {
  enforcement: Finding['enforcement'];
  indexes: number[];
}

/**
 * What the summary sections need, gathered in one pass over the readable findings (see
 * readableFinding): counts by rule, content type and entry, each in the order it first occurs.
 */
interface Aggregates {
  all: Counts;
  inputErrors: number;
  crashed: Set<string>;
  byRule: Map<string, RuleGroup>;
  byType: Map<string, Counts & { rules: Set<string> }>;
  byEntry: Map<string, { total: number; file: string | null }>;
  /** The findings' numbers in the report by change kind (`cmlint diff`); `other`: without one. */
  byChange: { breaking: number[]; dangerous: number[]; other: number[] };
}

function aggregate(report: Report): Aggregates {
  const found: Aggregates = { all: counts(), inputErrors: 0, crashed: new Set(), byRule: new Map(), byType: new Map(), byEntry: new Map(), byChange: { breaking: [], dangerous: [], other: [] } };
  let index = 0;
  for (const raw of report.findings) {
    const f = readableFinding(raw);
    count(found.all, f);
    if (isInputError(f)) found.inputErrors++;
    else if (f.internal) found.crashed.add(f.ruleId);
    let rule = found.byRule.get(f.ruleId);
    if (!rule) found.byRule.set(f.ruleId, (rule = { ...counts(), enforcement: f.enforcement, indexes: [] }));
    count(rule, f);
    found.byChange[f.change ?? 'other'].push(index);
    rule.indexes.push(index++);
    const { contentType, entry } = f.target;
    if (contentType !== null) {
      let type = found.byType.get(contentType);
      if (!type) found.byType.set(contentType, (type = { ...counts(), rules: new Set() }));
      count(type, f);
      type.rules.add(f.ruleId);
    }
    if (entry !== null) {
      const key = JSON.stringify([entry, contentType]);
      const known = found.byEntry.get(key);
      if (known) known.total++;
      else found.byEntry.set(key, { total: 1, file: f.file });
    }
  }
  return found;
}

function totalsSection(found: Aggregates, context: FormatContext): string[] {
  const byRule = [...found.byRule].sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : 1));
  const rows = byRule.map(([id, c]) => [ruleLink(id, context), String(c.error), String(c.warning), String(c.info), String(c.total)]);
  const { all } = found;
  rows.push(['**total**', `**${all.error}**`, `**${all.warning}**`, `**${all.info}**`, `**${all.total}**`]);
  return ['## Totals by rule', '', ...table(['rule', 'error', 'warning', 'info', 'total'], rows, ['l', 'r', 'r', 'r', 'r'])];
}

function timelineSection(result: Report, found: Aggregates, context: FormatContext): string[] {
  const metas = new Map(context.rules.map((m) => [m.id, m]));
  const byRule = [...found.byRule];
  const dated = (status: 'enforced' | 'upcoming') =>
    byRule
      .filter(([, group]) => group.enforcement.status === status)
      .sort(([a, x], [b, y]) => (x.enforcement.date! < y.enforcement.date! ? -1 : x.enforcement.date! > y.enforcement.date! ? 1 : a < b ? -1 : 1));
  const postponed = (id: string) => {
    const from = metas.get(id)?.enforcement.postponedFrom;
    return from ? ` (postponed from ${from})` : '';
  };
  const severities = (c: Counts) =>
    [c.error && plural(c.error, 'error'), c.warning && plural(c.warning, 'warning'), c.info && `${c.info} info`].filter(Boolean).join(', ');
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
    const rows = enforced.map(([id, group]) => [dateCell(id, group.enforcement.date!), ruleLink(id, context), String(group.total), severities(group)]);
    lines.push(...table(['enforced since', 'rule', 'findings', 'severity'], rows, ['l', 'l', 'r', 'l']));
  }

  // Upcoming: rules not yet in force, and the later stages of rules whose first stage is.
  const upcomingRows: { date: string; row: string[] }[] = [];
  for (const [id, group] of byRule) {
    const { enforcement } = group;
    if (enforcement.status === 'undated') continue;
    const staged = stages(id);
    const dates =
      staged.length > 0
        ? staged.filter((s) => s.date > result.asOf).map((s) => ({ date: s.date, label: `${s.date} ${s.label}` }))
        : enforcement.status === 'upcoming'
          ? [{ date: enforcement.date!, label: `${enforcement.date!}${postponed(id)}` }]
          : [];
    for (const { date, label } of dates) {
      upcomingRows.push({ date, row: [staged.length > 0 ? markdownText(label) : label, plural(daysBetween(result.asOf, date), 'day'), ruleLink(id, context), String(group.total)] });
    }
  }
  upcomingRows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.row[2]! < b.row[2]! ? -1 : 1));
  lines.push('', '### Upcoming', '');
  if (upcomingRows.length === 0) lines.push('None.');
  else lines.push(...table(['enforced from', 'days left', 'rule', 'findings'], upcomingRows.map((r) => r.row), ['l', 'r', 'l', 'r']));

  const undated = byRule.filter(([, group]) => group.enforcement.status === 'undated').sort(([a], [b]) => (a < b ? -1 : 1));
  lines.push('', '### Undated (in effect)', '');
  if (undated.length === 0) lines.push('None.');
  else {
    const rows = undated.map(([id, group]) => [ruleLink(id, context), markdownText(group.enforcement.note ?? 'no date stated'), String(group.total), severities(group)]);
    lines.push(...table(['rule', 'note', 'findings', 'severity'], rows, ['l', 'l', 'r', 'l']));
  }
  return lines;
}

/** The `TOP` groups with the most findings (ties by key). */
function top<G extends { total: number }>(groups: Map<string, G>): [string, G][] {
  return [...groups].sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : 1)).slice(0, TOP);
}

function mostAffectedSection(found: Aggregates): string[] {
  const lines = ['## Most affected', '', '### Content types', ''];
  const types = top(found.byType);
  if (types.length === 0) lines.push('No findings about content types.');
  else {
    const rows = types.map(([id, type]) => [codeSpan(id), String(type.total), String(type.error), [...type.rules].sort().join(', ')]);
    lines.push(...table(['content type', 'findings', 'errors', 'rules'], rows, ['l', 'r', 'r', 'l']));
  }
  lines.push('', '### Entries', '');
  const entries = top(found.byEntry);
  if (entries.length === 0) lines.push('No findings about entries.');
  else {
    const rows = entries.map(([key, { total, file }]) => {
      const [entry, contentType] = JSON.parse(key) as [string, string | null];
      return [codeSpan(entry), contentType === null ? '' : codeSpan(contentType), String(total), file === null ? '' : codeSpan(file)];
    });
    lines.push(...table(['entry', 'content type', 'findings', 'file'], rows, ['l', 'l', 'r', 'l']));
  }
  return lines;
}

const ROWS_PER_CHUNK = 256;

/** A finding's severity, place, target and message, as table cells. */
function findingCells(f: Finding): string[] {
  return [
    isInputError(f) ? '**input error**' : f.internal ? '**internal error**' : f.severity,
    f.file === null ? '(space)' : codeSpan(f.line === null ? f.file : `${f.file}:${f.line}:${f.column}`),
    markdownText(targetLabel(f)),
    [f.message, ...fixLines(f)].map(markdownText).join('<br>'),
  ];
}

/** Every finding by rule, a table per rule; the rows are made (and yielded) a chunk at a time. */
function* detailsSection(result: Report, found: Aggregates, context: FormatContext): Generator<string> {
  const metas = new Map<string, RuleMeta>(context.rules.map((m) => [m.id, m]));
  const byRule = [...found.byRule].sort(([a], [b]) => (a < b ? -1 : 1));
  let lines = ['## Details'];
  for (const [id, group] of byRule) {
    const meta = metas.get(id);
    lines.push('', `### ${ruleLink(id, context)} (${group.total})`, '');
    if (meta) lines.push(markdownText(meta.description), '');
    lines.push(...table(['severity', 'where', 'target', 'message'], []));
    for (const index of group.indexes) {
      lines.push(row(findingCells(readableFinding(result.findings.at(index)!))));
      if (lines.length >= ROWS_PER_CHUNK) {
        yield `${lines.join('\n')}\n`;
        lines = [];
      }
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

/** What a section of the change report holds. */
const CHANGE_SECTIONS = [
  ['breaking', 'Breaking changes', 'What the change breaks now: a publish the service refuses, a query that fails, values a reader loses.'],
  ['dangerous', 'Dangerous changes', 'What the change may break, depending on what the inputs do not show (entries or readers that are not in them).'],
  ['other', 'Other findings', 'Findings of the state after the change that are not a change (input errors, a migration script the tool rejects).'],
] as const;

/** `cmlint diff`'s findings by change kind, a table per kind with the rule of each; the rows are yielded a chunk at a time. */
function* changeSections(result: Report, found: Aggregates, context: FormatContext): Generator<string> {
  let lines: string[] = [];
  let first = true;
  for (const [kind, title, about] of CHANGE_SECTIONS) {
    const indexes = found.byChange[kind];
    if (indexes.length === 0) continue;
    if (!first) lines.push('');
    first = false;
    lines.push(`## ${title} (${indexes.length})`, '', about, '', ...table(['severity', 'where', 'target', 'message', 'rule'], []));
    for (const index of indexes) {
      const f = readableFinding(result.findings.at(index)!);
      lines.push(row([...findingCells(f), ruleLink(f.ruleId, context)]));
      if (lines.length >= ROWS_PER_CHUNK) {
        yield `${lines.join('\n')}\n`;
        lines = [];
      }
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

/**
 * An audit report in Markdown for people: totals by rule and severity, the compliance
 * timeline (already enforced, upcoming with the days left, undated), the content types and
 * entries with the most findings, then every finding by rule. For `cmlint diff`, a change report
 * (a pull request's comment): what was compared, the breaking and dangerous changes counted, then
 * a table of each kind. In chunks: the summaries come
 * from one pass over the findings, and the details are written a chunk of rows at a time.
 */
export const formatMarkdownChunks: ChunkFormatter = function* (result, context) {
  const { stats } = result;
  const found = aggregate(result);
  const { all } = found;
  // `cmlint diff`: a change report (the pull request's comment), its findings by change kind.
  const compared = comparedScope(stats);
  const scope = `${compared === null ? `${plural(stats.filesRead, 'file')}, ${plural(stats.contentTypes, 'content type')}, ${plural(stats.entries, 'entry', 'entries')}, ${plural(stats.assets, 'asset')}` : `compared ${compared}`}${documentsScope(stats)}`;
  const lines = [compared === null ? '# Content model audit' : '# Content model change report', '', `As of **${result.asOf}** · ${result.tool.name} ${result.tool.version} · ${scope}`, ''];
  const severities = `${plural(all.error, 'error')}, ${plural(all.warning, 'warning')}, ${all.info} info`;
  if (compared !== null) {
    const { breaking, dangerous } = found.byChange;
    lines.push(all.total === 0 ? '**Nothing breaking or dangerous.**' : `**${changesLabel({ breaking: breaking.length, dangerous: dangerous.length })}**: ${severities}.`);
  } else lines.push(all.total === 0 ? '**No problems.**' : `**${plural(all.total, 'problem')}**: ${severities}.`);
  if (result.suppressed > 0) lines.push('', `${plural(result.suppressed, 'further finding')} ${result.suppressed === 1 ? 'is' : 'are'} hidden by the baseline.`);
  if (found.inputErrors > 0) {
    lines.push('', `**Not linted:** ${plural(found.inputErrors, 'input error')} (files cmlint could not read, see the details) stopped the run; fix them and run again.`);
  }
  const crashed = [...found.crashed];
  if (crashed.length > 0) lines.push('', `**Incomplete:** ${crashed.map((id) => `\`${id}\``).join(', ')} crashed (an internal error, see the details); their findings may be missing.`);
  for (const note of stats.documents?.notes ?? []) lines.push('', `**Not checked:** ${markdownText(visible(note))}.`);
  if (all.total === 0) {
    yield `${lines.join('\n')}\n`;
    return;
  }
  if (compared !== null) {
    lines.push('');
    yield `${lines.join('\n')}\n`;
    yield* changeSections(result, found, context);
    return;
  }
  lines.push('', ...totalsSection(found, context), '', ...timelineSection(result, found, context), '', ...mostAffectedSection(found), '');
  yield `${lines.join('\n')}\n`;
  yield* detailsSection(result, found, context);
};

/** The Markdown audit report (see formatMarkdownChunks), as one string. */
export const formatMarkdown: Formatter = whole(formatMarkdownChunks);
