import rule from '../../rules/graphql-derived-type-collision.js';
import type { ExpectedFinding, InvalidCase } from '../helpers/rule-tester.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const ct = (id: string, ...fields: Record<string, unknown>[]) => contentType(id, fields);
const richText = (id: string) => ({ id, type: 'RichText' });
const entryLink = (id: string, ids: string[]) => ({ id, type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ids }] });
const entryLinks = (id: string, ids: string[]) => ({ id, type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ids }] } });
const warning = (contentType: string, field?: string, message?: string | RegExp): ExpectedFinding => ({
  messageId: 'derivedClash',
  target: field ? { contentType, field } : { contentType },
  severity: 'warning',
  ...(message ? { message } : {}),
});

/** A content type's derived name against a content type named like it. */
const contentTypePatterns: InvalidCase[] = [
  ['Collection', 'collection type'],
  ['Filter', 'filter input'],
  ['Order', 'order enum'],
  ['LinkingCollections', 'linkedFrom type'],
  ['CursorCollection', 'cursor collection type'],
].map(([suffix, label]) => ({
  name: `T${suffix}: page and Page${suffix}`,
  space: { contentTypes: [ct('page'), ct(`Page${suffix}`)] },
  findings: [
    warning('page', undefined, `The ${label} of content type 'page' would be named 'Page${suffix}', the same as the type of content type 'Page${suffix}'.`),
    warning(`Page${suffix}`, undefined, `The type of content type 'Page${suffix}' would be named 'Page${suffix}', the same as the ${label} of content type 'page'.`),
  ],
}));

/** Each rich text name against a content type named like it. */
const richTextPatterns: InvalidCase[] = ['', 'Links', 'Assets', 'Entries', 'Resources', 'ResourcesBlock', 'ResourcesHyperlink', 'ResourcesInline'].map((suffix) => ({
  name: `rich text TF${suffix}: field body of blogPost and BlogPostBody${suffix}`,
  space: { contentTypes: [ct('blogPost', richText('body')), ct(`BlogPostBody${suffix}`)] },
  findings: [
    warning('blogPost', 'body', `of field 'body' of content type 'blogPost' would be named 'BlogPostBody${suffix}', the same as the type of content type 'BlogPostBody${suffix}'`),
    warning(`BlogPostBody${suffix}`, undefined, `the same as the rich text`),
  ],
}));

