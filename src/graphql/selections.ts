import type { ASTNode, FieldNode, FragmentSpreadNode } from 'graphql';

/**
 * Calls `each` for every field and fragment spread of a document, an operation, a fragment or a
 * selection, in document order (a field before what it selects), which are the nodes graphql-js's
 * `visit` enters for a `Field` or `FragmentSpread` visitor. Fields and spreads are only found in
 * selection sets, so this walks selection sets only: far cheaper than the generic visitor, which
 * enters every node of the AST (names, arguments, values, directives, locations).
 */
export function eachSelection(node: ASTNode, each: (selection: FieldNode | FragmentSpreadNode) => void): void {
  if (node.kind === 'Document') {
    for (const definition of node.definitions) eachSelection(definition, each);
    return;
  }
  if (node.kind === 'Field' || node.kind === 'FragmentSpread') each(node);
  const selectionSet = node.kind === 'SelectionSet' ? node : 'selectionSet' in node ? node.selectionSet : undefined;
  for (const selection of selectionSet?.selections ?? []) eachSelection(selection, each);
}
