import { posix, relative, resolve, sep } from 'node:path';
import type { Finding } from '../engine/findings.js';
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
