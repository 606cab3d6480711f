import { isObject, ownValue } from '../util/json-value.js';
import { codePointLength } from '../model/text-length.js';
import { isRichTextDocument, richTextLength, type RichTextNode } from '../model/rich-text.js';
import { checkFlags, checkPattern, compileMatcher } from '../regex/re2-engine.js';
import { showBounds, showList, showValue } from './describe.js';
import { parseIsoDate, UNZONED_SLACK_MS, type IsoInstant } from '../model/iso-date.js';
import { HERE, type ValueCheck, type Violation } from './types.js';

/** Checks of a value on its own: size, range, in, regexp, prohibitRegexp, dateRange. */

interface Bounds {
  min: number | null;
  max: number | null;
}

function bound(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `{min, max}` with at least one number; null otherwise (nothing to check). */
export function boundsOf(spec: unknown): Bounds | null {
  if (!isObject(spec)) return null;
  const min = bound(spec.min);
  const max = bound(spec.max);
  return min === null && max === null ? null : { min, max };
}

function violation(messageId: string, data: Record<string, string | number>): Violation {
  return { messageId, data, path: HERE };
}

/**
 * `size` of a value of `type`: characters of a Symbol or Text, items of an Array, properties of
 * an Object, characters of text in a RichText document. Whether the service counts characters
 * as UTF-16 units or code points is not documented: the count that breaks neither reading is
 * used (code points against `max`, UTF-16 units against `min`).
 */
export function sizeCheck(type: string, spec: unknown, custom: string): ValueCheck | null {
  const bounds = boundsOf(spec);
  const measure = bounds && ownValue(SIZE_MEASURES, type);
  if (!bounds || !measure) return null;
  const { min, max } = bounds;
  return {
    run(value) {
      const units = measure.units(value);
      if (units === null) return null;
      if (min !== null && units < min) return violation('size', { count: units, unit: measure.unit, bounds: showBounds(min, max), custom });
      if (max !== null && units > max) {
        const count = measure.points(value);
        if (count > max) return violation('size', { count, unit: measure.unit, bounds: showBounds(min, max), custom });
      }
      return null;
    },
  };
}

interface SizeMeasure {
  unit: string;
  /** The size (characters as UTF-16 units), or null for a value of another type. */
  units(value: unknown): number | null;
  /** The size with characters counted by code point (called only after `units` gave a number). */
  points(value: unknown): number;
}

const textMeasure: SizeMeasure = {
  unit: 'characters',
  units: (value) => (typeof value === 'string' ? value.length : null),
  points: (value) => codePointLength(value as string),
};

const SIZE_MEASURES: Readonly<Record<string, SizeMeasure>> = {
  Symbol: textMeasure,
  Text: textMeasure,
  Array: { unit: 'items', units: (value) => (Array.isArray(value) ? value.length : null), points: (value) => (value as unknown[]).length },
  Object: {
    unit: 'properties',
    units: (value) => (isObject(value) ? Object.keys(value).length : null),
    points: (value) => Object.keys(value as object).length,
  },
  RichText: {
    unit: 'characters of text',
    units: (value) => (isRichTextDocument(value) ? richTextLength(value, false) : null),
    points: (value) => richTextLength(value as RichTextNode, true),
  },
};

/** `range` of an Integer or Number, bounds included. */
export function rangeCheck(type: string, spec: unknown, custom: string): ValueCheck | null {
  const bounds = boundsOf(spec);
  if (!bounds || (type !== 'Integer' && type !== 'Number')) return null;
  const { min, max } = bounds;
  return {
    run(value) {
      if (typeof value !== 'number') return null;
      if ((min !== null && value < min) || (max !== null && value > max)) {
        return violation('range', { value, bounds: showBounds(min, max), custom });
      }
      return null;
    },
  };
}

/** `in`: the value is one of a list (strings of a Symbol or Text, numbers of an Integer or Number). */
export function inCheck(type: string, spec: unknown, custom: string): ValueCheck | null {
  if (!Array.isArray(spec) || !['Symbol', 'Text', 'Integer', 'Number'].includes(type)) return null;
  const allowed = new Set<unknown>(spec);
  const shown = showList(spec);
  return {
    run(value) {
      if (typeof value !== 'string' && typeof value !== 'number') return null;
      return allowed.has(value) ? null : violation('in', { value: showValue(value), allowed: shown, custom });
    },
  };
}

/**
 * `regexp` (the value must match) or `prohibitRegexp` (it must not), as an unanchored search
 * with RE2 semantics. A pattern or flags that the service's engine refuses give no check: the
 * service refuses the entry for that reason alone, and `re2-incompatible-pattern` reports it.
 */
export function regexpCheck(type: string, key: 'regexp' | 'prohibitRegexp', spec: unknown, custom: string): ValueCheck | null {
  if (!isObject(spec) || typeof spec.pattern !== 'string' || (type !== 'Symbol' && type !== 'Text')) return null;
  const { pattern } = spec;
  const flags = checkFlags(spec.flags);
  if (flags.unsupported.length > 0 || !checkPattern(pattern, flags.bits).accepted) return null;
  const matcher = compileMatcher(pattern, typeof spec.flags === 'string' ? spec.flags : null);
  const mustMatch = key === 'regexp';
  const shownFlags = typeof spec.flags === 'string' ? spec.flags : '';
  return {
    run(value) {
      if (typeof value !== 'string' || matcher.test(value) === mustMatch) return null;
      return violation(key, { value: showValue(value), pattern, flags: shownFlags, custom });
    },
  };
}

/**
 * `dateRange` of a Date, bounds included. A value or bound without a time zone offset is read
 * as UTC, and is reported only when it is outside the range at every offset (by more than 14
 * hours): which zone the service applies to it is not documented.
 */
export function dateRangeCheck(type: string, spec: unknown, custom: string): ValueCheck | null {
  if (type !== 'Date' || !isObject(spec)) return null;
  const minText = spec.min ?? spec.after;
  const maxText = spec.max ?? spec.before;
  const min = parseIsoDate(minText);
  const max = parseIsoDate(maxText);
  if (!min && !max) return null;
  const shown = showBounds(min ? String(minText) : null, max ? String(maxText) : null);
  const slack = (a: IsoInstant, b: IsoInstant) => (a.zoned && b.zoned ? 0 : UNZONED_SLACK_MS);
  return {
    run(value) {
      const date = parseIsoDate(value);
      if (!date) return null;
      if ((min && date.ms < min.ms - slack(date, min)) || (max && date.ms > max.ms + slack(date, max))) {
        return violation('dateRange', { value: String(value), bounds: shown, custom });
      }
      return null;
    },
  };
}
