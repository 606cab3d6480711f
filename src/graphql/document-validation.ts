import type { ASTNode, ASTVisitor, FragmentDefinitionNode, GraphQLError, GraphQLInputType, GraphQLSchema, OperationDefinitionNode, TypeInfo, TypeNode, ValidationContext, ValidationRule, VariableDefinitionNode, VariableNode } from 'graphql';
import { graphqlJs } from './graphql-js.js';
import { eachSelection } from './selections.js';

/**
 * The validation rules of graphql-document-invalid. All operations and fragments of a run are
 * validated as one document (a fragment is checked once, however many operations spread it, and
 * spreads resolve across files) with graphql-js's specifiedRules, less the three that hold only
 * within one document sent to the service (operation names may repeat across files, a fragment no
 * operation uses is not an error; an anonymous operation beside others is checked per document),
 * and with the check of operation types that graphql-js 16 leaves to execution.
 */
export function documentRules(): ValidationRule[] {
  const graphql = graphqlJs();
  const perDocument = new Set<ValidationRule>([graphql.NoUnusedFragmentsRule, graphql.UniqueOperationNamesRule, graphql.LoneAnonymousOperationRule]);
  return [...graphql.specifiedRules.filter((rule) => !perDocument.has(rule)), knownOperationTypes];
}

/**
 * graphql-js's validation of the operations and fragments as one document (operations first),
 * with `rules(typeInfo)`. graphql-js limits the work of one validation (fragment spreads and
 * variable usages counted per operation, 50,000: a few thousand operations that spread dozens of
 * fragments; fields compared, for one oversized selection) and then reports only "Validation
 * aborted.", which names no place, after the errors found so far. The definitions are then
 * validated again in parts (`splitDefinitions`), each error kept once. One operation with the
 * fragments it spreads (or fragments that spread one another) that graphql-js gives up on gets an
 * error that names it, `notValidated`.
 */
export function validateDefinitions(
  schema: GraphQLSchema,
  operations: readonly OperationDefinitionNode[],
  fragments: readonly FragmentDefinitionNode[],
  rules: (typeInfo: TypeInfo) => ValidationRule[],
  maxErrors: number,
): GraphQLError[] {
  const graphql = graphqlJs();
  const typeInfo = new graphql.TypeInfo(schema);
  const errors = graphql.validate(schema, { kind: graphql.Kind.DOCUMENT, definitions: [...operations, ...fragments] }, rules(typeInfo), { maxErrors }, typeInfo);
  if (!errors.some(isAborted)) return [...errors];
  const parts = splitDefinitions(operations, fragments);
  if (parts === null) {
    const definition = operations[0] ?? fragments[0]!;
    const notValidated = new graphql.GraphQLError('Validation aborted.', { nodes: definition, extensions: { [NOT_VALIDATED]: true } });
    return [...errors.filter((error) => !isAborted(error)), notValidated];
  }
  const found: GraphQLError[] = [];
  const keys = new Set<string>();
  const ids = new Map<ASTNode, number>();
  const id = (node: ASTNode): number => ids.get(node) ?? (ids.set(node, ids.size), ids.size - 1);
  for (const [partOperations, partFragments] of parts) {
    if (found.length >= maxErrors) break;
    for (const error of validateDefinitions(schema, partOperations, partFragments, rules, maxErrors - found.length)) {
      // A fragment's errors are found in each part that spreads it.
      const key = `${error.message}\u0000${(error.nodes ?? []).map(id).join(',')}`;
      if (!keys.has(key)) found.push(error);
      keys.add(key);
    }
  }
  return found;
}

/**
 * The definitions in smaller parts, each with the fragments its definitions spread (directly or
 * through other fragments), so that each validates as it does in the whole: the operations in
 * halves, and the fragments no operation spreads on their own (in halves when there is no
 * operation). Null when no part would be smaller: one operation with only the fragments it
 * spreads, or fragments that all spread one another.
 */
