import type { ArgumentNode, DocumentNode, SelectionSetNode, TypeNode, ValueNode } from 'graphql';
import type { Argument } from './schema-facts.js';
import type { DefinitionIndex } from './predicted-definitions.js';
import { compareNames, type FieldDefinition, type InputFieldDefinition, type TypeDefinition } from './schema-definitions.js';

/**
 * The part of the predicted schema a set of GraphQL documents reaches, for validating them
 * cheaply: graphql-js's schema constructor resolves every field of every type (about 250 types
 * for a content model of 16 content types), which costs more than validating a repository's
 * documents. A validation against this part says "valid" only when the complete schema does;
 * any error it reports is not trusted, and the documents are then validated again against the
 * complete schema (graphql-document-invalid does), so that every message, "Did you mean"
 * suggestions included, is the complete schema's.
 *
 * What the part holds: Query; every type the documents name (type conditions, variable types);
 * of an object or interface type, the fields the documents select on it, each with its type, its
 * required arguments and the arguments the documents give it; of an input type, its required
 * input fields and those the documents' values name (in arguments and variable defaults, through
 * nested objects and lists); the types of all these; enums and scalars whole; every member of a
 * union and every implementation of an interface it holds; the interfaces of the object types it
 * holds; the five standard scalars (every predicted schema has them:
 * test/graphql-schema-reduced.test.ts); all directives. What it holds is the complete schema's,
 * item for item: a field, argument or input field kept is the same, a type kept has the same
 * kind, interfaces, members, implementations and values.
 *
 * Why "valid" against the part means valid against the complete schema (graphql-js 16's
 * specifiedRules, and documentRules' check of operation types, document-validation.ts):
 * - Walking a document, graphql-js looks up each selected field in its parent type, each
 *   argument in its field, each input field of an object value in its input type. As long as
 *   every lookup finds the item in the part, it finds the same item as in the complete schema,
 *   so every node has the same parent type, field, argument and input types in both. A lookup
 *   that fails in the part only (the walk below missed it) is an error there (FieldsOnCorrectType,
 *   KnownArgumentNames, ValuesOfCorrectType), so the complete schema is used; so is a type name
 *   that the part lacks (KnownTypeNames).
 * - With the same types at every node, each rule checks the same things: ScalarLeafs,
 *   ValuesOfCorrectType (the same enums and scalars; the input fields a value names, and the
 *   required ones it must give), ProvidedRequiredArguments (required arguments are kept),
 *   VariablesAreInputTypes, VariablesInAllowedPosition (input types, compared by name),
 *   FragmentsOnCompositeTypes, OverlappingFieldsCanBeMerged (the fields' types and parent types,
 *   the documents' own arguments), PossibleFragmentSpreads (the same possible types: all members
 *   and implementations are kept), KnownDirectives and UniqueDirectivesPerLocation (the same
 *   directives), the operation types (the same roots: Query, no mutation or subscription). The
 *   other rules do not read the schema. Only reports of errors (suggestions) read what the part
 *   leaves out, and they come from the complete schema.
 * - Introspection fields (`__typename`, `__schema`, `__type`) and their types are graphql-js's
 *   own, the same in every schema.
 */