testRule(rule, {
  valid: [
    { name: 'the template-blog content types', space: { contentTypes: [ct('pageBlogPost', richText('content'), entryLink('author', ['componentAuthor'])), ct('componentAuthor')] } },
    {
      name: 'a link to one content type is typed with it: no union, no clash',
      space: { contentTypes: [ct('blogPost', entryLink('content', ['blogPostContent'])), ct('blogPostContent')] },
    },
    { name: 'a union whose allowed types do not exist is not generated', space: { contentTypes: [ct('blogPost', entryLink('content', ['x', 'y'])), ct('blogPostContent')] } },
    { name: 'an omitted field generates no types', space: { contentTypes: [ct('page', { ...richText('order'), omitted: true })] } },
    { name: 'colliding content types are the type name rule’s finding, not repeated for their derived names', space: { contentTypes: [ct('A_car'), ct('a_car_')] } },
    { name: 'a reserved name is prefixed: no clash with the built-in', space: { contentTypes: [ct('location'), ct('asset'), ct('entry_collection')] } },
    {
      name: 'resource link types did not exist before the change after 2024-03-14',
      asOf: '2024-03-14',
      space: { contentTypes: [ct('page', { id: 'product', type: 'ResourceLink', allowedResources: [] }), ct('PageProduct')] },
    },
    { name: 'no content types', space: { locales: [{ code: 'en-US', default: true }] } },
  ],
  invalid: [
    {
      name: "post and twelve ids whose type is PostCollection: each finding names ten of the others and counts the rest",
      space: { contentTypes: [ct('post'), ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => ct(`post${'_'.repeat(n)}collection`))] },
      findings: [
        warning('post', undefined, /^The collection type of content type 'post' would be named 'PostCollection', the same as the type of content type 'post_collection' and (the type of content type '[^']+' and ){8}the type of content type 'post__________collection', and 2 more\. A GraphQL/),
        warning('post_collection', undefined, /^The type of content type 'post_collection' would be named 'PostCollection', the same as the collection type of content type 'post' and the type of content type 'post__collection' and (the type of content type '[^']+' and ){7}the type of content type 'post__________collection', and 2 more\. A GraphQL/),
        ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => warning(`post${'_'.repeat(n)}collection`, undefined, /, and 2 more\. A GraphQL/)),
      ],
    },
    {
      name: "the docs' example: the union of blogPost.content is named like the content type blogPostContent (an error)",
      space: { contentTypes: [ct('blogPost', entryLink('content', ['blogPostContent', 'blogPostMoreContent'])), ct('blogPostContent'), ct('blogPostMoreContent')] },
      findings: [
        {
          messageId: 'unionClash',
          target: { contentType: 'blogPost', field: 'content' },
          severity: 'error',
          message:
            "The union type of field 'content' of content type 'blogPost' is named 'BlogPostContent', the same as the type of content type 'blogPostContent'. The service documents this collision",
          pointer: '/contentTypes/0/fields/0/id',
        },
        { messageId: 'unionClash', target: { contentType: 'blogPostContent' }, severity: 'error', pointer: '/contentTypes/1/sys/id' },
      ],
    },
    {
      name: 'a union is generated when two types are allowed, even if only one exists',
      space: { contentTypes: [ct('blogPost', entryLink('content', ['blogPostContent', 'deleted'])), ct('blogPostContent')] },
      findings: [
        { messageId: 'unionClash', target: { contentType: 'blogPost', field: 'content' }, severity: 'error' },
        { messageId: 'unionClash', target: { contentType: 'blogPostContent' }, severity: 'error' },
      ],
    },
    ...contentTypePatterns,
    ...richTextPatterns,
    {
      name: 'TLinkingCollectionsUCollectionOrder: post links to author',
      space: { contentTypes: [ct('author'), ct('post', entryLink('author', ['author'])), ct('author_linking_collections_post_collection_order')] },
      findings: [
        warning('post', 'author', "The order enum for content type 'post' in the linkedFrom type of content type 'author' would be named 'AuthorLinkingCollectionsPostCollectionOrder'"),
        warning('author_linking_collections_post_collection_order'),
      ],
    },
    {
      name: 'TLinkingCollectionsUCursorCollectionOrder: post links to author',
      space: { contentTypes: [ct('author'), ct('post', entryLinks('authors', ['author'])), ct('AuthorLinkingCollectionsPostCursorCollectionOrder')] },
      findings: [warning('post', 'authors', 'cursor order enum'), warning('AuthorLinkingCollectionsPostCursorCollectionOrder')],
    },
    {
      name: 'TFCollection: a list of links',
      space: { contentTypes: [ct('page', entryLinks('sections', ['hero'])), ct('hero'), ct('PageSectionsCollection')] },
      findings: [warning('page', 'sections', "The collection type of field 'sections' of content type 'page' would be named 'PageSectionsCollection'"), warning('PageSectionsCollection')],
    },
    {
      name: 'TFItem: the item union of a list of links to two types',
      space: { contentTypes: [ct('page', entryLinks('sections', ['hero', 'text'])), ct('hero'), ct('text'), ct('page_sections_item')] },
      findings: [warning('page', 'sections', "The item union of field 'sections'"), warning('page_sections_item')],
    },
    {
      name: 'TFCollectionOrder: a list of links to one type',
      space: { contentTypes: [ct('page', entryLinks('related', ['page'])), ct('PageRelatedCollectionOrder')] },
      findings: [warning('page', 'related', "The collection order enum of field 'related'"), warning('PageRelatedCollectionOrder')],
    },
    {
      name: 'resource link TF (a warning: known only from the change notice)',
      space: { contentTypes: [ct('page', { id: 'product', type: 'ResourceLink', allowedResources: [] }), ct('PageProduct')] },
      findings: [
        { messageId: 'resourceLinkClash', target: { contentType: 'page', field: 'product' }, severity: 'warning', message: "The resource link type of field 'product' of content type 'page' would be named 'PageProduct'" },
        { messageId: 'resourceLinkClash', target: { contentType: 'PageProduct' }, severity: 'warning' },
      ],
    },
    {
      name: 'resource link TFCollection',
      asOf: '2024-03-15',
      space: { contentTypes: [ct('page', { id: 'products', type: 'Array', items: { type: 'ResourceLink' }, allowedResources: [] }), ct('page_products_collection')] },
      findings: [
        { messageId: 'resourceLinkClash', target: { contentType: 'page', field: 'products' }, severity: 'warning', message: 'resource link collection type' },
        { messageId: 'resourceLinkClash', target: { contentType: 'page_products_collection' }, severity: 'warning' },
      ],
    },
    {
      name: 'built-ins that the documented reserved list does not name (warnings)',
      space: { contentTypes: ['taxonomy_concept', 'cursor_pages', 'i_d', 'j_s_o_n', 'entry_filter'].map((id) => ct(id)) },
      findings: [
        {
          messageId: 'builtinClash',
          target: { contentType: 'taxonomy_concept' },
          severity: 'warning',
          message: "The type of content type 'taxonomy_concept' would be named 'TaxonomyConcept', the same as a built-in type of the service.",
        },
        { messageId: 'builtinClash', target: { contentType: 'cursor_pages' }, severity: 'warning', message: "'CursorPages'" },
        { messageId: 'builtinClash', target: { contentType: 'i_d' }, severity: 'warning', message: "'ID'" },
        { messageId: 'builtinClash', target: { contentType: 'j_s_o_n' }, severity: 'warning', message: "'JSON'" },
        { messageId: 'builtinClash', target: { contentType: 'entry_filter' }, severity: 'warning', message: "'EntryFilter'" },
      ],
    },
    {
      name: 'a derived name equal to a built-in (warnings)',
      space: { contentTypes: [ct('contentful_metadata_tags'), ct('entry_cursor')] },
      findings: [
        {
          messageId: 'builtinClash',
          target: { contentType: 'contentful_metadata_tags' },
          severity: 'warning',
          message: "The filter input of content type 'contentful_metadata_tags' would be named 'ContentfulMetadataTagsFilter'",
        },
        { messageId: 'builtinClash', target: { contentType: 'entry_cursor' }, severity: 'warning', message: "The collection type of content type 'entry_cursor' would be named 'EntryCursorCollection'" },
      ],
    },
    {
      name: "a field's rich text type named like its own content type's filter input",
      space: { contentTypes: [ct('page', richText('filter'))] },
      findings: [
        warning('page', undefined, "The filter input of content type 'page' would be named 'PageFilter', the same as the rich text type of field 'filter' of content type 'page'."),
        warning('page', 'filter'),
      ],
    },
    {
      name: 'two fields of two content types with the same derived names are reported once',
      space: { contentTypes: [ct('a', richText('b_c')), ct('a_b', richText('c'))] },
      findings: [warning('a', 'b_c', "would be named 'ABC', the same as the rich text type of field 'c' of content type 'a_b'"), warning('a_b', 'c')],
    },
  ],
});
