import type { ASTNode, DocumentNode, GraphQLError, GraphQLSchema, Source, TypeInfo, ValidationRule } from 'graphql';
import { defineRule } from '../src/engine/rule.js';
import { modelCause, placesOf, type Place } from '../src/graphql/document-causes.js';
import { documentRules, notValidated, validateDefinitions, verdictRules } from '../src/graphql/document-validation.js';
import { graphqlJs } from '../src/graphql/graphql-js.js';
import { documentCollisions, documentSchema, reducedPredictedSchema, schemaModelOf, type DocumentSchema } from '../src/graphql/predicted-schema.js';
import type { SchemaProblem } from '../src/graphql/schema-problems.js';
import type { Collisions } from '../src/graphql/without-collisions.js';
import { plural } from '../src/util/plural.js';
import { definitionLabel, graphqlRef, type FragmentNode, type GraphQLDocumentNode, type OperationNode } from '../src/model/code-nodes.js';
import type { SpaceModel } from '../src/model/space-model.js';

type Definition = OperationNode | FragmentNode;

/** One validation of the run's definitions against a schema (see end()). */
type Validate = (schema: GraphQLSchema, maxErrors: number, rules: (typeInfo: TypeInfo) => ValidationRule[]) => GraphQLError[];

/** Errors that graphql-resource-sys-type reports with its date: `sys { type }` on a resource link. */
function isResourceSysType(node: ASTNode, place: Place | undefined): boolean {
  return node.kind === 'Field' && node.name.value === 'type' && place?.parentType === 'ResourceSys';
}

