import type { ShapedField } from '../model/value-shape.js';
import { isObject } from '../util/json-value.js';
import type { FieldJson } from '../model/json-types.js';
import { customMessage } from './describe.js';
import {
  assetFileSizeCheck,
  assetImageDimensionsCheck,
  assetPresenceCheck,
  EntryLinkRule,
  linkContentTypeCheck,
  linkMimetypeGroupCheck,
} from './link-checks.js';
import { enabledMarksCheck, enabledNodeTypesCheck, nodesCheck, richTextLinksPresenceCheck } from './rich-text-checks.js';
import { VALIDATION_KINDS, type ValidationKind, type ValueCheck } from './types.js';
import { dateRangeCheck, inCheck, rangeCheck, regexpCheck, sizeCheck } from './value-checks.js';

/** What an entry check needs of one field, compiled once per content type. */
export interface FieldPlan {
  id: string;
  type: string;
  localized: boolean;
  /** Checks of the value, in the order of the field's validations. */
  checks: ValueCheck[];
  /** Checks of each item of an Array, in the order of `items.validations`. */
  itemChecks: ValueCheck[];
  /** A Symbol field with `unique: true`: the validation's own message, else null. */
  unique: { custom: string } | null;
  /** What a value's JSON shape must fit (see model/value-shape.ts). */
  shape: ShapedField;
}

export interface CompileOptions {
  kinds: ReadonlySet<ValidationKind>;
  /** Also report links to entries and assets that are not in the input. */
  reportMissingLinks: boolean;
}

/** The value type validations apply to: the field's type, with `:Entry`/`:Asset` for links. */
function valueType(type: unknown, linkType: unknown): string {
  // Not String(): it throws on an input object whose toString is not a function.
  const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  return type === 'Link' ? `Link:${text(linkType)}` : text(type);
}

function ruleKey(validation: Record<string, unknown>): ValidationKind | undefined {
  return VALIDATION_KINDS.find((kind) => kind in validation);
}

function compileOne(kind: ValidationKind, type: string, spec: unknown, custom: string, options: CompileOptions): ValueCheck | null {
  const missing = options.reportMissingLinks;
  switch (kind) {
    case 'size':
      return sizeCheck(type, spec, custom);
    case 'range':
      return rangeCheck(type, spec, custom);
    case 'in':
      return inCheck(type, spec, custom);
    case 'regexp':
    case 'prohibitRegexp':
      return regexpCheck(type, kind, spec, custom);
    case 'dateRange':
      return dateRangeCheck(type, spec, custom);
    case 'linkContentType':
      return type === 'Link:Entry' ? linkContentTypeCheck(spec, missing, custom) : null;
    case 'linkMimetypeGroup':
      return type === 'Link:Asset' ? linkMimetypeGroupCheck(spec, missing, custom) : null;
    case 'assetFileSize':
      return type === 'Link:Asset' ? assetFileSizeCheck(spec, missing, custom) : null;
    case 'assetImageDimensions':
      return type === 'Link:Asset' ? assetImageDimensionsCheck(spec, missing, custom) : null;
    case 'enabledMarks':
      return type === 'RichText' ? enabledMarksCheck(spec, custom) : null;
    case 'enabledNodeTypes':
      return type === 'RichText' ? enabledNodeTypesCheck(spec, custom) : null;
    case 'nodes':
      return type === 'RichText' ? nodesCheck(spec, missing, custom) : null;
    case 'unique':
      return null;
  }
}

function compileList(validations: unknown, type: string, options: CompileOptions): ValueCheck[] {
  const checks: ValueCheck[] = [];
  if (!Array.isArray(validations)) return checks;
  for (const validation of validations) {
    if (!isObject(validation)) continue;
    const kind = ruleKey(validation);
    if (kind === undefined || !options.kinds.has(kind)) continue;
    const check = compileOne(kind, type, validation[kind], customMessage(validation.message), options);
    if (check) checks.push(check);
  }
  // Presence of link targets, when asked for and no validation of the list already looks at them.
  if (options.reportMissingLinks) {
    if (type === 'Link:Entry' && !checks.some((c) => c instanceof EntryLinkRule)) checks.push(new EntryLinkRule(null, true, ''));
    if (type === 'Link:Asset' && checks.length === 0) checks.push(assetPresenceCheck());
    if (type === 'RichText') checks.push(richTextLinksPresenceCheck());
  }
  return checks;
}

/** The plan of a field, or null when nothing of it is checked. Deleted fields are not checked. */
export function compileField(field: FieldJson, options: CompileOptions): FieldPlan | null {
  if (field.deleted === true) return null;
  const type = valueType(field.type, field.linkType);
  const checks = compileList(field.validations, type, options);
  const items = isObject(field.items) ? field.items : undefined;
  const itemChecks = type === 'Array' && items ? compileList(items.validations, valueType(items.type, items.linkType), options) : [];
  let unique: FieldPlan['unique'] = null;
  if (type === 'Symbol' && options.kinds.has('unique') && Array.isArray(field.validations)) {
    const validation = field.validations.find((v) => isObject(v) && v.unique === true);
    if (validation) unique = { custom: customMessage(validation.message) };
  }
  if (checks.length === 0 && itemChecks.length === 0 && unique === null) return null;
  const shape = { type: field.type, linkType: field.linkType, items: field.items };
  return { id: field.id, type: field.type, localized: field.localized === true, checks, itemChecks, unique, shape };
}
