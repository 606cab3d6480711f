import rule from '../../rules/graphql-reserved-field-name.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const space = (...fields: Record<string, unknown>[]) => ({ contentTypes: [contentType('page', fields)] });
const symbol = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'Symbol', ...extra });

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
        },
      ],
    },
    {
      name: 'each reserved name, in any spelling',
      space: space({ id: 'SYS', type: 'Object' }, symbol('contentful_metadata'), { id: 'LinkedFrom', type: 'Link', linkType: 'Entry' }, symbol('Sys')),
      findings: [
        { messageId: 'reserved', target: { contentType: 'page', field: 'SYS' }, severity: 'error', message: "'sys'" },
        { messageId: 'reserved', target: { contentType: 'page', field: 'contentful_metadata' }, severity: 'error', message: "'contentfulMetadata'" },
        { messageId: 'reserved', target: { contentType: 'page', field: 'LinkedFrom' }, severity: 'error', message: "'linkedFrom'" },
        { messageId: 'reserved', target: { contentType: 'page', field: 'Sys' }, severity: 'error' },
      ],
    },
    {
      name: 'an omitted field: a warning',
      space: space(symbol('sys', { omitted: true })),
      findings: [{ messageId: 'reservedOmitted', target: { contentType: 'page', field: 'sys' }, severity: 'warning', message: 'omitted from API responses' }],
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
        },
      ],
    },
    {
      name: 'in every content type',
      space: { contentTypes: [contentType('a', [symbol('sys')]), contentType('b', [symbol('title')]), contentType('c', [symbol('sys_')])] },
      findings: [
        { messageId: 'reserved', target: { contentType: 'a', field: 'sys' }, severity: 'error' },
        { messageId: 'reserved', target: { contentType: 'c', field: 'sys_' }, severity: 'error' },
      ],
    },
    {
      name: 'a warning before 2022-08-29',
      asOf: '2022-08-01',
      space: space(symbol('sys')),
      findings: [{ messageId: 'reserved', target: { contentType: 'page', field: 'sys' }, severity: 'warning', message: 'enforced from 2022-08-29 (in 28 days)' }],
    },
  ],
});
