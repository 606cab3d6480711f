import { defineRule, type WireEntryRef } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { assetFiles } from '../src/model/asset-files.js';
import { holdsLiveValues, isArchived, isPublishedStatus, isPublishedUnchanged, localeByLocaleStatus } from '../src/model/entry-status.js';
import { isEmptyValue } from '../src/model/field-value.js';
import { shapeProblem } from '../src/model/value-shape.js';
import type { EntryNode, EntryRef } from '../src/model/nodes.js';
import { PublishLocales } from '../src/model/publish-locales.js';
import { compileField, type FieldPlan } from '../src/validation/compile-field.js';
import { EntryLinkRule, type EntryLinkWire } from '../src/validation/link-checks.js';
import { AssetTable, EntryIds, EntryRows, HOLDS_LIVE_VALUES, PendingLinks, PUBLISHED_UNCHANGED, UniqueValues } from '../src/validation/cross-entry-state.js';
import { Numbering } from '../src/util/compact/lists.js';
import { showValue } from '../src/validation/describe.js';
import { VALIDATION_KINDS, type CheckContext, type EntryLinkCheck, type Path, type ValidationKind, type Violation } from '../src/validation/types.js';

interface Options {
  kinds: ValidationKind[];
  reportMissingLinks: boolean;
}

/**
 * What a copy of the rule in a worker thread hands to the main thread (see `exportState`): its
 * entry rows and what its pending links check are sent once each, and referred to by index.
 */
interface EntryValidationState {
  entryTypes: [string, string][];
  /** The entries the rest refers to (`EntryRows`), and their flags. */
  rows: WireEntryRef[];
  flags: number[];
  /** What pending links check, and where: content type, field id, locale, item, check, path. */
  hows: [string, string, string, number | null, unknown, Path][];
  /** Links to entries not seen yet: row and how, two numbers each, and their targets' ids. */
  pending: number[];
  targets: string[];
  /** The holders of `unique` values: row, field id, locale, value. */
  uniques: [number, string, string, string][];
  reportedUnique: string[];
  /** Violations waiting for links before them: row, field id, locale, item, the violation. */
  waiting: [number, string, string, number | null, Violation][];
}

/**
 * A value's first violation that is not a link, found while links before it (in the order of the
 * checks) wait for their targets: it is the value's finding unless one of those links breaks its
 * validation (decided at the end, when every entry has been seen).
 */
interface WaitingViolation {
  row: number;
  field: FieldPlan;
  locale: string;
  item: number | null;
  violation: Violation;
}

/** What a pending link checks, and where: the field, the locale, the check, the Array item and the path below the value (numbered: pending links hold only the number). */
interface LinkHow {
  field: FieldPlan;
  locale: string;
  check: EntryLinkCheck;
  item: number | null;
  path: Path;
}

const REFUSED = '{{refused}}';
/** An entry published and unchanged is live as published: the validation (added later) refuses its next publish. */
const refusal = (live: boolean): string => (live ? ' The entry is live as published, but its next publish will be refused.' : ' Publishing the entry fails.');
const MAX_NAMED = 10;

