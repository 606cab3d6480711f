import type { ContentTypeNode, FieldNode } from './nodes.js';

/** A content type or field a migration script removes: a node at the script's line, and that place as shown to users. */
export interface ScriptRemoval {
  node: ContentTypeNode | FieldNode;
  file: string;
  line: number;
  /** For a field renamed away (`changeFieldId`): its new id. */
  renamedTo?: string;
}

/** How a script removes it, for messages: "deleted by migrations/0042-x.js:7", "renamed to 'subtitle' by …". */
export function removedBy(removal: ScriptRemoval): string {
  const how = removal.renamedTo === undefined ? 'deleted' : `renamed to '${removal.renamedTo}'`;
  return `${how} by ${removal.file}:${removal.line}`;
}

/** The content types and fields that migration scripts remove, by content type. */
export class ScriptRemovals {
  private readonly byType = new Map<string, { type?: ScriptRemoval; fields: Map<string, ScriptRemoval> }>();

  add(removal: ScriptRemoval): void {
    const { node } = removal;
    const contentType = node.kind === 'field' ? node.contentType.id : node.id;
    let entry = this.byType.get(contentType);
    if (!entry) this.byType.set(contentType, (entry = { fields: new Map() }));
    if (node.kind === 'field') entry.fields.set(node.id, removal);
    else entry.type = removal;
  }

  /** Where a script removes the content type (`field` null) or its field; undefined when no script does. */
  of(contentType: string, field: string | null = null): ScriptRemoval | undefined {
    const entry = this.byType.get(contentType);
    return field === null ? entry?.type : entry?.fields.get(field);
  }

  /** The content types scripts remove. */
  contentTypes(): ScriptRemoval[] {
    return [...this.byType.values()].flatMap((entry) => (entry.type ? [entry.type] : []));
  }

  /** The fields of a content type that scripts remove. */
  fields(contentType: string): ScriptRemoval[] {
    return [...(this.byType.get(contentType)?.fields.values() ?? [])];
  }
}
