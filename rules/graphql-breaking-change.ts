import { defineRule } from '../src/engine/rule.js';
import { liveFields } from '../src/diff/counterpart.js';
import { lowerFirstAscii } from '../src/graphql/naming.js';
import { graphqlJs } from '../src/graphql/graphql-js.js';
import { predictedSchema } from '../src/graphql/predicted-schema.js';
import { typeNameOrigins, type NamePattern, type SchemaContentType, type SchemaField, type SchemaModel } from '../src/graphql/schema-model.js';
import type { FieldNode } from '../src/model/nodes.js';

type Subject = { type: SchemaContentType; field: FieldNode | null; removed: boolean };

/**
 * The content type and field a GraphQL change is about: the type whose name is the longest
 * prefix of the first name in the text, and the field the rest of the name stands for (`T.f`,
 * or a derived type `TF…`), in the model after the change, else before it (`removed`).
 */
function subjectOf(description: string, after: SchemaModel, before: SchemaModel): Subject | null {
  for (const [, typeName, fieldName] of description.matchAll(/\b([_A-Za-z][_0-9A-Za-z]*)(?:\.([_A-Za-z][_0-9A-Za-z]*))?/g)) {
    let type: SchemaContentType | null = null;
    for (const t of after.contentTypes) if (typeName!.startsWith(t.naming.name) && t.naming.name.length > (type?.naming.name.length ?? 0)) type = t;
    if (!type) continue;
    const rest = typeName!.slice(type.naming.name.length);
    const matches = (f: SchemaField) => (rest === '' ? f.exposedName === fieldName : rest.startsWith(f.typePart));
    if (rest === '' && !fieldName) return { type, field: null, removed: false };
    const field = type.fields.find(matches);
    if (field) return { type, field: field.node, removed: false };
    const old = before.contentTypes.find((t) => t.node.id === type.node.id)?.fields.find(matches);
    return { type, field: old?.node ?? null, removed: old !== undefined };
  }
  return null;
}

/** Types that only mirror the fields of a content type: filter inputs and order enums. */
const MIRROR_PATTERNS: ReadonlySet<NamePattern> = new Set(['filter', 'nestedFilter', 'order', 'fieldCollectionOrder', 'linkingCollectionOrder', 'linkingCursorCollectionOrder']);

/** The type a graphql-js change description is about: `T.f …`, `V was removed from enum type E`, `T was removed.` */
function ownerType(description: string): string | undefined {
  const member = / from (?:enum|union) type (\w+)\.$/.exec(description) ?? / on input type (\w+) was added\.$/.exec(description);
  return member ? member[1] : /^(\w+)/.exec(description)?.[1];
}

/**
 * The filter inputs and order enums of a model. They follow the fields (a field gone takes its
 * filters and its order values with it; a link narrowed changes its nested filter), so each change
 * to them comes with a change of a field or type that is reported: they are left out, one finding
 * per change of the model.
 */
function mirrorTypeNames(model: SchemaModel): Set<string> {
  const names = new Set<string>();
  for (const [name, origins] of typeNameOrigins(model, { resourceLinkTypes: false })) {
    if (origins.some((origin) => MIRROR_PATTERNS.has(origin.pattern))) names.add(name);
  }
  return names;
}

/** What a field is as far as the model rules go: type, link type, item type. */
function sameType(a: FieldNode, b: FieldNode): boolean {
  return a.json.type === b.json.type && a.json.linkType === b.json.linkType && JSON.stringify(a.json.items?.type) === JSON.stringify(b.json.items?.type);
}

/**
 * A `linkedFrom` collection removed (`TLinkingCollections.sCollection`) is a consequence of a
 * change of the linking content type S: the link field that no longer allows T. Attributed to
 * that field (or to S), and `removed` when the field or S is gone or retyped (the model rules
 * report those).
 */
