import { defineRule } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { isArchived, isPublished, isPublishedStatus } from '../src/model/entry-status.js';
import type { EntryNode } from '../src/model/nodes.js';
import { quoted, showList } from '../src/validation/describe.js';

const HEADER = 'X-Service-Locale-Based-Publishing';

export default defineRule({
  meta: {
    id: 'locale-unpublished',
    description: 'A published entry with locales that are not published in sys.fieldStatus: 404 / null in them under the locale-based publishing header.',
    enforcement: {
      date: null,
      postponedFrom: null,
      note: 'with the opt-in locale-based publishing header',
    },
    severity: 'warning',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      unpublished: {
        text:
          'This published entry holds values in {{locales}} that are not published (sys.fieldStatus: {{statuses}}). ' +
          `With the ${HEADER} header the delivery API answers 404 in {{them}} and the GraphQL API returns null: ` +
          'the translated content is hidden, and a published fallback locale does not make it visible. Publish the entry in {{them}}.{{untranslated}}{{cause}}',
      },
      untranslated: {
        text:
          'This published entry holds no values in {{locales}}, and sys.fieldStatus records no published status for {{them}}. ' +
          `Today a request in {{them}} gets the fallback locale's content; with the ${HEADER} header the delivery API answers 404 and the GraphQL API returns null instead.{{cause}}`,
        maxSeverity: 'info',
      },
    },
    docs: `
With locale-based publishing, an entry is published per locale, and \`sys.fieldStatus\` records
the status of each: \`{ "*": { "en-US": "published", "de-DE": "draft" } }\`. A request to the
delivery API or the GraphQL API with the header \`X-Service-Locale-Based-Publishing: true\` resolves
only the locales that have a published version (\`published\`, or \`changed\`: published with edits
since): any other locale gives 404 from the delivery API and \`null\` for the field from the GraphQL
API. A fallback locale can resolve content, but a published fallback does not make the requested
locale visible. A locale added to the space is served only after the entry is republished. The
header is opt-in today; the service plans to make locale-based publishing the default. There is
no date, so the rule is treated as in effect.

The service records a status only for the locales an entry holds values in: a locale nobody has
translated the entry into is absent from \`fieldStatus["*"]\`, not \`draft\` (observed on a real space
of 119 entries and 5 locales). "Not published in a locale" is therefore two different things, and
the rule tells them apart. For each published, non-archived entry that has \`sys.fieldStatus\`, it
reports at most one finding, naming the locales:

- \`unpublished\` (warning): the entry holds values in a locale that is not published (\`draft\`, or
  no status although the values are there). That is translated content the header hides: the
  real problem. Publish the entry in those locales. The finding also names the entry's
  untranslated locales, if any.
- \`untranslated\` (info at most): the entry holds no values in a locale. Today a request in it gets
  the fallback locale's content; under the header it gets 404 / \`null\` instead. Whether that
  matters depends on how the front end asks: translate the entry, or request the fallback locale
  when the entry has no translation.

Values count in the fields that are localized (any field for the default locale); entries of
content types without localized fields have nothing to translate, and their other locales are not
reported. The finding says that a locale was added to the space after the entry was last
published only when the input shows it (the locale's \`sys.createdAt\` is later than the entry's
\`sys.publishedAt\`); a locale missing from \`fieldStatus\` is not by itself a sign of that.

Entries without \`sys.fieldStatus\` (exports written before locale-based publishing, or read
through the delivery API) are not checked: their status per locale is unknown. Draft entries are
not reported: the whole entry is unpublished, which is not what this rule is about.

Not reported, to avoid false alarms where the service's behaviour is not stated:

- locales with \`contentDeliveryApi: false\` ("Enable this locale in response" off): the delivery
  API does not serve them anyway;
- locales with \`contentManagementApi: false\` (editing disabled): whether an entry can be
  published in them is not stated;
- \`changed\` locales: published, with edits since. The delivery APIs serve the last published
  version, under the header too, so the locale is live;
- status values other than \`draft\`, \`changed\` and \`published\`.

\`optional\` locales are checked like the others: the setting is not available with locale-based
publishing. When the input has no locales, the locales named in \`fieldStatus["*"]\` are checked
(a locale missing from it cannot be seen then).

## Examples

With the locales \`en-US\`, \`de-DE\` and \`fr-FR\`, and an entry with values in \`en-US\` and \`de-DE\`:

\`\`\`json
{ "sys": { "publishedVersion": 4, "fieldStatus": { "*": { "en-US": "published", "de-DE": "draft" } } } }
\`\`\`

reported as \`unpublished\` (\`de-DE\` is translated and not published; \`fr-FR\` untranslated is
named too). With \`{ "*": { "en-US": "published", "de-DE": "published" } }\` it is reported as
\`untranslated\` (\`fr-FR\`), at most info.

## Fix

Publish the entry in the unpublished locales (in the web app, or with
\`PUT /entries/{id}/published\` and \`{ "add": { "fields": { "*": ["de-DE"] } } }\`); after adding a
locale to the space, republish the entries. For untranslated locales: translate the entry, or have
the front end request the fallback locale for content that has no translation.
`,
  },

  create(context) {
    const { locales, contentTypes } = context.space;
    const checked = [...locales.values()].filter((l) => l.json.contentDeliveryApi !== false && l.json.contentManagementApi !== false).map((l) => l.code);
    const defaults = new Set(context.space.defaultLocales.map((l) => l.code));
    /** The localized fields of each content type (null: the content type is not in the input, every field counts). */
    const localizedByType = new Map<string, Set<string> | null>();
    const localizedOf = (id: string): Set<string> | null => {
      if (!localizedByType.has(id)) {
        const type = contentTypes.get(id);
        localizedByType.set(id, type ? new Set(type.fields.filter((f) => f.json.localized === true).map((f) => f.id)) : null);
      }
      return localizedByType.get(id)!;
    };

    return {
      entry(entry) {
        const { fieldStatus } = entry.json.sys;
        const statuses = isObject(fieldStatus) ? fieldStatus['*'] : undefined;
        if (!isObject(statuses) || !isPublished(entry) || isArchived(entry)) return;
        const localized = localizedOf(entry.contentTypeId);
        const unpublished: string[] = [];
        const untranslated: string[] = [];
        for (const locale of locales.size > 0 ? checked : Object.keys(statuses)) {
          const status = statuses[locale];
          if (isPublishedStatus(status) || (status !== undefined && status !== 'draft')) continue;
          const counted = defaults.has(locale) ? null : localized;
          if (holdsValues(entry, locale, counted)) unpublished.push(locale);
          else if (counted === null || counted.size > 0) untranslated.push(locale);
        }
        const reported = unpublished.length > 0 ? unpublished : untranslated;
        if (reported.length === 0) return;
        const first = reported[0]!;
        const cause = addedSincePublished(entry, [...unpublished, ...untranslated].filter((l) => statuses[l] === undefined), context.space.locales);
        const common = { locales: showList(reported, quoted), them: reported.length === 1 ? 'it' : 'them', cause };
        context.report({
          node: entry,
          path: statuses[first] === undefined ? ['sys', 'fieldStatus', '*'] : ['sys', 'fieldStatus', '*', first],
          locale: first,
          ...(unpublished.length > 0
            ? {
                messageId: 'unpublished',
                data: {
                  ...common,
                  statuses: unpublished.map((l) => `${quoted(l)} ${statuses[l] === undefined ? 'absent' : String(statuses[l])}`).join(', '),
                  untranslated: untranslated.length === 0 ? '' : ` It holds no values in ${showList(untranslated, quoted)} (untranslated: 404 / null there too under the header, instead of the fallback locale's content).`,
                },
              }
            : { messageId: 'untranslated', data: common }),
        });
      },
    };
  },
});