function splitDefinitions(
  operations: readonly OperationDefinitionNode[],
  fragments: readonly FragmentDefinitionNode[],
): [OperationDefinitionNode[], FragmentDefinitionNode[]][] | null {
  const graphql = graphqlJs();
  const named = new Map<string, FragmentDefinitionNode[]>();
  for (const fragment of fragments) named.set(fragment.name.value, [...(named.get(fragment.name.value) ?? []), fragment]);
  /** `definitions`' fragments and those they spread, in document order. */
  const withSpread = (definitions: readonly (OperationDefinitionNode | FragmentDefinitionNode)[]): FragmentDefinitionNode[] => {
    const reached = new Set(definitions.filter((d): d is FragmentDefinitionNode => d.kind === graphql.Kind.FRAGMENT_DEFINITION));
    const queue = [...definitions];
    for (let definition = queue.pop(); definition; definition = queue.pop()) {
      eachSelection(definition, (selection) => {
        if (selection.kind !== 'FragmentSpread') return;
        for (const fragment of named.get(selection.name.value) ?? []) {
          if (reached.has(fragment)) continue;
          reached.add(fragment);
          queue.push(fragment);
        }
      });
    }
    return fragments.filter((fragment) => reached.has(fragment));
  };
  const halves = <T>(list: readonly T[]): T[][] => (list.length < 2 ? [[...list]] : [list.slice(0, Math.ceil(list.length / 2)), list.slice(Math.ceil(list.length / 2))]);
  const parts: [OperationDefinitionNode[], FragmentDefinitionNode[]][] = [];
  if (operations.length > 0) {
    for (const part of halves(operations)) parts.push([part, withSpread(part)]);
    const spread = new Set(parts.flatMap(([, part]) => part));
    const rest = fragments.filter((fragment) => !spread.has(fragment));
    if (rest.length > 0) parts.push([[], withSpread(rest)]);
  } else {
    for (const part of halves(fragments)) parts.push([[], withSpread(part)]);
  }
  const size = operations.length + fragments.length;
  return parts.every(([o, f]) => o.length + f.length < size) ? parts : null;
}

const NOT_VALIDATED = 'cmlintNotValidated';

/** Whether `error` says that graphql-js gave up on the definition it names (see validateDefinitions), rather than that it found something wrong there. */
export function notValidated(error: GraphQLError): boolean {
  return error.extensions[NOT_VALIDATED] === true;
}

/** graphql-js's error when a document's fragments exceed its budget (it names no node). */
function isAborted(error: GraphQLError): boolean {
  return error.message === 'Validation aborted.' && error.nodes === undefined;
}

/**
 * The check graphql-js 17 adds as KnownOperationTypesRule, which 16 leaves to execution: the
 * service's GraphQL API has only queries, so a mutation or subscription fails.
 */
function knownOperationTypes(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const schema = context.getSchema();
      const root = node.operation === 'mutation' ? schema.getMutationType() : node.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
      if (!root) context.reportError(new (graphqlJs().GraphQLError)(`The service's GraphQL API has no ${node.operation} operations (it is read-only).`, { nodes: node }));
    },
  };
}

/** graphql-js's rules that read the variable usages of each operation and the fragments it spreads. */
const VARIABLE_RULES: ReadonlySet<string> = new Set(['NoUndefinedVariablesRule', 'NoUnusedVariablesRule', 'VariablesInAllowedPositionRule']);

/**
 * documentRules for a check that needs only the verdict (any error or none): the same verdict,
 * cheaper. graphql-js's NoUndefinedVariables, NoUnusedVariables and VariablesInAllowedPosition
 * rules get each operation's variable usages from `getRecursiveVariableUsages`, which walks every
 * operation and fragment a second time with a TypeInfo of its own (a third of the validation of
 * a repository's documents); here one rule does the three checks with the usages it collects in
 * validation's own walk. `typeInfo` must be the one passed to `validate` (its state at each node is
 * what the rule reads). Its errors say only that one of the three would report; the messages of a
 * run come from documentRules (graphql-document-invalid validates again with them on any error).
 *
 * Why the verdict is the same (graphql-js 16's rules and ValidationContext):
 * - The usages are the same. getVariableUsages(definition) walks the operation or fragment with a
 *   new TypeInfo, skipping variable definitions, and records every Variable with the TypeInfo's
 *   input type, default value and parent input type. Validation's walk enters the same definition
 *   with its TypeInfo in the same state (its stacks are empty between definitions, and TypeInfo's
 *   state at a node depends only on the path from the definition to it), and this rule also
 *   skips variable definitions, so it records the same usages with the same types. The recursive
 *   usages of an operation are its own and those of `getRecursivelyReferencedFragments(operation)`,
 *   as graphql-js gathers them; every fragment is walked before the document is left, when the
 *   checks run.
 * - The checks are the three rules', per operation: every variable used is defined
 *   (NoUndefinedVariables), every variable defined is used (NoUnusedVariables), and each usage
 *   with a known input type is allowed by the variable's definition of that name (the last one,
 *   as VariablesInAllowedPosition keeps it): allowedVariableUsage and isTypeSubTypeOf for input
 *   types (no input type is abstract, so a named type fits only itself; named types are compared
 *   by name, one type per name in a schema), and the OneOf check. Where graphql-js skips a usage
 *   because the variable's type names no type of the schema, this rule reports it (stricter;
 *   KnownTypeNames reports it anyway).
 * test/graphql-schema-reduced.test.ts compares the verdicts with documentRules' on the variants
 * of the real and synthetic documents, and test/graphql-document-validation.test.ts each check.
 */
