import { defineRule } from '../src/engine/rule.js';
import { derivedClashesOf, isDocumentedClash } from '../src/graphql/collisions.js';
import { buildSchemaModel, describeOrigin, type NameOrigin, type NamePattern } from '../src/graphql/schema-model.js';
import type { ContentTypeNode } from '../src/model/nodes.js';
import { showList } from '../src/validation/describe.js';

/** The per-field resource link types came with the change after this date. */
const RESOURCE_LINK_TYPES_AFTER = '2024-03-14';

/**
 * The documented case (a link field's union named like a content type's type) or which
 * undocumented one, for `self` among names of the `clashing` patterns (its own included).
 */
function messageIdFor(self: NameOrigin, clashing: ReadonlySet<NamePattern>): string {
  if (isDocumentedClash(self.pattern, clashing)) return 'unionClash';
  if (clashing.has('resourceLink') || clashing.has('resourceLinkCollection')) return 'resourceLinkClash';
  if (clashing.has('builtin')) return 'builtinClash';
  return 'derivedClash';
}

export default defineRule({
  meta: {
    id: 'graphql-derived-type-collision',
    description:
      'A type name the service derives for a content type or field (collection, filter, order, linkedFrom, rich text, link union, resource link …) that equals another type name of the schema.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect; the per-field resource link types exist since the change after 2024-03-14' },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      unionClash: {
        text:
          "{{self}} is named '{{name}}', the same as {{others}}. The service documents this collision: " +
          'GraphQL queries that use these types fail (COLLIDING_TYPE_NAMES during query execution).',
      },
      derivedClash: {
        text:
          "{{self}} would be named '{{name}}', the same as {{others}}. A GraphQL schema cannot hold two types of one name; " +
          'the service does not document what it does then: schema generation or the queries that use these types may fail.',
        maxSeverity: 'warning',
      },
      builtinClash: {
        text:
          "{{self}} would be named '{{name}}', the same as a built-in type of the service. The service's documented list of " +
          'reserved type names does not cover this case, so whether it renames the type or fails is not documented; ' +
          'queries that use the type may break.',
        maxSeverity: 'warning',
      },
      resourceLinkClash: {
        text:
          "{{self}} would be named '{{name}}', the same as {{others}}. The names of the per-field resource link types " +
          '(since the change after 2024-03-14) are known only from the change notice; schema generation or the queries ' +
          'that use these types may fail.',
        maxSeverity: 'warning',
      },
    },
    docs: `
Besides one type per content type \`T\`, the service's GraphQL content API generates types whose
names it derives from the content type's type name and, for some fields, from the field name
\`F\` (upperFirst of the field's GraphQL name):

| name | generated for |
|---|---|
| \`TCollection\`, \`TFilter\`, \`TOrder\`, \`TLinkingCollections\`, \`TCursorCollection\` | every content type |
| \`TLinkingCollectionsUCollectionOrder\`, \`TLinkingCollectionsUCursorCollectionOrder\` | a content type \`U\` with a link field that allows \`T\` |
| \`TF\`, \`TFLinks\`, \`TFAssets\`, \`TFEntries\`, \`TFResources\`, \`TFResourcesBlock\`, \`TFResourcesHyperlink\`, \`TFResourcesInline\` | a rich text field |
| \`TF\` (union) | a link field whose \`linkContentType\` lists two or more content types |
| \`TFCollection\`; \`TFItem\` (union) or \`TFCollectionOrder\` | a list of entry links; the union when it allows two or more content types, the order enum when it allows exactly one |
| \`TF\` / \`TFCollection\` | a resource link field / a list of resource links (since the change after 2024-03-14) |

When one of these names equals another type name of the schema — another content type's type,
another derived name, or one of the service's built-in types — the schema would hold two types
of one name. The service documents one case: content types \`BlogPost\`, \`BlogPostContent\` and
\`BlogPostMoreContent\`, where \`BlogPost.content\` links to the other two, so that the union for
that field is named \`BlogPostContent\`, like a content type: queries then fail. That case (a
link field's union named like a content type's type) is reported as an error. Every other case
is reported as a warning at most, because the service does not document what happens:

- a derived name equal to a content type's type or to another derived name
  (\`post\` and \`post_collection\`: \`PostCollection\`; a rich text field \`order\` of \`page\`:
  \`PageOrder\`);
- a name equal to a built-in type, including built-ins that the documented reserved list does not
  name and that real schemas have (\`TaxonomyConcept\`, \`CursorPages\`, \`EntryFilter\`, \`JSON\`,
  \`ID\`, …): whether the service prefixes such a content type with \`ContentType\` is not
  documented;
- the per-field resource link types (\`<T><F>\`, \`<T><F>Collection\`), whose names come only from
  the service's change notice; they are checked only when \`--as-of\` is after 2024-03-14.

One finding per content type or field that takes part (built-ins are not in your files): on the
field for names derived from a field, on the content type otherwise. Its message names the others
that take part; of more than ten, the first ten and how many more. Omitted fields are left out,
as in \`cmlint graphql-schema\`.

## Examples

Reported: content types \`blogPost\` (with a field \`content\` that links to \`blogPostContent\`
and \`blogPostMoreContent\`) and \`blogPostContent\` — an error on the field and on the content
type \`blogPostContent\`.

Not reported: \`blogPost\` with a field \`content\` that links only to \`blogPostContent\` (the field
is then typed \`BlogPostContent\` directly, no union).

## Fix

Rename the field (field ids can be changed) so that its derived names differ, or, when a content
type's own name is involved, create a content type with another id and move the entries.
\`cmlint graphql-schema\` prints the predicted schema.
`,
  },

  create(context) {
    const contentTypes: ContentTypeNode[] = [];
    return {
      contentType(contentType) {
        contentTypes.push(contentType);
      },
      end() {
        for (const { name, origins } of derivedClashesOf(buildSchemaModel(contentTypes), context.asOf > RESOURCE_LINK_TYPES_AFTER)) {
          const clashing = new Set(origins.map((o) => o.pattern));
          origins.forEach((self, index) => {
            if (!self.contentType) return;
            const data = {
              self: describeOrigin(self).replace(/^t/, 'T'),
              name,
              others: showList(origins, describeOrigin, { separator: ' and ', except: index }),
            };
            const messageId = messageIdFor(self, clashing);
            if (self.field) context.report({ node: self.field.node, path: ['id'], messageId, data });
            else context.report({ node: self.contentType.node, path: ['sys', 'id'], messageId, data });
          });
        }
      },
    };
  },
});
