import type { ArgumentNode, ASTNode, FieldNode, OperationDefinitionNode } from 'graphql';
import { eachSelection } from './selections.js';

/**
 * The core of zero-limit-query for GraphQL text, wherever it comes from (a document, a query
 * string sent from code): `limit` arguments of the service's collection fields that ask for 0
 * items, either as a literal or through a variable whose default is 0. From 2025-02-17 the
 * service treats a limit of 0 as no limit: up to 100 items.
 */
export interface ZeroLimit {
  /** The `limit` argument. */
  argument: ArgumentNode;
  /** The collection field it is an argument of (`blogPostCollection`, `linkedFrom { pageCollection }`). */
  field: string;
  /** The variable passed as the limit whose default is 0; null for a literal 0. */
  variable: string | null;
  /**
   * Whether the collection is only counted: a literal 0 on a collection whose selection reads
   * nothing but `total`, `skip`, `limit` (and `__typename`), the way to count before 2025-02-17.
   */
  countOnly: boolean;
}

/** The fields of a collection that are no items. */
const COUNTS = new Set(['total', 'skip', 'limit', '__typename']);

function readsOnlyCounts(field: FieldNode): boolean {
  const selections = field.selectionSet?.selections ?? [];
  return selections.length > 0 && selections.every((s) => s.kind === 'Field' && COUNTS.has(s.name.value));
}

/** A collection field of the service's schema: content type, asset, entry, linkedFrom and list-field collections all end so. */
function isCollectionField(name: string): boolean {
  return name.endsWith('Collection');
}

/** Defaults of the variables an operation defines, when they are the integer 0. */
export function zeroDefaultVariables(operation: OperationDefinitionNode): Set<string> {
  const zero = new Set<string>();
  for (const definition of operation.variableDefinitions ?? []) {
    const value = definition.defaultValue;
    if (value?.kind === 'IntValue' && Number(value.value) === 0) zero.add(definition.variable.name.value);
  }
  return zero;
}

/** The zero limits in a definition (an operation or fragment), given the variables whose default is 0 (none for a fragment on its own). */
export function zeroLimits(definition: ASTNode, zeroVariables: ReadonlySet<string>): ZeroLimit[] {
  const found: ZeroLimit[] = [];
  eachSelection(definition, (field) => {
    if (field.kind !== 'Field' || !isCollectionField(field.name.value)) return;
    for (const argument of field.arguments ?? []) {
      if (argument.name.value !== 'limit') continue;
      const { value } = argument;
      if (value.kind === 'IntValue' && Number(value.value) === 0) found.push({ argument, field: field.name.value, variable: null, countOnly: readsOnlyCounts(field) });
      else if (value.kind === 'Variable' && zeroVariables.has(value.name.value)) found.push({ argument, field: field.name.value, variable: value.name.value, countOnly: false });
    }
  });
  return found;
}
