/**
 * The shapes of the service's export records, as far as cmlint reads them. Every property that
 * real exports may leave out is optional; the readers check only what identifies a record.
 */

export interface LinkJson {
  sys: { type: 'Link'; linkType: string; id: string };
}

export interface RegexpJson {
  pattern?: unknown;
  flags?: unknown;
}

/** One element of a `validations` array: a single rule key plus an optional `message`. */
export interface ValidationJson {
  message?: string | null;
  regexp?: RegexpJson;
  prohibitRegexp?: RegexpJson;
  [rule: string]: unknown;
}

export interface FieldItemsJson {
  type?: string;
  linkType?: string;
  validations?: ValidationJson[];
}

export interface FieldJson {
  id: string;
  name?: string;
  type: string;
  linkType?: string;
  items?: FieldItemsJson;
  localized?: boolean;
  required?: boolean;
  disabled?: boolean;
  omitted?: boolean;
  deleted?: boolean;
  validations?: ValidationJson[];
  defaultValue?: Record<string, unknown> | null;
}

export interface ContentTypeJson {
  sys: { id: string; type?: string };
  name?: string;
  description?: string | null;
  displayField?: string | null;
  fields: FieldJson[];
  metadata?: { taxonomy?: unknown[] };
}

export interface EditorInterfaceJson {
  sys: { id?: string; type?: string; contentType: { sys: { id: string } } };
  controls?: { fieldId: string; widgetId?: string; widgetNamespace?: string; settings?: unknown }[];
}

export interface LocaleJson {
  sys?: { id?: string; type?: string };
  code: string;
  name?: string;
  default?: boolean;
  fallbackCode?: string | null;
  optional?: boolean;
  contentManagementApi?: boolean;
  contentDeliveryApi?: boolean;
}

export interface EntryJson {
  sys: {
    id: string;
    type?: string;
    contentType: { sys: { id: string } };
    version?: number;
    publishedVersion?: number;
    archivedVersion?: number;
    fieldStatus?: Record<string, Record<string, string>>;
  };
  fields?: Record<string, Record<string, unknown>>;
  metadata?: { tags?: LinkJson[]; concepts?: LinkJson[] };
}

export interface AssetJson {
  sys: { id: string; type?: string; publishedVersion?: number; archivedVersion?: number };
  fields?: Record<string, Record<string, unknown>>;
  metadata?: { tags?: LinkJson[]; concepts?: LinkJson[] };
}