export default defineRule({
  meta: {
    id: 'graphql-document-invalid',
    description: 'A GraphQL operation or fragment (a .graphql file or embedded in code) that does not validate against the schema predicted from the content model.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    inputs: ['documents'],
    diff: 'also',
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      invalid: {
        text: '{{definition}} does not validate against the schema predicted from the content model: {{error}}',
      },
      invalidModel: {
        text: '{{definition}} does not validate against the schema predicted from the content model: {{error}} Cause in the content model: {{cause}}.',
      },
      syntax: {
        text: 'GraphQL syntax error: {{error}} The service refuses the whole document.',
      },
      tooDeep: {
        text: "The GraphQL document nests too deeply for cmlint to read it (graphql-js's parser ran out of stack: {{error}}), so it was not checked: cmlint cannot tell whether the service accepts it.",
      },
      schemaRefused: {
        text:
          '{{definition}} cannot run: the service refuses to generate the GraphQL schema (HTTP 422, {{code}}) while the content model has this problem: {{problem}}. ' +
          'Its own errors are checked against the schema without the colliding names.',
      },
      collidingName: {
        text:
          "{{definition}} uses '{{name}}', which the content model generates more than once or not validly ({{problem}}): the service does not document what it does then, " +
          'and cmlint cannot tell whether it accepts the query.',
        maxSeverity: 'warning',
      },
      broken: {
        text: '{{definition}} validated against the schema predicted from the content model before the change, and does not after it: {{error}}',
        change: 'breaking',
      },
      brokenModel: {
        text: '{{definition}} validated against the schema predicted from the content model before the change, and does not after it: {{error}} The change: {{cause}}.',
        change: 'breaking',
      },
      refusedByChange: {
        text:
          '{{definition}} ran before the change and cannot after it: the service refuses to generate the GraphQL schema (HTTP 422, {{code}}) while the content model has this problem: {{problem}}.',
        change: 'breaking',
      },
      collidingNameByChange: {
        text:
          "{{definition}} validated before the change, and after it uses '{{name}}', which the content model generates more than once or not validly ({{problem}}): the service does not document what it does then.",
        change: 'dangerous',
        maxSeverity: 'warning',
      },
      notValidated: {
        text: "{{definition}} was not checked against the schema predicted from the content model: graphql-js gives up on it (\"Validation aborted.\": its fragment spreads or the fields it compares exceed graphql-js's limit on validation work), and cmlint cannot tell whether the service accepts it. Split it into smaller operations or fragments.",
      },
    },
    docs: `
Checks the application's own GraphQL documents (config \`documents\`: \`.graphql\`/\`.gql\` files,
and operations embedded in JS/TS/JSX/TSX/Vue/Svelte/Astro files with \`gql\`/\`graphql\` tags, a
\`/* GraphQL */\` comment, or as plain strings that code sends as a query; generated code left
out) against the schema the service would generate for the content model
of the same run (the one \`cmlint graphql-schema\` prints). Every operation, with the fragments
it spreads from any file, and every fragment are validated with graphql-js's standard
validation rules (\`specifiedRules\`), as the service validates a query before it runs it: a
query that selects a field the model no longer has, a link whose type changed, or a content
type that is gone, fails at once with HTTP 400 and no data.

A finding is placed at the error's line and column in the original file (inside the component
or script for embedded operations) and names the operation or fragment. Where the cause is in
the content model, the finding's target names the content type and field, and the message says
what the model has: \`Cause in the content model: content type 'blogPost' has no field that the
API names author\`. In \`cmlint diff\` the rule reports what the change breaks, and nothing else: an
operation or fragment that validated against the schema before the change and does not after it
(\`broken\`, a breaking change), naming the change: \`BlogPost.author was removed\`,
\`Page.heroImage is now a link to entries (Hero), not a link to an asset\`, \`content type 'event'
was removed\`. A definition that was invalid before the change already (and a syntax error: the
documents are the same on both sides) is the lint run's business, not the diff's: \`cmlint diff\`
of an unchanged model reports no document. The names of the model that collide after the change
are \`refusedByChange\` (breaking) and \`collidingNameByChange\` (dangerous). With \`migrations\`
configured, a cause that a script makes names the script's line, in lint and diff runs:
\`field 'subtitle' of content type 'blogPost' is deleted by migrations/0042-drop-subtitle.js:4\`.

A GraphQL text that does not parse is a finding (\`syntax\`) at the place of the syntax error,
so that a CI gate fails on it (exit 1) and still reports everything else. A text that nests
deeper than graphql-js's parser can follow (thousands of levels: it runs out of stack, and how
deep that is depends on node's stack size) is reported at its start as not checked (\`tooDeep\`). A JS/TS or component
file that cannot be parsed at all is an input error (exit 2): cmlint cannot tell what it holds.

When GraphQL names collide in the content model (two content types or two fields with one
GraphQL name, a reserved field name: the \`graphql-*-collision\` and \`graphql-reserved-field-name\`
rules report them), the service refuses to generate the schema (HTTP 422), so that no query
runs at all: every operation, and every fragment that no operation of the run spreads, is
reported at its start (\`schemaRefused\`), with the content type (and field) of the first such
problem as its target. The documents are still validated, against the schema of the model
without the content types and fields that collide (and the link fields that may point to a
content type left out), so that their own errors are reported too; an error about a name that
only the colliding parts generate (a field of a colliding content type, its collection, filter
keys or order values) is the collision's and is not reported again. Where only collisions the
service does not document exist (derived type names, names that are not valid GraphQL names), the
schema is not refused as far as anyone knows: a selection of such a name is reported where it is
(\`collidingName\`, a warning at most), and everything else is checked.

Not reported here: \`sys { type }\` on a resource link (\`graphql-resource-sys-type\` reports it with
its date). All operations and
fragments of a run are validated in one pass, so that a fragment is checked (and reported) once
however many operations spread it. graphql-js limits the work one validation may do (fragment
spreads, fields compared): a repository beyond it is validated in parts, and an operation beyond
it on its own is reported as not checked (\`notValidated\`: graphql-js answers only "Validation
aborted."). Two operations of one name in different files, and a fragment that no operation
uses, are not errors here; two different fragments of one name are (a spread could not tell them
apart), and so is an anonymous operation beside others in one document. An operation or fragment
written identically in two files is one definition, checked and reported once.

The predicted schema is what \`cmlint graphql-schema\` prints, filters and orders included: a
\`where\` key (\`slug\`, \`slug_contains\`) or an \`order\` value (\`slug_ASC\`) of a field the model
no longer has is reported with that field as its cause too. Where the predicted schema is unsure
(see the README on the predicted schema), an operation may be reported that the service accepts:
such a finding has no cause in the content model and names the GraphQL error only.

## Examples

With a content type \`blogPost\` whose field \`author\` was deleted, reported at line 4 of
\`src/queries/post.graphql\`:

\`\`\`graphql
query GetPost($id: String!) {
  blogPost(id: $id) {
    title
    author { name }
  }
}
\`\`\`

## Fix

Change the query with the model (in the same pull request), or keep the field until the
application no longer asks for it.
`,
  },

  create(context) {
    const operations: OperationNode[] = [];
    const fragments: FragmentNode[] = [];
    const bySource = new Map<Source, GraphQLDocumentNode>();

    /** The operation or fragment an error is in: the definition of its document whose text holds the place. */
    const ownerOf = (document: GraphQLDocumentNode, offset: number): Definition | undefined =>
      [...document.operations, ...document.fragments].find((d) => d.ast.loc!.start <= offset && offset < d.ast.loc!.end);

    /** The operation or fragment of the run an error is in. */
    const ownerOfError = (error: GraphQLError): Definition | undefined => {
      const loc = error.nodes?.[0]?.loc;
      const document = loc && bySource.get(loc.source);
      return document && ownerOf(document, loc.start);
    };

    const report = (error: GraphQLError, places: ReadonlyMap<ASTNode, Place>, built: DocumentSchema): void => {
      const node = error.nodes?.[0];
      const document = node?.loc && bySource.get(node.loc.source);
      if (!node?.loc || !document) return;
      const owner = ownerOf(document, node.loc.start);
      if (!owner) return;
      const offset = graphqlRef(document, node.loc.start).offset;
      const diff = context.before !== null;
      if (notValidated(error)) {
        // In a diff, a definition graphql-js gives up on is not one the change is known to break.
        if (!diff) context.report({ node: owner, offset, messageId: 'notValidated', data: { definition: definitionLabel(owner) } });
        return;
      }
      const place = places.get(node);
      if (isResourceSysType(node, place)) return;
      const { collisions } = built;
      if (collisions && collidingName(node, place, built.schema, collisions)) {
        // Where no problem makes the service refuse the schema (those are reported for every definition), the selection is.
        const problem = collisions.problems[0]!;
        const messageId = diff ? 'collidingNameByChange' : 'collidingName';
        if (!collisions.problems.some(refusesSchema)) context.report({ node: owner, offset, messageId, data: { definition: definitionLabel(owner), name: nameAt(node), problem: problem.message }, ...problemTarget(problem) });
        return;
      }
      const before = context.before ? schemaModelOf(context.before) : null;
      const cause = modelCause(node, place, built.model, before, context.space.scriptRemovals);
      const data = { definition: definitionLabel(owner), error: error.message };
      context.report({
        node: owner,
        offset,
        ...(cause
          ? { messageId: diff ? 'brokenModel' : 'invalidModel', data: { ...data, cause: cause.text }, contentType: cause.contentType, ...(cause.field !== null ? { field: cause.field } : {}) }
          : { messageId: diff ? 'broken' : 'invalid', data }),
      });
    };

    /**
     * In `cmlint diff`: the definitions that did not validate against the model before the change
     * (all of them when the service refused that model's schema): their errors are not the change's.
     */
    const brokenBefore = (before: SpaceModel, whole: DocumentNode, validate: Validate): ReadonlySet<Definition> => {
      if (documentCollisions(before)?.problems.some(refusesSchema)) return new Set([...operations, ...fragments]);
      if (validate(reducedPredictedSchema(before, whole), 1, verdictRules).length === 0) return new Set();
      return new Set(validate(documentSchema(before).schema, Infinity, documentRules).flatMap((error) => ownerOfError(error) ?? []));
    };

    /**
     * When the model's names make the service refuse to generate the schema, no query runs: each
     * operation, and each fragment no operation of the run spreads, is reported at its start, tied
     * to the first such problem.
     */
    const reportRefused = (collisions: Collisions, reported: (definition: Definition) => boolean): void => {
      const refusing = collisions.problems.filter(refusesSchema);
      const problem = refusing[0];
      if (!problem) return;
      const spread = new Set(operations.flatMap((o) => o.uses));
      const more = refusing.length > 1 ? ` (and ${plural(refusing.length - 1, 'more problem')} of GraphQL names)` : '';
      const code = problem.service!.slice(problem.service!.lastIndexOf(' ') + 1);
      const messageId = context.before ? 'refusedByChange' : 'schemaRefused';
      for (const definition of [...operations, ...fragments.filter((f) => !spread.has(f))]) {
        if (reported(definition)) context.report({ node: definition, messageId, data: { definition: definitionLabel(definition), code, problem: `${problem.message}${more}` }, ...problemTarget(problem) });
      }
    };

    return {
      document(document) {
        if (document.syntaxError) {
          const { message, offset, tooDeep } = document.syntaxError;
          // The documents are the same on both sides of a diff: a syntax error is not the change's.
          if (context.before) return;
          context.report({ node: document, offset: graphqlRef(document, offset).offset, messageId: tooDeep ? 'tooDeep' : 'syntax', data: { error: message } });
          return;
        }
        bySource.set(document.body, document);
        fragments.push(...document.fragments);
      },
      operation(operation) {
        operations.push(operation);
      },
      end() {
        if (operations.length + fragments.length === 0) return;
        const graphql = graphqlJs();
        // One validation of every operation and fragment of the run (document-validation.ts says
        // which rules, and how a repository too large for one graphql-js validation is split);
        // one anonymous operation alone is checked per document.
        const operationAsts = operations.map((o) => o.ast);
        const fragmentAsts = fragments.map((f) => f.ast);
        const whole: DocumentNode = { kind: graphql.Kind.DOCUMENT, definitions: [...operationAsts, ...fragmentAsts] };
        // `maxErrors`: graphql-js stops at 100 by default, which a whole repository can reach.
        const validate: Validate = (schema, maxErrors, rules) => {
          const errors = validateDefinitions(schema, operationAsts, fragmentAsts, rules, maxErrors);
          for (const document of bySource.values()) {
            if (errors.length >= maxErrors) break;
            if (document.operations.length > 1) errors.push(...graphql.validate(schema, document.ast!, [graphql.LoneAnonymousOperationRule]));
          }
          return errors;
        };
        // In a diff, only what validated before the change is reported (computed when something is to be reported).
        let invalidBefore: ReadonlySet<Definition> | undefined;
        const changed = (definition: Definition): boolean => {
          if (!context.before) return true;
          invalidBefore ??= brokenBefore(context.before, whole, validate);
          return !invalidBefore.has(definition);
        };
        const collisions = documentCollisions(context.space);
        if (collisions) reportRefused(collisions, changed);
        // First against the part of the schema the documents reach, which is much cheaper to
        // build: no error there means no error against the whole schema (reduced-schema.ts says
        // why), so that pass stops at its first error and needs only the verdict (verdictRules:
        // cheaper). Any error, and the errors reported, are the whole schema's.
        if (validate(reducedPredictedSchema(context.space, whole), 1, verdictRules).length === 0) return;
        const built = documentSchema(context.space);
        const errors = validate(built.schema, Infinity, documentRules).filter((error) => {
          const owner = ownerOfError(error);
          return owner === undefined || changed(owner);
        });
        if (errors.length === 0) return;
        // Where each error is in the schema, found only in the definitions that have errors.
        const owners = new Set(errors.flatMap((error) => ownerOfError(error) ?? []));
        const places = placesOf(built.schema, { kind: graphql.Kind.DOCUMENT, definitions: [...owners].map((d) => d.ast) });
        for (const error of errors) report(error, places, built);
      },
    };
  },
});