export function reducedDefinitions(definitions: DefinitionIndex, document: DocumentNode): TypeDefinition[] {
  const memberMaps = new Map<string, Map<string, FieldDefinition | InputFieldDefinition>>();
  /** A field of an object or interface type, or an input field of an input type, by name. */
  const memberOf = (typeName: string, name: string): FieldDefinition | InputFieldDefinition | undefined => {
    let members = memberMaps.get(typeName);
    if (!members) {
      const d = definitions.get(typeName);
      members = new Map(d && (d.kind === 'object' || d.kind === 'interface' || d.kind === 'input') ? d.fields.map((f) => [f.name, f]) : []);
      memberMaps.set(typeName, members);
    }
    return members.get(name);
  };
  const included = new Set<string>();
  /** The fields (input fields) kept of each object, interface (input) type, and the arguments kept of each field. */
  const kept = new Map<string, Set<string>>();
  const keptArgs = new Map<FieldDefinition, Set<string>>();
  const keep = <K>(map: Map<K, Set<string>>, key: K, name: string): void => {
    const names = map.get(key);
    if (names) names.add(name);
    else map.set(key, new Set([name]));
  };

  const include = (name: string): void => {
    if (included.has(name)) return;
    const d = definitions.get(name);
    if (!d) return; // a standard scalar, or a name the schema does not have (validation reports it)
    included.add(name);
    switch (d.kind) {
      case 'object':
        for (const i of d.interfaces) include(i);
        break;
      case 'interface':
        for (const o of definitions.implementations(name)) include(o);
        break;
      case 'union':
        for (const m of d.members) include(m);
        break;
      case 'input':
        for (const f of d.fields) if (required(f)) inputField(name, f);
        break;
      case 'enum':
      case 'scalar':
        break;
    }
  };

  const inputField = (typeName: string, f: InputFieldDefinition): void => {
    keep(kept, typeName, f.name);
    include(namedType(f.type));
  };

  /** The input fields an argument's (or a variable default's) value names, in the input type `typeName`, through nested objects and lists. */
  const value = (node: ValueNode, typeName: string): void => {
    if (node.kind === 'ListValue') {
      for (const item of node.values) value(item, typeName);
    } else if (node.kind === 'ObjectValue' && definitions.get(typeName)?.kind === 'input') {
      for (const objectField of node.fields) {
        const f = memberOf(typeName, objectField.name.value);
        if (!f) continue; // a field the input type does not have (validation reports it)
        inputField(typeName, f);
        value(objectField.value, namedType(f.type));
      }
    }
  };

  const field = (parent: string, f: FieldDefinition, args: readonly ArgumentNode[]): void => {
    keep(kept, parent, f.name);
    include(namedType(f.type));
    const argument = (a: Argument) => {
      keep(keptArgs, f, a.name);
      include(namedType(a.type));
    };
    for (const a of f.args) if (required(a)) argument(a);
    for (const node of args) {
      const a = f.args.find((candidate) => candidate.name === node.name.value);
      if (!a) continue; // an argument the field does not have (validation reports it)
      argument(a);
      value(node.value, namedType(a.type));
    }
  };

  const walk = (parent: string, selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === 'InlineFragment') {
        const type = selection.typeCondition?.name.value ?? parent;
        include(type);
        walk(type, selection.selectionSet);
      } else if (selection.kind === 'Field') {
        const kind = definitions.get(parent)?.kind;
        const f = kind === 'object' || kind === 'interface' ? (memberOf(parent, selection.name.value) as FieldDefinition | undefined) : undefined;
        if (!f) continue; // __typename and the like, or a field the schema does not have
        field(parent, f, selection.arguments ?? []);
        if (selection.selectionSet) walk(namedType(f.type), selection.selectionSet);
      }
      // Fragment spreads: every fragment of the document is walked from its own type condition.
    }
  };

  include('Query');
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition') {
      for (const variable of definition.variableDefinitions ?? []) {
        const type = namedTypeNode(variable.type);
        include(type);
        if (variable.defaultValue) value(variable.defaultValue, type);
      }
      if (definition.operation === 'query') walk('Query', definition.selectionSet);
    } else if (definition.kind === 'FragmentDefinition') {
      const type = definition.typeCondition.name.value;
      include(type);
      walk(type, definition.selectionSet);
    }
  }

  // In the complete schema's order (DefinitionIndex.all sorts by name).
  const reduced: TypeDefinition[] = [];
  for (const name of [...included].sort(compareNames)) {
    const d = definitions.get(name)!;
    const names = kept.get(d.name);
    if (d.kind === 'object' || d.kind === 'interface') {
      const fields = d.fields.filter((f) => names?.has(f.name)).map((f) => ({ ...f, args: f.args.filter((a) => keptArgs.get(f)?.has(a.name)) }));
      reduced.push({ ...d, fields });
    } else if (d.kind === 'input') {
      reduced.push({ ...d, fields: d.fields.filter((f) => names?.has(f.name)) });
    } else {
      reduced.push(d);
    }
  }
  return reduced;
}

/** An argument or input field that must be given: non-null, without a default. */
function required(item: InputFieldDefinition | Argument): boolean {
  return item.type.endsWith('!') && !('defaultValue' in item && item.defaultValue !== undefined);
}

/** `Foo` of `[Foo!]!`. */
function namedType(ref: string): string {
  return ref.replace(/[[\]!]/g, '');
}

function namedTypeNode(type: TypeNode): string {
  return type.kind === 'NamedType' ? type.name.value : namedTypeNode(type.type);
}
