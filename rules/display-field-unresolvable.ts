import { globMatcher } from '../src/config/resolve-rules.js';
import { defineRule } from '../src/engine/rule.js';
import { setDisplayField, setFieldProperty, type Fix } from '../src/fix/changes.js';
import { isObject } from '../src/util/json-value.js';
import { displayFieldState } from '../src/model/display-field.js';
import { isArchived } from '../src/model/entry-status.js';
import type { FieldJson } from '../src/model/json-types.js';
import type { ContentTypeNode } from '../src/model/nodes.js';

interface Options {
  reportEmptyEntries: boolean;
  ignoreContentTypes: string[];
}

const SELECTOR = 'select=fields._displayField';
const WITHOUT_FIELDS = `Under ${SELECTOR} the service returns its entries without fields.`;

/** Field ids as a message lists them: 'a', 'b', 'c' and 2 more. */
function fieldList(ids: string[]): string {
  const shown = ids.slice(0, 3).map((id) => `'${id}'`).join(', ');
  return ids.length > 3 ? `${shown} and ${ids.length - 3} more` : shown;
}

/**
 * The change to a usable display field: the first visible Symbol or Text field that the API
 * returns (the one the service's web app picks itself), else the first hidden one shown and made
 * the display field.
 */
function displayFieldChange(contentType: ContentTypeNode): { fix: Fix; needsShowing: boolean } | null {
  // A field omitted from the API response is never returned: it cannot be what fields._displayField returns.
  const text = contentType.fields.filter((f) => (f.json.type === 'Symbol' || f.json.type === 'Text') && f.json.deleted !== true && f.json.omitted !== true);
  const visible = text.find((f) => f.json.disabled !== true);
  if (visible) return { fix: { desc: `Set displayField to '${visible.id}'`, changes: [setDisplayField(contentType, visible.id)] }, needsShowing: false };
  const hidden = text[0];
  if (!hidden) return null;
  const changes = [setFieldProperty(hidden, 'disabled', false), setDisplayField(contentType, hidden.id)];
  return { fix: { desc: `Show the field '${hidden.id}' (disabled: false) and set displayField to it`, changes }, needsShowing: true };
}

/**
 * Advice that can be followed: the fields that can be the display field, by name; a content type
 * whose Symbol and Text fields are all hidden needs one shown, one without any needs one added.
 */
function displayFieldAdvice(fields: readonly FieldJson[]): string {
  const text = fields.filter((f) => (f.type === 'Symbol' || f.type === 'Text') && f.deleted !== true && typeof f.id === 'string');
  const returned = text.filter((f) => f.omitted !== true);
  const visible = returned.filter((f) => f.disabled !== true).map((f) => String(f.id));
  if (visible.length > 0) return `Set displayField to one of its Symbol or Text fields: ${fieldList(visible)}.`;
  if (returned.length > 0) {
    return `Its Symbol and Text fields (${fieldList(returned.map((f) => String(f.id)))}) are hidden in the editor, which the web app does not accept as the display field: show one, then set displayField to it.`;
  }
  if (text.length > 0) {
    return `Its Symbol and Text fields (${fieldList(text.map((f) => String(f.id)))}) are omitted from the API response, so the service never returns them: return one (omitted: false), then set displayField to it.`;
  }
  return 'It has no Symbol or Text field to use: add one (a title or name), then set displayField to it.';
}

