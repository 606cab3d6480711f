import rule from '../../rules/field-unlocalized.js';
import { articles, entry } from '../helpers/diff-spaces.js';
import { testRule } from '../helpers/rule-tester.js';

const localized = { id: 'summary', type: 'Text', localized: true };
const unlocalized = { id: 'summary', type: 'Text', localized: false };
const german = entry('a1', 'article', { summary: { 'en-US': 'Sum', 'de-DE': 'Zus' } });
const english = entry('a2', 'article', { summary: { 'en-US': 'Sum' } });

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: articles([unlocalized], [german]) },
    { name: 'still localized', before: articles([localized], [german]), space: articles([localized], [german]) },
    { name: 'made localized', before: articles([unlocalized], [german]), space: articles([localized], [german]) },
    { name: 'no entry holds other locales', before: articles([localized], [english]), space: articles([unlocalized], [english]) },
    { name: 'an empty value in another locale', before: articles([localized], [entry('a3', 'article', { summary: { 'en-US': 'x', 'de-DE': '' } })]), space: articles([unlocalized], [entry('a3', 'article', { summary: { 'en-US': 'x', 'de-DE': '' } })]) },
  ],
  invalid: [
    {
      name: 'made non-localized under German values',
      before: articles([localized], [german, english]),
      space: articles([unlocalized], [german, english]),
      findings: [{ messageId: 'unlocalized', target: { contentType: 'article', field: 'summary', entry: 'a1' }, severity: 'warning', message: "in entry 'a1'" }],
    },
    {
      name: 'no entries in the inputs: dangerous',
      before: articles([localized]),
      space: articles([unlocalized]),
      findings: [{ messageId: 'unchecked', target: { contentType: 'article', field: 'summary' }, severity: 'warning' }],
    },
  ],
});
