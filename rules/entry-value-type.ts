import { defineRule } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { isArchived } from '../src/model/entry-status.js';
import { shapeProblem } from '../src/model/value-shape.js';

export default defineRule({
  meta: {
    id: 'entry-value-type',
    description: "An entry value whose JSON shape does not fit its field's type (or Array item type): the service refuses to save or import it.",
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      wrongType: {
        text: "Field '{{field}}' ({{locale}}) is of type {{type}} and needs {{expected}}, but holds {{found}}: the service refuses to save or import the entry.",
      },
      wrongItem: {
        text: "Item {{item}} of field '{{field}}' ({{locale}}), an Array of {{itemType}}, needs {{expected}}, but is {{found}}: the service refuses to save or import the entry.",
      },
    },
    docs: `
Every field type has one JSON shape in the service's APIs and exports: a string for Symbol and
Text, a whole number for Integer, a number for Number, \`true\`/\`false\` for Boolean, an ISO 8601
string for Date, \`{ "lat": …, "lon": … }\` for Location, a rich text document for RichText, a link
object (\`{ "sys": { "type": "Link", "linkType": "Entry", "id": … } }\`) for Link, and an array for
Array, whose items have the shape of the item type. The service refuses to save (and the import
tool to import) an entry holding anything else. Exports written by hand or by scripts — seed
files meant for import, say — get this wrong: a markdown string in a RichText field, \`"2"\` in an
Integer field, a file name in a Link field, a single link in an Array field.

Reported: one finding per entry, field and locale whose value is not \`null\` and does not have
the shape of its field type; for an Array, the first item of the wrong shape. Archived entries
are skipped. Object fields hold any JSON and are not checked (an array in an Object field, seen
on real exports, is not reported: whether the service requires an object there is not
established, and a false alarm would stop a CI gate); field types the service does not
have are reported by \`input-shape\`, and so are values that are not keyed by locale.

Other rules skip a value of the wrong shape instead of guessing (\`entry-field-validation\` does
not check its validations), so a value gives one finding.

A link's \`linkType\` is compared with the field's (\`Entry\` or \`Asset\`). Dates are read as
\`entry-field-validation\` reads them: \`2025-04-21\`, \`2025-04-21T09:30\`, with seconds, fractions
and an offset.

## Examples

Reported (an Integer field \`rating\`, a RichText field \`body\`, an Array of links \`related\`):

\`\`\`json
{ "rating": { "en-US": "2" }, "body": { "en-US": "# Hello" }, "related": { "en-US": { "sys": { "type": "Link", "linkType": "Entry", "id": "a" } } } }
\`\`\`

## Fix

Write the value in its field type's shape (a number, a rich text document, an array of links).
A markdown string meant for a RichText field can be converted with the
\`@contentful/rich-text-from-markdown\` package; a number in a Date field that is a Unix timestamp
(the message gives the date it reads as) becomes that date as an ISO 8601 string.

If the values are right and the type is wrong: in a file meant for import into a new space, change
the field's type in the file's content model; in a space that exists, the service does not let a
field change its type (see \`field-type-changed\`): add a field of the right type, move the values
there, then omit and delete the old field.
`,
  },

  create(context) {
    return {
      entry(entry) {
        if (isArchived(entry)) return;
        const contentType = context.space.contentTypes.get(entry.contentTypeId);
        const fields = entry.json.fields;
        if (!contentType || !isObject(fields)) return;
        for (const field of contentType.fields) {
          if (field.json.deleted === true) continue;
          const values = fields[field.id];
          if (!isObject(values)) continue;
          for (const locale in values) {
            const problem = shapeProblem(field.json, values[locale]);
            if (!problem) continue;
            const items = isObject(field.json.items) ? field.json.items : {};
            context.report({
              node: entry,
              path: problem.item === null ? ['fields', field.id, locale] : ['fields', field.id, locale, problem.item],
              field: field.id,
              locale,
              messageId: problem.item === null ? 'wrongType' : 'wrongItem',
              data: { field: field.id, locale, type: String(field.json.type), itemType: String(items.type), item: problem.item ?? 0, expected: problem.expected, found: problem.found },
            });
          }
        }
      },
    };
  },
});
