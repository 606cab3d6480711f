import type { FieldShape, ScalarType } from './schema-model.js';

/**
 * Facts about the schema the service generates, read off real generated schemas (see
 * fixtures/graphql/*\/README.md for which): the filter operators each kind of field gets, which
 * fields are sortable, and the arguments of each kind of field. The predicted definitions
 * (predicted-definitions.ts, builtin-definitions.ts), which the SDL and the schema the rules
 * validate against are both made of, come from these tables only, so a fact learnt from a new
 * real schema is a change here.
 */

/** How an operator's input type follows from the field's GraphQL type: itself, a list of it, or a fixed type. */
export type OperandType = 'same' | 'list' | { fixed: string };

/** A filter operator: the suffix after the field name (`''` for equality) and its input type. */
export interface FilterOperator {
  readonly suffix: string;
  readonly type: OperandType;
}

const op = (suffix: string, type: OperandType): FilterOperator => ({ suffix, type });
const EXISTS = op('_exists', { fixed: 'Boolean' });

/** Symbol and Text (`String`): equality, `_not`, `_in`, `_not_in`, `_contains`, `_not_contains`. */
const STRING_OPERATORS = [op('', 'same'), op('_contains', 'same'), EXISTS, op('_in', 'list'), op('_not', 'same'), op('_not_contains', 'same'), op('_not_in', 'list')];
/** Integer, Number and Date: equality, `_not`, `_in`, `_not_in` and the comparisons. */
const ORDERED_OPERATORS = [op('', 'same'), EXISTS, op('_gt', 'same'), op('_gte', 'same'), op('_in', 'list'), op('_lt', 'same'), op('_lte', 'same'), op('_not', 'same'), op('_not_in', 'list')];

/** The filter operators of a scalar field, by its GraphQL type. */
export const SCALAR_FILTER_OPERATORS: Readonly<Record<ScalarType, readonly FilterOperator[]>> = {
  String: STRING_OPERATORS,
  Int: ORDERED_OPERATORS,
  Float: ORDERED_OPERATORS,
  DateTime: ORDERED_OPERATORS,
  Boolean: [op('', 'same'), EXISTS, op('_not', 'same')],
  // Object fields: only whether they are set (documented: `_exists` applies to any field; equality to scalars only).
  JSON: [EXISTS],
  // Circle and Rectangle are scalars (seen in types generated from real schemas; no such schema is a fixture here).
  Location: [EXISTS, op('_within_circle', { fixed: 'Circle' }), op('_within_rectangle', { fixed: 'Rectangle' })],
  // Lists of Symbols (seen in types generated from real schemas; no such schema is a fixture here).
  '[String]': [op('_contains_all', { fixed: '[String]' }), op('_contains_none', { fixed: '[String]' }), op('_contains_some', { fixed: '[String]' }), EXISTS],
};

/** Rich text: a full-text `_contains` / `_not_contains` on the text, and `_exists`. */
export const RICH_TEXT_FILTER_OPERATORS: readonly FilterOperator[] = [op('_contains', { fixed: 'String' }), EXISTS, op('_not_contains', { fixed: 'String' })];

/** Links to assets and entries, lists of links: `_exists` on the exposed name (`imagesCollection_exists`). */
export const LINK_FILTER_OPERATORS: readonly FilterOperator[] = [EXISTS];

/** The filter operators of a field; resource links get none (not seen in a real filter). */
export function filterOperators(shape: FieldShape): readonly FilterOperator[] {
  switch (shape.kind) {
    case 'scalar':
      return SCALAR_FILTER_OPERATORS[shape.type];
    case 'richText':
      return RICH_TEXT_FILTER_OPERATORS;
    case 'asset':
    case 'assets':
    case 'entry':
    case 'entries':
      return LINK_FILTER_OPERATORS;
    case 'resource':
    case 'resources':
    case 'unknown':
      return [];
  }
}

/** The operand's type as SDL; `fieldType` is null for fields without a scalar type (their operators have fixed types). */
export function operandType(operator: FilterOperator, fieldType: string | null): string {
  if (typeof operator.type === 'object') return operator.type.fixed;
  if (fieldType === null) throw new Error(`filter operator '${operator.suffix}' needs the field's type`);
  return operator.type === 'same' ? fieldType : `[${fieldType}]`;
}

