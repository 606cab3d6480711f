import rule from '../../rules/required-taxonomy-missing.js';
import { contentType, testRule } from '../helpers/rule-tester.js';

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const conceptLink = (id: string) => link('TaxonomyConcept', id);
const schemeLink = (id: string) => link('TaxonomyConceptScheme', id);
const concept = (id: string, broader: string[] = [], extra: Record<string, unknown> = {}) => ({
  sys: { id, type: 'TaxonomyConcept' },
  prefLabel: { 'en-US': id },
  broader: broader.map(conceptLink),
  related: [],
  ...extra,
});

/**
 * Scheme `topics` lists `animals` (top concept) and `plants`; `apes` → `primates` → `animals`.
 * `loopA` and `loopB` are each other's parents, and `loopB` also reaches `animals`; `spin` is its
 * own parent and reaches nothing. Scheme `regions` lists `europe`; `germany` → `europe`. `fungi`
 * is in `topics` only by naming the scheme itself (the delivery API's shape).
 */
const taxonomy = {
  concepts: [
    concept('animals'),
    concept('primates', ['animals']),
    concept('apes', ['primates']),
    concept('plants'),
    concept('rocks'),
    concept('loopA', ['loopB']),
    concept('loopB', ['loopA', 'animals']),
    concept('spin', ['spin']),
    concept('europe'),
    concept('germany', ['europe']),
    concept('fungi', [], { conceptSchemes: [schemeLink('topics')] }),
  ],
  conceptSchemes: [
    { sys: { id: 'topics', type: 'TaxonomyConceptScheme' }, topConcepts: [conceptLink('animals')], concepts: [conceptLink('animals'), conceptLink('plants')] },
    { sys: { id: 'regions', type: 'TaxonomyConceptScheme' }, topConcepts: [conceptLink('europe')], concepts: [] },
  ],
};

const validation = (target: { sys: { linkType: string; id: string } }, required: boolean) => ({ ...target, required });
const article = contentType('article', [{ id: 'title', type: 'Symbol' }], {
  metadata: { taxonomy: [validation(schemeLink('topics'), true), validation(conceptLink('europe'), true), validation(conceptLink('rocks'), false)] },
});
const note = contentType('note', [{ id: 'title', type: 'Symbol' }], { metadata: { taxonomy: [validation(schemeLink('topics'), false)] } });
const entry = (id: string, concepts: string[] | null, extra: Record<string, unknown> = {}, type = 'article') => ({
  ...(concepts === null ? {} : { metadata: { tags: [], concepts: concepts.map(conceptLink) } }),
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: type } }, ...extra },
  fields: { title: { 'en-US': id } },
});
const withTaxonomy = (...entries: unknown[]) => ({ contentTypes: [article, note], taxonomy, entries });
const withoutTaxonomy = (...entries: unknown[]) => ({ contentTypes: [article, note], entries });

const BOTH = "a concept of scheme 'topics', concept 'europe' or a concept below it";