/** A value the service counts as present: anything but a missing value or null. */
function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export default defineRule<Options>({
  meta: {
    id: 'display-field-unresolvable',
    description: 'A content type without a usable displayField: its entries come back without fields under select=fields._displayField.',
    enforcement: { date: '2026-05-21', postponedFrom: null, note: null },
    severity: 'warning',
    recommended: true,
    fixable: true,
    hasSuggestions: true,
    recommendedOptions: { reportEmptyEntries: false },
    schema: {
      type: 'object',
      properties: {
        reportEmptyEntries: {
          type: 'boolean',
          default: true,
          description: 'Also report (as info) each entry whose display field has no value in the default locale. Off in the recommended preset.',
        },
        ignoreContentTypes: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          default: [],
          description: 'Content type id globs (`*`, `?`, `{a,b}`) that are not checked.',
        },
      },
      additionalProperties: false,
    },
    messages: {
      noDisplayField: { text: `Content type '{{contentType}}' has no displayField. ${WITHOUT_FIELDS} {{advice}}` },
      missingField: {
        text: `The displayField of content type '{{contentType}}' names '{{field}}', which is not a field of it. ${WITHOUT_FIELDS} {{advice}}`,
      },
      notTextField: {
        text:
          "The displayField of content type '{{contentType}}' is '{{field}}', a field of type {{type}}. The service's web app accepts only a Symbol or Text field " +
          `as the display field and replaces any other, so what ${SELECTOR} returns may not be what editors see as the title. Use a Symbol or Text field.`,
        maxSeverity: 'warning',
      },
      hiddenField: {
        text:
          "The displayField of content type '{{contentType}}' is '{{field}}', which is hidden in the editor (disabled: true). The service's web app does not accept " +
          `a hidden field as the display field and replaces it, so what ${SELECTOR} returns may not be what editors see as the title. Use a visible Symbol or Text field.`,
        maxSeverity: 'warning',
      },
      emptyDisplayValue: {
        text:
          `The display field '{{field}}' has no value in the default locale{{locale}}: under ${SELECTOR} the service returns this entry without fields. ` +
          'Fill it in this entry, or make a field that every entry fills the display field.',
        maxSeverity: 'info',
      },
    },
    docs: `
From 2026-05-21 the management API accepts the token \`fields._displayField\` in \`select\`: it
resolves each entry's display field from its content type's \`displayField\` and returns that
field's value under its real name, across content types in one call. An entry whose content
type has no \`displayField\`, or whose display field has no value, is returned **without
fields**: lists and pickers built on the selector show nothing for it.

Reported on the content type, with the rule's severity (default \`warning\`):

- no \`displayField\` (absent, \`null\` or empty);
- a \`displayField\` that names no field of the content type (or a deleted one).

Reported on the content type, at most as \`warning\`: a \`displayField\` naming a field that is
not Symbol or Text, or that is hidden in the editor (\`disabled: true\`). The service's web app
accepts only a visible Symbol or Text field as the display field and picks another one (or none)
otherwise; whether the selector resolves such a field is not stated, so these findings never
fail a run configured to fail on errors.

Reported on each entry, as \`info\`, when the option \`reportEmptyEntries\` is on (the default; the
\`recommended\` preset turns it off, \`all\` keeps it): an entry whose display field has no value in
the default locale. "No value" means absent or \`null\`; an empty string is not reported, because
whether the service counts it as a value is not stated. When the input marks several locales as
default, the entry is reported only if the field is empty in all of them; when it has no
default locale, only if the field is empty in every locale. Archived entries are skipped.

Options: \`ignoreContentTypes\` takes content type id globs that are not checked (neither the
content type nor its entries), for example \`["legacy*"]\`.

## Examples

Reported:

\`\`\`json
{ "sys": { "id": "promo" }, "displayField": null, "fields": [{ "id": "title", "type": "Symbol" }] }
{ "sys": { "id": "promo" }, "displayField": "headline", "fields": [{ "id": "title", "type": "Symbol" }] }
\`\`\`

Not reported:

\`\`\`json
{ "sys": { "id": "promo" }, "displayField": "title", "fields": [{ "id": "title", "type": "Symbol" }] }
\`\`\`

## Fix

Set \`displayField\` to a visible Symbol or Text field that every entry fills (an internal name is a
common choice), and fill it in the entries that leave it empty.

\`--fix\` sets a missing or unknown \`displayField\` to the first visible Symbol or Text field, the
first one the message names (the web app picks that field itself). A field omitted from the API
response (\`omitted: true\`) is never offered: the delivery and preview APIs do not return it, so
\`fields._displayField\` could not either. The rest are suggestions
(\`setDisplayField\`): for a display field that is hidden or not Symbol or Text, the same field; for
a content type whose Symbol and Text fields are all hidden, the first one shown and made the
display field (showing a field is the team's choice).
`,
  },

  create(context) {
    const { space, options } = context;
    const ignored = options.ignoreContentTypes.map(globMatcher);
    const defaults = space.defaultLocales.map((l) => l.code);
    const localeLabel = defaults.length === 1 ? ` '${defaults[0]}'` : '';
    /** Display field id by content type id, for the content types whose entries are checked. */
    const displayFields = new Map<string, string>();

    /** No value under any default locale; without a default locale, under no locale at all. */
    const isEmpty = (values: unknown): boolean => {
      if (!isObject(values)) return true;
      if (defaults.length > 0) {
        for (const code of defaults) if (hasValue(values[code])) return false;
      } else {
        for (const locale in values) if (hasValue(values[locale])) return false;
      }
      return true;
    };

    return {
      contentType(contentType) {
        if (ignored.some((matches) => matches(contentType.id))) return;
        const { json } = contentType;
        const advice = displayFieldAdvice(contentType.fields.map((f) => f.json));
        const state = displayFieldState(contentType);
        const data = { contentType: contentType.id, field: state.problem === 'none' ? '' : state.name, advice };
        const path = 'displayField' in json ? ['displayField'] : [];
        const change = state.problem === null ? null : displayFieldChange(contentType);
        // A fix only where the field is the one the web app would pick anyway; otherwise the team chooses.
        const fixes = change === null ? {} : (state.problem === 'none' || state.problem === 'missing') && !change.needsShowing ? { fix: change.fix } : { suggest: [{ id: 'setDisplayField', ...change.fix }] };
        if (state.problem === 'none' || state.problem === 'missing') {
          context.report({ node: contentType, path, messageId: state.problem === 'none' ? 'noDisplayField' : 'missingField', data, ...fixes });
          return;
        }
        const { field } = state;
        if (state.problem === 'notText') context.report({ node: contentType, path, messageId: 'notTextField', data: { ...data, type: field.json.type }, ...fixes });
        else if (state.problem === 'hidden') context.report({ node: contentType, path, messageId: 'hiddenField', data, ...fixes });
        if (options.reportEmptyEntries) displayFields.set(contentType.id, field.id);
      },
      entry(entry) {
        const field = displayFields.get(entry.contentTypeId);
        if (field === undefined || isArchived(entry)) return;
        const { fields } = entry.json;
        const values = isObject(fields) ? fields[field] : undefined;
        if (!isEmpty(values)) return;
        context.report({
          node: entry,
          path: values === undefined ? [] : ['fields', field],
          field,
          ...(defaults.length === 1 ? { locale: defaults[0] } : {}),
          messageId: 'emptyDisplayValue',
          data: { field, locale: localeLabel },
        });
      },
    };
  },
});
