import { readableFinding, visible } from '../util/safe-text.js';
import pc from 'picocolors';
import type { Finding } from '../engine/findings.js';
import { isMigrationFix } from '../fix/migration-script.js';
import { plural } from '../util/plural.js';
import { DEFAULT_WIDTH, wrapText } from '../util/wrap-text.js';
import { changesLabel, comparedScope, documentsScope, enforcementLabel, targetLabel } from './labels.js';
import { changeCounts, whole, type ChunkFormatter, type Formatter } from './types.js';

/** Where a finding's text is indented under its heading line. */
const INDENT = '  ';

/** Between what a finding is about and its enforcement date. */
const SEPARATOR = ' · ';

const LINES_PER_CHUNK = 256;

/** Where a finding is, as editors and terminals open it: `file:line:column`, the file alone, or `(space)` for the space as a whole. */
function placeOf(f: Finding): string {
  if (f.file === null) return '(space)';
  return f.line === null ? f.file : `${f.file}:${f.line}:${f.column ?? 1}`;
}

/**
 * Human output, as Ruff, Biome and tsc print for a terminal: each finding starts with a short
 * line `file:line:column  severity  rule-id` (a place that terminals and editors open), then,
 * indented, what it is about (content type › entry › field › locale) with the date the service
 * enforces it, and the message, wrapped to the width (`context.width`, default 100; a word is
 * never split). A summary closes: counts, what the run read, what else fails it, and the
 * command that explains a rule. Findings of `cmlint diff` say "breaking" or "dangerous" beside
 * their severity, and its summary counts the changes and says what was compared. Findings are
 * read once, made readable as they are written.
 */
