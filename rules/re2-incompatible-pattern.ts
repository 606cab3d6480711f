import { defineRule } from '../src/engine/rule.js';
import { replaceValidation, type Fix } from '../src/fix/changes.js';
import { isObject } from '../src/util/json-value.js';
import type { FieldNode } from '../src/model/nodes.js';
import { checkFlags, checkPattern } from '../src/regex/re2-engine.js';
import { anchoredAtStart } from '../src/regex/start-anchor.js';

const BLOCKS = 'The service refuses to publish entries of this content type while the validation has this pattern.';

/**
 * Whether dropping a flag the service refuses keeps what the pattern matches: `d` (match indices)
 * never changes a match; `y` (sticky) matches only at the start, which a pattern anchored by `^`
 * does anyway, unless `m` lets `^` match after a newline.
 */
function droppable(letter: string, pattern: string, flags: string): boolean {
  if (letter === 'd') return true;
  return letter === 'y' && !flags.includes('m') && anchoredAtStart(pattern);
}

export default defineRule({
  meta: {
    id: 're2-incompatible-pattern',
    description: 'A regexp or prohibitRegexp validation whose pattern or flags the service’s RE2 engine refuses.',
    enforcement: { date: '2025-04-21', postponedFrom: '2025-03-21', note: null },
    severity: 'error',
    recommended: true,
    fixable: true,
    hasSuggestions: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      lookahead: { text: `The {{validation}} pattern{{where}} uses a lookahead \`{{construct}}\`, which RE2 does not support. ${BLOCKS}` },
      lookbehind: { text: `The {{validation}} pattern{{where}} uses a lookbehind \`{{construct}}\`, which RE2 does not support. ${BLOCKS}` },
      backreference: {
        text: `The {{validation}} pattern{{where}} uses a backreference \`{{construct}}\`, which RE2 does not support. ${BLOCKS}`,
      },
      repeatCount: {
        text: `The {{validation}} pattern{{where}} uses the repeat count \`{{construct}}\`; RE2 allows at most 1000. ${BLOCKS}`,
      },
      unicodeProperty: {
        text: `The {{validation}} pattern{{where}} uses the Unicode property \`{{construct}}\`, which RE2 does not know (it has the short forms such as \\p{L} and \\p{Greek}). ${BLOCKS}`,
      },
      unicodeEscape: {
        text: `The {{validation}} pattern{{where}} uses the JavaScript escape \`{{construct}}\`; RE2 writes it \\x{…}. ${BLOCKS}`,
      },
      controlEscape: {
        text: `The {{validation}} pattern{{where}} uses the JavaScript control escape \`{{construct}}\`; RE2 writes it \\x…. ${BLOCKS}`,
      },
      surrogateEscape: {
        text:
          'The {{validation}} pattern{{where}} uses the UTF-16 surrogate escape `{{construct}}`. JavaScript matches it as half of a character; ' +
          'RE2 matches whole code points, so no rewrite of it matches the same strings: write the character as its code point ' +
          '(\\x{1F600}, or a range such as [\\x{1F300}-\\x{1FAFF}]). The service’s RE2 engine refuses the pattern as written.',
        maxSeverity: 'warning',
      },
      emptyClass: {
        text: `The {{validation}} pattern{{where}} uses the JavaScript class \`{{construct}}\`, which RE2 reads differently. ${BLOCKS}`,
      },
      unsupportedEscape: {
        text: `The {{validation}} pattern{{where}} uses the escape \`{{construct}}\`, which RE2 does not support. ${BLOCKS}`,
      },
      unsupportedGroup: {
        text: `The {{validation}} pattern{{where}} uses the group syntax \`{{construct}}\`, which RE2 does not support. ${BLOCKS}`,
      },
      invalidSyntax: { text: `RE2 cannot compile the {{validation}} pattern{{where}}: {{detail}} \`{{construct}}\`. ${BLOCKS}` },
      translatable: {
        text:
          'The {{validation}} pattern{{where}} uses JavaScript syntax `{{construct}}` that the service’s RE2 engine refuses as written. ' +
          'Use `{{suggestion}}` instead: it matches the same strings and RE2 accepts it.',
        maxSeverity: 'warning',
      },
      unsupportedFlag: {
        text:
          'The {{validation}} validation{{where}} has the flag {{flags}}; the service accepts only i, m, s, u and g. ' +
          'The service refuses to publish entries of this content type while the validation has this flag.',
      },
    },
    docs: `
The service validates \`regexp\` (match) and \`prohibitRegexp\` (prohibit) patterns with
RE2 — specifically the re2js package — instead of JavaScript's RegExp. From 2025-04-21
(postponed from 2025-03-21) an entry cannot be published while its content type has a
pattern that RE2 refuses. RE2 runs in linear time, so it has no lookahead, lookbehind or
backreferences, and repeat counts are limited to 1000.

This rule compiles every pattern of a field's \`validations\` and of its \`items.validations\`
with re2js, the engine the service uses, so its verdict is the service's. Flags: \`i\`, \`m\` and
\`s\` are mapped to RE2; \`u\` and \`g\` are accepted and have no effect; any other letter is
refused (the service documents only these five).

When a pattern uses only JavaScript spellings that RE2 writes differently (\`\\u00e9\`,
\`\\u{1F600}\`, \`\\cJ\`, \`[^]\`), \`RE2JS.translateRegExp\` rewrites it into an equivalent pattern,
and the finding gives that pattern. Whether the service applies this rewrite itself is not
documented, so these findings are at most warnings; use the rewritten pattern to be safe either
way. A UTF-16 surrogate escape (\`\\ud83d\`, as in the widely shared "no emoji" patterns) has no
such rewrite: JavaScript matches it as half of a character, RE2 as a code point that no
well-formed text contains, so the finding names it and offers no pattern (write the character's
code point, \`\\x{1F600}\`, or a range of them); nor has \`\\c\` before a non-letter, which
JavaScript reads as a backslash and a \`c\`.

Not reported: nested quantifiers such as \`(a+)+\`. The service's help page says they are no
longer accepted, but RE2 compiles them and the service's engine is RE2, so reporting them would
be guessing.

## Examples

Refused:

\`\`\`json
{ "regexp": { "pattern": "^(?!admin).*$" } }
{ "regexp": { "pattern": "^(\\\\w)\\\\1$" } }
{ "regexp": { "pattern": "^a{2000}$" } }
{ "regexp": { "pattern": "^x$", "flags": "y" } }
\`\`\`

Accepted:

\`\`\`json
{ "regexp": { "pattern": "^\\\\w[\\\\w.-]*@([\\\\w-]+\\\\.)+[\\\\w-]+$", "flags": null } }
{ "regexp": { "pattern": "^(?<year>\\\\d{4})-\\\\d{2}$", "flags": "iu" } }
\`\`\`

## Fix

Rewrite the pattern without the construct the message names; where a check needs a lookahead
(for example "must not start with admin"), use a \`prohibitRegexp\` validation next to the
\`regexp\` one.

\`--fix\` replaces a pattern with the equivalent pattern the message gives (JavaScript spellings
that RE2 writes differently), and drops a flag the service refuses where that keeps what the
pattern matches: \`d\` (match indices) always, \`y\` (sticky) when the pattern starts with \`^\` and
has no top-level \`|\` and the flags have no \`m\`. Dropping any other refused flag changes what the
pattern means, so it is a suggestion (\`dropFlags\`). A lookahead, lookbehind or backreference has
no equivalent in RE2: such a pattern stays a finding.
`,
  },

  create(context) {
    const checkValidations = (field: FieldNode, validations: unknown, base: string[], where: string): void => {
      if (!Array.isArray(validations)) return;
      validations.forEach((validation: unknown, index) => {
        if (!isObject(validation)) return;
        for (const validationKey of ['regexp', 'prohibitRegexp'] as const) {
          const spec = validation[validationKey];
          if (!isObject(spec) || typeof spec.pattern !== 'string') continue;
          const path = [...base, index, validationKey];
          const flags = checkFlags(spec.flags);
          /** The validation with `changes` made to its pattern and flags. */
          const replaced = (changes: Record<string, unknown>) => replaceValidation(field, base[0] === 'items', index, { ...validation, [validationKey]: { ...spec, ...changes } });
          if (flags.unsupported.length > 0) {
            const letters = typeof spec.flags === 'string' ? spec.flags : null;
            const kept = letters === null ? '' : [...letters].filter((l) => !flags.unsupported.includes(l)).join('');
            const dropping = { desc: `Drop the flag ${flags.unsupported.join(', ')} (flags "${kept}")`, changes: [replaced({ flags: kept })] };
            const safe = letters !== null && flags.unsupported.every((l) => droppable(l, spec.pattern as string, letters));
            context.report({
              node: field,
              path: [...path, 'flags'],
              messageId: 'unsupportedFlag',
              data: { validation: validationKey, where, flags: flags.unsupported.map((f) => `'${f}'`).join(', ') },
              ...(safe ? { fix: dropping } : letters !== null ? { suggest: [{ id: 'dropFlags', ...dropping }] } : {}),
            });
          }
          const verdict = checkPattern(spec.pattern, flags.bits);
          if (verdict.accepted) continue;
          const { problem, suggestion } = verdict;
          const fix: Fix | undefined = suggestion === null ? undefined : { desc: `Use the RE2 pattern \`${suggestion}\``, changes: [replaced({ pattern: suggestion })] };
          context.report({
            node: field,
            path: [...path, 'pattern'],
            messageId: suggestion === null ? problem.kind : 'translatable',
            data: { validation: validationKey, where, construct: problem.construct, detail: problem.detail, suggestion: suggestion ?? '' },
            ...(fix ? { fix } : {}),
          });
        }
      });
    };

    return {
      field(field) {
        checkValidations(field, field.json.validations, ['validations'], '');
        checkValidations(field, field.json.items?.validations, ['items', 'validations'], ' on the items of the list');
      },
    };
  },
});
