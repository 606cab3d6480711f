import type { ASTNode } from 'graphql';
import { defineRule } from '../src/engine/rule.js';
import { textEdit, type Fix, type Suggestion } from '../src/fix/changes.js';
import { zeroDefaultVariables, zeroLimits } from '../src/graphql/zero-limit.js';
import type { SourceFile } from '../src/model/source-ref.js';
import { zeroLimits as zeroLimitsInCode } from '../src/inputs/sources/zero-limit.js';
import { definitionLabel, graphqlRef, type FragmentNode, type GraphQLDocumentNode, type OperationNode } from '../src/model/code-nodes.js';

/** What changed and what it costs, for every message of the rule. */
const CONSEQUENCE =
  'from 2025-02-17 the service treats a limit of 0 as no limit and returns up to 100 items, not none: the response carries up to 100 items the query did not want, ' +
  'and the query is costed for 100 items of this collection (times every collection nested in it), which can take it over the complexity limit. ' +
  'To read only `total`, ask for `limit: 1`';

/** The limit the service applies to a limit of 0 from 2025-02-17: what the fix asks for. */
const SERVICE_LIMIT = 100;

/**
 * The fix: for a collection the query only counts, 1 item (what `limit: 0` meant before
 * 2025-02-17: the response is the same, the cost low); else the service's 100, made explicit (the
 * query returns what it returns now), with the suggestion to read only `total`.
 */
function fixes(
  file: Pick<SourceFile, 'absPath' | 'path'>,
  edit: { start: number; end: number; expect: string; text(limit: number): string } | null,
  countOnly: boolean,
): { fix?: Fix; suggest?: Suggestion[] } {
  if (edit === null) return {};
  const change = (limit: number) => [textEdit(file, edit.start, edit.end, edit.expect, edit.text(limit))];
  if (countOnly) return { fix: { desc: 'Ask for 1 item: the query reads only total, as it did with a limit of 0', changes: change(1) } };
  return {
    fix: { desc: `Ask for ${SERVICE_LIMIT} items, what the service returns for a limit of 0`, changes: change(SERVICE_LIMIT) },
    suggest: [{ id: 'countOnly', desc: 'Ask for 1 item (to read only total)', changes: change(1) }],
  };
}

/** The edit of a node's text in a GraphQL document (a `0`), as `fixes` takes it. */
function graphqlEdit(document: GraphQLDocumentNode, node: ASTNode | undefined) {
  if (!node?.loc) return null;
  const start = graphqlRef(document, node.loc.start).offset;
  return { start, end: start + (node.loc.end - node.loc.start), expect: '0', text: String };
}