/**
 * Field types (of the content type) that order enums list: Symbol, Integer, Number, Date and
 * Boolean. Text, rich text, Object, Location, arrays and links are not sortable (no `_ASC` value
 * for them in any real schema).
 */
export const SORTABLE_FIELD_TYPES: ReadonlySet<string> = new Set(['Symbol', 'Integer', 'Number', 'Date', 'Boolean']);

/** The `sys` fields every order enum lists, before or among the fields (values are sorted). */
export const SYS_ORDER_FIELDS: readonly string[] = ['sys_firstPublishedAt', 'sys_id', 'sys_publishedAt', 'sys_publishedVersion'];

/** A field's argument: name, GraphQL type (`[String]`, `String!`) and default value, if any. */
export interface Argument {
  readonly name: string;
  readonly type: string;
  readonly defaultValue?: number;
}

const arg = (name: string, type: string, defaultValue?: number): Argument => (defaultValue === undefined ? { name, type } : { name, type, defaultValue });

const LOCALE = arg('locale', 'String');
const PREVIEW = arg('preview', 'Boolean');

/** Every field that reads a localized value. */
export const LOCALE_ARGS: readonly Argument[] = [LOCALE];
/** A field that resolves a link (asset or entry) also takes `preview`. */
export const LINK_ARGS: readonly Argument[] = [LOCALE, PREVIEW];
/** Collections (lists of links, linkedFrom, Query) page with `skip` / `limit`. */
export const PAGE_ARGS: readonly Argument[] = [arg('limit', 'Int', 100), LOCALE, PREVIEW, arg('skip', 'Int', 0)];
/** Query fields of one entry or asset. */
export const SINGLE_ARGS: readonly Argument[] = [arg('id', 'String!'), LOCALE, PREVIEW];
/** `Query._node`. */
export const NODE_ARGS: readonly Argument[] = [arg('id', 'ID!'), LOCALE, PREVIEW];
/** `linkedFrom` on entries and assets. */
export const LINKED_FROM_ARGS: readonly Argument[] = [arg('allowedLocales', '[String]')];
/** `order` and `where` of a collection: `[<order>]` and `<filter>`. */
export const orderArg = (order: string): Argument => arg('order', `[${order}]`);
export const whereArg = (filter: string): Argument => arg('where', filter);
/** `Asset.url`'s image transforms. */
export const TRANSFORM_ARG: Argument = arg('transform', 'ImageTransformOptions');

/** Whether a field reads a localized value (takes `locale`). */
export const takesLocale = (args: readonly Argument[]): boolean => args.includes(LOCALE);

/**
 * Added by a newer version of the service (seen in schemas generated since 2024): every field
 * that takes `locale` also takes `useFallbackLocale`. Printed, since an operation that uses it
 * must validate; the fixtures' schemas are older and do not list it.
 */
export const USE_FALLBACK_LOCALE: Argument = arg('useFallbackLocale', 'Boolean');

/** The fields of Asset: GraphQL type, whether the asset order enum lists them. */
export const ASSET_FIELDS: readonly { name: string; type: ScalarType; sortable: boolean }[] = [
  { name: 'contentType', type: 'String', sortable: true },
  { name: 'description', type: 'String', sortable: false },
  { name: 'fileName', type: 'String', sortable: true },
  { name: 'height', type: 'Int', sortable: true },
  { name: 'size', type: 'Int', sortable: true },
  { name: 'title', type: 'String', sortable: false },
  { name: 'url', type: 'String', sortable: true },
  { name: 'width', type: 'Int', sortable: true },
];

/** The fields of Sys that `SysFilter` filters, with their filter type (`publishedVersion` is an Int in Sys, a Float in the filter). */
export const SYS_FILTER_FIELDS: readonly { name: string; type: ScalarType }[] = [
  { name: 'firstPublishedAt', type: 'DateTime' },
  { name: 'id', type: 'String' },
  { name: 'publishedAt', type: 'DateTime' },
  { name: 'publishedVersion', type: 'Float' },
];
