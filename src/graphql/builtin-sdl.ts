import { ASSET_FIELDS, SYS_FILTER_FIELDS, SYS_ORDER_FIELDS, SCALAR_FILTER_OPERATORS, operandType } from './schema-facts.js';

/**
 * The types every generated schema has, whatever the content model (as in the real schemas of
 * fixtures/graphql/; descriptions left out). Filters and orders of assets and `sys` are printed
 * from the fact tables, like those of content types.
 */

/** `name: Type` lines of a filter for one scalar field. */
export function scalarFilterLines(name: string, type: keyof typeof SCALAR_FILTER_OPERATORS): string[] {
  return SCALAR_FILTER_OPERATORS[type].map((operator) => `${name}${operator.suffix}: ${operandType(operator, type)}`);
}

/** `x_ASC`, `x_DESC` for each sortable name, and the `sys` ones. */
export function orderValues(sortable: readonly string[]): string[] {
  return [...sortable, ...SYS_ORDER_FIELDS].flatMap((name) => [`${name}_ASC`, `${name}_DESC`]);
}

export const DIRECTIVES = 'directive @contentSourceMaps on QUERY';

/** Built-in definitions by name; `Asset` and `AssetLinkingCollections` are printed by the renderer. */
export function builtinDefinitions(): [string, string][] {
  const assetFilter = ['AND: [AssetFilter]', 'OR: [AssetFilter]', 'contentfulMetadata: ContentfulMetadataFilter', 'sys: SysFilter'];
  for (const field of ASSET_FIELDS) assetFilter.push(...scalarFilterLines(field.name, field.type));
  const sysFilter = SYS_FILTER_FIELDS.flatMap((field) => scalarFilterLines(field.name, field.type));
  const idFilter = (name: string) => `input ${name} {\n  id_contains_all: [String]\n  id_contains_none: [String]\n  id_contains_some: [String]\n}`;
  return [
    ['AssetCollection', collection('AssetCollection', 'Asset')],
    ['AssetFilter', block('input AssetFilter', assetFilter)],
    ['AssetOrder', block('enum AssetOrder', orderValues(ASSET_FIELDS.filter((f) => f.sortable).map((f) => f.name)))],
    // `concepts` (taxonomy) is newer than `tags`: seen in schemas generated since 2025.
    ['ContentfulMetadata', 'type ContentfulMetadata {\n  concepts: [TaxonomyConcept]!\n  tags: [ContentfulTag]!\n}'],
    ['ContentfulMetadataConceptsDescendantsFilter', idFilter('ContentfulMetadataConceptsDescendantsFilter')],
    [
      'ContentfulMetadataConceptsFilter',
      'input ContentfulMetadataConceptsFilter {\n  descendants: ContentfulMetadataConceptsDescendantsFilter\n  id_contains_all: [String]\n  id_contains_none: [String]\n  id_contains_some: [String]\n}',
    ],
    [
      'ContentfulMetadataFilter',
      'input ContentfulMetadataFilter {\n  concepts: ContentfulMetadataConceptsFilter\n  concepts_exists: Boolean\n  tags: ContentfulMetadataTagsFilter\n  tags_exists: Boolean\n}',
    ],
    ['ContentfulMetadataTagsFilter', idFilter('ContentfulMetadataTagsFilter')],
    ['ContentfulTag', 'type ContentfulTag {\n  id: String\n  name: String\n}'],
    ['DateTime', 'scalar DateTime'],
    ['Dimension', 'scalar Dimension'],
    ['Entry', 'interface Entry {\n  contentfulMetadata: ContentfulMetadata!\n  sys: Sys!\n}'],
    ['EntryCollection', collection('EntryCollection', 'Entry')],
    ['EntryFilter', 'input EntryFilter {\n  AND: [EntryFilter]\n  OR: [EntryFilter]\n  contentfulMetadata: ContentfulMetadataFilter\n  sys: SysFilter\n}'],
    ['EntryOrder', block('enum EntryOrder', orderValues([]))],
    ['HexColor', 'scalar HexColor'],
    ['ImageFormat', block('enum ImageFormat', ['AVIF', 'JPG', 'JPG_PROGRESSIVE', 'PNG', 'PNG8', 'WEBP'])],
    [
      'ImageResizeFocus',
      block('enum ImageResizeFocus', ['BOTTOM', 'BOTTOM_LEFT', 'BOTTOM_RIGHT', 'CENTER', 'FACE', 'FACES', 'LEFT', 'RIGHT', 'TOP', 'TOP_LEFT', 'TOP_RIGHT']),
    ],
    ['ImageResizeStrategy', block('enum ImageResizeStrategy', ['CROP', 'FILL', 'FIT', 'PAD', 'SCALE', 'THUMB'])],
    [
      'ImageTransformOptions',
      block('input ImageTransformOptions', [
        'backgroundColor: HexColor',
        'cornerRadius: Int',
        'format: ImageFormat',
        'height: Dimension',
        'quality: Quality',
        'resizeFocus: ImageResizeFocus',
        'resizeStrategy: ImageResizeStrategy',
        'width: Dimension',
      ]),
    ],
    ['JSON', 'scalar JSON'],
    ['Quality', 'scalar Quality'],
    ['ResourceLink', 'interface ResourceLink {\n  sys: ResourceSys!\n}'],
    ['ResourceSys', 'type ResourceSys {\n  linkType: String!\n  urn: String!\n}'],
    [
      'Sys',
      block('type Sys', ['environmentId: String!', 'firstPublishedAt: DateTime', 'id: String!', 'locale: String', 'publishedAt: DateTime', 'publishedVersion: Int', 'spaceId: String!']),
    ],
    ['SysFilter', block('input SysFilter', sysFilter)],
    ['TaxonomyConcept', 'type TaxonomyConcept {\n  id: String\n}'],
    ['_Node', 'interface _Node {\n  _id: ID!\n}'],
  ];
}

/**
 * Location fields bring the Location type and the scalars of their `_within_circle` /
 * `_within_rectangle` filters (Circle, Rectangle: scalars in real generated schemas).
 */
export const LOCATION_DEFINITIONS: readonly [string, string][] = [
  ['Circle', 'scalar Circle'],
  ['Location', 'type Location {\n  lat: Float\n  lon: Float\n}'],
  ['Rectangle', 'scalar Rectangle'],
];

/** A collection type: a page of items. */
export function collection(name: string, items: string): string {
  return `type ${name} {\n  items: [${items}]!\n  limit: Int!\n  skip: Int!\n  total: Int!\n}`;
}

/** A definition with its lines sorted by name (the text before `(`, `:` or the end), as real schemas print them. */
export function block(header: string, lines: readonly string[]): string {
  return `${header} {\n${sortByName(lines).map((line) => `  ${line}`).join('\n')}\n}`;
}

/** Lines (`name: Type`, `name(args): Type`, `NAME`) sorted by their leading name, stably; each name is read once, not at every comparison. */
export function sortByName(lines: readonly string[]): string[] {
  return lines
    .map((line) => ({ line, name: /^\w+/.exec(line)![0] }))
    .sort((a, b) => compareNames(a.name, b.name))
    .map(({ line }) => line);
}

/** Code-unit order: `AND` and `OR` before lower-case names, `_` before letters. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
