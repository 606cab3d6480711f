import rule from '../../rules/graphql-field-name-collision.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const space = (...fields: Record<string, unknown>[]) => ({ contentTypes: [contentType('page', fields)] });
const symbol = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'Symbol', ...extra });
const entries = (id: string) => ({ id, type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } });

/** The suggestion each field but the first of a collision gets: a free id. */
const rename = (newId: string) => [{ id: 'renameField', desc: new RegExp(`to '${newId}'$`) }];

testRule(rule, {
  valid: [
    { name: 'different names', space: space(symbol('title'), symbol('titles'), symbol('subTitle')) },
    { name: 'a list of links and a field with its name plus s', space: space(entries('tags'), symbol('tag')) },
    { name: 'the same field name in two content types', space: { contentTypes: [contentType('a', [symbol('seoTitle')]), contentType('b', [symbol('seo_title')])] } },
    { name: 'a deleted field does not collide', space: space(symbol('seoTitle'), symbol('seo_title', { omitted: true, deleted: true })) },
    { name: 'image2 and image_2x give image2 and image2X', space: space(symbol('image2'), symbol('image_2x')) },
    { name: 'Array of Symbol keeps its name', space: space({ id: 'keywords', type: 'Array', items: { type: 'Symbol' } }, symbol('keywordsCollection')) },
  ],
  invalid: [
    {
      name: 'thirteen fields, one name: each finding names ten of them and counts the rest',
      space: space(...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) => symbol(`seo${'_'.repeat(n)}title`))),
      findings: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) => ({
        messageId: 'collision',
        target: { contentType: 'page', field: `seo${'_'.repeat(n)}title` },
        severity: 'error' as const,
        message: "fields 'seo_title', 'seo__title', 'seo___title', 'seo____title', 'seo_____title', 'seo______title', 'seo_______title', 'seo________title', 'seo_________title', 'seo__________title', and 3 more of content type 'page' would be",
        suggestions: n === 1 ? [] : rename(`seoTitle${n}`),
      })),
    },
    {
      name: 'seoTitle and seo_title',
      space: space(symbol('seoTitle'), symbol('body'), symbol('seo_title')),
      findings: [
        {
          messageId: 'collision',
          target: { contentType: 'page', field: 'seoTitle' },
          severity: 'error',
          message: "Field name generated for the fields 'seoTitle', 'seo_title' of content type 'page' would be the same for all of them: 'seoTitle'. The service cannot generate the GraphQL schema (COLLIDING_FIELD_NAMES",
          pointer: '/contentTypes/0/fields/0/id',
        },
        {
          messageId: 'collision',
          target: { contentType: 'page', field: 'seo_title' },
          severity: 'error',
          pointer: '/contentTypes/0/fields/2/id',
          // A migration step (changeFieldId): the service moves the entries' values with the id.
          suggestions: [{ id: 'renameField', desc: "Rename the field 'seo_title' to 'seoTitle2'", output: space(symbol('seoTitle'), symbol('body'), { ...symbol('seoTitle2'), name: 'seo_title' }) }],
        },
      ],
    },
    {
      name: 'acronyms: SEOTitle, seoTitle and seo_title',
      space: space(symbol('SEOTitle'), symbol('seoTitle'), symbol('seo_title')),
      findings: ['SEOTitle', 'seoTitle', 'seo_title'].map((id, i) => ({
        messageId: 'collision',
        target: { contentType: 'page', field: id },
        severity: 'error' as const,
        suggestions: i === 0 ? [] : rename(`seoTitle${i + 1}`),
      })),
    },
    {
      name: 'digits: image2x and image_2_x both give image2X',
      space: space(symbol('image2x'), symbol('image_2_x')),
      findings: [
        { messageId: 'collision', target: { contentType: 'page', field: 'image2x' }, severity: 'error', message: "'image2X'" },
        { messageId: 'collision', target: { contentType: 'page', field: 'image_2_x' }, severity: 'error', suggestions: rename('image2X2') },
      ],
    },
    {
      name: 'a collision with an omitted field is a warning',
      space: space(symbol('title'), symbol('Title', { omitted: true })),
      findings: [
        { messageId: 'omittedCollision', target: { contentType: 'page', field: 'title' }, severity: 'warning', message: "'Title' is omitted from API responses" },
        { messageId: 'omittedCollision', target: { contentType: 'page', field: 'Title' }, severity: 'warning', suggestions: rename('title2') },
      ],
    },
    {
      name: "a list of links named like another field's name with Collection: a warning",
      space: space(entries('related'), symbol('relatedCollection')),
      findings: [
        {
          messageId: 'suffixCollision',
          target: { contentType: 'page', field: 'related' },
          severity: 'warning',
          message: "Fields 'related', 'relatedCollection' of content type 'page' would both be 'relatedCollection' in GraphQL",
        },
        { messageId: 'suffixCollision', target: { contentType: 'page', field: 'relatedCollection' }, severity: 'warning', suggestions: rename('relatedCollection2') },
      ],
    },
    {
      name: 'the same with a list of resource links',
      space: space({ id: 'products', type: 'Array', items: { type: 'ResourceLink' }, allowedResources: [] }, symbol('products_collection')),
      findings: [
        { messageId: 'suffixCollision', target: { contentType: 'page', field: 'products' }, severity: 'warning' },
        { messageId: 'suffixCollision', target: { contentType: 'page', field: 'products_collection' }, severity: 'warning', suggestions: rename('productsCollection2') },
      ],
    },
    {
      name: 'the same name before the suffix of a list of links: a warning',
      space: space(symbol('item'), entries('Item')),
      findings: [
        {
          messageId: 'collisionBeforeSuffix',
          target: { contentType: 'page', field: 'item' },
          severity: 'warning',
          message: "have the same GraphQL name 'item', but 'Item' is a list of links, exposed as 'itemCollection'",
        },
        { messageId: 'collisionBeforeSuffix', target: { contentType: 'page', field: 'Item' }, severity: 'warning', suggestions: rename('item2') },
      ],
    },
    {
      name: 'two fields that collide for certain beside a list of links with the same name',
      space: space(symbol('item'), symbol('ITEM'), entries('Item')),
      findings: [
        { messageId: 'collision', target: { contentType: 'page', field: 'item' }, severity: 'error' },
        { messageId: 'collisionBeforeSuffix', target: { contentType: 'page', field: 'item' }, severity: 'warning' },
        { messageId: 'collision', target: { contentType: 'page', field: 'ITEM' }, severity: 'error', suggestions: rename('item2') },
        { messageId: 'collisionBeforeSuffix', target: { contentType: 'page', field: 'ITEM' }, severity: 'warning', suggestions: rename('item2') },
        { messageId: 'collisionBeforeSuffix', target: { contentType: 'page', field: 'Item' }, severity: 'warning', suggestions: rename('item3') },
      ],
    },
    {
      name: 'a field id that gives no valid GraphQL name: a warning',
      space: space(symbol('title'), symbol('日本語'), symbol('2nd')),
      findings: [
        { messageId: 'unusableName', target: { contentType: 'page', field: '日本語' }, severity: 'warning', message: "Field id '日本語' gives the GraphQL field name '日本語'" },
        { messageId: 'unusableName', target: { contentType: 'page', field: '2nd' }, severity: 'warning' },
      ],
    },
    {
      name: 'a warning before 2022-08-29',
      asOf: '2022-01-01',
      space: space(symbol('a_b'), symbol('aB')),
      findings: [
        { messageId: 'collision', target: { contentType: 'page', field: 'a_b' }, severity: 'warning', message: 'enforced from 2022-08-29' },
        { messageId: 'collision', target: { contentType: 'page', field: 'aB' }, severity: 'warning', suggestions: rename('aB2') },
      ],
    },
  ],
});
