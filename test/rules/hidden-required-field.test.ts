import rule from '../../rules/hidden-required-field.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const space = (...fields: Record<string, unknown>[]) => ({ contentTypes: [contentType('article', fields)] });
const show = [{ id: 'showField' }];

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
        {
          messageId: 'hiddenRequired',
          target: { contentType: 'article', field: 'body' },
          severity: 'error',
          message: /Set required: false or show the field \(a RichText field cannot have a default value\)\.$/,
          suggestions: show,
        },
        { messageId: 'hiddenRequired', target: { contentType: 'article', field: 'related' }, severity: 'error', message: /\(a list of links field cannot have a default value\)\.$/, suggestions: show },
        { messageId: 'hiddenRequired', target: { contentType: 'article', field: 'tags' }, severity: 'error', message: /or give it a default value\.$/, suggestions: show },
      ],
      output: space(
        { id: 'body', type: 'RichText', required: false, disabled: true },
        { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry' }, required: false, disabled: true },
        { id: 'tags', type: 'Array', items: { type: 'Symbol' }, required: false, disabled: true },
      ),
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
          suggestions: [
            {
              id: 'showField',
              desc: 'Show the field in the editor (disabled: false)',
              output: space({ id: 'title', type: 'Symbol', required: true }, { id: 'legacyId', type: 'Symbol', required: true, disabled: false }),
            },
          ],
        },
      ],
      output: space({ id: 'title', type: 'Symbol', required: true }, { id: 'legacyId', type: 'Symbol', required: false, disabled: true }),
    },
    {
      name: 'a Boolean or number field is offered a neutral default value in the default locale; a text field is not',
      space: {
        locales: [{ code: 'en-US', name: 'English', default: true }],
        contentTypes: [contentType('article', [{ id: 'flag', type: 'Boolean', required: true, disabled: true }, { id: 'code', type: 'Symbol', required: true, disabled: true }])],
      },
      findings: [
        {
          messageId: 'hiddenRequired',
          target: { contentType: 'article', field: 'flag' },
          severity: 'error',
          suggestions: [
            { id: 'showField' },
            {
              id: 'defaultValue',
              desc: 'Give the field the default value {"en-US":false}',
              output: {
                locales: [{ code: 'en-US', name: 'English', default: true }],
                contentTypes: [
                  contentType('article', [
                    { id: 'flag', type: 'Boolean', required: true, disabled: true, defaultValue: { 'en-US': false } },
                    { id: 'code', type: 'Symbol', required: true, disabled: true },
                  ]),
                ],
              },
            },
          ],
        },
        { messageId: 'hiddenRequired', target: { contentType: 'article', field: 'code' }, severity: 'error', suggestions: show },
      ],
      output: {
        locales: [{ code: 'en-US', name: 'English', default: true }],
        contentTypes: [contentType('article', [{ id: 'flag', type: 'Boolean', required: false, disabled: true }, { id: 'code', type: 'Symbol', required: false, disabled: true }])],
      },
    },
    {
      name: 'a default value that is null for every locale does not count',
      space: space({ id: 'code', type: 'Symbol', required: true, disabled: true, defaultValue: { 'en-US': null } }),
      findings: [{ messageId: 'hiddenRequired', target: { contentType: 'article', field: 'code' }, severity: 'error', suggestions: show }],
      output: space({ id: 'code', type: 'Symbol', required: false, disabled: true, defaultValue: { 'en-US': null } }),
      // The migration tool refuses any change of a field whose default value is null: fixed in place only.
      migrationRejected: /Cannot set default value of type "null" for locale "en-US" on field "code"/,
    },
    {
      name: 'an empty defaultValue object does not count',
      space: space({ id: 'code', type: 'Symbol', required: true, disabled: true, defaultValue: {} }),
      findings: [{ messageId: 'hiddenRequired', target: { contentType: 'article', field: 'code' }, severity: 'error', suggestions: show }],
      output: space({ id: 'code', type: 'Symbol', required: false, disabled: true, defaultValue: {} }),
    },
    {
      name: 'omitted fields are still published with the entry',
      space: space({ id: 'internal', type: 'Text', required: true, disabled: true, omitted: true }),
      findings: [{ messageId: 'hiddenRequired', target: { contentType: 'article', field: 'internal' }, severity: 'error', suggestions: show }],
      output: space({ id: 'internal', type: 'Text', required: false, disabled: true, omitted: true }),
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
          suggestions: show,
        },
      ],
      output: space({ id: 'legacyId', type: 'Symbol', required: false, disabled: true }),
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
        { messageId: 'hiddenRequired', target: { contentType: 'a', field: 'x' }, severity: 'error', suggestions: show },
        { messageId: 'hiddenRequired', target: { contentType: 'b', field: 'y' }, severity: 'error', suggestions: show },
        { messageId: 'hiddenRequired', target: { contentType: 'b', field: 'z' }, severity: 'error', suggestions: show },
      ],
      output: {
        contentTypes: [
          contentType('a', [{ id: 'x', type: 'Symbol', required: false, disabled: true }]),
          contentType('b', [
            { id: 'y', type: 'Integer', required: false, disabled: true },
            { id: 'z', type: 'Date', required: false, disabled: true },
          ]),
        ],
      },
    },
  ],
});
