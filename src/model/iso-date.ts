/** ISO 8601 dates as Date fields and `dateRange` validations hold them. */

export interface IsoInstant {
  /** Milliseconds since the epoch, reading a time without an offset as UTC. */
  ms: number;
  /** The text gave an offset (`Z`, `+02:00`): the instant is exact. */
  zoned: boolean;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** `2015-11-06`, `2015-11-06T09:45`, `…:27.123Z`, `…+01:00`; null for anything else. */
export function parseIsoDate(text: unknown): IsoInstant | null {
  if (typeof text !== 'string') return null;
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((part) => Number(part ?? 0)) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 24 || minute! > 59 || second! > 60) return null;
  const fraction = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  let ms = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, fraction);
  const offset = m[8];
  if (offset && offset.toUpperCase() !== 'Z') {
    const digits = offset.replace(':', '');
    const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0);
    ms -= (offset[0] === '-' ? -1 : 1) * minutes * 60_000;
  }
  return { ms, zoned: offset !== undefined };
}

/** The widest gap between local time and UTC (UTC+14): a time without an offset may be off by this much. */
export const UNZONED_SLACK_MS = 14 * 3600_000;