export default defineRule({
  meta: {
    id: 'zero-limit-query',
    description:
      'A limit of 0 on a collection (`limit: 0`, or a variable passed as the limit whose default is 0) in GraphQL documents, and `limit=0` / `limit: 0` in delivery and preview requests from code: from 2025-02-17 it returns up to 100 items.',
    enforcement: { date: '2025-02-17', postponedFrom: null, note: null },
    severity: 'warning',
    recommended: true,
    inputs: ['documents', 'sources'],
    fixable: true,
    hasSuggestions: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      literal: { text: `{{definition}} asks {{field}} for \`limit: 0\`: ${CONSEQUENCE}.` },
      code: {
        text: 'A request with a limit of 0 ({{detail}}): from 2025-02-17 the delivery and preview APIs treat a limit of 0 as no limit and return up to 100 items, not none. To read only `total`, ask for `limit=1`.',
      },
      variableDefault: {
        text: `{{definition}} passes \`\${{variable}}\` as the limit of {{field}}, and \`\${{variable}}\` defaults to 0: when the variable is not given, ${CONSEQUENCE}, or give the variable another default.`,
      },
    },
    docs: `
Until 2025-02-17 a GraphQL collection asked for \`limit: 0\` returned no items (only \`total\`,
\`skip\` and \`limit\`), a common way to count entries. From 2025-02-17 the service treats a limit
of 0 as if no limit were given: the collection returns up to 100 items. The query then returns
data it did not ask for, and the query's complexity is computed with 100 items for the
collection (multiplied through the collections nested in it), which can take a query that used
to pass over the service's complexity limit. The service's change document does not state the
limit's value; this rule does not guess it.

Reported, in GraphQL documents (the \`documents\` config: \`.graphql\` files and operations embedded
in code), at the argument's line and column:

- \`limit: 0\` on a collection field (any field whose name ends in \`Collection\`: a content type's
  collection, \`entryCollection\`, \`assetCollection\`, \`linkedFrom\` collections, list fields);
- \`limit: $n\` where the operation declares \`$n\` with the default 0 (\`$n: Int = 0\`); a variable
  without a default, or with another one, is not reported (the value comes from the caller).

In application code (the \`sources\` config, see the README's "Application code"), at the place
in the file:

- \`limit=0\` in the query string of a URL to the delivery or preview hosts (\`service.hosts\`);
- a literal \`limit: 0\` (or \`'0'\`) in the query object of the delivery SDK's collection calls
  (\`getEntries\`, \`getAssets\`, \`getTags\` …, also through \`withAllLocales\` and similar chains);
  a variable is never reported, whatever its name;
- \`limit: 0\` in GraphQL sent from code as a plain string or an untagged template (tagged
  templates, \`gql\`/\`graphql\`, are GraphQL documents and reported as above, not twice; so is
  untagged GraphQL in a file that is among the documents too).

Warning: the query still runs; what it returns and costs changes.

## Examples

Reported:

\`\`\`graphql
query { blogPostCollection(limit: 0) { total } }
query Count($n: Int = 0) { blogPostCollection(limit: $n) { total } }
\`\`\`

Not reported:

\`\`\`graphql
query { blogPostCollection(limit: 1) { total } }
query Page($n: Int = 10) { blogPostCollection(limit: $n) { items { title } } }
\`\`\`

## Fix

To count, ask for \`limit: 1\` and read \`total\`; otherwise ask for the number of items the page
shows.

\`--fix\` writes \`limit: 1\` where a literal \`limit: 0\` is on a collection whose selection reads
only \`total\`, \`skip\` or \`limit\`: the way to count before 2025-02-17, and 1 keeps its meaning
(the same response) and its low cost. Elsewhere it writes \`limit: 100\` (\`limit=100\`, and a
variable's default \`= 100\`): the value the service applies anyway, so the query returns what it
returns now and says so; the suggestion \`countOnly\` writes 1 instead, for code that only reads
\`total\` (what a URL's or an SDK call's caller reads is not known).
`,
  },

  create(context) {
    /** Places reported: a literal in a fragment is found once for the fragment and once per operation that uses it. */
    const reported = new Set<string>();
    const check = (definition: OperationNode | FragmentNode, owner: OperationNode | FragmentNode, zeroVariables: ReadonlySet<string>): void => {
      for (const { argument, field, variable, countOnly } of zeroLimits(definition.ast, zeroVariables)) {
        const ref = graphqlRef(definition.document, argument.loc!.start);
        const key = `${ref.file.absPath}:${ref.offset}`;
        if (reported.has(key)) continue;
        reported.add(key);
        const data = { definition: definitionLabel(owner), field };
        // A literal is changed where it is; a variable's default where the operation defines it.
        const zero = variable === null ? argument.value : owner.kind === 'operation' ? owner.ast.variableDefinitions?.find((d) => d.variable.name.value === variable)?.defaultValue : undefined;
        const document = variable === null ? definition.document : owner.document;
        context.report({
          node: definition,
          offset: ref.offset,
          ...(variable === null ? { messageId: 'literal', data } : { messageId: 'variableDefault', data: { ...data, variable } }),
          ...fixes(document.source.file, graphqlEdit(document, zero), countOnly),
        });
      }
    };
    return {
      sourceFile(file) {
        for (const { start, detail, via, edit, countOnly } of zeroLimitsInCode(file)) {
          // GraphQL in a file that is also a document (untagged, sent as a query) was reported there.
          if (via === 'graphql' && reported.has(`${file.file.absPath}:${start}`)) continue;
          context.report({ node: file.at(start), messageId: 'code', data: { detail }, ...fixes(file.file, edit, countOnly) });
        }
      },
      document(document) {
        for (const fragment of document.fragments) check(fragment, fragment, new Set());
      },
      operation(operation) {
        const zeroVariables = zeroDefaultVariables(operation.ast);
        check(operation, operation, zeroVariables);
        // A fragment's `limit: $n` takes the operation's variable.
        if (zeroVariables.size > 0) for (const fragment of operation.uses) check(fragment, operation, zeroVariables);
      },
    };
  },
});
