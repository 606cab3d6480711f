import type { Enforcement } from './rule.js';

export type EnforcementStatus = 'enforced' | 'upcoming' | 'undated';

const DAY_MS = 86_400_000;

/** Today's date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function enforcementStatus(enforcement: Enforcement, asOf: string): EnforcementStatus {
  if (enforcement.date === null) return 'undated';
  return asOf < enforcement.date ? 'upcoming' : 'enforced';
}

/** "enforced from 2025-04-21 (in 1 day)". */
export function upcomingLabel(date: string, asOf: string): string {
  const days = daysBetween(asOf, date);
  return `enforced from ${date} (in ${days} ${days === 1 ? 'day' : 'days'})`;
}
