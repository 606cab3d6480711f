import { defineRule } from '../src/engine/rule.js';
import { isObject } from '../src/util/json-value.js';
import { isArchived, isPublished } from '../src/model/entry-status.js';

const UNDER_THE_HEADER =
  'With the X-Service-Locale-Based-Publishing header the delivery API answers 404 for this locale and the GraphQL API returns null; ' +
  'a published fallback locale does not make it visible.';

export default defineRule({
  meta: {
    id: 'locale-unpublished',
    description: 'A published entry with a locale that is not published in sys.fieldStatus: 404 / null under the locale-based publishing header.',
    enforcement: {
      date: null,
      postponedFrom: null,
      note: 'with the opt-in locale-based publishing header',
    },
    severity: 'warning',
    recommended: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      draft: { text: `Locale '{{locale}}' of this published entry is a draft (sys.fieldStatus). ${UNDER_THE_HEADER} Publish the entry in this locale.` },
      missing: {
        text:
          `Locale '{{locale}}' has no publishing status in this entry's sys.fieldStatus (as for a locale added to the space after the entry was last published). ${UNDER_THE_HEADER} ` +
          'A newly added locale needs the entry to be republished.',
      },
    },
    docs: `
With locale-based publishing, an entry is published per locale, and \`sys.fieldStatus\` records
the status of each: \`{ "*": { "en-US": "published", "de-DE": "draft" } }\`. A request to the
delivery API or the GraphQL API with the header \`X-Service-Locale-Based-Publishing: true\` resolves
only the locales marked \`published\`: an unpublished locale gives 404 from the delivery API and
\`null\` for the field from the GraphQL API. A fallback locale can resolve content, but a
published fallback does not make the requested locale visible. A locale added to the space is
served only after the entry is republished. The header is opt-in today; the service plans to
make locale-based publishing the default. There is no date, so the rule is treated as in effect.

Reported: for each published, non-archived entry that has \`sys.fieldStatus\`, one finding per
configured locale whose status is \`draft\`, or that is missing from \`fieldStatus["*"]\`. Entries without \`sys.fieldStatus\` (exports written before locale-based
publishing, or read through the delivery API) are not checked: their status per locale is
unknown. Draft entries are not reported: the whole entry is unpublished, which is not what this
rule is about.

Not reported, to avoid false alarms where the service's behaviour is not stated:

- locales with \`contentDeliveryApi: false\` ("Enable this locale in response" off): the delivery
  API does not serve them anyway;
- locales with \`contentManagementApi: false\` (editing disabled): whether an entry can be
  published in them is not stated;
- \`changed\` locales: published, with edits since. The delivery APIs serve the last published
  version, under the header too (it resolves locales that have a published version), so the
  locale is live;
- status values other than \`draft\` and \`published\`.

\`optional\` locales are checked like the others: the setting is not available with locale-based
publishing. When the input has no locales, the locales named in \`fieldStatus["*"]\` are checked
(a missing locale cannot be seen then).

## Examples

With the locales \`en-US\` and \`de-DE\`, reported (\`de-DE\` is a draft; \`de-DE\` is missing):

\`\`\`json
{ "sys": { "publishedVersion": 4, "fieldStatus": { "*": { "en-US": "published", "de-DE": "draft" } } } }
{ "sys": { "publishedVersion": 4, "fieldStatus": { "*": { "en-US": "published" } } } }
\`\`\`

## Fix

Publish the entry in the locales reported (in the web app, or with
\`PUT /entries/{id}/published\` and \`{ "add": { "fields": { "*": ["de-DE"] } } }\`); after adding a
locale, republish the entries.
`,
  },

  create(context) {
    const { locales } = context.space;
    const checked = [...locales.values()]
      .filter((l) => l.json.contentDeliveryApi !== false && l.json.contentManagementApi !== false)
      .map((l) => l.code);

    return {
      entry(entry) {
        const { fieldStatus } = entry.json.sys;
        const statuses = isObject(fieldStatus) ? fieldStatus['*'] : undefined;
        if (!isObject(statuses) || !isPublished(entry) || isArchived(entry)) return;
        for (const locale of locales.size > 0 ? checked : Object.keys(statuses)) {
          const status = statuses[locale];
          const messageId = status === undefined ? 'missing' : status === 'draft' ? status : null;
          if (messageId === null) continue;
          context.report({
            node: entry,
            path: status === undefined ? ['sys', 'fieldStatus', '*'] : ['sys', 'fieldStatus', '*', locale],
            locale,
            messageId,
            data: { locale },
          });
        }
      },
    };
  },
});
