import type { ContentTypeNode, EditorInterfaceNode } from '../../model/nodes.js';

/** A line of a migration script (path as findings show it). */
export interface Site {
  file: string;
  line: number;
}

/** Where the parts of one field came from: the step that created it, and the last step that set each property. */
export interface FieldSites {
  created?: Site;
  props: Map<string, Site>;
  latest: Site;
}

/**
 * Where a content type of the migrated model came from, part by part: the record on disk it
 * started from (if any), and the script lines that created or changed it since.
 */
export interface ContentTypeOrigin {
  base?: ContentTypeNode;
  created?: Site;
  props: Map<string, Site>;
  fields: Map<string, FieldSites>;
  /** Fields a script deleted or renamed away (`renamedTo`), with the line that did it. */
  removedFields: Map<string, { site: Site; renamedTo?: string }>;
  latest: Site;
  /** The editor interface: the record on disk, and the last script line that changed it. */
  editorBase?: EditorInterfaceNode;
  editor?: Site;
}

export function newOrigin(site: Site, base?: ContentTypeNode, editorBase?: EditorInterfaceNode): ContentTypeOrigin {
  return { props: new Map(), fields: new Map(), removedFields: new Map(), latest: site, ...(base ? { base } : {}), ...(editorBase ? { editorBase } : {}) };
}

/** Records a step of a script (one intent of the migration tool) in the origin of its content type. */
export function recordStep(origin: ContentTypeOrigin, type: string, site: Site, fieldId: string | undefined, props: Record<string, unknown> | undefined): void {
  origin.latest = site;
  const field = (id: string): FieldSites => {
    let sites = origin.fields.get(id);
    if (!sites) origin.fields.set(id, (sites = { props: new Map(), latest: site }));
    sites.latest = site;
    return sites;
  };
  if (type === 'contentType/create') {
    origin.created = site;
    origin.props.clear();
    origin.fields.clear();
    origin.removedFields.clear();
    delete origin.base;
  } else if (type === 'contentType/update') {
    for (const key of Object.keys(props ?? {})) origin.props.set(key, site);
  } else if (type === 'field/create' && fieldId !== undefined) {
    origin.fields.set(fieldId, { created: site, props: new Map(), latest: site });
    origin.removedFields.delete(fieldId);
  } else if (type === 'field/update' && fieldId !== undefined) {
    const sites = field(fieldId);
    for (const key of Object.keys(props ?? {})) sites.props.set(key, site);
  } else if (type === 'field/delete' && fieldId !== undefined) {
    origin.fields.delete(fieldId);
    origin.removedFields.set(fieldId, { site });
  } else if (type === 'field/rename' && fieldId !== undefined && typeof props?.newId === 'string') {
    const sites = field(fieldId);
    origin.fields.delete(fieldId);
    origin.fields.set(props.newId, sites);
    sites.props.set('id', site);
    origin.removedFields.set(fieldId, { site, renamedTo: props.newId });
    origin.removedFields.delete(props.newId);
  } else if (type === 'field/move' && fieldId !== undefined) {
    field(fieldId);
  } else if (type.startsWith('contentType/') && !type.includes('Entries') && !type.includes('Taxonomy')) {
    origin.editor = site;
  } else if (type.includes('Taxonomy')) {
    origin.props.set('metadata', site);
  }
}
