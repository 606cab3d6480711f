import { defineRule, type WireEntryRef } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { quoted } from '../src/validation/describe.js';
import { entryRef, type EntryRef, type FieldNode, type LocaleNode, type ReportNode } from '../src/model/nodes.js';

/** Field types of the service's content types, and the types an Array's items can have. */
const FIELD_TYPES: ReadonlySet<string> = new Set(['Symbol', 'Text', 'RichText', 'Integer', 'Number', 'Date', 'Boolean', 'Object', 'Location', 'Link', 'Array', 'ResourceLink']);
const ITEM_TYPES: ReadonlySet<string> = new Set(['Symbol', 'Link', 'ResourceLink']);

/** "a string", "an array", "null": what a value is, for messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}


export default defineRule({
  meta: {
    id: 'input-shape',
    description:
      'Records that read but do not fit together as the service keeps them (default and fallback locales, entries of unknown content types, values not keyed by locale, unknown field types): what cmlint cannot check, it says.',
    enforcement: { date: null, postponedFrom: null, note: 'not a change of the service: checks that the input is a consistent export' },
    severity: 'error',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      severalDefaults: {
        text: "Locale '{{locale}}' is marked default, and so is '{{first}}': a space has exactly one default locale. Rules that need the default locale accept any of them.",
        maxSeverity: 'warning',
      },
      noDefault: {
        text: 'None of the {{count}} locales is marked default (default: true): a space has exactly one default locale. Fields that are not localized are checked in every locale instead.',
        maxSeverity: 'warning',
      },
      fallbackMissing: {
        text: "Locale '{{locale}}' falls back to {{fallback}}, which is not a locale of the space: its fallback chain ends here.",
        maxSeverity: 'warning',
      },
      fallbackCycle: {
        text: 'The fallbacks of locales form a cycle ({{cycle}}): a fallback chain must end at a locale without a fallback. cmlint ends it where it would repeat.',
        maxSeverity: 'warning',
      },
      unknownContentType: {
        text: "Entry '{{entry}}' is of content type '{{contentType}}', which is not in the input: its values are not checked. Lint the content types together with their entries.",
      },
      noContentTypes: {
        text: 'Entries were read ({{count}}), but no content types: entries are checked against their content types, so none was. Lint the content types together with their entries.',
        maxSeverity: 'warning',
      },
      fieldsNotObject: {
        text: '"fields" of {{record}} is {{kind}}, not an object of fields: its values are not checked.',
      },
      valueNotLocalized: {
        text: "Field '{{field}}' of {{record}} holds {{kind}}, not an object of values by locale ({ \"en-US\": … }): it is not checked. (A delivery API response without locale=* looks like this; exports are keyed by locale.)",
      },
      unknownFieldType: {
        text: "Field '{{field}}' has type {{type}}, which is not a field type of the service ({{types}}): its values are not checked.",
      },
      unknownItemsType: {
        text: "Field '{{field}}' is an Array whose items have type {{type}}, not Symbol, Link or ResourceLink: its items are not checked.",
      },
      validationsNotArray: {
        text: "Field '{{field}}' has {{where}}validations that are {{kind}}, not an array: they are not checked.",
      },
      validationNotObject: {
        text: "Validation {{index}} of field '{{field}}'{{where}} is {{kind}}, not an object{{more}}: it is not checked.",
      },
      repeatedKey: {
        text: "Key '{{key}}' is repeated (again at line {{line}}, column {{column}}): JSON.parse, which the service's import tool reads exports with, keeps only the last value of a repeated key, so this value is ignored, and cmlint ignores it too. Merge the two into one.",
      },
    },
    docs: `
This rule is not about a change of the service, and it is not in the list of rules that come
from the service's change document. It exists because a linter must never pass silently: every
other rule reads the export as the service writes it, and where a file is readable but its
records do not fit together that way, those rules check less than they should, or guess. This
rule says where, so that a CI gate does not pass on a file it could not really check.

Problems that stop cmlint from reading a file at all (malformed JSON or YAML, bytes that are
not UTF-8, a section that is not an array, a record without the id that identifies it, the same
id twice) are input errors instead: the run stops with exit code 2 (see the README, "Bad
input"). What this rule reports is readable, and the run goes on:

| finding | what the other rules do with it |
|---|---|
| two or more locales marked \`default: true\` (warning) | accept a value in any of them where the default locale is needed |
| locales but none marked default (warning) | check fields that are not localized in every locale |
| a \`fallbackCode\` that names no locale of the space (warning) | end the fallback chain there |
| locales whose fallbacks form a cycle (warning, once per cycle) | end the chain where it would repeat |
| an entry of a content type that is not in the input | skip the entry |
| entries, but no content types at all (warning, once) | skip every entry: lint the content model with them |
| an entry or asset whose \`fields\` is not an object | skip its values |
| a field value that is not an object keyed by locale (\`"title": "Hello"\`) | skip the value |
| a content type field whose \`type\` is not one of the service's field types | skip its values |
| an Array field whose \`items.type\` is not Symbol, Link or ResourceLink | skip its items |
| \`validations\` (of a field or its items) that is not an array, or elements that are not objects (one finding per list) | skip them |
| a key repeated in a JSON file's structure: its top level (two \`entries\` sections), its \`taxonomy\`, the top level of a resource (one finding per value that is not the last) | read only the last value, as JSON.parse does, and as the service's import tool does with it |

The locale findings are warnings at most: the service keeps one default locale and fallbacks to
configured locales, but what it does with an export that breaks this (the service's own import
tool ships a test export with two default locales) is not documented. An entry of an unknown
content type is reported only when the input has content types; an input with entries and no
content types at all gets one warning, not one per entry.

A repeated key is read as JSON.parse reads it (its last value, in the place of its first), and
so by the service's import tool; an export with two \`entries\` sections is linted as one with
the last. Inside a record (an entry's fields, a content type's field), a repeated key is read
the same way without a finding: finding repeats there would mean scanning every record besides
parsing it. In YAML a repeated key is malformed YAML: an input error.

## Examples

Reported:

\`\`\`json
{ "locales": [ { "code": "en-US", "default": true }, { "code": "de-DE", "default": true, "fallbackCode": "fr-FR" } ] }
{ "sys": { "id": "e1", "contentType": { "sys": { "id": "page" } } }, "fields": { "title": "Hello" } }
\`\`\`

Not reported:

\`\`\`json
{ "locales": [ { "code": "en-US", "default": true }, { "code": "de-DE", "default": false, "fallbackCode": "en-US" } ] }
{ "sys": { "id": "e1", "contentType": { "sys": { "id": "page" } } }, "fields": { "title": { "en-US": "Hello" } } }
\`\`\`

## Fix

Export the space again with the service's export tool (records it writes always fit together),
or correct the hand-written file the finding points to. Lint the content types, locales and
entries of a space together.
`,
  },

  create(context) {
    const { space } = context;
    let firstDefault: LocaleNode | undefined;
    /** Input order of the locales, to report a fallback cycle once, on its first locale. */
    const order = new Map([...space.locales.keys()].map((code, i) => [code, i]));
    const hasContentTypes = space.contentTypes.size > 0;
    let entriesWithoutModel = 0;
    let firstEntry: EntryRef | undefined;

    /** The locales of the cycle `locale` is on (in fallback order, from it), or null. */
    const cycleFrom = (locale: LocaleNode): string[] | null => {
      const chain: string[] = [];
      for (let code: unknown = locale.code; typeof code === 'string' && space.locales.has(code); code = space.locales.get(code)!.json.fallbackCode) {
        if (chain.includes(code)) return code === locale.code ? chain : null;
        chain.push(code);
      }
      return null;
    };

    /** The `fields` of an entry or asset: an object of fields, each an object of values by locale. */
    const checkValues = (node: ReportNode, fields: unknown, record: string): void => {
      if (fields === undefined) return;
      if (!isObject(fields)) {
        context.report({ node, path: ['fields'], messageId: 'fieldsNotObject', data: { record, kind: kindOf(fields) } });
        return;
      }
      for (const field in fields) {
        const value = fields[field];
        if (!isObject(value)) context.report({ node, path: ['fields', field], field, messageId: 'valueNotLocalized', data: { field, record, kind: kindOf(value) } });
      }
    };

    const checkValidations = (field: FieldNode, validations: unknown, base: string[], where: string): void => {
      if (validations === undefined) return;
      if (!Array.isArray(validations)) {
        context.report({ node: field, path: base, messageId: 'validationsNotArray', data: { field: field.id, where: where === '' ? '' : 'items ', kind: kindOf(validations) } });
        return;
      }
      // One finding per list, at its first element that is not an object.
      const index = validations.findIndex((validation: unknown) => !isObject(validation));
      if (index < 0) return;
      const others = validations.filter((validation: unknown) => !isObject(validation)).length - 1;
      const more = others === 0 ? '' : ` (and ${others} more ${others === 1 ? 'validation' : 'validations'} of the list)`;
      context.report({ node: field, path: [...base, index], messageId: 'validationNotObject', data: { field: field.id, index, where, kind: kindOf(validations[index]), more } });
    };

    return {
      locale(locale) {
        if (locale.json.default === true) {
          if (firstDefault) context.report({ node: locale, path: ['default'], messageId: 'severalDefaults', data: { locale: locale.code, first: firstDefault.code } });
          else firstDefault = locale;
        }
        const fallback: unknown = locale.json.fallbackCode;
        if (fallback !== null && fallback !== undefined && !(typeof fallback === 'string' && space.locales.has(fallback))) {
          context.report({ node: locale, path: ['fallbackCode'], messageId: 'fallbackMissing', data: { locale: locale.code, fallback: quoted(fallback) } });
        }
        const cycle = cycleFrom(locale);
        if (cycle && cycle.every((code) => order.get(code)! >= order.get(locale.code)!)) {
          context.report({ node: locale, path: ['fallbackCode'], messageId: 'fallbackCycle', data: { cycle: [...cycle, locale.code].map((c) => `'${c}'`).join(' → ') } });
        }
      },

      field(field) {
        const { json } = field;
        if (!FIELD_TYPES.has(json.type)) {
          context.report({ node: field, path: ['type'], messageId: 'unknownFieldType', data: { field: field.id, type: quoted(json.type), types: [...FIELD_TYPES].join(', ') } });
          return;
        }
        checkValidations(field, json.validations, ['validations'], '');
        if (json.type !== 'Array') return;
        const items: unknown = json.items;
        const itemType = isObject(items) ? items.type : undefined;
        if (typeof itemType !== 'string' || !ITEM_TYPES.has(itemType)) {
          context.report({ node: field, path: isObject(items) ? ['items', 'type'] : ['items'], messageId: 'unknownItemsType', data: { field: field.id, type: itemType === undefined ? 'none' : quoted(itemType) } });
          return;
        }
        checkValidations(field, (items as { validations?: unknown }).validations, ['items', 'validations'], ' (on its items)');
      },

      asset(asset) {
        checkValues(asset, asset.json.fields, `asset '${asset.id}'`);
      },

      entry(entry) {
        if (!hasContentTypes) {
          entriesWithoutModel++;
          firstEntry ??= entryRef(entry);
          return;
        }
        if (!space.contentTypes.has(entry.contentTypeId)) {
          context.report({ node: entry, path: ['sys', 'contentType'], messageId: 'unknownContentType', data: { entry: entry.id, contentType: entry.contentTypeId } });
          return;
        }
        checkValues(entry, entry.json.fields, `entry '${entry.id}'`);
      },

      // Parallel runs (--jobs): the count, and the first entry in file order, cross threads (what a unit of entries gathered).
      exportState() {
        const state = { count: entriesWithoutModel, first: firstEntry ? context.entryRefs.toWire(firstEntry) : null };
        entriesWithoutModel = 0;
        firstEntry = undefined;
        return state;
      },
      importState(states) {
        for (const { count, first } of states as { count: number; first: WireEntryRef | null }[]) {
          entriesWithoutModel += count;
          const ref = first ? context.entryRefs.fromWire(first) : undefined;
          const before = (a: EntryRef, b: EntryRef) => (a.source.file.path === b.source.file.path ? a.source.offset < b.source.offset : a.source.file.path < b.source.file.path);
          if (ref && (!firstEntry || before(ref, firstEntry))) firstEntry = ref;
        }
      },

      end() {
        for (const { node, kept } of space.repeatedKeys) context.report({ node, messageId: 'repeatedKey', data: { key: node.key, line: kept.line, column: kept.column } });
        if (space.locales.size > 0 && !firstDefault) {
          const first = space.locales.values().next().value!;
          context.report({ node: first, path: ['default'], messageId: 'noDefault', data: { count: space.locales.size } });
        }
        if (firstEntry) {
          context.report({ node: firstEntry, messageId: 'noContentTypes', data: { count: entriesWithoutModel } });
        }
      },
    };
  },
});
