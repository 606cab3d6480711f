import { EntryCount } from '../src/engine/entry-count.js';
import { defineRule } from '../src/engine/rule.js';
import { isObject, ownValue } from '../src/util/json-value.js';
import { linkTarget } from '../src/model/links.js';
import { isArchived } from '../src/model/entry-status.js';
import type { EntryNode } from '../src/model/nodes.js';
import { plural } from '../src/util/plural.js';
import { quoted, showList } from '../src/validation/describe.js';

/** A required taxonomy validation of a content type: a link to a concept scheme or a concept. */
interface Requirement {
  kind: 'scheme' | 'concept';
  id: string;
}

const LINK_KINDS: Readonly<Record<string, Requirement['kind']>> = {
  TaxonomyConceptScheme: 'scheme',
  TaxonomyConcept: 'concept',
};

function describe(requirement: Requirement): string {
  return requirement.kind === 'scheme' ? `a concept of scheme '${requirement.id}'` : `concept '${requirement.id}' or a concept below it`;
}

/** An entry's `metadata.concepts`, if it is an array. */
function conceptLinks(entry: EntryNode): unknown[] | undefined {
  const { metadata } = entry.json;
  return isObject(metadata) && Array.isArray(metadata.concepts) ? metadata.concepts : undefined;
}

