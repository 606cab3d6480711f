import rule from '../../rules/graphql-type-name-collision.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const space = (...ids: string[]) => ({ contentTypes: ids.map((id) => contentType(id, [{ id: 'title', type: 'Symbol' }])) });

/** 3^n ids that all give the type name `X…X` (n + 1 words): `x_x_x`, `x_x-x`, `x.x.x`, … */
function oneName(n: number): string[] {
  let ids = ['x'];
  for (let i = 0; i < n; i++) ids = ids.flatMap((id) => ['_', '-', '.'].map((separator) => `${id}${separator}x`));
  return ids;
}
const many = oneName(7);

testRule(rule, {
  valid: [
    { name: 'one content type', space: space('blogPost') },
    { name: 'names that differ in a letter', space: space('blogPost', 'blogPosts') },
    { name: 'seo and s_e_o give Seo and SEO', space: space('seo', 's_e_o') },
    { name: 'the real template-blog ids', space: space('componentAuthor', 'componentRichImage', 'componentSeo', 'pageBlogPost', 'pageLanding') },
    { name: 'a reserved name alone is prefixed, not a collision', space: space('location', 'asset', 'entry') },
    { name: 'location and locations', space: space('location', 'locations') },
    { name: 'page2 and page-2x give Page2 and Page2X', space: space('page2', 'page-2x') },
    { name: 'no content types', space: { locales: [{ code: 'en-US', default: true }] } },
  ],
  invalid: [
    {
      name: "the docs' example: A_car and a_car_ both give ACar",
      space: space('A_car', 'a_car_'),
      findings: [
        {
          messageId: 'collision',
          target: { contentType: 'A_car' },
          severity: 'error',
          message: "Type name generated for the content types 'A_car', 'a_car_' would be the same for all of them: 'ACar'. The service cannot",
          pointer: '/contentTypes/0/sys/id',
        },
        { messageId: 'collision', target: { contentType: 'a_car_' }, severity: 'error', pointer: '/contentTypes/1/sys/id' },
      ],
    },
    {
      name: 'three ids, one name: SEO, seo and Seo',
      space: space('SEO', 'seo', 'Seo'),
      findings: ['SEO', 'seo', 'Seo'].map((id) => ({
        messageId: 'collision',
        target: { contentType: id },
        severity: 'error' as const,
        message: "'SEO', 'seo', 'Seo' would be the same for all of them: 'Seo'",
      })),
    },
    {
      name: 'separators are dropped: blogPost, blog-post and blog.post',
      space: space('blogPost', 'notes', 'blog-post', 'blog.post'),
      findings: ['blogPost', 'blog-post', 'blog.post'].map((id) => ({ messageId: 'collision', target: { contentType: id }, severity: 'error' as const })),
    },
    {
      name: '2,187 ids, one name: each finding names the first ten and counts the rest (not a report that grows with the square of the group)',
      space: space(...many),
      findings: many.map((id) => ({
        messageId: 'collision',
        target: { contentType: id },
        severity: 'error' as const,
        message: /^Type name generated for the content types 'x_x_x_x_x_x_x_x', 'x_x_x_x_x_x_x-x', (?:'[^']+', ){7}'x_x_x_x_x-x_x_x', and 2,177 more would be the same for all of them: 'XXXXXXXX'\. The service [^']+$/,
      })),
    },
    {
      name: 'a digit is a word of its own: page2 and page_2 both give Page2',
      space: space('page2', 'page_2'),
      findings: [
        { messageId: 'collision', target: { contentType: 'page2' }, severity: 'error', message: "'Page2'" },
        { messageId: 'collision', target: { contentType: 'page_2' }, severity: 'error' },
      ],
    },
    {
      name: 'the ContentType prefix of a reserved name collides with an id that gives the same name',
      space: space('location', 'content_type_location'),
      findings: [
        {
          messageId: 'collision',
          target: { contentType: 'location' },
          severity: 'error',
          message: "'ContentTypeLocation'. (The service puts ContentType before 'Location' because it is a reserved type name.)",
        },
        { messageId: 'collision', target: { contentType: 'content_type_location' }, severity: 'error', message: /'ContentTypeLocation'\. The service/ },
      ],
    },
    {
      name: 'the prefix of a leading digit: 3d-model and content_type_3_d_model',
      space: space('3d-model', 'content_type_3_d_model'),
      findings: [
        { messageId: 'collision', target: { contentType: '3d-model' }, severity: 'error', message: "because it starts with a digit" },
        { messageId: 'collision', target: { contentType: 'content_type_3_d_model' }, severity: 'error' },
      ],
    },
    {
      name: 'two reserved names that differ only in case: Location and location',
      space: space('Location', 'location'),
      findings: [
        { messageId: 'collision', target: { contentType: 'Location' }, severity: 'error', message: "'ContentTypeLocation'" },
        { messageId: 'collision', target: { contentType: 'location' }, severity: 'error' },
      ],
    },
    {
      name: 'Latin letters lose their accents: café and cafe',
      space: space('café', 'cafe'),
      findings: [
        { messageId: 'collision', target: { contentType: 'café' }, severity: 'error', message: "'Cafe'" },
        { messageId: 'collision', target: { contentType: 'cafe' }, severity: 'error' },
      ],
    },
    {
      name: 'a warning before 2022-08-29, when the failure was an HTTP 500',
      asOf: '2022-08-28',
      space: space('A_car', 'a_car_'),
      findings: [
        { messageId: 'collision', target: { contentType: 'A_car' }, severity: 'warning', message: 'enforced from 2022-08-29 (in 1 day)' },
        { messageId: 'collision', target: { contentType: 'a_car_' }, severity: 'warning' },
      ],
    },
    {
      name: 'ids that give no valid GraphQL name: a warning',
      space: space('---', '日本語', 'ok'),
      findings: [
        { messageId: 'unusableName', target: { contentType: '---' }, severity: 'warning', message: "gives the GraphQL type name ''" },
        { messageId: 'unusableName', target: { contentType: '日本語' }, severity: 'warning', message: "'日本語'" },
      ],
    },
  ],
});