export const formatStylishChunks: ChunkFormatter = function* (result, context) {
  const c = pc.createColors(context.color);
  const severityColor = { error: c.red, warning: c.yellow, info: c.blue } as const;
  const width = context.width ?? DEFAULT_WIDTH;
  const textWidth = width - INDENT.length;
  const counts = { error: 0, warning: 0, info: 0 };
  const byRule = new Map<string, number>();
  let upcoming = 0;
  let fixable = 0;
  let migratable = 0;
  let suggested = 0;

  let lines: string[] = [];
  const flush = () => {
    const text = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    lines = [];
    return text;
  };
  for (const finding of result.findings) {
    counts[finding.severity]++;
    byRule.set(finding.ruleId, (byRule.get(finding.ruleId) ?? 0) + 1);
    if (finding.enforcement.status === 'upcoming') upcoming++;
    if (finding.fix) {
      fixable++;
      if (isMigrationFix(finding.fix)) migratable++;
    } else if (finding.suggestions) suggested++;
    const f = readableFinding(finding);
    const severity = f.change ? `${f.severity} (${f.change})` : f.severity;
    lines.push([c.bold(placeOf(f)), severityColor[f.severity](severity), visible(f.ruleId)].join('  '));
    if (!f.internal) lines.push(...aboutLines(f, textWidth, c));
    lines.push(...wrapText(f.message, textWidth).map((line) => INDENT + line), '');
    if (lines.length >= LINES_PER_CHUNK) yield flush();
  }

  const total = result.findings.length;
  const { filesRead, contentTypes, entries } = result.stats;
  // A diff says what it compared, and counts the changes that break or may break something.
  const compared = comparedScope(result.stats);
  const scope = `${compared === null ? `${plural(filesRead, 'file')}, ${plural(contentTypes, 'content type')}, ${plural(entries, 'entry', 'entries')}` : `compared ${compared}`}${documentsScope(result.stats)}, as of ${result.asOf}`;
  const stale = context.staleBaseline ?? 0;
  const scopeLines = wrapText(scope, textWidth).map((line) => c.dim(INDENT + line));
  if (total === 0 && stale === 0 && compared !== null) lines.push(c.green('✔ Nothing breaking or dangerous'), ...scopeLines);
  else if (total === 0 && stale === 0) lines.push(c.green(`✔ No problems (${scope})`));
  else {
    const bySeverity = [
      ...(counts.error > 0 ? [plural(counts.error, 'error')] : []),
      ...(counts.warning > 0 ? [plural(counts.warning, 'warning')] : []),
      ...(counts.info > 0 ? [`${counts.info} info`] : []),
    ];
    const changes = compared === null ? null : changeCounts(result.findings);
    const changed = changes && changes.breaking + changes.dangerous > 0 ? `: ${changesLabel(changes)}` : '';
    const summary = total === 0 ? '✖ No new problems' : `✖ ${plural(total, 'problem')} (${bySeverity.join(', ')})${changed}`;
    lines.push((counts.error > 0 || stale > 0 ? c.red : counts.warning > 0 ? c.yellow : c.blue)(c.bold(summary)), ...scopeLines);
  }
  /** Lines under the counts, each in its colour (applied after wrapping, which counts characters). */
  const notes: [string, (text: string) => string][] = [];
  const { maxWarnings } = context;
  if (maxWarnings && counts.warning > maxWarnings.limit) notes.push([`${plural(counts.warning, 'warning')}, more than ${maxWarnings.setting}: the run fails`, c.red]);
  if (stale > 0) {
    const which = stale === 1 ? 'recorded finding that no longer occurs: remove it' : 'recorded findings that no longer occur: remove them';
    notes.push([`the baseline has ${stale} ${which} with --prune-baseline`, c.red]);
  }
  if (upcoming > 0) {
    notes.push([upcoming === 1 ? '1 finding concerns a change the service has not enforced yet' : `${upcoming} findings concern changes the service has not enforced yet`, c.dim]);
  }
  if (fixable > 0) {
    // Code edits are made in place only: --fix-migration is named for the fixes a script can make.
    const migration = migratable === 0 ? '' : migratable === fixable ? ' (or --fix-migration FILE)' : ` (${migratable} of them with --fix-migration FILE)`;
    notes.push([`${plural(fixable, 'finding')} can be fixed with --fix${migration}`, c.dim]);
  }
  if (suggested > 0) notes.push([`${plural(suggested, 'other finding')} ${suggested === 1 ? 'has' : 'have'} suggestions (--apply-suggestion; the JSON report lists them)`, c.dim]);
  if (result.suppressed > 0) notes.push([`${plural(result.suppressed, 'finding')} hidden by the baseline`, c.dim]);
  for (const note of result.stats.documents?.notes ?? []) notes.push([`⚠ ${visible(note)}`, c.yellow]);
  if (byRule.size > 0) notes.push([`Why and how to fix: cmlint explain ${byRule.size === 1 ? [...byRule.keys()][0] : `<rule>, e.g. cmlint explain ${mostFrequent(byRule)}`}`, c.dim]);
  for (const [note, color] of notes) lines.push(...wrapText(note, textWidth).map((line) => color(INDENT + line)));
  yield flush();
};

/** What a finding is about (content type › entry › field › locale) and when the service enforces it, wrapped and indented. */
function aboutLines(f: Finding, width: number, c: ReturnType<typeof pc.createColors>): string[] {
  const target = targetLabel(f);
  const enforcement = enforcementLabel(f);
  if (target === '') return [c.dim(INDENT + enforcement)];
  const lines = wrapText(target, width);
  const last = lines.length - 1;
  const joined = lines[last]!.length + SEPARATOR.length + enforcement.length <= width;
  return [
    ...lines.map((line, i) => INDENT + c.cyan(line) + (i === last && joined ? c.dim(SEPARATOR + enforcement) : '')),
    ...(joined ? [] : [c.dim(INDENT + enforcement)]),
  ];
}

/** The rule with the most findings (the first listed among equals). */
function mostFrequent(byRule: ReadonlyMap<string, number>): string {
  let best = '';
  let most = 0;
  for (const [rule, n] of byRule) {
    if (n > most) [best, most] = [rule, n];
  }
  return best;
}

/** Stylish (see formatStylishChunks), as one string. */
export const formatStylish: Formatter = whole(formatStylishChunks);
