import { defineRule } from '../src/engine/rule.js';
import { typeNameCollisions } from '../src/graphql/collisions.js';
import { TYPE_NAME_PREFIX } from '../src/graphql/naming.js';
import { buildSchemaModel } from '../src/graphql/schema-model.js';
import type { ContentTypeNode } from '../src/model/nodes.js';
import { quoted, showList } from '../src/validation/describe.js';

export default defineRule({
  meta: {
    id: 'graphql-type-name-collision',
    description: 'Content type ids that map to the same GraphQL type name: the service cannot generate the GraphQL schema.',
    enforcement: { date: '2022-08-29', postponedFrom: null, note: 'HTTP 422 from this date; before it the same failure was an HTTP 500' },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      collision: {
        text:
          "Type name generated for the content types {{ids}} would be the same for all of them: '{{typeName}}'.{{prefix}} " +
          'The service cannot generate the GraphQL schema (COLLIDING_TYPE_NAMES, HTTP 422), so every GraphQL query for the space fails.',
      },
      unusableName: {
        text:
          "Content type id '{{contentType}}' gives the GraphQL type name '{{typeName}}', which is not a valid GraphQL name. " +
          'The service accepts only content type ids of ASCII letters, digits, "-", "_" and ".".',
        maxSeverity: 'warning',
      },
    },
    docs: `
The service's GraphQL content API generates its schema from the content model on each request.
Every content type becomes an object type whose name is the content type id in PascalCase with
everything but letters and digits taken out, as lodash's \`upperFirst(camelCase(id))\` makes it:
\`my-2content-type\` → \`My2ContentType\`, \`A_car\` and \`a_car_\` → \`ACar\`, \`SEO\`, \`seo\` and
\`Seo\` → \`Seo\` (but \`s_e_o\` → \`SEO\`), \`XMLHttpRequest\` → \`XmlHttpRequest\`, \`café\` →
\`Cafe\`. A name that starts with a digit or is one of the service's reserved type names
(\`Location\`, \`Asset\`, \`Entry\`, \`Query\`, \`Sys\`, …) gets the prefix \`ContentType\`:
\`location\` → \`ContentTypeLocation\`, \`3d-model\` → \`ContentType3DModel\`.

When two content types get the same name, schema generation fails: the service answers every
GraphQL request with HTTP 422 (HTTP 500 before 2022-08-29) and the error code
\`COLLIDING_TYPE_NAMES\`, for example "Type name generated for the content types 'A_car',
'a_car_' would be the same for all of them: 'ACar'". Sites that build from GraphQL stop building.

Reported: each content type of a group whose ids give the same type name (after the prefix, so
\`location\` and \`content_type_location\` collide as \`ContentTypeLocation\`). The message names
the ids of the group and the type name, as the service's error does; of a group of more than ten,
the first ten and how many more (each of them has its finding).

Also reported, as a warning at most: a content type id that gives no valid GraphQL name (only
\`-\`, \`_\` and \`.\`, or letters outside ASCII that lodash keeps, such as \`日本語\`). The service
refuses such ids when the content type is created, so they appear only in hand-written files.

## Examples

Reported (both content types):

\`\`\`json
{ "contentTypes": [ { "sys": { "id": "blogPost" }, "fields": [] }, { "sys": { "id": "blog-post" }, "fields": [] } ] }
\`\`\`

Not reported: \`blogPost\` and \`blogPosts\` (\`BlogPost\`, \`BlogPosts\`); \`seo\` and \`s_e_o\`
(\`Seo\`, \`SEO\`).

## Fix

Content type ids cannot be changed. Create a content type with an id that gives another name,
move the entries to it (for example with a migration script), and delete the old one. Run
\`cmlint graphql-schema\` to see the names the service will generate.
`,
  },

  create(context) {
    const contentTypes: ContentTypeNode[] = [];
    return {
      contentType(contentType) {
        contentTypes.push(contentType);
      },
      end() {
        const model = buildSchemaModel(contentTypes);
        for (const { typeName, contentTypes: group } of typeNameCollisions(model)) {
          const ids = showList(group.map((t) => t.node.id), quoted);
          for (const type of group) {
            const { prefixed, base } = type.naming;
            const prefix = prefixed
              ? ` (The service puts ${TYPE_NAME_PREFIX} before '${base}' because it ${prefixed === 'digit' ? 'starts with a digit' : 'is a reserved type name'}.)`
              : '';
            context.report({ node: type.node, path: ['sys', 'id'], messageId: 'collision', data: { ids, typeName, prefix } });
          }
        }
        for (const type of model.contentTypes) {
          if (type.usable) continue;
          context.report({ node: type.node, path: ['sys', 'id'], messageId: 'unusableName', data: { contentType: type.node.id, typeName: type.naming.name } });
        }
      },
    };
  },
});
