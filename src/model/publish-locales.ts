import type { SpaceModel } from './space-model.js';

/**
 * Which locales of an entry's fields the service looks at when it publishes the entry, worked
 * out once from the space's locales.
 */
export class PublishLocales {
  /** Configured locale codes, in input order; empty when the input has no locales. */
  readonly configured: readonly string[];
  /** Locales marked `default: true` (an odd input marks several; none when not known). */
  readonly defaults: readonly string[];
  /**
   * Where a required localized field must have a value: the configured locales that are not
   * `optional` ("allow required fields to be empty") and not closed to editing
   * (`contentManagementApi: false`: whether the service still requires values there is not
   * documented, and editors could not enter them).
   */
  readonly requiredLocalized: readonly string[];
  /** Where a required field that is not localized must have a value: the default locale, unless it is optional or closed to editing. */
  readonly requiredDefaults: readonly string[];
  private readonly configuredSet: ReadonlySet<string>;

  constructor(space: SpaceModel) {
    const locales = [...space.locales.values()];
    this.configured = locales.map((l) => l.code);
    this.configuredSet = new Set(this.configured);
    this.defaults = locales.filter((l) => l.json.default === true).map((l) => l.code);
    const required = locales.filter((l) => l.json.optional !== true && l.json.contentManagementApi !== false);
    this.requiredLocalized = required.map((l) => l.code);
    this.requiredDefaults = required.filter((l) => l.json.default === true).map((l) => l.code);
  }

  /** Whether the values of `code` are checked: a configured locale, or any locale when none is configured. */
  isChecked(code: string): boolean {
    return this.configuredSet.size === 0 || this.configuredSet.has(code);
  }
}
