import { defineRule } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { isArchived, isPublishedStatus, isPublishedUnchanged, localeByLocaleStatus } from '../src/model/entry-status.js';
import { isEmptyValue } from '../src/model/field-value.js';
import type { EntryNode } from '../src/model/nodes.js';
import { PublishLocales } from '../src/model/publish-locales.js';

/** What an entry check needs of a required field, worked out once per content type. */
interface RequiredField {
  id: string;
  type: string;
  localized: boolean;
  hidden: boolean;
  defaultNote: string;
}

const DEFAULT_NOTE = ' Its default value does not fill it: a default value applies only when an entry is created.';
const NO_DEFAULT_NOTE = ' Giving the field a default value would not fill it either: a default value applies only when an entry is created.';

export default defineRule({
  meta: {
    id: 'required-field-empty',
    description: 'An entry whose required field is empty in a locale that must have a value: the service refuses to publish it.',
    enforcement: { date: '2025-01-21', postponedFrom: '2024-11-14', note: null },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      empty: {
        text: "Required field '{{field}}' is empty {{where}}: {{refusal}}.{{defaultNote}}",
      },
      emptyHidden: {
        text:
          "Required field '{{field}}' is empty {{where}}, and it is hidden in the editor (disabled: true), so editors do not see it: " +
          '{{refusal}} (and the editor then reveals the field).{{defaultNote}}',
      },
    },
    docs: `
The service refuses to publish an entry while a required field is empty, and since
2025-01-21 (postponed from 2024-11-14) this holds for fields hidden in the editor
(\`disabled: true\`) too; scheduled publishing fails the same way. This rule is a dry run of
that check over every entry of the input, so that a bulk publish, a migration or a deploy does
not stop half way. Archived entries are skipped.

Which locales must have a value:

- a required **localized** field: every configured locale that is not \`optional\` ("allow
  required fields to be empty for this locale");
- a required field that is **not localized**: the default locale (an input that marks several
  locales as default is satisfied by a value in any of them).

One finding per entry, field and locale. The message says when the field is hidden in the
editor, and, when the field is hidden or has a default value, that a default value does not
help: it applies only when an entry is created.

Empty means: the field or the locale is absent, \`null\`, \`""\` in a Symbol or Text field, \`[]\`
in an Array field, or a rich-text document with no text and no embedded or linked node.
\`false\` and \`0\` are values.

What the service does not document, and how this rule reads it so that it does not raise false
alarms:

- A rich-text document that holds only a horizontal rule, and a value of an unexpected type
  (\`""\` in an Object field, for example), are taken as values.
- Locales closed to editing (\`contentManagementApi: false\`) are not required to have values.
- An entry published locale by locale (its \`sys.fieldStatus\` marks some locales published
  and others not) is checked only in its published locales: publishing it again covers those.
  A draft entry, or one published in every locale, is checked in every locale.
- An input without locales, or without a default locale, does not say which locales must have
  a value: then a required field is reported only when it is empty in every locale (target
  locale null).

## Examples

With locales \`en-US\` (default) and \`de-DE\`, and a required localized field \`title\`:

\`\`\`json
{ "fields": { "title": { "en-US": "Hello" } } }
\`\`\`

is reported for \`de-DE\`; \`{ "title": { "en-US": "Hello", "de-DE": "Hallo" } }\` is not, and
neither is \`{ "title": { "en-US": "Hello" } }\` when \`de-DE\` is \`optional\`.

## Fix

Fill the field in the locales named, or make the field optional (\`required: false\`), or mark
the locale \`optional\`.
`,
  },

  create(context) {
    const locales = new PublishLocales(context.space);
    const knowsLocales = locales.configured.length > 0;
    const knowsDefault = locales.defaults.length > 0;
    const plans = new Map<string, RequiredField[]>();

    const report = (entry: EntryNode, field: RequiredField, locale: string | null): void => {
      context.report({
        node: entry,
        path: locale === null ? ['fields', field.id] : ['fields', field.id, locale],
        field: field.id,
        locale: locale ?? undefined,
        messageId: field.hidden ? 'emptyHidden' : 'empty',
        data: {
          field: field.id,
          where: locale === null ? 'in every locale (the input does not say which locales must have a value)' : `in locale '${locale}'`,
          defaultNote: field.defaultNote,
          refusal: isPublishedUnchanged(entry)
            ? 'the entry is live as published, but the next publish of this entry will be refused'
            : 'the service refuses to publish the entry',
        },
      });
    };

    return {
      contentType(contentType) {
        const required: RequiredField[] = [];
        for (const { json } of contentType.fields) {
          if (json.required !== true || json.deleted === true) continue;
          const defaults = json.defaultValue;
          const hasDefault = isObject(defaults) && Object.values(defaults).some((v) => v !== null && v !== undefined);
          required.push({
            id: json.id,
            type: json.type,
            localized: json.localized === true,
            hidden: json.disabled === true,
            // A hidden field's usual fix (a default value) does not help entries that exist: say so.
            defaultNote: hasDefault ? DEFAULT_NOTE : json.disabled === true ? NO_DEFAULT_NOTE : '',
          });
        }
        if (required.length > 0) plans.set(contentType.id, required);
      },

      entry(entry) {
        const plan = plans.get(entry.contentTypeId);
        if (plan === undefined || isArchived(entry)) return;
        const fields = isObject(entry.json.fields) ? entry.json.fields : undefined;
        const status = localeByLocaleStatus(entry, locales.configured);
        for (const field of plan) {
          const raw = fields?.[field.id];
          const values = isObject(raw) ? raw : undefined;
          if (field.localized ? !knowsLocales : !knowsDefault) {
            let empty = true;
            if (values) for (const code in values) if (!isEmptyValue(field.type, values[code])) empty = false;
            if (empty) report(entry, field, null);
          } else if (field.localized) {
            for (const code of locales.requiredLocalized) {
              if (status !== null && !isPublishedStatus(status[code])) continue;
              if (isEmptyValue(field.type, values?.[code])) report(entry, field, code);
            }
          } else {
            // Several locales marked default: a value in any of them will do.
            let published = status === null;
            let empty = true;
            for (const code of locales.requiredDefaults) {
              if (!published && isPublishedStatus(status![code])) published = true;
              if (!isEmptyValue(field.type, values?.[code])) empty = false;
            }
            if (published && empty && locales.requiredDefaults.length > 0) report(entry, field, locales.requiredDefaults[0]!);
          }
        }
      },
    };
  },
});
