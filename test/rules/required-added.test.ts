import rule from '../../rules/required-added.js';
import { articles, entry } from '../helpers/diff-spaces.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const optional = { id: 'teaser', type: 'Symbol' };
const required = { id: 'teaser', type: 'Symbol', required: true };
const filled = entry('a1', 'article', { teaser: { 'en-US': 't' } });
const empty = entry('a2', 'article', { title: { 'en-US': 'x' } });

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([required], [empty]) },
    { name: 'required before too', before: articles([required], [empty]), space: articles([required], [empty]) },
    { name: 'made required where every entry has a value', before: articles([optional], [filled]), space: articles([required], [filled]) },
    { name: 'an empty entry that is archived', before: articles([optional], [entry('a3', 'article', {}, { archivedVersion: 2 })]), space: articles([required], [entry('a3', 'article', {}, { archivedVersion: 2 })]) },
    { name: 'a new content type with a required field', before: articles([optional]), space: articles([optional], [], [contentType('promo', [required])]) },
    { name: 'empty only in an optional locale', before: articles([{ ...optional, localized: true }], [filled]), space: articles([{ ...required, localized: true }], [filled]) },
  ],
  invalid: [
    {
      name: 'made required where an entry is empty',
      before: articles([optional], [filled, empty]),
      space: articles([required], [filled, empty]),
      findings: [{ messageId: 'required', target: { contentType: 'article', field: 'teaser', entry: 'a2' }, severity: 'error', message: "empty in entry 'a2'" }],
    },
    {
      name: 'a new required field on a type with entries',
      before: articles([], [empty]),
      space: articles([required], [empty]),
      findings: [{ messageId: 'required', target: { contentType: 'article', field: 'teaser', entry: 'a2' }, severity: 'error' }],
    },
    {
      name: 'no entries in the inputs: dangerous',
      before: articles([optional]),
      space: articles([required]),
      findings: [{ messageId: 'unchecked', target: { contentType: 'article', field: 'teaser' }, severity: 'warning' }],
    },
  ],
});
