import type { RuleContext, Visitors } from '../engine/rule.js';
import { isObject } from '../util/json-value.js';
import { fieldBefore } from './counterpart.js';
import { EntryImpact, type EntryChange } from './entry-impact.js';
import { assetFiles, type AssetFile } from '../model/asset-files.js';
import type { FieldJson } from '../model/json-types.js';
import { entryRef, type AssetNode, type EntryNode, type EntryRef, type FieldNode } from '../model/nodes.js';
import { PublishLocales } from '../model/publish-locales.js';
import type { SpaceModel } from '../model/space-model.js';
import { isEmptyValue } from '../model/field-value.js';
import { compileField, type FieldPlan } from '../validation/compile-field.js';
import type { CheckContext, EntryLinkCheck, Path, ValidationKind } from '../validation/types.js';

/** A validation of the field after the change that the field before it did not have, with the checks of both states. */
export interface Narrowing {
  /** The validation kinds added or changed (field and items). */
  kinds: ValidationKind[];
  after: FieldPlan;
  /** The same kinds before the change (null: the field had none of them). */
  before: FieldPlan | null;
}

/** The value being checked: its narrowing, entry and locale, and which state's validations. */
interface CheckedValue {
  narrowing: Narrowing;
  entry: EntryNode;
  locale: string;
  before: boolean;
}

/** A link whose target entry has not streamed past yet, judged at the end. */
export interface DeferredLink {
  narrowing: Narrowing;
  entry: EntryRef;
  locale: string;
  check: EntryLinkCheck;
  targetId: string;
  path: Path;
  /** The check is of the validations before the change (the entry then broke them already). */
  before: boolean;
}

function validationsOf(list: unknown, kinds: ReadonlySet<ValidationKind>): Record<string, unknown>[] {
  if (!Array.isArray(list)) return [];
  return list.filter((v): v is Record<string, unknown> => isObject(v) && Object.keys(v).some((k) => kinds.has(k as ValidationKind)));
}

function kindOf(validation: Record<string, unknown>, kinds: ReadonlySet<ValidationKind>): ValidationKind {
  return Object.keys(validation).find((k) => kinds.has(k as ValidationKind)) as ValidationKind;
}

/** The field with only its validations of `kinds` (the same for its items). */
function restrictTo(field: FieldJson, kinds: ReadonlySet<ValidationKind>): FieldJson {
  const items = isObject(field.items) ? { ...field.items, validations: validationsOf(field.items.validations, kinds) } : field.items;
  return { ...field, validations: validationsOf(field.validations, kinds), ...(items ? { items } : {}) } as FieldJson;
}

/**
 * Finds the validations of `kinds` that a change added or changed on a field, and checks entry
 * values against them with the checks entry-field-validation uses (src/validation/). An entry
 * counts as broken by the change when a value breaks the validations after it and did not break
 * those before it.
 */
export class NarrowedValidations {
  readonly deferred: DeferredLink[] = [];
  private readonly assets = new Map<string, readonly AssetFile[]>();
  private readonly entryTypes = new Map<string, string>();
  private readonly locales: PublishLocales;
  private current: CheckedValue | null = null;
  private readonly checkContext: CheckContext = {
    assetFiles: (id) => this.assets.get(id),
    entryType: (id) => this.entryTypes.get(id),
    defer: (check, targetId, path) => {
      const { narrowing, entry, locale, before } = this.current!;
      this.deferred.push({ narrowing, entry: entryRef(entry), locale, check, targetId, path, before });
    },
  };

  constructor(
    space: SpaceModel,
    private readonly kinds: ReadonlySet<ValidationKind>,
  ) {
    this.locales = new PublishLocales(space);
  }

  /** What changed in the validations of `kinds` between the field before and after; null when nothing did. */
  narrowing(after: FieldNode, before: FieldJson | undefined): Narrowing | null {
    if (!before || before.deleted === true) return null;
    const changed = new Set<ValidationKind>();
    for (const key of ['validations', 'items'] as const) {
      const list = (json: FieldJson) => (key === 'items' ? (isObject(json.items) ? json.items.validations : undefined) : json.validations);
      const old = new Set(validationsOf(list(before), this.kinds).map((v) => JSON.stringify(v)));
      for (const validation of validationsOf(list(after.json), this.kinds)) {
        if (!old.has(JSON.stringify(validation))) changed.add(kindOf(validation, this.kinds));
      }
    }
    if (changed.size === 0) return null;
    const options = { kinds: changed, reportMissingLinks: false };
    const plan = compileField(restrictTo(after.json, changed), options);
    if (!plan) return null;
    return { kinds: [...changed], after: plan, before: compileField(restrictTo(before, changed), options) };
  }

