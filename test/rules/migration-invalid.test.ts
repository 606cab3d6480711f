import rule from '../../rules/migration-invalid.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const space = {
  locales: [{ code: 'en-US', name: 'English', default: true }],
  contentTypes: [contentType('article', [{ id: 'title', type: 'Symbol' }, { id: 'body', type: 'Text' }], { displayField: 'title' })],
};

const script = (...lines: string[]) => `module.exports = function (migration) {\n${lines.map((l) => `  ${l}\n`).join('')}};\n`;

testRule(rule, {
  valid: [
    { name: 'no scripts', space },
    { name: 'a field added', space, migrations: { '1.js': script("migration.editContentType('article').createField('teaser').name('Teaser').type('Text');") } },
    {
      name: 'a field deleted after it was omitted (the tool asks for both, in two scripts)',
      space,
      migrations: {
        '1.js': script("migration.editContentType('article').editField('body').omitted(true);"),
        '2.js': script("migration.editContentType('article').deleteField('body');"),
      },
    },
    { name: 'a content type created from nothing', space: { locales: space.locales }, migrations: { '1.js': script("migration.createContentType('tag').name('Tag').createField('label').name('Label').type('Symbol');") } },
    {
      name: 'a default value in a locale, when the inputs hold no locales (the space’s locales are unknown then)',
      space: { contentTypes: [] },
      migrations: { '1.js': script("migration.createContentType('tag').name('Tag').createField('label').name('Label').type('Symbol').defaultValue({ 'en-GB': 'new' });") },
    },
  ],
  invalid: [
    {
      name: 'a default value in a locale the space does not have',
      space,
      migrations: { '1.js': script("migration.editContentType('article')", "  .editField('title').defaultValue({ 'de-DE': 'Neu' });") },
      findings: [{ messageId: 'rejected', target: { contentType: 'article', field: 'title' }, severity: 'error', message: 'Cannot set default value for locale "de-DE" on field "title". The locale does not exist.', line: 3 }],
    },
    {
      name: 'a field deleted that does not exist',
      space,
      migrations: { '1.js': script("migration.editContentType('article').deleteField('subtitle');") },
      findings: [{ messageId: 'rejected', target: { contentType: 'article', field: 'subtitle' }, severity: 'error', message: 'Field with id "subtitle" cannot be deleted because it does not exist.', line: 2 }],
    },
    {
      name: 'a content type created twice',
      space,
      migrations: { '1.js': script("migration.createContentType('article').name('Article');") },
      findings: [{ messageId: 'rejected', target: { contentType: 'article' }, severity: 'error', message: /already exists/, line: 2 }],
    },
    {
      name: 'an invalid payload: a field type the service does not know',
      space,
      migrations: { '1.js': script("const article = migration.editContentType('article');", "article.createField('rating').name('Rating').type('Stars');") },
      findings: [{ messageId: 'rejected', target: { contentType: 'article', field: 'rating' }, severity: 'error', message: /"type"/, line: 3 }],
    },
    {
      name: 'an error of the content type as a whole: at the step that made its field (not at a field named like a word of the message), once (not again at a later save)',
      space,
      migrations: {
        '1.js': script(
          "const article = migration.editContentType('article');",
          "article.createField('type').name('Type').type('Symbol');",
          "article.createField('related').name('Related').type('Array')",
          "  .linkType('Entry').items({ type: 'Link', linkType: 'Entry' });",
          "migration.editContentType('article').name('Article');",
        ),
      },
      findings: [{ messageId: 'rejected', target: { contentType: 'article', field: 'related' }, severity: 'error', message: 'The property "linkType" is forbidden on the field "related" because "type" is not "Link".', line: 4 }],
    },
    {
      name: 'the scripts after a rejected one are replayed without it, and rejected in turn where they depend on it',
      space,
      migrations: {
        '1.js': script("migration.createContentType('tag').name('Tag').createField('label').name('Label').type('Nope');"),
        '2.js': script("migration.editContentType('tag').createField('color').name('Color').type('Symbol');"),
      },
      findings: [
        { messageId: 'rejected', target: { contentType: 'tag', field: 'label' }, severity: 'error', line: 2 },
        // The same line of the second script: its create and its edits of the field, each message once.
        { messageId: 'rejected', target: { contentType: 'tag', field: 'color' }, severity: 'error', message: /cannot create a field with id "color" on content type "tag" because it does not exist/, line: 2 },
        { messageId: 'rejected', target: { contentType: 'tag', field: 'color' }, severity: 'error', message: /cannot edit field "color" on content type "tag" because it does not exist/, line: 2 },
      ],
    },
  ],
});
