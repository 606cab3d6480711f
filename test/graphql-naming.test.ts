import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  RESERVED_FIELD_NAMES,
  RESERVED_TYPE_NAMES,
  UNLISTED_BUILTIN_TYPE_NAMES,
  camelCase,
  fieldNameOf,
  isGraphQLName,
  typeNameOf,
} from '../src/graphql/naming.js';

/**
 * The service's naming, pinned id by id. Sources: the service's docs (my-2content-type,
 * A_car / a_car_, friendly-user, Location), real schemas and queries (2PqfXUJwE8qSYKuM0U6w8M,
 * nt_experience_id, template-blog's types), and lodash's camelCase, which those agree with
 * (domain.md §3.2). Every row was checked against lodash 4.
 */
const TYPE_NAMES: [id: string, typeName: string][] = [
  // From the service's docs and real schemas
  ['my-2content-type', 'My2ContentType'],
  ['A_car', 'ACar'],
  ['a_car_', 'ACar'],
  ['friendly-user', 'FriendlyUser'],
  ['pageBlogPost', 'PageBlogPost'],
  ['componentSeo', 'ComponentSeo'],
  ['nt_experience', 'NtExperience'],
  // Acronyms: lodash splits before the last capital of a run followed by lower case
  ['SEO', 'Seo'],
  ['seo', 'Seo'],
  ['Seo', 'Seo'],
  ['s_e_o', 'SEO'],
  ['XMLHttpRequest', 'XmlHttpRequest'],
  ['HTMLParser', 'HtmlParser'],
  ['DNSRecord', 'DnsRecord'],
  ['UserID', 'UserId'],
  ['userIDs', 'UserIDs'],
  ['PDFs', 'PdFs'],
  ['IPv6', 'IPv6'],
  ['iPhone', 'IPhone'],
  ['macOS', 'MacOs'],
  ['CamelCASEWord', 'CamelCaseWord'],
  ['fooBAR', 'FooBar'],
  // Digits: a word ends where letters meet digits, and after digits
  ['image2x', 'Image2X'],
  ['abc123def', 'Abc123Def'],
  ['ipv6Address', 'Ipv6Address'],
  ['v2Api', 'V2Api'],
  ['API_v2', 'ApiV2'],
  ['page_2_col', 'Page2Col'],
  ['x_1_2', 'X12'],
  ['i18n', 'I18N'],
  ['l10nKey', 'L10NKey'],
  // Separators: every character that is not a letter or digit ends a word and is dropped
  ['page.blog.post', 'PageBlogPost'],
  ['page--blog__post', 'PageBlogPost'],
  ['a.b.c', 'ABC'],
  ['FOO_bar', 'FooBar'],
  ['_node', 'Node'],
  ['hero-banner.v2', 'HeroBannerV2'],
  // Letters outside ASCII: Latin letters lose their accents, others are kept (not valid GraphQL)
  ['café-menu', 'CafeMenu'],
  ['ÉcoleNormale', 'EcoleNormale'],
  ['straße', 'Strasse'],
  ['über_cool', 'UberCool'],
  ['Ñandú', 'Nandu'],
  ['ÄÖÜ', 'Aou'],
  ['αβγ_δ', 'ΑβγΔ'],
  ['日本語', '日本語'],
  // A leading digit gets the prefix ContentType (lodash keeps ordinals such as 1st together)
  ['2PqfXUJwE8qSYKuM0U6w8M', 'ContentType2PqfXuJwE8QSyKuM0U6W8M'],
  ['5TbTQ4S6xqSeAU6WGQmQ2e', 'ContentType5TbTq4S6XqSeAu6WgQmQ2E'],
  ['123', 'ContentType123'],
  ['3d-model', 'ContentType3DModel'],
  ['1stPlace', 'ContentType1stPlace'],
  ['9', 'ContentType9'],
  // Reserved type names get the prefix too
  ['Location', 'ContentTypeLocation'],
  ['location', 'ContentTypeLocation'],
  ['Entry', 'ContentTypeEntry'],
  ['asset', 'ContentTypeAsset'],
  ['query', 'ContentTypeQuery'],
  ['SYS', 'ContentTypeSys'],
  ['contentful_metadata', 'ContentTypeContentfulMetadata'],
  ['rich-text', 'ContentTypeRichText'],
  ['date_time', 'ContentTypeDateTime'],
  ['entry_collection', 'ContentTypeEntryCollection'],
  ['resource_link_collection', 'ContentTypeResourceLinkCollection'],
  ['never', 'ContentTypeNever'],
  // Near misses and built-ins the documented list does not name: no prefix
  ['locations', 'Locations'],
  ['entries', 'Entries'],
  ['ID', 'Id'],
  ['JSON', 'Json'],
  ['i_d', 'ID'],
  ['j_s_o_n', 'JSON'],
  ['taxonomy_concept', 'TaxonomyConcept'],
  ['content_type_location', 'ContentTypeLocation'],
  // Nothing left
  ['---', ''],
];