  /** Keeps what link checks need of assets (call for every asset when a narrowing is of asset links). */
  asset(asset: AssetNode): void {
    this.assets.set(asset.id, assetFiles(asset));
  }

  /** Keeps the content type of every entry, for links to entries (call for every entry, first). */
  entry(entry: EntryNode): void {
    this.entryTypes.set(entry.id, entry.contentTypeId);
  }

  /** The entry has a value that breaks the validations after the change and not those before it. */
  breaks(narrowing: Narrowing, entry: EntryNode): boolean {
    const fields = entry.json.fields;
    const byLocale = isObject(fields) ? fields[narrowing.after.id] : undefined;
    if (!isObject(byLocale)) return false;
    const codes = narrowing.after.localized || this.locales.defaults.length === 0 ? Object.keys(byLocale).filter((c) => this.locales.isChecked(c)) : this.locales.defaults;
    for (const code of codes) {
      const value = byLocale[code];
      if (isEmptyValue(narrowing.after.type, value)) continue;
      const broken = (plan: FieldPlan, before: boolean) => this.violates({ narrowing, entry, locale: code, before }, plan, value);
      if (broken(narrowing.after, false) && !(narrowing.before && broken(narrowing.before, true))) return true;
    }
    return false;
  }

  /** A deferred link, now that every entry has been seen: whether it breaks the validation. */
  judge(link: DeferredLink): boolean {
    return link.check.judgeEntry(link.targetId, this.entryTypes.get(link.targetId), link.path) !== null;
  }

  private violates(current: CheckedValue, plan: FieldPlan, value: unknown): boolean {
    this.current = current;
    try {
      if (plan.checks.some((check) => check.run(value, this.checkContext) !== null)) return true;
      return Array.isArray(value) && value.some((item) => plan.itemChecks.some((check) => check.run(item, this.checkContext) !== null));
    } finally {
      this.current = null;
    }
  }
}

/**
 * The visitors of a rule that reports validations of `kinds` narrowed under existing entries
 * (validation-narrowed, link-narrowed): messages `narrowed` (entries named) and `unchecked`.
 */
export function narrowedValidationVisitors(context: RuleContext<unknown>, kinds: ReadonlySet<ValidationKind>): Visitors {
  const { before, space } = context;
  if (!before) return {};
  const validations = new NarrowedValidations(space, kinds);
  const impact = new EntryImpact();
  const changes = new Map<Narrowing, EntryChange>();
  const needsAssets = kinds.has('linkMimetypeGroup') || kinds.has('assetFileSize') || kinds.has('assetImageDimensions');
  const needsEntryTypes = kinds.has('linkContentType') || kinds.has('nodes');
  return {
    field(field) {
      const narrowing = validations.narrowing(field, fieldBefore(before, field));
      if (!narrowing) return;
      const change: EntryChange = {
        node: field,
        data: { field: field.id, contentType: field.contentType.id, kinds: narrowing.kinds.join(', ') },
        breaks: (entry) => validations.breaks(narrowing, entry),
      };
      changes.set(narrowing, change);
      impact.add(field.contentType.id, change);
    },
    asset(asset) {
      if (needsAssets && changes.size > 0) validations.asset(asset);
    },
    entry(entry) {
      if (changes.size === 0) return;
      if (needsEntryTypes) validations.entry(entry);
      impact.visit(entry);
    },
    end() {
      // Links to entries that came later in the inputs: broken after the change and not before it.
      const key = (link: DeferredLink) => `${link.entry.id}\u0000${link.locale}\u0000${link.targetId}\u0000${link.path.join('/')}`;
      const brokenBefore = new Set(validations.deferred.filter((l) => l.before && validations.judge(l)).map(key));
      for (const link of validations.deferred) {
        if (!link.before && !brokenBefore.has(key(link)) && validations.judge(link)) impact.record(changes.get(link.narrowing)!, link.entry);
      }
      impact.report(context, { broken: 'narrowed', unchecked: 'unchecked' });
    },
  };
}
