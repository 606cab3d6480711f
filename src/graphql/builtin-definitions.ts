import { ASSET_FIELDS, SYS_FILTER_FIELDS, SYS_ORDER_FIELDS, SCALAR_FILTER_OPERATORS, operandType } from './schema-facts.js';
import {
  enumType,
  field,
  inputType,
  interfaceType,
  objectType,
  scalarType,
  type InputFieldDefinition,
  type TypeDefinition,
} from './schema-definitions.js';

/**
 * The types every generated schema has, whatever the content model (as in the real schemas of
 * fixtures/graphql/; descriptions left out). Filters and orders of assets and `sys` are made
 * from the fact tables, like those of content types.
 */

/** The input fields of a filter for one scalar field. */
function scalarFilterFields(name: string, type: keyof typeof SCALAR_FILTER_OPERATORS): InputFieldDefinition[] {
  return SCALAR_FILTER_OPERATORS[type].map((operator) => ({ name: `${name}${operator.suffix}`, type: operandType(operator, type) }));
}

/** `x_ASC`, `x_DESC` for each sortable name, and the `sys` ones. */
export function orderValues(sortable: readonly string[]): string[] {
  return [...sortable, ...SYS_ORDER_FIELDS].flatMap((name) => [`${name}_ASC`, `${name}_DESC`]);
}

/** `AND`, `OR`, `contentfulMetadata` and `sys`: the input fields every filter of entries or assets starts with. */
export function filterBase(name: string): InputFieldDefinition[] {
  return [
    { name: 'AND', type: `[${name}]` },
    { name: 'OR', type: `[${name}]` },
    { name: 'contentfulMetadata', type: 'ContentfulMetadataFilter' },
    { name: 'sys', type: 'SysFilter' },
  ];
}

/** A collection type: a page of items. */
export function collection(name: string, items: string): TypeDefinition {
  return objectType(name, [field('items', `[${items}]!`), field('limit', 'Int!'), field('skip', 'Int!'), field('total', 'Int!')]);
}

const idFilter = (name: string, more: InputFieldDefinition[] = []): TypeDefinition =>
  inputType(name, [...more, { name: 'id_contains_all', type: '[String]' }, { name: 'id_contains_none', type: '[String]' }, { name: 'id_contains_some', type: '[String]' }]);

/**
 * The built-in definitions by name, each made when it is called (a run with documents makes only
 * those they reach); `Asset` and `AssetLinkingCollections` are made with the content model's.
 */
export const BUILTIN_DEFINITIONS: Readonly<Record<string, () => TypeDefinition>> = {
  AssetCollection: () => collection('AssetCollection', 'Asset'),
  AssetFilter: () => {
    const fields = filterBase('AssetFilter');
    for (const f of ASSET_FIELDS) fields.push(...scalarFilterFields(f.name, f.type));
    return inputType('AssetFilter', fields);
  },
  AssetOrder: () => enumType('AssetOrder', orderValues(ASSET_FIELDS.filter((f) => f.sortable).map((f) => f.name))),
  // `concepts` (taxonomy) is newer than `tags`: seen in schemas generated since 2025.
  ContentfulMetadata: () => objectType('ContentfulMetadata', [field('concepts', '[TaxonomyConcept]!'), field('tags', '[ContentfulTag]!')]),
  ContentfulMetadataConceptsDescendantsFilter: () => idFilter('ContentfulMetadataConceptsDescendantsFilter'),
  ContentfulMetadataConceptsFilter: () => idFilter('ContentfulMetadataConceptsFilter', [{ name: 'descendants', type: 'ContentfulMetadataConceptsDescendantsFilter' }]),
  ContentfulMetadataFilter: () =>
    inputType('ContentfulMetadataFilter', [
      { name: 'concepts', type: 'ContentfulMetadataConceptsFilter' },
      { name: 'concepts_exists', type: 'Boolean' },
      { name: 'tags', type: 'ContentfulMetadataTagsFilter' },
      { name: 'tags_exists', type: 'Boolean' },
    ]),
  ContentfulMetadataTagsFilter: () => idFilter('ContentfulMetadataTagsFilter'),
  ContentfulTag: () => objectType('ContentfulTag', [field('id', 'String'), field('name', 'String')]),
  DateTime: () => scalarType('DateTime'),
  Dimension: () => scalarType('Dimension'),
  Entry: () => interfaceType('Entry', [field('contentfulMetadata', 'ContentfulMetadata!'), field('sys', 'Sys!')]),
  EntryCollection: () => collection('EntryCollection', 'Entry'),
  EntryFilter: () => inputType('EntryFilter', filterBase('EntryFilter')),
  EntryOrder: () => enumType('EntryOrder', orderValues([])),
  HexColor: () => scalarType('HexColor'),
  ImageFormat: () => enumType('ImageFormat', ['AVIF', 'JPG', 'JPG_PROGRESSIVE', 'PNG', 'PNG8', 'WEBP']),
  ImageResizeFocus: () => enumType('ImageResizeFocus', ['BOTTOM', 'BOTTOM_LEFT', 'BOTTOM_RIGHT', 'CENTER', 'FACE', 'FACES', 'LEFT', 'RIGHT', 'TOP', 'TOP_LEFT', 'TOP_RIGHT']),
  ImageResizeStrategy: () => enumType('ImageResizeStrategy', ['CROP', 'FILL', 'FIT', 'PAD', 'SCALE', 'THUMB']),
  ImageTransformOptions: () =>
    inputType('ImageTransformOptions', [
      { name: 'backgroundColor', type: 'HexColor' },
      { name: 'cornerRadius', type: 'Int' },
      { name: 'format', type: 'ImageFormat' },
      { name: 'height', type: 'Dimension' },
      { name: 'quality', type: 'Quality' },
      { name: 'resizeFocus', type: 'ImageResizeFocus' },
      { name: 'resizeStrategy', type: 'ImageResizeStrategy' },
      { name: 'width', type: 'Dimension' },
    ]),
  JSON: () => scalarType('JSON'),
  Quality: () => scalarType('Quality'),
  ResourceLink: () => interfaceType('ResourceLink', [field('sys', 'ResourceSys!')]),
  ResourceSys: () => objectType('ResourceSys', [field('linkType', 'String!'), field('urn', 'String!')]),
  Sys: () =>
    objectType('Sys', [
      field('environmentId', 'String!'),
      field('firstPublishedAt', 'DateTime'),
      field('id', 'String!'),
      field('locale', 'String'),
      field('publishedAt', 'DateTime'),
      field('publishedVersion', 'Int'),
      field('spaceId', 'String!'),
    ]),
  SysFilter: () => inputType('SysFilter', SYS_FILTER_FIELDS.flatMap((f) => scalarFilterFields(f.name, f.type))),
  TaxonomyConcept: () => objectType('TaxonomyConcept', [field('id', 'String')]),
  _Node: () => interfaceType('_Node', [field('_id', 'ID!')]),
};

/**
 * Location fields bring the Location type and the scalars of their `_within_circle` /
 * `_within_rectangle` filters (Circle, Rectangle: scalars in real generated schemas).
 */
export const LOCATION_DEFINITIONS: readonly TypeDefinition[] = [scalarType('Circle'), objectType('Location', [field('lat', 'Float'), field('lon', 'Float')]), scalarType('Rectangle')];