const FIELD_NAMES: [id: string, fieldName: string][] = [
  ['title', 'title'],
  ['Title', 'title'],
  ['TITLE', 'title'],
  ['internalName', 'internalName'],
  ['seoTitle', 'seoTitle'],
  ['seo_title', 'seoTitle'],
  ['SEOTitle', 'seoTitle'],
  ['image2x', 'image2X'],
  ['coverImage2x', 'coverImage2X'],
  ['heroV2', 'heroV2'],
  ['address2', 'address2'],
  ['line_2', 'line2'],
  ['nt_name', 'ntName'],
  ['nt_experience_id', 'ntExperienceId'],
  ['URL', 'url'],
  ['imageURL', 'imageUrl'],
  ['userIDs', 'userIDs'],
  ['is_new', 'isNew'],
  ['field_', 'field'],
  ['sys', 'sys'],
  ['SYS', 'sys'],
  ['Sys', 'sys'],
  ['linked_from', 'linkedFrom'],
  ['LinkedFrom', 'linkedFrom'],
  ['contentful_metadata', 'contentfulMetadata'],
  ['ContentfulMetadata', 'contentfulMetadata'],
  ['system', 'system'],
  ['a', 'a'],
  ['日本語', '日本語'],
  ['_', ''],
];

describe('type names', () => {
  it('has a table of at least 40 ids', () => {
    expect(TYPE_NAMES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TYPE_NAMES)('%s → %s', (id, expected) => {
    expect(typeNameOf(id).name).toBe(expected);
  });

  it('says why a name was prefixed', () => {
    expect(typeNameOf('3d-model')).toEqual({ name: 'ContentType3DModel', base: '3DModel', prefixed: 'digit' });
    expect(typeNameOf('location')).toEqual({ name: 'ContentTypeLocation', base: 'Location', prefixed: 'reserved' });
    expect(typeNameOf('content_type_location')).toEqual({ name: 'ContentTypeLocation', base: 'ContentTypeLocation', prefixed: null });
  });

  it('prefixes every name of the documented reserved list, and none of the unlisted built-ins', () => {
    expect(RESERVED_TYPE_NAMES.size).toBe(35);
    for (const name of RESERVED_TYPE_NAMES) expect(typeNameOf(name).name).toBe(`ContentType${name}`);
    for (const name of UNLISTED_BUILTIN_TYPE_NAMES) expect(typeNameOf(name).prefixed).toBeNull();
  });
});

describe('field names', () => {
  it.each(FIELD_NAMES)('%s → %s', (id, expected) => {
    expect(fieldNameOf(id)).toBe(expected);
  });

  it('reserves sys, contentfulMetadata and linkedFrom', () => {
    expect([...RESERVED_FIELD_NAMES].sort()).toEqual(['contentfulMetadata', 'linkedFrom', 'sys']);
  });
});

describe('GraphQL names', () => {
  it.each([
    ['ACar', true],
    ['_Node', true],
    ['image2X', true],
    ['', false],
    ['3DModel', false],
    ['ΑβγΔ', false],
    ['日本語', false],
    ['a-b', false],
  ] as const)('%s is a GraphQL name: %s', (name, valid) => {
    expect(isGraphQLName(name)).toBe(valid);
  });
});

describe('the camel case shortcut', () => {
  const require = createRequire(import.meta.url);
  const lodashCamelCase = require('lodash/camelCase.js') as (value: string) => string;

  it('agrees with lodash on every id of the tables', () => {
    for (const [id] of [...TYPE_NAMES, ...FIELD_NAMES]) expect(camelCase(id), id).toBe(lodashCamelCase(id));
  });

  it('agrees with lodash on generated camel case ids', () => {
    const words = ['page', 'Blog', 'Post', 'a', 'B', 'seo', 'X', 'Id', 'url', 'Html', 'Image2x'];
    let count = 0;
    for (const first of words) {
      for (const second of words) {
        for (const third of ['', ...words]) {
          const id = `${first.toLowerCase()}${second}${third}`;
          expect(camelCase(id), id).toBe(lodashCamelCase(id));
          count++;
        }
      }
    }
    expect(count).toBe(1452);
  });

  it('does not load lodash for ids that are camel case already', () => {
    const naming = new URL('../dist/src/graphql/naming.js', import.meta.url).href;
    const script = `
      const { typeNameOf, fieldNameOf } = await import(${JSON.stringify(naming)});
      const { createRequire } = await import('node:module');
      const loaded = () => Object.keys(createRequire(${JSON.stringify(naming)}).cache).some((p) => p.includes('lodash'));
      typeNameOf('pageBlogPost'); fieldNameOf('seoTitle');
      const before = loaded();
      typeNameOf('page-blog-post');
      console.log(JSON.stringify([before, loaded()]));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([false, true]);
  });
});
