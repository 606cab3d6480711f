import rule from '../../rules/display-field-select.js';
import { contentType } from '../helpers/rule-tester.js';
import { testSourceRule } from '../helpers/source-rule-tester.js';

const space = {
  contentTypes: [
    contentType('promo', [{ id: 'headline', type: 'Symbol' }], { displayField: null }),
    contentType('post', [{ id: 'title', type: 'Symbol', required: true }], { displayField: 'title' }),
    contentType('author', [{ id: 'name', type: 'Symbol' }], { displayField: 'name' }),
    contentType('legacy', [{ id: 'name', type: 'Symbol' }], { displayField: 'label' }),
  ],
};
const delivery = "import { createClient } from 'contentful';\nconst client = createClient({ space: 's', accessToken: 't' });\n";

testSourceRule(rule, {
  valid: [
    { name: 'a content type with a required display field', space, code: `${delivery}await client.getEntries({ content_type: 'post', select: ['sys.id', 'fields._displayField'] });\n` },
    { name: 'no content_type: resolved across types (the model rule reports the types)', space, code: `${delivery}await client.getEntries({ select: 'fields._displayField' });\n` },
    { name: 'content_type from a variable', space, code: `${delivery}await client.getEntries({ content_type: type, select: 'fields._displayField' });\n` },
    { name: 'other select tokens', space, code: `${delivery}await client.getEntries({ content_type: 'promo', select: 'fields.headline' });\n` },
    { name: 'a comment', space, code: `${delivery}// client.getEntries({ content_type: 'promo', select: 'fields._displayField' })\n` },
    { name: 'a URL on another host', space, code: "await fetch('https://api.example.com/entries?content_type=promo&select=fields._displayField');\n" },
  ],
  invalid: [
    {
      name: 'a content type without displayField (delivery SDK, array select)',
      space,
      code: `${delivery}export const promos = await client.getEntries({ content_type: 'promo', select: ['sys', 'fields._displayField'] });\n`,
      findings: [{ messageId: 'noDisplayField', severity: 'warning', line: 3, column: 49, target: { contentType: 'promo' }, message: /without fields.*\(enforced from 2026-05-21|without fields\. Set its displayField/ }],
    },
    {
      name: 'from 2026-05-21 on, a URL with the content type in its query string; a displayField naming no field',
      space,
      asOf: '2026-05-21',
      code: "await fetch(`https://cdn.contentful.com/spaces/${s}/environments/master/entries?content_type=legacy&select=sys.id,fields._displayField`);\n",
      findings: [{ messageId: 'missingField', severity: 'warning', line: 1, column: 13, target: { contentType: 'legacy' }, message: /displayField 'label' is not one of its fields/ }],
    },
    {
      name: 'a display field that is not required: info, naming the field',
      space,
      code: "import { createClient } from 'contentful-management';\nawait client.entry.getMany({ spaceId, environmentId, query: { content_type: 'author', select: 'fields._displayField' } });\n",
      findings: [{ messageId: 'optionalField', severity: 'info', line: 2, target: { contentType: 'author', field: 'name' } }],
    },
    {
      name: 'a content type that is not in the model: could not check',
      space,
      code: `${delivery}await client.getEntries({ content_type: 'event', select: 'fields._displayField' });\n`,
      findings: [{ messageId: 'unknownContentType', severity: 'info', line: 3, target: { contentType: 'event' } }],
    },
    {
      name: 'no model in the run: could not check',
      code: `${delivery}await client.getEntries({ content_type: 'promo', select: 'fields._displayField' });\n`,
      findings: [{ messageId: 'noModel', severity: 'info', line: 3, target: { contentType: 'promo' }, message: /could not check/ }],
    },
  ],
});
