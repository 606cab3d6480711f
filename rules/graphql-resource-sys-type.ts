import { defineRule } from '../src/engine/rule.js';
import { placesOf } from '../src/graphql/document-causes.js';
import { graphqlJs } from '../src/graphql/graphql-js.js';
import { documentSchema } from '../src/graphql/predicted-schema.js';
import { eachSelection } from '../src/graphql/selections.js';
import { definitionLabel, graphqlRef, type FragmentNode, type OperationNode } from '../src/model/code-nodes.js';

/** Whether a definition selects `type` in some `sys` at all: only then is its place in the schema worth finding. */
function selectsSysType(definition: OperationNode | FragmentNode): boolean {
  let found = false;
  eachSelection(definition.ast, (node) => {
    if (node.kind === 'Field' && node.name.value === 'sys' && node.selectionSet?.selections.some((s) => s.kind !== 'FragmentSpread' && (s.kind === 'InlineFragment' || s.name.value === 'type'))) found = true;
  });
  return found;
}

export default defineRule({
  meta: {
    id: 'graphql-resource-sys-type',
    description: 'A GraphQL selection of `sys { type }` on a resource link: ResourceSys.type was removed when ResourceLink became an interface.',
    enforcement: { date: null, postponedFrom: null, note: 'after 2024-03-14 (the day is not stated); in effect' },
    severity: 'error',
    recommended: true,
    inputs: ['documents'],
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      sysType: {
        text:
          '{{definition}} selects `type` in the `sys` of a resource link ({{path}}): ResourceSys.type was removed when ResourceLink became an interface (after 2024-03-14), ' +
          'so the query fails. Select `sys { linkType urn }` instead; the rest of the resource-link selection stays valid through the ResourceLink interface.',
      },
    },
    docs: `
After 2024-03-14 (the service's change document gives no exact day) the GraphQL API changed the
types of resource links, the links to entries of other spaces: \`ResourceLink\` became an
interface, each resource-link field got its own type that implements it
(\`<ContentType><Field>\`, \`<ContentType><Field>Collection\` for lists), and \`ResourceSys.type\` was
removed. A query that still selects \`sys { type }\` on a resource link fails validation, and the
whole query answers with an error.

Reported: a field \`type\` selected in a \`sys\` whose type is \`ResourceSys\` (in an operation or a
fragment, in \`.graphql\` files or embedded in code; see the \`documents\` config), at its line and
column. Everything else of a resource-link selection (\`sys { linkType urn }\`, fragments on
\`ResourceLink\`) is still valid and not reported. \`graphql-document-invalid\` leaves this case to
this rule, so that the finding carries the change and its date.

Needs the schema predicted from the content model of the run (to know which \`sys\` is a
resource link's); when GraphQL names collide, the schema of the model without the colliding names.

## Examples

Reported:

\`\`\`graphql
query { page(id: "1") { related { sys { type urn } } } }
\`\`\`

Not reported:

\`\`\`graphql
query { page(id: "1") { related { sys { linkType urn } } } }
\`\`\`

## Fix

Select \`linkType\` (and \`urn\`) instead of \`type\`.
`,
  },

  create(context) {
    const check = (definition: OperationNode | FragmentNode): void => {
      if (!selectsSysType(definition)) return;
      // When GraphQL names collide, the schema without the colliding names (ResourceSys is built in).
      const built = documentSchema(context.space);
      const { Kind } = graphqlJs();
      // The definition alone: the fragments it spreads are checked where they are defined.
      const places = placesOf(built.schema, { kind: Kind.DOCUMENT, definitions: [definition.ast] });
      for (const [node, place] of places) {
        if (node.kind !== 'Field' || node.name.value !== 'type' || place.parentType !== 'ResourceSys') continue;
        const path = place.enclosing ? `${place.enclosing.name} { type }` : 'type';
        context.report({ node: definition, offset: graphqlRef(definition.document, node.loc!.start).offset, messageId: 'sysType', data: { definition: definitionLabel(definition), path } });
      }
    };
    return {
      document(document) {
        for (const fragment of document.fragments) check(fragment);
      },
      operation(operation) {
        check(operation);
      },
    };
  },
});
