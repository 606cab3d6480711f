import { defineRule } from '../src/engine/rule.js';
import { renameField } from '../src/fix/changes.js';
import { fieldNameCollisions, type FieldNameCollision } from '../src/graphql/collisions.js';
import { freeFieldIds } from '../src/graphql/free-field-id.js';
import { buildSchemaModel } from '../src/graphql/schema-model.js';
import type { ContentTypeNode } from '../src/model/nodes.js';
import { quoted, showList } from '../src/validation/describe.js';

const MESSAGE_IDS: Partial<Record<FieldNameCollision['kind'], string>> = { beforeSuffix: 'collisionBeforeSuffix', afterSuffix: 'suffixCollision' };

/** "'a' is" / "'a', 'b' are". */
function isOrAre(ids: readonly string[]): string {
  return `${showList(ids, quoted)} ${ids.length === 1 ? 'is' : 'are'}`;
}

export default defineRule({
  meta: {
    id: 'graphql-field-name-collision',
    description: 'Field ids of one content type that map to the same GraphQL field name: the service cannot generate the GraphQL schema.',
    enforcement: { date: '2022-08-29', postponedFrom: null, note: 'HTTP 422 from this date; before it the same failure was an HTTP 500' },
    severity: 'error',
    recommended: true,
    hasSuggestions: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      collision: {
        text:
          "Field name generated for the fields {{ids}} of content type '{{contentType}}' would be the same for all of them: '{{name}}'. " +
          'The service cannot generate the GraphQL schema (COLLIDING_FIELD_NAMES, HTTP 422), so every GraphQL query for the space fails.',
      },
      omittedCollision: {
        text:
          "Field name generated for the fields {{ids}} of content type '{{contentType}}' would be the same for all of them: '{{name}}'. " +
          '{{omitted}} omitted from API responses; whether the service still counts omitted fields is not documented. ' +
          'If it does, it cannot generate the GraphQL schema (COLLIDING_FIELD_NAMES).',
        maxSeverity: 'warning',
      },
      collisionBeforeSuffix: {
        text:
          "Fields {{ids}} of content type '{{contentType}}' have the same GraphQL name '{{name}}', but {{lists}} a list of links, " +
          "exposed as '{{name}}Collection'. Whether the service compares the names before the suffix (then it cannot generate " +
          'the GraphQL schema: COLLIDING_FIELD_NAMES) or after it is not documented.',
        maxSeverity: 'warning',
      },
      suffixCollision: {
        text:
          "Fields {{ids}} of content type '{{contentType}}' would both be '{{name}}' in GraphQL: a list of links is exposed under its name " +
          "followed by 'Collection'. Whether the service reports this as COLLIDING_FIELD_NAMES is not documented, but a GraphQL type " +
          'cannot have two fields of one name.',
        maxSeverity: 'warning',
      },
      unusableName: {
        text:
          "Field id '{{field}}' gives the GraphQL field name '{{name}}', which is not a valid GraphQL name. " +
          'The service accepts only field ids that start with a letter, followed by ASCII letters, digits and "_".',
        maxSeverity: 'warning',
      },
    },
    docs: `
The service's GraphQL content API names each field of a content type's type with lodash's
\`camelCase\` of the field id: \`seo_title\`, \`seoTitle\` and \`SEOTitle\` all become
\`seoTitle\`; \`image2x\` becomes \`image2X\`; \`nt_experience_id\` becomes \`ntExperienceId\`.
A list of links (\`Array\` of \`Link\` or \`ResourceLink\`) is exposed as the name followed by
\`Collection\`: \`relatedPosts\` → \`relatedPostsCollection\`.

When two fields of one content type get the same name, schema generation fails: every GraphQL
request gets HTTP 422 (HTTP 500 before 2022-08-29) with the error code \`COLLIDING_FIELD_NAMES\`.

Reported, one finding per field of a colliding group (its message names the fields of the group;
of more than ten, the first ten and how many more):

- fields whose ids give the same name (error);
- the same, when one of the fields is omitted from API responses (\`omitted: true\`): a warning,
  because the service does not document whether omitted fields are part of the schema
  (\`cmlint graphql-schema\` leaves them out);
- a list of links whose name with \`Collection\` equals another field's name (\`related\` as a
  list of links and a field \`relatedCollection\`), or a list of links and another field with the
  same name before the suffix (\`item\` and \`Item\`, exposed as \`item\` and
  \`itemCollection\`): warnings, because the service does not document whether it compares
  names before or after the suffix;
- a field id that gives no valid GraphQL name (\`日本語\`): a warning; the service refuses such
  ids when the field is created, so they appear only in hand-written files.

Deleted fields (\`deleted: true\`) are not part of the schema and are not checked.

## Examples

Reported (both fields):

\`\`\`json
{ "fields": [ { "id": "seoTitle", "type": "Symbol" }, { "id": "seo_title", "type": "Symbol" } ] }
\`\`\`

Not reported: \`title\` and \`titles\`; \`tags\` (a list of links, \`tagsCollection\`) and \`tag\`.

## Fix

Field ids can be changed in the web app (the field's "Field ID"); rename one field so that the
names differ, and update the GraphQL queries that use it. \`cmlint graphql-schema\` prints the
names the service will generate.

The suggestion \`renameField\` gives the field a free id (each field but the first: \`my_field\` → \`myField2\`), as a migration step
(\`changeFieldId\`, with \`--fix-migration\`): the service moves the entries' values with it. It is
not applied in place: the entries on disk would keep the values under the old id.
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
        for (const { contentType, name, fields, kind } of fieldNameCollisions(model)) {
          const ids = showList(fields.map((f) => f.node.id), quoted);
          const omitted = fields.filter((f) => f.omitted).map((f) => f.node.id);
          const lists = fields.filter((f) => f.exposedName !== f.name).map((f) => f.node.id);
          const messageId = MESSAGE_IDS[kind] ?? (omitted.length > 0 ? 'omittedCollision' : 'collision');
          const data = { ids, contentType: contentType.node.id, name, omitted: isOrAre(omitted), lists: isOrAre(lists) };
          // The first field keeps its id; each other one is offered a free id.
          const newIds = [null, ...freeFieldIds(contentType, fields.slice(1))];
          fields.forEach((field, i) => {
            const newId = newIds[i];
            const suggest = newId ? [{ id: 'renameField', desc: `Rename the field '${field.node.id}' to '${newId}'`, changes: [renameField(field.node, newId)] }] : [];
            context.report({ node: field.node, path: ['id'], messageId, data, suggest });
          });
        }
        for (const contentType of model.contentTypes) {
          for (const field of contentType.fields) {
            if (!field.usable) context.report({ node: field.node, path: ['id'], messageId: 'unusableName', data: { field: field.node.id, name: field.name } });
          }
        }
      },
    };
  },
});