testRule(rule, {
  valid: [
    { name: 'concepts below the required scheme’s concept and below the required concept (broader chains)', space: withTaxonomy(entry('a1', ['apes', 'germany'])) },
    { name: 'the required concept itself fulfils a concept validation; a listed scheme concept fulfils the scheme', space: withTaxonomy(entry('a1', ['plants', 'europe'])) },
    { name: 'a concept in a broader cycle that also reaches the scheme: the walk ends, and it fulfils', space: withTaxonomy(entry('a1', ['loopA', 'europe'])) },
    { name: 'a concept that names the scheme in conceptSchemes', space: withTaxonomy(entry('a1', ['fungi', 'germany'])) },
    { name: 'validations that are not required', space: withTaxonomy(entry('n1', [], {}, 'note'), entry('n2', null, {}, 'note')) },
    {
      name: 'a validation without `required` (the service defaults it to false), or with a non-boolean one, is not required',
      space: {
        contentTypes: [contentType('loose', [], { metadata: { taxonomy: [schemeLink('topics'), { ...conceptLink('europe'), required: 'true' }] } })],
        taxonomy,
        entries: [entry('l1', [], {}, 'loose')],
      },
    },
    { name: 'an archived entry is skipped', space: withTaxonomy(entry('a1', [], { archivedVersion: 3 })) },
    { name: 'without the taxonomy export, entries with concepts are not reported when they hold the required concept itself', space: {
      contentTypes: [contentType('place', [], { metadata: { taxonomy: [validation(conceptLink('europe'), true)] } })],
      entries: [entry('p1', ['europe'], {}, 'place')],
    } },
    { name: 'an empty taxonomy export and content types without taxonomy validations', space: { contentTypes: [contentType('plain', [])], taxonomy: {}, entries: [entry('x', [], {}, 'plain')] } },
    {
      name: 'odd shapes: metadata.taxonomy not an array, links without ids or of other types, concepts not links',
      space: {
        contentTypes: [
          contentType('odd', [], { metadata: { taxonomy: { required: true } } }),
          contentType('odd2', [], { metadata: { taxonomy: [null, 'x', { sys: { linkType: 'Tag', id: 't' }, required: true }, { sys: { linkType: 'TaxonomyConcept' }, required: true }] } }),
        ],
        taxonomy,
        entries: [
          { sys: { id: 'o1', contentType: { sys: { id: 'odd' } } }, metadata: 'x' },
          { sys: { id: 'o2', contentType: { sys: { id: 'odd2' } } }, metadata: { concepts: [null, 'apes', { sys: {} }] } },
        ],
      },
    },
  ],
  invalid: [
    {
      name: 'twelve required concepts: each entry names ten and counts the rest, not all of them once per entry',
      space: {
        contentTypes: [contentType('tagged', [], { metadata: { taxonomy: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => validation(conceptLink(`c${n}`), true)) } })],
        entries: [entry('t1', [], {}, 'tagged'), entry('t2', [], {}, 'tagged')],
      },
      findings: ['t1', 't2'].map((id) => ({
        messageId: 'noConcepts',
        target: { contentType: 'tagged', entry: id },
        severity: 'error' as const,
        message: "requires concept 'c1' or a concept below it, concept 'c2' or a concept below it, concept 'c3' or a concept below it, concept 'c4' or a concept below it, concept 'c5' or a concept below it, concept 'c6' or a concept below it, concept 'c7' or a concept below it, concept 'c8' or a concept below it, concept 'c9' or a concept below it, concept 'c10' or a concept below it, and 2 more.",
      })),
    },
    {
      name: 'no concepts at all: one finding per entry naming every required validation',
      space: withTaxonomy(entry('a1', []), entry('a2', null), entry('a3', ['apes', 'germany'])),
      findings: [
        {
          messageId: 'noConcepts',
          target: { contentType: 'article', entry: 'a1' },
          severity: 'error',
          message: `This entry has no taxonomy concepts, but its content type 'article' requires ${BOTH}. The service refuses to publish it`,
          pointer: '/entries/0/metadata/concepts',
        },
        { messageId: 'noConcepts', target: { contentType: 'article', entry: 'a2' }, severity: 'error', pointer: '/entries/1' },
      ],
    },
    {
      name: 'concepts that fulfil only some validations: the finding names the rest',
      space: withTaxonomy(entry('a1', ['plants']), entry('a2', ['germany', 'rocks']), entry('a3', ['spin', 'loopA'])),
      findings: [
        {
          messageId: 'unfulfilled',
          target: { contentType: 'article', entry: 'a1' },
          severity: 'error',
          message: "None of this entry's taxonomy concepts ('plants') fulfils what its content type 'article' requires: concept 'europe' or a concept below it.",
          pointer: '/entries/0/metadata/concepts',
        },
        { messageId: 'unfulfilled', target: { contentType: 'article', entry: 'a2' }, severity: 'error', message: "requires: a concept of scheme 'topics'." },
        { messageId: 'unfulfilled', target: { contentType: 'article', entry: 'a3' }, severity: 'error', message: "requires: concept 'europe' or a concept below it." },
      ],
    },
    {
      name: 'concept ids that resolve to nothing: warnings, on the content type’s validation and on the entry',
      space: {
        contentTypes: [
          contentType('legacy', [], {
            metadata: { taxonomy: [validation(schemeLink('retired'), true), validation(conceptLink('ghost'), false), validation(conceptLink('europe'), true)] },
          }),
        ],
        taxonomy,
        entries: [entry('l1', ['ghost', 'germany'], {}, 'legacy'), entry('l2', ['phantom'], {}, 'legacy')],
      },
      findings: [
        {
          messageId: 'unknownValidationTarget',
          target: { contentType: 'legacy' },
          severity: 'warning',
          message: "links to concept scheme 'retired', which the taxonomy export does not have",
          pointer: '/contentTypes/0/metadata/taxonomy/0/sys/id',
        },
        { messageId: 'unknownValidationTarget', target: { contentType: 'legacy' }, severity: 'warning', message: "links to concept 'ghost'" },
        {
          messageId: 'unknownEntryConcept',
          target: { contentType: 'legacy', entry: 'l1' },
          severity: 'warning',
          message: "carries taxonomy concept 'ghost'",
          pointer: '/entries/0/metadata/concepts/0',
        },
        { messageId: 'unfulfilled', target: { contentType: 'legacy', entry: 'l2' }, severity: 'error', message: "('phantom') fulfils what its content type 'legacy' requires: concept 'europe'" },
        { messageId: 'unknownEntryConcept', target: { contentType: 'legacy', entry: 'l2' }, severity: 'warning', message: "'phantom'" },
      ],
    },
    {
      name: 'an unknown concept on an entry whose content type requires nothing is still reported',
      space: withTaxonomy(entry('n1', ['apes', 'ghost'], {}, 'note')),
      findings: [{ messageId: 'unknownEntryConcept', target: { contentType: 'note', entry: 'n1' }, severity: 'warning', pointer: '/entries/0/metadata/concepts/1' }],
    },
    {
      name: 'without the taxonomy export: entries without concepts are reported; entries with concepts are counted in one info finding',
      space: withoutTaxonomy(entry('a1', []), entry('a2', ['apes']), entry('a3', ['plants', 'germany']), entry('n1', [], {}, 'note')),
      findings: [
        {
          messageId: 'taxonomyMissing',
          target: {},
          severity: 'info',
          message: '2 entries with taxonomy concepts could not be checked against required taxonomy validations: the input has no organisation taxonomy export.',
          pointer: null,
        },
        { messageId: 'noConcepts', target: { contentType: 'article', entry: 'a1' }, severity: 'error', message: BOTH },
      ],
    },
    {
      name: 'without the taxonomy export, a concept validation not met by the concept itself cannot be judged',
      space: {
        contentTypes: [contentType('place', [], { metadata: { taxonomy: [validation(conceptLink('europe'), true)] } })],
        entries: [entry('p1', ['asia'], {}, 'place')],
      },
      findings: [{ messageId: 'taxonomyMissing', target: {}, severity: 'info', message: '1 entry with taxonomy concepts' }],
    },
  ],
});
