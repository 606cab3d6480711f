import rule from '../../rules/graphql-reserved-field-name.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const space = (...fields: Record<string, unknown>[]) => ({ contentTypes: [contentType('page', fields)] });
const symbol = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'Symbol', ...extra });
const rename = (newId: string) => [{ id: 'renameField', desc: new RegExp(`to '${newId}'$`) }];

testRule(rule, {
  valid: [
    { name: 'names that only start like a reserved one', space: space(symbol('system'), symbol('sysId'), symbol('linkedFromPage'), symbol('metadata')) },
    { name: 'a deleted field', space: space(symbol('sys', { omitted: true, deleted: true })) },
    { name: 'id and _id are not reserved', space: space(symbol('id')) },
  ],
  invalid: [
    {
      name: 'linked_from becomes linkedFrom',
      space: space(symbol('title'), symbol('linked_from')),
      findings: [
        {
          messageId: 'reserved',
          target: { contentType: 'page', field: 'linked_from' },
          severity: 'error',
          message: "Field 'linked_from' of content type 'page' would be named 'linkedFrom' in GraphQL, a field name the service reserves. The service cannot generate the GraphQL schema (RESERVED_FIELD_NAME",
          pointer: '/contentTypes/0/fields/1/id',
          // A migration step (changeFieldId): in place, the entries on disk would keep the old id.
          suggestions: [{ id: 'renameField', desc: "Rename the field 'linked_from' to 'linkedFromField'", output: space(symbol('title'), symbol('linkedFromField', { name: 'linked_from' })) }],
        },
      ],
    },
    {
      name: 'each reserved name, in any spelling',
      space: space({ id: 'SYS', type: 'Object' }, symbol('contentful_metadata'), { id: 'LinkedFrom', type: 'Link', linkType: 'Entry' }, symbol('Sys')),
      findings: [
        // Two fields of one reserved name get two ids.
        { messageId: 'reserved', target: { contentType: 'page', field: 'SYS' }, severity: 'error', message: "'sys'", suggestions: rename('sysField') },
        { messageId: 'reserved', target: { contentType: 'page', field: 'contentful_metadata' }, severity: 'error', message: "'contentfulMetadata'", suggestions: rename('contentfulMetadataField') },
        { messageId: 'reserved', target: { contentType: 'page', field: 'LinkedFrom' }, severity: 'error', message: "'linkedFrom'", suggestions: rename('linkedFromField') },
        { messageId: 'reserved', target: { contentType: 'page', field: 'Sys' }, severity: 'error', suggestions: rename('sysField2') },
      ],
    },
    {
      name: 'an omitted field: a warning',
      space: space(symbol('sys', { omitted: true })),
      findings: [{ messageId: 'reservedOmitted', target: { contentType: 'page', field: 'sys' }, severity: 'warning', message: 'omitted from API responses', suggestions: rename('sysField') }],
    },
    {
      name: 'a list of links, exposed with the suffix: a warning',
      space: space({ id: 'linked_from', type: 'Array', items: { type: 'Link', linkType: 'Entry' } }),
      findings: [
        {
          messageId: 'reservedBeforeSuffix',
          target: { contentType: 'page', field: 'linked_from' },
          severity: 'warning',
          message: "exposed in GraphQL as 'linkedFromCollection'; its name before the suffix, 'linkedFrom', is reserved",
          suggestions: rename('linkedFromField'),
        },
      ],
    },
    {
      name: 'in every content type',
      space: { contentTypes: [contentType('a', [symbol('sys')]), contentType('b', [symbol('title')]), contentType('c', [symbol('sys_')])] },
      findings: [
        { messageId: 'reserved', target: { contentType: 'a', field: 'sys' }, severity: 'error', suggestions: rename('sysField') },
        { messageId: 'reserved', target: { contentType: 'c', field: 'sys_' }, severity: 'error', suggestions: rename('sysField') },
      ],
    },
    {
      name: 'a warning before 2022-08-29',
      asOf: '2022-08-01',
      space: space(symbol('sys')),
      findings: [{ messageId: 'reserved', target: { contentType: 'page', field: 'sys' }, severity: 'warning', message: 'enforced from 2022-08-29 (in 28 days)', suggestions: rename('sysField') }],
    },
  ],
});
