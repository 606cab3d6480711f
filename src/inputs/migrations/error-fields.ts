/**
 * The field each error of the migration tool's content type checks is about.
 *
 * When a script saves a content type, the tool checks the content type as a whole (its schema,
 * display field, deletions, type changes …) and records plain `{ type, message }` errors: no
 * field, no step. Which field an error is about is found with the tool's own checks, run again on
 * the content type without each field in turn: the errors that go away without a field are that
 * field's. Nothing is read from the words of a message.
 */

/** The tool's content type entity, as far as this module uses it. */
interface ToolContentType {
  fields: { fields: { id?: unknown }[] };
  toAPI(): { fields: unknown[] };
}

type ToolCheckError = { message?: unknown } | undefined;

interface ToolCheck {
  hooks: string[];
  /** An array of errors, or one error, or undefined (the tool concatenates what its checks return). */
  validate(args: Record<string, unknown>): ToolCheckError[] | ToolCheckError;
}

/** The tool's offline API (one per parse), as far as this module uses it. */
interface ToolOfflineApi {
  contentTypeValidators: ToolCheck[];
  currentValidationErrorsRecorded: ToolCheckError[];
  publishedContentTypes: Map<string, unknown>;
  locales: unknown;
  saveContentType(id: string): Promise<ToolContentType>;
}

/** The hook the tool runs its content type checks on (its `ApiHook.SaveContentType`). */
const SAVE_CONTENT_TYPE = 'SAVE_CONTENT_TYPE';

/** The field id each content type error of the tool is about (errors about the content type as a whole have none). */
const fieldOfError = new WeakMap<object, string>();

export function errorField(error: object): string | undefined {
  return fieldOfError.get(error);
}

const installed = new WeakSet<object>();

/**
 * Wraps the tool's `OfflineAPI.prototype.saveContentType` (once per copy of the tool): after the
 * tool has checked a saved content type, each error it recorded is matched with its field.
 */
export function recordErrorFields(offlineApi: { prototype: ToolOfflineApi }): void {
  const { prototype } = offlineApi;
  if (installed.has(prototype)) return;
  installed.add(prototype);
  const save = prototype.saveContentType;
  prototype.saveContentType = async function (this: ToolOfflineApi, id: string) {
    const from = this.currentValidationErrorsRecorded.length;
    const contentType = await save.call(this, id);
    const errors = this.currentValidationErrorsRecorded.slice(from).filter((e): e is { message?: unknown } => typeof e === 'object' && e !== null);
    if (errors.length > 0) matchFields(this, id, contentType, errors);
    return contentType;
  };
}

function matchFields(api: ToolOfflineApi, id: string, contentType: ToolContentType, errors: { message?: unknown }[]): void {
  const checks = api.contentTypeValidators.filter((check) => check.hooks.includes(SAVE_CONTENT_TYPE));
  const ContentType = contentType.constructor as new (json: unknown) => ToolContentType;
  const fields = contentType.fields.fields;
  let open = errors;
  for (let index = 0; index < fields.length && open.length > 0; index++) {
    const fieldId = fields[index]!.id;
    if (typeof fieldId !== 'string') continue;
    const json = contentType.toAPI();
    json.fields.splice(index, 1);
    const without = new ContentType(json);
    const remaining = new Set<unknown>();
    try {
      for (const check of checks) {
        const args = { contentType: without, savedContentType: without, publishedContentType: api.publishedContentTypes.get(id), locales: api.locales };
        for (const error of ([] as ToolCheckError[]).concat(check.validate(args))) if (error) remaining.add(error.message);
      }
    } catch {
      continue; // a check that cannot run on the content type without this field tells nothing about it
    }
    for (const error of open) if (!remaining.has(error.message)) fieldOfError.set(error, fieldId);
    open = open.filter((error) => !fieldOfError.has(error));
  }
}
