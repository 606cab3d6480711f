import { isObject } from '../util/json-value.js';
import { parseIsoDate } from './iso-date.js';

/**
 * Whether an entry value has the JSON shape its field type needs: the service refuses to save or
 * import a value that does not (a string in a RichText field, `"2"` in an Integer field, a file
 * name in a Link field, a single link in an Array field). Rules that check values (validations,
 * required fields) skip such a value rather than guess; `entry-value-type` reports it.
 */

export interface ShapeProblem {
  /** What the field type needs, in words: "an integer", "a link object ({ sys: { type: 'Link', … } })". */
  expected: string;
  /** What the value is, in words: "the string \"2\"", "an object without lat and lon". */
  found: string;
  /** For an Array, the index of the first item of the wrong shape. */
  item: number | null;
}

export interface ShapedField {
  type: unknown;
  linkType?: unknown;
  items?: unknown;
}

const LINK_TYPES = new Set(['Entry', 'Asset']);

/** "the string \"2\"", "a number (2.5)", "an array of 3 items", "an object", "true". */
export function describeJson(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  if (Array.isArray(value)) return `an array of ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (isObject(value)) return 'an object';
  return String(value);
}

/**
 * A number in a Date field is most often a Unix timestamp written by a script: say which date it
 * would be, so that the value can be rewritten (seen on a real seed export: epoch milliseconds).
 * Only whole numbers that read as a date between 1973 and 2286 are explained.
 */
function epochReading(value: unknown): string {
  if (typeof value !== 'number' || !Number.isInteger(value)) return '';
  if (value >= 1e11 && value < 1e13) return ` (as milliseconds since 1970: ${new Date(value).toISOString()})`;
  if (value >= 1e8 && value < 1e10) return ` (as seconds since 1970: ${new Date(value * 1000).toISOString()})`;
  return '';
}

function linkProblem(value: unknown, linkType: unknown, resource: boolean): string | null {
  if (!isObject(value) || !isObject(value.sys)) return describeJson(value);
  const sys = value.sys;
  if (resource) return sys.type === 'ResourceLink' && typeof sys.urn === 'string' ? null : 'an object that is not a resource link';
  if (sys.type !== 'Link' || typeof sys.id !== 'string') return 'an object that is not a link';
  if (typeof linkType === 'string' && LINK_TYPES.has(linkType) && sys.linkType !== linkType) return `a link to ${String(sys.linkType)}`;
  return null;
}

/** What is wrong with the shape of one value (not an Array's items); null when it fits. */
function scalarProblem(type: unknown, linkType: unknown, value: unknown): ShapeProblem | null {
  const problem = (expected: string, found: string = describeJson(value)): ShapeProblem => ({ expected, found, item: null });
  switch (type) {
    case 'Symbol':
    case 'Text':
      return typeof value === 'string' ? null : problem('a string');
    case 'Integer':
      return typeof value === 'number' && Number.isInteger(value) ? null : problem('an integer');
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value) ? null : problem('a number');
    case 'Boolean':
      return typeof value === 'boolean' ? null : problem('true or false');
    case 'Date':
      return parseIsoDate(value) !== null ? null : problem('an ISO 8601 date such as 2025-04-21 or 2025-04-21T09:30:00Z', `${describeJson(value)}${epochReading(value)}`);
    case 'Location':
      return isObject(value) && typeof value.lat === 'number' && typeof value.lon === 'number'
        ? null
        : problem('an object with numeric lat and lon', isObject(value) ? 'an object without numeric lat and lon' : describeJson(value));
    case 'RichText':
      return isObject(value) && value.nodeType === 'document' && Array.isArray(value.content)
        ? null
        : problem('a rich text document ({ "nodeType": "document", "content": [...] })');
    case 'Link': {
      const found = linkProblem(value, linkType, false);
      return found === null ? null : problem(`a link object ({ "sys": { "type": "Link", "linkType": "${typeof linkType === 'string' ? linkType : 'Entry'}", "id": … } })`, found);
    }
    case 'ResourceLink': {
      const found = linkProblem(value, linkType, true);
      return found === null ? null : problem('a resource link object ({ "sys": { "type": "ResourceLink", "urn": … } })', found);
    }
    default:
      // Object holds any JSON; unknown types are input-shape's.
      return null;
  }
}

/** What is wrong with the shape of `value` for `field`; null when it fits, is null, or the type is unknown. */
export function shapeProblem(field: ShapedField, value: unknown): ShapeProblem | null {
  if (value === null || value === undefined) return null;
  if (field.type !== 'Array') return scalarProblem(field.type, field.linkType, value);
  const items = isObject(field.items) ? field.items : {};
  if (!Array.isArray(value)) {
    const what = items.type === 'Symbol' ? 'strings' : items.type === 'Link' ? 'links' : items.type === 'ResourceLink' ? 'resource links' : 'items';
    return { expected: `an array of ${what}`, found: describeJson(value), item: null };
  }
  for (let i = 0; i < value.length; i++) {
    const problem = scalarProblem(items.type, items.linkType, value[i]);
    if (problem) return { ...problem, item: i };
  }
  return null;
}
