import rule from '../../rules/validation-narrowed.js';
import { articles, entry } from '../helpers/diff-spaces.js';
import { testRule } from '../helpers/rule-tester.js';

const category = (values: string[]) => ({ id: 'category', type: 'Symbol', validations: [{ in: values }] });
const culture = entry('a1', 'article', { category: { 'en-US': 'culture' } });
const news = entry('a2', 'article', { category: { 'en-US': 'news' } });
const slug = (pattern: string | null) => ({ id: 'slug', type: 'Symbol', validations: pattern === null ? [] : [{ regexp: { pattern } }] });
const tags = (max: number) => ({ id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [{ size: { max } }] } });

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([category(['news'])], [culture]) },
    { name: 'unchanged', before: articles([category(['news', 'sport'])], [news]), space: articles([category(['news', 'sport'])], [news]) },
    { name: 'widened', before: articles([category(['news'])], [news]), space: articles([category(['news', 'culture'])], [news]) },
    { name: 'narrowed where no entry uses the value', before: articles([category(['news', 'culture'])], [news]), space: articles([category(['news'])], [news]) },
    { name: 'an entry that broke the validation before already', before: articles([category(['news', 'sport'])], [culture]), space: articles([category(['news'])], [culture]) },
    { name: 'a new field with a validation', before: articles([], [culture]), space: articles([category(['news'])], [culture]) },
  ],
  invalid: [
    {
      name: 'in list narrowed under an existing value',
      before: articles([category(['news', 'culture'])], [culture, news]),
      space: articles([category(['news'])], [culture, news]),
      findings: [{ messageId: 'narrowed', target: { contentType: 'article', field: 'category', entry: 'a1' }, severity: 'error', message: "The in validation of field 'category'" }],
    },
    {
      name: 'a pattern added',
      before: articles([slug(null)], [entry('a3', 'article', { slug: { 'en-US': 'Hello World' } })]),
      space: articles([slug('^[a-z-]+$')], [entry('a3', 'article', { slug: { 'en-US': 'Hello World' } })]),
      findings: [{ messageId: 'narrowed', target: { contentType: 'article', field: 'slug', entry: 'a3' }, severity: 'error', message: 'regexp' }],
    },
    {
      name: 'item size made smaller',
      before: articles([tags(20)], [entry('a4', 'article', { tags: { 'en-US': ['short', 'a rather long tag'] } })]),
      space: articles([tags(10)], [entry('a4', 'article', { tags: { 'en-US': ['short', 'a rather long tag'] } })]),
      findings: [{ messageId: 'narrowed', target: { contentType: 'article', field: 'tags', entry: 'a4' }, severity: 'error', message: 'size' }],
    },
    {
      name: 'no entries in the inputs: dangerous',
      before: articles([category(['news', 'culture'])]),
      space: articles([category(['news'])]),
      findings: [{ messageId: 'unchecked', target: { contentType: 'article', field: 'category' }, severity: 'warning' }],
    },
  ],
});