function linkedFromSubject(description: string, after: SchemaModel, before: SchemaModel): Subject | null | undefined {
  const match = /^(\w+)LinkingCollections\.(\w+)Collection was removed/.exec(description);
  if (!match) return undefined;
  const [, target, sourceField] = match;
  const oldSource = before.contentTypes.find((t) => lowerFirstAscii(t.naming.name) === sourceField);
  const source = oldSource && after.contentTypes.find((t) => t.node.id === oldSource.node.id);
  if (!oldSource || !source) return oldSource ? { type: oldSource, field: null, removed: true } : null;
  for (const oldField of oldSource.fields) {
    if (!oldField.targets.some((t) => t.naming.name === target)) continue;
    const field = source.fields.find((f) => f.node.id === oldField.node.id);
    if (!field || !sameType(field.node, oldField.node)) return { type: source, field: oldField.node, removed: true };
    if (!field.targets.some((t) => t.naming.name === target)) return { type: source, field: field.node, removed: false };
  }
  return { type: source, field: null, removed: false };
}

export default defineRule({
  meta: {
    id: 'graphql-breaking-change',
    description: '(diff) A breaking change of the predicted GraphQL schema (type, field or argument removed, field type changed) that no other diff rule reports.',
    enforcement: { date: null, postponedFrom: null, note: 'in effect' },
    severity: 'error',
    recommended: true,
    diff: true,
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      breaking: {
        text: "The GraphQL schema of content type '{{contentType}}' changes in a way that breaks queries: {{changes}}",
        change: 'breaking',
      },
    },
    docs: `
Runs in \`cmlint diff\` only. The schema the service would generate for the model before the
change and after it (as \`cmlint graphql-schema\` prints them) are compared with graphql-js's
\`findBreakingChanges\`, which classifies changes as graphql-inspector does: a type, field, enum
value or argument removed, a field's type changed, a union member removed. One finding per
content type field (or content type) lists its breaking changes; queries that use what changed
stop validating.

Changes that \`content-type-removed\`, \`field-removed\` and \`field-type-changed\` already report
are left out (one finding per change of the model). What remains is what only the schema shows:
a field made \`omitted\` (gone from the APIs), a \`linkContentType\` narrowed so that a link's
union type becomes one type or loses a member, a content type's last link from another type
removed from \`linkedFrom\`. Changes to filter inputs and order enums (\`TFilter\`,
\`cfTNestedFilter\`, \`TOrder\` and the other order enums) are left out: they follow the
fields, so each comes with a change of a field or type that is reported (a \`where\` or
\`order\` argument whose type changes is listed with its field). When GraphQL names collide in
either model, no schema is predicted and nothing is compared: the \`graphql-*-collision\` rules
report the collisions.

## Fix

Keep the schema compatible until the queries have moved (keep the field, widen the link again),
or change the queries in the same change.
`,
  },
  create(context) {
    const { before, space } = context;
    if (!before) return {};
    return {
      end() {
        const old = predictedSchema(before);
        const current = predictedSchema(space);
        if (!old || !current) return;
        // Loaded only here: graphql-js is not needed by lint runs without documents.
        const graphql = graphqlJs();
        const changes = graphql.findBreakingChanges(old.schema, current.schema);
        const grouped = new Map<FieldNode | SchemaContentType, string[]>();
        const mirrors = new Set([...mirrorTypeNames(old.model), ...mirrorTypeNames(current.model)]);
        for (const { description } of changes) {
          const owner = ownerType(description);
          if (owner !== undefined && mirrors.has(owner)) continue;
          const linked = linkedFromSubject(description, current.model, old.model);
          const subject = linked === undefined ? subjectOf(description, current.model, old.model) : linked;
          // Content types and fields removed, and field types changed, are the model rules' findings.
          if (!subject || subject.removed) continue;
          const oldType = before.contentTypes.get(subject.type.node.id);
          if (!oldType) continue;
          if (subject.field) {
            const oldField = liveFields(oldType).find((f) => f.id === subject.field!.id);
            if (!oldField || !sameType(oldField, subject.field)) continue;
          }
          const key = subject.field ?? subject.type;
          grouped.set(key, [...(grouped.get(key) ?? []), description]);
        }
        for (const [key, descriptions] of grouped) {
          const node = 'kind' in key ? key : key.node;
          const contentType = node.kind === 'field' ? node.contentType.id : node.id;
          context.report({ node, messageId: 'breaking', data: { contentType, changes: descriptions.join(' ') } });
        }
      },
    };
  },
});
