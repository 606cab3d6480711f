import rule from '../../rules/graphql-breaking-change.js';
import { articles } from '../helpers/diff-spaces.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const title = { id: 'title', type: 'Symbol' };
const body = { id: 'body', type: 'Text' };
const people = [contentType('person', [{ id: 'name', type: 'Symbol' }]), contentType('team', [{ id: 'name', type: 'Symbol' }])];
const author = (types: string[]) => ({ id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: types }] });

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([title]) },
    { name: 'a new optional field is safe', before: articles([title]), space: articles([title, body]) },
    { name: 'a field removed is field-removed\'s finding', before: articles([title, body]), space: articles([title]) },
    { name: 'a field retyped is field-type-changed\'s finding', before: articles([{ id: 'n', type: 'Integer' }]), space: articles([{ id: 'n', type: 'Number' }]) },
    { name: 'a content type removed is content-type-removed\'s finding', before: articles([title], [], people), space: articles([title]) },
    { name: "a link field removed: its linkedFrom collection is field-removed's finding too", before: articles([title, author(['person'])], [], people), space: articles([title], [], people) },
    { name: 'colliding names: nothing predicted', before: articles([title]), space: articles([title, { id: 'Title', type: 'Symbol' }]) },
  ],
  invalid: [
    {
      name: 'a field made omitted leaves the schema',
      before: articles([title, body]),
      space: articles([title, { ...body, omitted: true }]),
      findings: [{ messageId: 'breaking', target: { contentType: 'article', field: 'body' }, severity: 'error', message: 'Article.body was removed' }],
    },
    {
      name: 'a sortable field made omitted: one finding, not one per filter input field and order value that go with it',
      before: articles([title, { id: 'authors', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] } }], [], people),
      space: articles([title, { id: 'authors', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] } }], [], [
        contentType('person', [{ id: 'name', type: 'Symbol', omitted: true }]),
        people[1]!,
      ]),
      findings: [{ messageId: 'breaking', target: { contentType: 'person', field: 'name' }, severity: 'error', message: /queries: Person\.name was removed\.$/ }],
    },
    {
      name: 'a link pointed at another type: one finding for the field, its where argument and the linkedFrom collection included, no filter input changes',
      before: articles([author(['person'])], [], people),
      space: articles([author(['team'])], [], people),
      findings: [
        {
          messageId: 'breaking',
          target: { contentType: 'article', field: 'author' },
          severity: 'error',
          message:
            /^(?=.*Article\.author changed type from Person to Team\.)(?=.*Article\.author arg where has changed type from PersonFilter to TeamFilter\.)(?=.*PersonLinkingCollections\.articleCollection was removed\.)(?!.*NestedFilter)(?!.*ArticleFilter)/,
        },
      ],
    },
    {
      name: 'a link narrowed to one type changes the field type, and the type left out loses its linkedFrom collection: one finding',
      before: articles([author(['person', 'team'])], [], people),
      space: articles([author(['person'])], [], people),
      findings: [
        {
          messageId: 'breaking',
          target: { contentType: 'article', field: 'author' },
          severity: 'error',
          message: /Article\.author changed type .*TeamLinkingCollections\.articleCollection was removed/,
        },
      ],
    },
  ],
});
