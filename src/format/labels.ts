import { posix, relative, resolve, sep } from 'node:path';
import type { Finding } from '../engine/findings.js';
import type { RunStats } from '../engine/run-rules.js';
import { plural } from '../util/plural.js';
import type { FormatContext } from './types.js';
import { readable } from '../util/safe-text.js';

/** "blogPost › entry 3xYz › title › de-DE": what a finding is about, for people. */
export function targetLabel(finding: Finding): string {
  const { contentType, field, entry, locale } = finding.target;
  return [contentType, entry === null ? null : `entry ${entry}`, field, locale].filter((p) => p !== null).join(' › ');
}

/**
 * What can be done about a finding, for people: its fix (`--fix`) and its suggestions (`--apply-suggestion RULE:ID`),
 * one line each; none when it has neither.
 */
export function fixLines(finding: Finding): string[] {
  const lines = finding.fix ? [`Fix (--fix): ${readable(finding.fix.desc)}`] : [];
  for (const s of finding.suggestions ?? []) lines.push(`Suggestion (--apply-suggestion ${finding.ruleId}:${s.id}): ${readable(s.desc)}`);
  return lines;
}

export function enforcementLabel(finding: Finding): string {
  const { date, status, note } = finding.enforcement;
  if (status === 'enforced') return `enforced ${date}`;
  if (status === 'upcoming') return `from ${date}`;
  return note ?? 'in effect';
}

/** A finding's file relative to the repository root, with forward slashes (`../` when outside it). */
export function pathFromRoot(file: string, context: Pick<FormatContext, 'cwd' | 'root'>): string {
  return posix.normalize(relative(context.root, resolve(context.cwd, file)).split(sep).join('/'));
}

/** ", 12 document files (30 operations, 8 fragments)" for a run that read GraphQL documents; '' otherwise. */
export function documentsScope({ documents }: RunStats): string {
  if (!documents) return '';
  return `, ${plural(documents.files, 'document file')} (${plural(documents.operations, 'operation')}, ${plural(documents.fragments, 'fragment')})`;
}

/**
 * For `cmlint diff`: what was compared, "1 file (3 content types) before the change with 1 file (2
 * content types, 4 entries) after it"; null for a lint run.
 */
export function comparedScope({ compared }: RunStats): string | null {
  if (!compared) return null;
  const { before, after } = compared;
  return (
    `${plural(before.files, 'file')} (${plural(before.contentTypes, 'content type')}) before the change with ` +
    `${plural(after.files, 'file')} (${plural(after.contentTypes, 'content type')}, ${plural(after.entries, 'entry', 'entries')}) after it`
  );
}

/** "2 breaking changes, 1 dangerous change" for the findings of `cmlint diff` (a kind without findings, and findings without a kind, left out). */
export function changesLabel(counts: { breaking: number; dangerous: number }): string {
  return [counts.breaking > 0 ? plural(counts.breaking, 'breaking change') : '', counts.dangerous > 0 ? plural(counts.dangerous, 'dangerous change') : ''].filter(Boolean).join(', ');
}