/** Whether the entry holds a value in `locale` in one of `fields` (null: in any field). */
function holdsValues(entry: EntryNode, locale: string, fields: ReadonlySet<string> | null): boolean {
  const values = entry.json.fields;
  if (!isObject(values)) return false;
  for (const [id, byLocale] of Object.entries(values)) {
    if ((fields === null || fields.has(id)) && isObject(byLocale) && byLocale[locale] !== undefined && byLocale[locale] !== null) return true;
  }
  return false;
}

/**
 * " 'de-DE' was added to the space after this entry was last published (…): …" for the locales
 * (without a status) whose `sys.createdAt` is later than the entry's `sys.publishedAt`; "" when
 * the input does not show that (no dates, or earlier ones).
 */
function addedSincePublished(entry: EntryNode, codes: readonly string[], locales: ReadonlyMap<string, { json: { sys?: unknown } }>): string {
  const publishedAt = (entry.json.sys as { publishedAt?: unknown }).publishedAt;
  const published = typeof publishedAt === 'string' ? Date.parse(publishedAt) : NaN;
  if (Number.isNaN(published)) return '';
  const later = codes.filter((code) => {
    const sys = locales.get(code)?.json.sys;
    const createdAt = isObject(sys) ? sys.createdAt : undefined;
    return typeof createdAt === 'string' && Date.parse(createdAt) > published;
  });
  if (later.length === 0) return '';
  return ` ${showList(later, quoted)} ${later.length === 1 ? 'was' : 'were'} added to the space after this entry was last published (${publishedAt}); the service serves a locale added to a space only after the entry is republished.`;
}
