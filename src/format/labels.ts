import { posix, relative, resolve, sep } from 'node:path';
import type { Finding } from '../engine/findings.js';
import type { RunStats } from '../engine/run-rules.js';
import { plural } from '../util/plural.js';
import type { FormatContext } from './types.js';

/** "blogPost › entry 3xYz › title › de-DE": what a finding is about, for people. */
export function targetLabel(finding: Finding): string {
  const { contentType, field, entry, locale } = finding.target;
  return [contentType, entry === null ? null : `entry ${entry}`, field, locale].filter((p) => p !== null).join(' › ');
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