/** Whether the service refuses to generate the schema while the problem exists (422: COLLIDING_TYPE_NAMES, COLLIDING_FIELD_NAMES, RESERVED_FIELD_NAME). */
function refusesSchema(problem: SchemaProblem): boolean {
  return problem.service?.startsWith('schema generation fails') === true;
}

/** The content type (and field) a problem is reported at, as a finding's target. */
function problemTarget({ node }: SchemaProblem): { contentType: string; field?: string } {
  return node.kind === 'contentType' ? { contentType: node.id } : { contentType: node.contentType.id, field: node.id };
}

/**
 * Whether an error at `node` (against the schema without the colliding parts) is about a name that
 * the complete model generates and that schema lacks: a field, a type, a filter key or an order
 * value of the parts that collide, or of the link fields left out with them.
 */
function collidingName(node: ASTNode, place: Place | undefined, schema: GraphQLSchema, collisions: Collisions): boolean {
  if (node.kind === 'NamedType') return !schema.getType(node.name.value) && collisions.generates(node.name.value);
  const parent = place?.parentType;
  if (!parent) return false;
  const type = schema.getType(parent);
  if (node.kind === 'Field' || node.kind === 'ObjectField') {
    const fields = type && 'getFields' in type ? type.getFields() : {};
    return !Object.hasOwn(fields, node.name.value) && collisions.generates(parent, node.name.value);
  }
  if (node.kind === 'EnumValue') return !(type && 'getValue' in type && type.getValue(node.value)) && collisions.generates(parent, node.value);
  return false;
}

/** The name an error's node stands for: a field, type, filter key or order value. */
function nameAt(node: ASTNode): string {
  return node.kind === 'EnumValue' ? node.value : 'name' in node && node.name ? node.name.value : node.kind;
}
