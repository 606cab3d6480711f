import rule from '../../rules/field-removed.js';
import { articles } from '../helpers/diff-spaces.js';
import { testRule } from '../helpers/rule-tester.js';

const title = { id: 'title', type: 'Symbol' };
const body = { id: 'body', type: 'Text' };

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([title]) },
    { name: 'same fields', before: articles([title, body]), space: articles([title, body]) },
    { name: 'a field added', before: articles([title]), space: articles([title, body]) },
    { name: 'a field already deleted before', before: articles([title, { ...body, deleted: true }]), space: articles([title]) },
    { name: 'the content type removed as a whole (content-type-removed)', before: articles([title, body]), space: { contentTypes: [] } },
  ],
  invalid: [
    {
      name: 'a field removed',
      before: articles([title, body]),
      space: articles([title]),
      findings: [{ messageId: 'removed', target: { contentType: 'article', field: 'body' }, severity: 'error', pointer: '/contentTypes/0/fields' }],
    },
    {
      name: 'a field marked deleted',
      before: articles([title, body]),
      space: articles([title, { ...body, deleted: true }]),
      findings: [{ messageId: 'removed', target: { contentType: 'article', field: 'body' }, severity: 'error' }],
    },
  ],
});
