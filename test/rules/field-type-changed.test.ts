import rule from '../../rules/field-type-changed.js';
import { articles } from '../helpers/diff-spaces.js';
import { testRule } from '../helpers/rule-tester.js';

const tags = (type: string) => ({ id: 'tags', type: 'Array', items: { type } });

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([{ id: 'rating', type: 'Integer' }]) },
    { name: 'same type', before: articles([{ id: 'rating', type: 'Integer' }]), space: articles([{ id: 'rating', type: 'Integer', required: true }]) },
    { name: 'a new field', before: articles([]), space: articles([{ id: 'rating', type: 'Integer' }]) },
    { name: 'same item type', before: articles([tags('Symbol')]), space: articles([tags('Symbol')]) },
  ],
  invalid: [
    {
      name: 'Integer to Number',
      before: articles([{ id: 'rating', type: 'Integer' }]),
      space: articles([{ id: 'rating', type: 'Number' }]),
      findings: [{ messageId: 'changed', target: { contentType: 'article', field: 'rating' }, severity: 'error', message: 'from Integer to Number', pointer: '/contentTypes/0/fields/0/type' }],
    },
    {
      name: 'item type changed',
      before: articles([tags('Symbol')]),
      space: articles([{ id: 'tags', type: 'Array', items: { type: 'Link', linkType: 'Entry' } }]),
      findings: [{ messageId: 'changed', target: { contentType: 'article', field: 'tags' }, severity: 'error', message: 'from Array<Symbol> to Array<Link<Entry>>' }],
    },
    {
      name: 'link type changed',
      before: articles([{ id: 'image', type: 'Link', linkType: 'Asset' }]),
      space: articles([{ id: 'image', type: 'Link', linkType: 'Entry' }]),
      findings: [{ messageId: 'changed', target: { contentType: 'article', field: 'image' }, severity: 'error' }],
    },
  ],
});
