import rule from '../../rules/locale-removed.js';
import { LOCALES, articles, entry } from '../helpers/diff-spaces.js';
import { testRule } from '../helpers/rule-tester.js';

const title = { id: 'title', type: 'Symbol', localized: true };
const german = entry('a1', 'article', { title: { 'en-US': 'x', 'de-DE': 'y' } });
const english = entry('a2', 'article', { title: { 'en-US': 'x' } });
const withoutGerman = (entries: Record<string, unknown>[]) => ({ ...articles([title], entries), locales: [LOCALES[0]] });

testRule(rule, {
  valid: [
    { name: 'no before model: a plain lint run', space: withoutGerman([german]) },
    { name: 'same locales', before: articles([title], [german]), space: articles([title], [german]) },
    { name: 'removed where no entry holds values for it', before: articles([title], [english]), space: withoutGerman([english]) },
  ],
  invalid: [
    {
      name: 'a locale removed under values',
      before: articles([title], [german, english]),
      space: withoutGerman([german, english]),
      findings: [{ messageId: 'removed', target: { locale: 'de-DE', entry: 'a1' }, severity: 'error', message: "remain in entry 'a1'", pointer: '/locales/1' }],
    },
    {
      name: 'no entries in the inputs: dangerous',
      before: articles([title]),
      space: withoutGerman([]),
      findings: [{ messageId: 'unchecked', target: { locale: 'de-DE' }, severity: 'warning' }],
    },
  ],
});