export default defineRule({
  meta: {
    id: 'required-taxonomy-missing',
    description: 'An entry without a taxonomy concept that fulfils a required taxonomy validation of its content type: publish refused.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      noConcepts: {
        text:
          "This entry has no taxonomy concepts, but its content type '{{contentType}}' requires {{requirements}}. " +
          'The service refuses to publish it until it has them.',
      },
      unfulfilled: {
        text:
          "None of this entry's taxonomy concepts ({{concepts}}) fulfils what its content type '{{contentType}}' requires: {{requirements}}. " +
          'The service refuses to publish it until it has them.',
      },
      unknownValidationTarget: {
        text:
          "A taxonomy validation of content type '{{contentType}}' links to {{what}} '{{id}}', which the taxonomy export does not have " +
          '(the service keeps links to deleted concepts and schemes). Remove the validation or link an existing {{what}}.',
        maxSeverity: 'warning',
      },
      unknownEntryConcept: {
        text:
          "This entry carries taxonomy concept '{{id}}', which the taxonomy export does not have (the service keeps links to deleted concepts). " +
          'It fulfils no taxonomy validation; remove it or assign an existing concept.',
        maxSeverity: 'warning',
      },
      taxonomyMissing: {
        text:
          '{{entries}} with taxonomy concepts could not be checked against required taxonomy validations: the input has no organisation taxonomy export. ' +
          'Export it with the service’s command-line tool (organization export) and pass it with --taxonomy FILE or the config key "taxonomy".',
        maxSeverity: 'info',
      },
    },
    docs: `
A content type can carry taxonomy validations in \`metadata.taxonomy\`: links to a concept scheme
or to a concept, each with \`required: true|false\`. When one is required, the service checks on
publish that the entry has, in \`metadata.concepts\`, taxonomy concepts that fulfil it, and refuses
to publish it otherwise. The change has no date; cmlint treats it as in effect.

What fulfils a required validation:

- a link to a concept scheme: a concept that the scheme lists in \`concepts\` or \`topConcepts\`
  (or that names the scheme in \`conceptSchemes\`), or a concept whose \`broader\` chain reaches
  one of them;
- a link to a concept: that concept, or a concept whose \`broader\` chain reaches it. The
  service's help says a concept validation allows the concept's subconcepts; whether the concept
  itself fulfils it is not stated, and cmlint counts it (the reading without false alarms).

Concepts and schemes live in the organisation, not in the space export: cmlint reads them from
the organisation taxonomy export (\`{"taxonomy": {"concepts": [...], "conceptSchemes": [...]}}\`,
written by the service's command-line tool with \`organization export\`), given with
\`--taxonomy FILE\`, the config key \`taxonomy\`, or as one of the inputs. \`broader\` chains that
form a cycle end where they repeat.

Reported, as \`error\`, one finding per entry (archived entries are skipped) that does not fulfil
every required validation of its content type, naming the ones it misses.

Without the taxonomy export, only entries with no concepts at all are reported (and entries whose
concepts include a required concept itself are known to fulfil it); entries with concepts are
not, and one \`info\` finding says how many could not be checked.

With the taxonomy export, reported as \`warning\`: a taxonomy validation (required or not) linking
to a scheme or concept that the export does not have, and a concept on an entry that the export
does not have. The service does not remove such links when concepts are deleted. A required
validation whose target is unknown is not checked on entries: what fulfils it cannot be known.

## Examples

Content type \`article\` with \`"metadata": { "taxonomy": [{ "sys": { "type": "Link",
"linkType": "TaxonomyConceptScheme", "id": "topics" }, "required": true }] }\`. Reported:

\`\`\`json
{ "sys": { "id": "a1", "contentType": { "sys": { "id": "article" } } }, "metadata": { "concepts": [] } }
\`\`\`

Not reported (\`primates\` has \`broader: animals\`, and the scheme \`topics\` lists \`animals\`):

\`\`\`json
{ "metadata": { "concepts": [{ "sys": { "type": "Link", "linkType": "TaxonomyConcept", "id": "primates" } }] } }
\`\`\`

## Fix

Assign a concept of the required scheme (or below the required concept) to each entry reported,
or set \`required: false\` on the validation.
`,
  },

  create(context) {
    const { taxonomy } = context.space;
    /** The required validations by content type id (those whose target is known, when the taxonomy is given). */
    const required = new Map<string, Requirement[]>();
    const unchecked = new EntryCount();

    const fulfils = (conceptId: string, requirement: Requirement): boolean => {
      if (requirement.kind === 'concept' && conceptId === requirement.id) return true;
      if (taxonomy === null) return false;
      return requirement.kind === 'scheme' ? taxonomy.inScheme(conceptId, requirement.id) : taxonomy.isWithin(conceptId, requirement.id);
    };

    return {
      contentType(contentType) {
        const { metadata } = contentType.json;
        const links = isObject(metadata) ? metadata.taxonomy : undefined;
        if (!Array.isArray(links)) return;
        const requirements: Requirement[] = [];
        links.forEach((link: unknown, index) => {
          if (!isObject(link) || !isObject(link.sys)) return;
          const { linkType } = link.sys;
          const kind = typeof linkType === 'string' ? ownValue(LINK_KINDS, linkType) : undefined;
          const id = linkTarget(link);
          if (kind === undefined || id === undefined) return;
          if (taxonomy !== null && !(kind === 'scheme' ? taxonomy.schemes.has(id) : taxonomy.concepts.has(id))) {
            context.report({
              node: contentType,
              path: ['metadata', 'taxonomy', index, 'sys', 'id'],
              messageId: 'unknownValidationTarget',
              data: { contentType: contentType.id, what: kind === 'scheme' ? 'concept scheme' : 'concept', id },
            });
            return;
          }
          if (link.required === true) requirements.push({ kind, id });
        });
        if (requirements.length > 0) required.set(contentType.id, requirements);
      },

      entry(entry) {
        if (isArchived(entry)) return;
        const requirements = required.get(entry.contentTypeId);
        if (requirements === undefined && taxonomy === null) return;
        const links = conceptLinks(entry);
        const ids: string[] = [];
        links?.forEach((link, index) => {
          const id = linkTarget(link);
          if (id === undefined) return;
          ids.push(id);
          if (taxonomy !== null && !taxonomy.concepts.has(id)) {
            context.report({ node: entry, path: ['metadata', 'concepts', index], messageId: 'unknownEntryConcept', data: { id } });
          }
        });
        if (requirements === undefined) return;
        const path = links === undefined ? [] : ['metadata', 'concepts'];
        if (ids.length === 0) {
          const data = { contentType: entry.contentTypeId, requirements: showList(requirements, describe) };
          context.report({ node: entry, path, messageId: 'noConcepts', data });
          return;
        }
        const missing = requirements.filter((requirement) => !ids.some((id) => fulfils(id, requirement)));
        if (missing.length === 0) return;
        if (taxonomy === null) {
          unchecked.value++;
          return;
        }
        const concepts = showList(ids, quoted);
        const data = { contentType: entry.contentTypeId, requirements: showList(missing, describe), concepts };
        context.report({ node: entry, path, messageId: 'unfulfilled', data });
      },

      // Parallel runs (--jobs): the count crosses from the worker threads' copies.
      exportState: unchecked.exportState,
      importState: unchecked.importState,
      end() {
        if (unchecked.value > 0) context.report({ node: null, messageId: 'taxonomyMissing', data: { entries: plural(unchecked.value, 'entry', 'entries') } });
      },
    };
  },
});
