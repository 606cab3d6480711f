import rule from '../../rules/link-narrowed.js';
import { articles, entry } from '../helpers/diff-spaces.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const author = (types: string[]) => ({ id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: types }] });
const people = [contentType('person', [{ id: 'name', type: 'Symbol' }]), contentType('team', [{ id: 'name', type: 'Symbol' }])];
const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
// The article comes before the entry it links to: the link is judged once every entry has been seen.
const entries = [entry('a1', 'article', { author: { 'en-US': link('t1') } }), entry('a2', 'article', { author: { 'en-US': link('p1') } }), entry('p1', 'person', {}), entry('t1', 'team', {})];

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([author(['person'])], entries, people) },
    { name: 'widened', before: articles([author(['person'])], entries.slice(1), people), space: articles([author(['person', 'team'])], entries.slice(1), people) },
    { name: 'narrowed where no entry links to the type left out', before: articles([author(['person', 'team'])], entries.slice(1), people), space: articles([author(['person'])], entries.slice(1), people) },
  ],
  invalid: [
    {
      name: 'linkContentType narrowed under an existing link (target later in the input)',
      before: articles([author(['person', 'team'])], entries, people),
      space: articles([author(['person'])], entries, people),
      findings: [{ messageId: 'narrowed', target: { contentType: 'article', field: 'author', entry: 'a1' }, severity: 'error', message: "links of entry 'a1'" }],
    },
    {
      name: 'no entries in the inputs: dangerous',
      before: articles([author(['person', 'team'])], [], people),
      space: articles([author(['person'])], [], people),
      findings: [{ messageId: 'unchecked', target: { contentType: 'article', field: 'author' }, severity: 'warning' }],
    },
  ],
});
