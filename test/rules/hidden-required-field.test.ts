import rule from '../../rules/hidden-required-field.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const space = (...fields: Record<string, unknown>[]) => ({ contentTypes: [contentType('article', fields)] });

testRule(rule, {
  valid: [
    { name: 'required and visible', space: space({ id: 'title', type: 'Symbol', required: true }) },
    { name: 'hidden but optional', space: space({ id: 'legacy', type: 'Symbol', disabled: true }) },
    {
      name: 'hidden and required with a default value',
      space: space({ id: 'code', type: 'Symbol', required: true, disabled: true, defaultValue: { 'en-US': 'NONE' } }),
    },
    {
      name: 'hidden and required with a default of false',
      space: space({ id: 'flag', type: 'Boolean', required: true, disabled: true, defaultValue: { 'en-US': false } }),
    },
    { name: 'deleted field', space: space({ id: 'gone', type: 'Symbol', required: true, disabled: true, omitted: true, deleted: true }) },
    { name: 'disabled as a string is not disabled', space: space({ id: 'odd', type: 'Symbol', required: true, disabled: 'true' }) },
    { name: 'content types without fields', space: { contentTypes: [contentType('empty', [])] } },
  ],
  invalid: [
    {
      name: 'advice that can be followed: a default value only for the types that can have one',
      space: space(
        { id: 'body', type: 'RichText', required: true, disabled: true },
        { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry' }, required: true, disabled: true },
        { id: 'tags', type: 'Array', items: { type: 'Symbol' }, required: true, disabled: true },
      ),
      findings: [
        { messageId: 'hiddenRequired', target: { contentType: 'article', field: 'body' }, severity: 'error', message: /Set required: false or show the field \(a RichText field cannot have a default value\)\.$/ },
        { messageId: 'hiddenRequired', target: { contentType: 'article', field: 'related' }, severity: 'error', message: /\(a list of links field cannot have a default value\)\.$/ },
        { messageId: 'hiddenRequired', target: { contentType: 'article', field: 'tags' }, severity: 'error', message: /or give it a default value\.$/ },
      ],
    },
    {
      name: 'hidden and required without a default',
      space: space({ id: 'title', type: 'Symbol', required: true }, { id: 'legacyId', type: 'Symbol', required: true, disabled: true }),
      findings: [
        {
          messageId: 'hiddenRequired',
          target: { contentType: 'article', field: 'legacyId' },
          severity: 'error',
          message: "Field 'legacyId' is required but hidden",
          pointer: '/contentTypes/0/fields/1/disabled',
        },
      ],
    },
    {
      name: 'a default value that is null for every locale does not count',
      space: space({ id: 'code', type: 'Symbol', required: true, disabled: true, defaultValue: { 'en-US': null } }),
      findings: [{ messageId: 'hiddenRequired', target: { contentType: 'article', field: 'code' }, severity: 'error' }],
    },
    {
      name: 'an empty defaultValue object does not count',
      space: space({ id: 'code', type: 'Symbol', required: true, disabled: true, defaultValue: {} }),
      findings: [{ messageId: 'hiddenRequired', target: { contentType: 'article', field: 'code' }, severity: 'error' }],
    },
    {
      name: 'omitted fields are still published with the entry',
      space: space({ id: 'internal', type: 'Text', required: true, disabled: true, omitted: true }),
      findings: [{ messageId: 'hiddenRequired', target: { contentType: 'article', field: 'internal' }, severity: 'error' }],
    },
    {
      name: 'before the enforcement date it is a warning',
      asOf: '2025-01-20',
      space: space({ id: 'legacyId', type: 'Symbol', required: true, disabled: true }),
      findings: [
        {
          messageId: 'hiddenRequired',
          target: { contentType: 'article', field: 'legacyId' },
          severity: 'warning',
          message: 'enforced from 2025-01-21 (in 1 day)',
        },
      ],
    },
    {
      name: 'one finding per field, in field order',
      space: {
        contentTypes: [
          contentType('a', [{ id: 'x', type: 'Symbol', required: true, disabled: true }]),
          contentType('b', [
            { id: 'y', type: 'Integer', required: true, disabled: true },
            { id: 'z', type: 'Date', required: true, disabled: true },
          ]),
        ],
      },
      findings: [
        { messageId: 'hiddenRequired', target: { contentType: 'a', field: 'x' }, severity: 'error' },
        { messageId: 'hiddenRequired', target: { contentType: 'b', field: 'y' }, severity: 'error' },
        { messageId: 'hiddenRequired', target: { contentType: 'b', field: 'z' }, severity: 'error' },
      ],
    },
  ],
});