/** "entry 'b'", "entries 'b', 'c'", "entries 'b', …, and 990 more": the entries of `rows` other than `row`. */
function otherEntries(rows: EntryRows, others: readonly number[]): string {
  const named = others.slice(0, MAX_NAMED).map((other) => `'${rows.idOf(other)}'`);
  const more = others.length - named.length;
  return `${others.length === 1 ? 'entry' : 'entries'} ${named.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}

/**
 * The holders of one value whose next publish the service refuses, each with the published
 * entries it conflicts with. The service checks `unique` on publish against the published
 * values of the other entries: an entry with pending values clashes with live holders; live
 * holders clash with each other (the validation was added later); a live entry never clashes
 * because of another entry's pending value, and pending values only clash with live ones.
 * `holders` are rows of `rows`, in input order.
 */
function uniqueClashes(rows: EntryRows, holders: readonly number[]): { row: number; conflicting: number[]; live: boolean }[] {
  const live = holders.filter((h) => rows.has(h, HOLDS_LIVE_VALUES));
  if (live.length === 0) return [];
  return holders.flatMap((h) => {
    const conflicting = live.filter((other) => other !== h);
    return conflicting.length === 0 ? [] : [{ row: h, conflicting, live: rows.has(h, HOLDS_LIVE_VALUES) }];
  });
}
const AT = "Field '{{field}}' ({{locale}}){{item}}";

export default defineRule<Options>({
  meta: {
    id: 'entry-field-validation',
    description: 'An entry value that breaks a validation of its field (size, range, in, regexp, unique, links, dates, rich text): the service refuses to publish it.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    schema: {
      type: 'object',
      properties: {
        kinds: {
          type: 'array',
          items: { enum: [...VALIDATION_KINDS] },
          uniqueItems: true,
          default: [...VALIDATION_KINDS],
          description: 'The kinds of validation to check.',
        },
        reportMissingLinks: {
          type: 'boolean',
          default: false,
          description: 'Also report links to entries and assets that are not in the input (default exports leave drafts out, so these are usually not errors).',
        },
      },
      additionalProperties: false,
    },
    messages: {
      size: { text: `${AT} has {{count}} {{unit}}; its size validation allows {{bounds}}.{{custom}}${REFUSED}` },
      range: { text: `${AT} is {{value}}; its range validation allows {{bounds}}.{{custom}}${REFUSED}` },
      in: { text: `${AT} is {{value}}, which is not one of its allowed values: {{allowed}}.{{custom}}${REFUSED}` },
      regexp: { text: `${AT} is {{value}}, which does not match the pattern /{{pattern}}/{{flags}}.{{custom}}${REFUSED}` },
      prohibitRegexp: { text: `${AT} is {{value}}, which matches the prohibited pattern /{{pattern}}/{{flags}}.{{custom}}${REFUSED}` },
      unique: {
        text: `${AT} is {{value}}, which must be unique among the entries of content type '{{contentType}}', but {{others}} also {{have}} it.{{custom}}${REFUSED}`,
      },
      linkContentType: {
        text: `${AT} links to entry '{{target}}' of content type '{{targetType}}'; the field accepts only {{allowed}}.{{custom}}${REFUSED}`,
      },
      linkMimetypeGroup: {
        text: `${AT} links to asset '{{target}}', a file of type {{fileType}} (group {{groups}}); the field accepts only {{allowed}}.{{custom}}${REFUSED}`,
      },
      assetFileSize: { text: `${AT} links to asset '{{target}}', a file of {{size}} bytes; the field allows {{bounds}}.{{custom}}${REFUSED}` },
      assetImageDimensions: {
        text: `${AT} links to asset '{{target}}', an image of {{width}}×{{height}} pixels; the field allows {{bounds}}.{{custom}}${REFUSED}`,
      },
      dateRange: { text: `${AT} is {{value}}; its date range allows {{bounds}}.{{custom}}${REFUSED}` },
      enabledMarks: { text: `${AT} uses the mark '{{mark}}', which the field does not enable (enabled: {{allowed}}).{{custom}}${REFUSED}` },
      enabledNodeTypes: {
        text: `${AT} contains a '{{nodeType}}' node, which the field does not enable (enabled: {{allowed}}).{{custom}}${REFUSED}`,
      },
      nodesSize: { text: `${AT} has {{count}} '{{nodeType}}' nodes; the field allows {{bounds}}.{{custom}}${REFUSED}` },
      nodesLinkContentType: {
        text: `${AT} has a '{{nodeType}}' node linking to entry '{{target}}' of content type '{{targetType}}'; such nodes may link only to {{allowed}}.{{custom}}${REFUSED}`,
      },
      missingEntry: {
        text: `${AT} links to entry '{{target}}', which is not in the input: a draft left out of the export, or a deleted entry that the link can no longer resolve.`,
        maxSeverity: 'warning',
      },
      missingAsset: {
        text: `${AT} links to asset '{{target}}', which is not in the input: a draft left out of the export, or a deleted asset that the link can no longer resolve.`,
        maxSeverity: 'warning',
      },
    },
    docs: `
The service checks an entry against its fields' validations when the entry is published, and
refuses the publish if a value breaks one. This rule runs those checks over every entry of the
input (archived entries are skipped), so that a bulk publish, a migration or a deploy does not
stop half way. One finding per entry, field and locale: the first validation the value breaks,
in the order of the field's validations, then of \`items.validations\` item by item.

| kind | checked |
|---|---|
| \`size\` | characters of a Symbol or Text, items of an Array, properties of an Object, characters of text in a RichText document; and the characters of each Symbol of an Array (\`items\`) |
| \`range\` | an Integer or Number, bounds included |
| \`in\` | a Symbol, Text, Integer or Number (or each Symbol of an Array) is one of the list |
| \`regexp\`, \`prohibitRegexp\` | a Symbol or Text (or each Symbol of an Array) matches / does not match, as an unanchored search with RE2 semantics |
| \`unique\` | an entry whose next publish would give it a Symbol (in a locale) that a published entry of the content type holds: see below |
| \`linkContentType\` | a link to an entry (or each link of an Array) points to an entry of an allowed content type |
| \`linkMimetypeGroup\`, \`assetFileSize\`, \`assetImageDimensions\` | a link to an asset points to a file of an allowed group, size, width and height |
| \`dateRange\` | a Date is within the range, bounds included |
| \`enabledMarks\`, \`enabledNodeTypes\` | a rich-text document uses only enabled marks and node types |
| \`nodes\` | per rich-text node type: how many such nodes (\`size\`), and which content types embedded entries and entry hyperlinks link to (\`linkContentType\`) |

Patterns are matched with RE2 (re2js, the service's engine; node \`re2\` for long values once
re2js has accepted the pattern). A pattern or flags that the service's engine refuses are not
matched here: \`re2-incompatible-pattern\` reports them.

Links are checked against the entries and assets of the input. Entries are streamed, so the
rule keeps only compact facts: the content type of every entry seen, the group, size and
dimensions of every asset file, and the entries holding each value of a \`unique\` field. A
link to an entry or asset that is not in the input is passed over, because default exports
leave drafts out; \`reportMissingLinks: true\` reports such links too (at most as warnings).

Which values are checked: for a localized field, the values of the configured locales; for a
field that is not localized, the value of the default locale (values left in other locales
are not returned by the API, and \`unlocalized-field-locale-values\` reports them). Empty values
are left to \`required-field-empty\`.

What the service does not document, and how this rule reads it so that it does not raise false
alarms:

- Characters: counted as UTF-16 units against a minimum and as code points against a
  maximum, so that a value that is valid under either count is not reported.
- Mimetype groups come from the table the service publishes (an npm package); a MIME type listed
  in several groups (text/plain is plaintext and code) passes any of them, and so does the group
  of the file name's extension. An asset with a file per locale passes when any of its files
  passes; a file whose size or dimensions have not been recorded passes.
- A date without a time zone offset (in the value or the range) may be off by up to 14 hours:
  it is reported only when it is out of range by more than that.
- \`unique\` is checked on Symbol fields only, comparing values exactly (case matters), among the
  entries of the input that are not archived. The service checks it when an entry is published,
  against the published values of the other entries. An export holds each entry's latest values:
  for an entry that is published and unchanged (\`sys.version\` is \`publishedVersion + 1\`, or
  unknown) they are its live values; for a draft or an entry with changes since its publish, they
  are what its next publish would carry, and its live values are not in the export. So an entry
  with pending values is reported when a live entry holds the same value (naming the live
  entries); two live entries with one value (the validation was added later) are both reported;
  a live entry is never reported because of another entry's draft, and pending values that clash
  only with other pending values are not reported (whichever is published first is fine).
- An entry published locale by locale (its \`sys.fieldStatus\` marks some locales published and
  others not) is checked only in its published locales.

## Examples

A field \`{ "id": "slug", "type": "Symbol", "validations": [{ "regexp": { "pattern": "^[a-z0-9-]+$" } }] }\`
and an entry with \`"slug": { "en-US": "Hello World" }\`: reported (regexp).

A field \`{ "id": "author", "type": "Link", "linkType": "Entry", "validations": [{ "linkContentType": ["person"] }] }\`
linking to an entry of content type \`tag\`: reported (linkContentType), wherever in the input
that entry is.

## Options

- \`kinds\` (default: all): the kinds of validation to check, e.g. \`["size", "regexp"]\`.
- \`reportMissingLinks\` (default \`false\`): also report links to entries and assets that are
  not in the input.

## Fix

Change the value (the message says what the validation allows), or the validation if it no
longer says what the content needs.
`,
  },

  create(context) {
    const { reportMissingLinks } = context.options;
    const options = { kinds: new Set(context.options.kinds), reportMissingLinks };
    const locales = new PublishLocales(context.space);
    const plans = new Map<string, FieldPlan[]>();
    let keepsAssets = false;
    let keepsEntryTypes = false;

    const assets = new AssetTable();
    const ids = new EntryIds(context.space.entryIds);
    // `let`: a copy in a worker thread hands them over unit by unit and starts again (exportState).
    let rows = new EntryRows(ids);
    let pending = new PendingLinks();
    const hows = new Numbering<string>();
    const howOf: LinkHow[] = [];
    const checks = new Numbering<EntryLinkCheck>();
    /** Per field with `unique` and locale, numbered (the group of its values). */
    const groups = new Numbering<string>();
    const uniqueFields = new Numbering<FieldPlan>();
    const groupOf: { field: FieldPlan; locale: string }[] = [];
    let uniques = new UniqueValues();
    /** Entries, fields and locales already reported (only those with a `unique` field). */
    const reportedUnique = new Set<string>();
    let waiting: WaitingViolation[] = [];
    /**
     * The checks of links imported from worker threads, one object per content type, field and
     * distinct check (by wire form): a check belongs to one field, as `howNumber` assumes.
     */
    const checksByWire = new Map<string, EntryLinkCheck>();
    /** Pending links arrived from worker threads: no longer in input order. */
    let imported = false;

    // The value being checked, and the links to entries not seen yet that it holds.
    let item: number | null = null;
    const deferred: { item: number | null; check: EntryLinkCheck; targetId: string; path: Path }[] = [];

    const checkContext: CheckContext = {
      assetFiles: (id) => assets.get(id),
      entryType: (id) => ids.type(id),
      defer: (check, targetId, path) => void deferred.push({ item, check, targetId, path: item === null ? path : [item, ...path] }),
    };

    /** Links of a Link field (no item, no path below the value): numbered by check and locale without building a key. */
    const directHows = new Map<EntryLinkCheck, Map<string, number>>();
    const howNumber = (how: LinkHow): number => {
      const direct = how.item === null && how.path.length === 0;
      let byLocale = direct ? directHows.get(how.check) : undefined;
      let n = byLocale?.get(how.locale);
      if (n !== undefined) return n;
      n = hows.of(`${checks.of(how.check)}\0${how.locale}\0${how.field.id}\0${JSON.stringify([how.item, how.path])}`);
      howOf[n] ??= how;
      if (direct) {
        if (!byLocale) directHows.set(how.check, (byLocale = new Map()));
        byLocale.set(how.locale, n);
      }
      return n;
    };
    const groupNumber = (field: FieldPlan, locale: string): number => {
      const n = groups.of(`${locale}\0${uniqueFields.of(field)}`);
      groupOf[n] ??= { field, locale };
      return n;
    };
    const addPending = (row: number, field: FieldPlan, locale: string, link: (typeof deferred)[number]): void =>
      pending.push(row, howNumber({ field, locale, check: link.check, item: link.item, path: link.path }), ids.add(link.targetId));

    const report = (node: EntryNode | EntryRef, field: FieldPlan, locale: string, itemIndex: number | null, violation: Violation, live = 'json' in node && isPublishedUnchanged(node)): void => {
      context.report({
        node,
        path: ['fields', field.id, locale, ...violation.path],
        field: field.id,
        locale,
        messageId: violation.messageId,
        data: { ...violation.data, field: field.id, locale, item: itemIndex === null ? '' : `, item at index ${itemIndex},`, refused: refusal(live) },
      });
    };

    /** The first validation the value breaks, with the Array item it is about. */
    const firstViolation = (field: FieldPlan, value: unknown): { violation: Violation; item: number | null } | null => {
      for (const check of field.checks) {
        const violation = check.run(value, checkContext);
        if (violation) return { violation, item: null };
      }
      if (field.itemChecks.length === 0 || !Array.isArray(value)) return null;
      for (let i = 0; i < value.length; i++) {
        item = i;
        for (const check of field.itemChecks) {
          const violation = check.run(value[i], checkContext);
          if (violation) {
            item = null;
            return { violation: { ...violation, path: [i, ...violation.path] }, item: i };
          }
        }
      }
      item = null;
      return null;
    };

    /** The plan of field `fieldId` of content type `contentTypeId` (for a worker thread's state). */
    const fieldOf = (contentTypeId: string, fieldId: string) => plans.get(contentTypeId)!.find((f) => f.id === fieldId)!;

    return {
      contentType(contentType) {
        const fields: FieldPlan[] = [];
        for (const { json } of contentType.fields) {
          const plan = compileField(json, options);
          if (!plan) continue;
          fields.push(plan);
          const types = [json.linkType, json.items?.linkType];
          if (json.type === 'RichText' || (types.includes('Entry') && (json.type === 'Link' || json.type === 'Array'))) keepsEntryTypes = true;
          if (json.type === 'RichText' || (types.includes('Asset') && (json.type === 'Link' || json.type === 'Array'))) keepsAssets = true;
        }
        if (fields.length > 0) plans.set(contentType.id, fields);
      },

      asset(asset) {
        if (keepsAssets) assets.set(asset.id, assetFiles(asset));
      },

      entry(entry) {
        // Archived entries can still be link targets.
        // The id's number, when it is looked up here: a row of this entry needs it too.
        const idNumber = keepsEntryTypes ? ids.setType(entry.id, context.space.contentTypes.get(entry.contentTypeId)?.id ?? entry.contentTypeId) : undefined;
        const plan = plans.get(entry.contentTypeId);
        if (plan === undefined || isArchived(entry)) return;
        const fields = entry.json.fields;
        if (!isObject(fields)) return;
        const status = localeByLocaleStatus(entry, locales.configured);
        let row = -1;
        const rowOf = () => (row >= 0 ? row : (row = rows.add(entry, (isPublishedUnchanged(entry) ? PUBLISHED_UNCHANGED : 0) | (holdsLiveValues(entry) ? HOLDS_LIVE_VALUES : 0), idNumber)));
        for (const field of plan) {
          const values = fields[field.id];
          if (!isObject(values)) continue;
          const onlyDefaults = !field.localized && locales.defaults.length > 0;
          for (const locale in values) {
            if (onlyDefaults ? !locales.defaults.includes(locale) : !locales.isChecked(locale)) continue;
            if (status !== null && !isPublishedStatus(status[locale])) continue;
            const value = values[locale];
            // A value of the wrong shape is entry-value-type's: its validations would be guesses.
            if (isEmptyValue(field.type, value) || shapeProblem(field.shape, value) !== null) continue;
            deferred.length = 0;
            const found = firstViolation(field, value);
            // Links to entries not seen yet come before `found` in the order of the checks: the
            // finding is the first of them that breaks its validation, else `found` (decided at the
            // end, so that it does not depend on where the targets are in the input, or which
            // thread saw them).
            if (deferred.length === 0) {
              if (found) report(entry, field, locale, found.item, found.violation);
            } else {
              for (const link of deferred) addPending(rowOf(), field, locale, link);
              if (found) waiting.push({ row: rowOf(), field, locale, ...found });
            }
            if (field.unique && typeof value === 'string') {
              uniques.add(groupNumber(field, locale), value, rowOf());
              if (found) reportedUnique.add(`${entry.id}\0${field.id}\0${locale}`);
            }
          }
        }
      },

      exportState(): EntryValidationState {
        const state: EntryValidationState = { entryTypes: ids.takeSeen(), rows: [], flags: [], hows: [], pending: [], targets: [], uniques: [], reportedUnique: [...reportedUnique], waiting: [] };
        for (let row = 0; row < rows.size; row++) {
          state.rows.push(context.entryRefs.toWire(rows.ref(row)));
          state.flags.push(rows.flagsOf(row));
        }
        /** This state's index of each how its links use. */
        const howIndex = new Map<number, number>();
        for (let i = 0; i < pending.size; i++) {
          const { row, how, target } = pending.at(i);
          let k = howIndex.get(how);
          if (k === undefined) {
            const { field, locale, check, item, path } = howOf[how]!;
            howIndex.set(how, (k = state.hows.push([rows.contentTypeOf(row), field.id, locale, item, check.toWire(), [...path]]) - 1));
          }
          state.pending.push(row, k);
          state.targets.push(ids.table.get(target));
        }
        for (const { group, value, row } of uniques.all()) {
          const { field, locale } = groupOf[group]!;
          state.uniques.push([row, field.id, locale, value]);
        }
        for (const { row, field, locale, item, violation } of waiting) state.waiting.push([row, field.id, locale, item, violation]);
        rows = new EntryRows(ids);
        pending = new PendingLinks();
        uniques = new UniqueValues();
        reportedUnique.clear();
        waiting = [];
        return state;
      },

      importState(states) {
        for (const state of states as EntryValidationState[]) {
          for (const [id, type] of state.entryTypes) ids.setType(id, type);
          const importedRows = state.rows.map((wire, k) => rows.add(context.entryRefs.fromWire(wire), state.flags[k]!));
          const importedHows = state.hows.map(([contentTypeId, fieldId, locale, linkItem, check, path]) => {
            const key = JSON.stringify([contentTypeId, fieldId, check]);
            let rule = checksByWire.get(key);
            if (!rule) checksByWire.set(key, (rule = EntryLinkRule.fromWire(check as EntryLinkWire)));
            return howNumber({ field: fieldOf(contentTypeId, fieldId), locale, check: rule, item: linkItem, path });
          });
          for (let k = 0; k < state.targets.length; k++) pending.push(importedRows[state.pending[2 * k]!]!, importedHows[state.pending[2 * k + 1]!]!, ids.add(state.targets[k]!));
          for (const [row, fieldId, locale, value] of state.uniques) uniques.add(groupNumber(fieldOf(rows.contentTypeOf(importedRows[row]!), fieldId), locale), value, importedRows[row]!);
          for (const key of state.reportedUnique) reportedUnique.add(key);
          for (const [row, fieldId, locale, item, violation] of state.waiting) waiting.push({ row: importedRows[row]!, field: fieldOf(rows.contentTypeOf(importedRows[row]!), fieldId), locale, item, violation });
        }
        // Findings are sorted at the end, so the order states arrive in does not matter; pending
        // links are grouped per entry, field and locale for the check below.
        imported = true;
      },

      end() {
        // Links to entries that came later in the input; one finding per entry, field and locale.
        const order = imported ? pending.inInputOrder(rows) : null;
        let last: { id: number; field: string; locale: string } | undefined;
        /** The values (entry, field, locale) reported for a link, when violations wait for links. */
        const linked = new Set<string>();
        const valueKey = (id: number, field: FieldPlan, locale: string) => `${id}\0${field.id}\0${locale}`;
        for (let k = 0; k < pending.size; k++) {
          const { row, how, target } = pending.at(order ? order[k]! : k);
          const { field, locale, check, item: linkItem, path } = howOf[how]!;
          const id = rows.idNumber(row);
          if (last && last.id === id && last.field === field.id && last.locale === locale) continue;
          const violation = check.judgeEntry(ids.table.get(target), ids.typeAt(target), path);
          if (violation) {
            report(rows.ref(row), field, locale, linkItem, violation, rows.has(row, PUBLISHED_UNCHANGED));
            last = { id, field: field.id, locale };
            if (waiting.length > 0) linked.add(valueKey(id, field, locale));
          }
        }
        for (const { row, field, locale, item: itemIndex, violation } of waiting) {
          if (!linked.has(valueKey(rows.idNumber(row), field, locale))) report(rows.ref(row), field, locale, itemIndex, violation, rows.has(row, PUBLISHED_UNCHANGED));
        }
        for (const { group, value, rows: holders } of uniques.shared()) {
          const { field, locale } = groupOf[group]!;
          for (const { row, conflicting, live } of uniqueClashes(rows, holders.sort((a, b) => rows.compare(a, b)))) {
            if (reportedUnique.has(`${rows.idOf(row)}\0${field.id}\0${locale}`)) continue;
            report(rows.ref(row), field, locale, null, {
              messageId: 'unique',
              data: {
                value: showValue(value),
                contentType: rows.contentTypeOf(row),
                others: otherEntries(rows, conflicting),
                have: conflicting.length === 1 ? 'has' : 'have',
                custom: field.unique!.custom,
              },
              path: [],
            }, live);
          }
        }
      },
    };
  },
});
