import rule from '../../rules/content-type-removed.js';
import { articles } from '../helpers/diff-spaces.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const title = { id: 'title', type: 'Symbol' };

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([title]) },
    { name: 'same content types', before: articles([title]), space: articles([title]) },
    { name: 'a content type added', before: articles([title]), space: articles([title], [], [contentType('promo', [title])]) },
  ],
  invalid: [
    {
      name: 'a content type removed',
      before: articles([title], [], [contentType('legacyPromo', [title])]),
      space: articles([title]),
      findings: [{ messageId: 'removed', target: { contentType: 'legacyPromo' }, severity: 'error', message: 'type LegacyPromo', pointer: '/contentTypes/1' }],
    },
  ],
});
