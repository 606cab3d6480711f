import { daysBetween, type EnforcementStatus } from './dates.js';
import type { RuleMeta, Severity, Stage } from './rule.js';

/** A stage of a rule's lifecycle as judged at a date (the JSON `enforcement.stages` items). */
export interface StageStatus {
  date: string;
  status: Exclude<EnforcementStatus, 'undated'>;
  severity: Severity;
}

/** Where a staged rule stands at `asOf`: the stage in force (null before the first) and the next one (null after the last). */
export interface StagePosition {
  current: Stage | null;
  next: Stage | null;
}

export function stagePosition(stages: readonly Stage[], asOf: string): StagePosition {
  let current: Stage | null = null;
  let next: Stage | null = null;
  for (const stage of stages) {
    if (stage.date <= asOf) current = stage;
    else if (next === null) next = stage;
  }
  return { current, next };
}

export function stageStatuses(stages: readonly Stage[], asOf: string): StageStatus[] {
  return stages.map((s) => ({ date: s.date, status: s.date <= asOf ? 'enforced' : 'upcoming', severity: s.severity }));
}

/**
 * The `enforcement` object of a finding or a rule listing: date, status and note of the stage
 * in force at `asOf` (or the next one, before the first), and for staged rules every stage.
 */
export function enforcementAt(meta: Pick<RuleMeta, 'enforcement' | 'stages'>, asOf: string): {
  date: string | null;
  status: EnforcementStatus;
  note: string | null;
  stages?: StageStatus[];
} {
  const { stages } = meta;
  if (!stages || stages.length === 0) {
    const { date, note } = meta.enforcement;
    return { date, status: date === null ? 'undated' : asOf < date ? 'upcoming' : 'enforced', note };
  }
  const { current, next } = stagePosition(stages, asOf);
  const shown = current ?? next!;
  return { date: shown.date, status: current ? 'enforced' : 'upcoming', note: shown.label, stages: stageStatuses(stages, asOf) };
}

/** "deprecated (…) since 2026-08-18; removed (…) from 2027-02-28 (in 99 days)": every stage of a lifecycle, for people. */
export function stagesText(stages: readonly Stage[], asOf: string): string {
  return stages
    .map((s) => {
      if (s.date <= asOf) return `${s.label} since ${s.date}`;
      const days = daysBetween(asOf, s.date);
      return `${s.label} from ${s.date} (in ${days} ${days === 1 ? 'day' : 'days'})`;
    })
    .join('; ');
}

/** Problems with a `meta.stages` value (for plugin rules): empty when it is a list of dated stages in date order. */
export function stagesProblems(stages: unknown): string[] {
  if (stages === undefined) return [];
  const ok =
    Array.isArray(stages) &&
    stages.length > 0 &&
    stages.every(
      (s, i) =>
        typeof s === 'object' &&
        s !== null &&
        typeof s.date === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(s.date) &&
        ['error', 'warning', 'info'].includes(s.severity) &&
        typeof s.label === 'string' &&
        (i === 0 || stages[i - 1].date < s.date),
    );
  return ok ? [] : ['`meta.stages` must be [{ date: YYYY-MM-DD, severity, label }] in increasing date order'];
}