export function verdictRules(typeInfo: TypeInfo): ValidationRule[] {
  const rules = documentRules();
  const kept = rules.filter((rule) => !VARIABLE_RULES.has(rule.name));
  // Should graphql-js rename its rules, its own are kept (the same verdict, at their cost).
  return kept.length === rules.length - VARIABLE_RULES.size ? [...kept, variableUsages(typeInfo)] : rules;
}

interface Usage {
  readonly node: VariableNode;
  readonly type: GraphQLInputType | null | undefined;
  readonly defaultValue: unknown;
  readonly parentType: GraphQLInputType | null | undefined;
}

/** NoUndefinedVariables, NoUnusedVariables and VariablesInAllowedPosition as one rule, on the usages of validation's own walk (see verdictRules). */
function variableUsages(typeInfo: TypeInfo): ValidationRule {
  return (context) => {
    const usages = new Map<OperationDefinitionNode | FragmentDefinitionNode, Usage[]>();
    const operations: OperationDefinitionNode[] = [];
    let current: Usage[] = [];
    const fail = (node: OperationDefinitionNode) => context.reportError(new (graphqlJs().GraphQLError)('A variable is undefined, unused or not allowed where it is used.', { nodes: node }));
    return {
      OperationDefinition(node) {
        usages.set(node, (current = []));
        operations.push(node);
      },
      FragmentDefinition(node) {
        usages.set(node, (current = []));
      },
      VariableDefinition: () => false,
      Variable(node) {
        current.push({ node, type: typeInfo.getInputType(), defaultValue: typeInfo.getDefaultValue(), parentType: typeInfo.getParentInputType() });
      },
      Document: {
        leave() {
          for (const operation of operations) {
            const recursive = [usages.get(operation)!, ...context.getRecursivelyReferencedFragments(operation).map((f) => usages.get(f)!)];
            if (!variablesHold(operation, recursive.flat())) fail(operation);
          }
        },
      },
    };
  };
}

/** Whether the operation's variables pass the three rules, given its recursive usages. */
function variablesHold(operation: OperationDefinitionNode, usages: readonly Usage[]): boolean {
  const definitions = new Map<string, VariableDefinitionNode>();
  for (const definition of operation.variableDefinitions ?? []) definitions.set(definition.variable.name.value, definition);
  const used = new Set<string>();
  for (const usage of usages) {
    const name = usage.node.name.value;
    used.add(name);
    const definition = definitions.get(name);
    if (!definition) return false;
    if (usage.type && !allowedUsage(definition, usage, usage.type)) return false;
  }
  for (const definition of operation.variableDefinitions ?? []) if (!used.has(definition.variable.name.value)) return false;
  return true;
}

/** VariablesInAllowedPosition's check of one usage (allowedVariableUsage, and a OneOf input's fields must be given non-null variables). */
function allowedUsage(definition: VariableDefinitionNode, usage: Usage, type: GraphQLInputType): boolean {
  const { GraphQLNonNull, GraphQLInputObjectType, Kind } = graphqlJs();
  const nonNull = definition.type.kind === Kind.NON_NULL_TYPE;
  if (usage.parentType instanceof GraphQLInputObjectType && usage.parentType.isOneOf && !nonNull) return false;
  let location = type;
  if (location instanceof GraphQLNonNull && !nonNull) {
    const variableDefault = definition.defaultValue !== undefined && definition.defaultValue.kind !== Kind.NULL;
    if (!variableDefault && usage.defaultValue === undefined) return false;
    location = location.ofType;
  }
  return isSubType(definition.type, location);
}

/** isTypeSubTypeOf(schema, typeFromAST(schema, variableType), location) for an input type `location`. */
function isSubType(variableType: TypeNode, location: GraphQLInputType): boolean {
  const { GraphQLList, GraphQLNonNull, Kind } = graphqlJs();
  if (location instanceof GraphQLNonNull) return variableType.kind === Kind.NON_NULL_TYPE && isSubType(variableType.type, location.ofType);
  if (variableType.kind === Kind.NON_NULL_TYPE) return isSubType(variableType.type, location);
  if (location instanceof GraphQLList) return variableType.kind === Kind.LIST_TYPE && isSubType(variableType.type, location.ofType);
  return variableType.kind === Kind.NAMED_TYPE && variableType.name.value === location.name;
}
