import type { Finding } from '../engine/findings.js';
import { readable } from '../util/safe-text.js';
import type { ModelOperation } from './changes.js';
import { applyPatch, valuePatches } from './patches.js';
import type { ChosenFix } from './plan-edits.js';

/**
 * Model fixes rendered as a script for the service's migration tool (contentful-migration's
 * `module.exports = function (migration) {…}`): one commented step per fix, naming the finding it
 * clears, grouped by content type; entry values removed become one `transformEntries` step per
 * content type and field. Ids and values are written as JSON literals, and the comments' text
 * from inputs is made visible on one line (a line terminator would end the comment).
 */

/** Why a change cannot be a step of a migration script, or null. */
function notAStep(change: ChosenFix['fix']['changes'][number]): string | null {
  if (change.kind === 'text') return 'a change of code is made in place (--fix), not by a migration';
  if (change.kind === 'addLocale') return 'the migration tool does not create locales: add it in place (--fix) or in the web app';
  if (change.kind === 'removeEntryValue' && !change.configured) return 'the migration tool transforms only the values of the locales the space configures';
  return null;
}

/** Whether a fix can be made by a migration script: each of its changes is a step. */
export function isMigrationFix(fix: { changes: readonly ChosenFix['fix']['changes'][number][] }): boolean {
  return fix.changes.every((change) => notAStep(change) === null);
}

/** The finding a step fixes, for its comment: rule, place, target, message. */
function findingComment(finding: Finding, indent: string): string[] {
  const place = finding.file === null ? '' : ` at ${finding.file}${finding.line === null ? '' : `:${finding.line}:${finding.column}`}`;
  const field = finding.target.field === null ? '' : ` (field ${JSON.stringify(finding.target.field)})`;
  return [`${indent}// Fixes ${finding.ruleId}${place}${field}:`, `${indent}//   ${finding.message}`].map(readable);
}

const json = (value: unknown) => JSON.stringify(value);

/** Operations on a content type (each a call on `migration.editContentType(id)`). */
type ContentTypeOperation = Exclude<ModelOperation, { kind: 'removeEntryValue' | 'addLocale' }>;

/**
 * The content types' fixes as steps, in the order the fixes come. The migration tool takes a
 * property of a field once per migration: fixes that set the same one (a pattern and a flag of
 * one validation, a field made localized by several findings) are one step, which names them all.
 */
class ContentTypeSteps {
  private readonly steps = new Map<string, { findings: Finding[]; call: string }>();
  /** Each field's validations (and items) as the steps so far leave them. */
  private readonly lists = new Map<string, { list: unknown[]; items: Record<string, unknown> | null }>();

  add(finding: Finding, ops: readonly ContentTypeOperation[]): void {
    for (const op of ops) {
      const { key, call } = this.call(op);
      const step = this.steps.get(key);
      const line = `  migration.editContentType(${json(op.contentType)})${call};`;
      if (!step) this.steps.set(key, { findings: [finding], call: line });
      else {
        step.call = line;
        if (!step.findings.includes(finding)) step.findings.push(finding);
      }
    }
  }

  lines(): string[] {
    return [...this.steps.values()].flatMap((step, i) => [...(i > 0 ? [''] : []), ...step.findings.flatMap((f) => findingComment(f, '  ')), step.call]);
  }

  /** The step's call, and what it sets (one step per field property). */
  private call(op: ContentTypeOperation): { key: string; call: string } {
    const field = `.editField(${json(op.field)})`;
    switch (op.kind) {
      case 'setFieldProperty':
        return { key: `${op.field}\u0000${op.property}`, call: `${field}.${op.property}(${json(op.value)})` };
      case 'setDisplayField':
        return { key: 'displayField', call: `.displayField(${json(op.field)})` };
      case 'renameField':
        return { key: `${op.field}\u0000id`, call: `.changeFieldId(${json(op.field)}, ${json(op.newId)})` };
      case 'replaceValidation': {
        const key = `${op.field}\u0000${op.items ? 'items' : 'validations'}`;
        let state = this.lists.get(key);
        if (!state) this.lists.set(key, (state = { list: structuredClone(op.validations), items: op.items && structuredClone(op.items) }));
        // The leaves that change, on the list as earlier fixes left it (two fixes of one validation keep both).
        const root = { list: state.list };
        for (const patch of valuePatches(op.validations[op.index], op.validation, ['list', String(op.index)])) applyPatch(root, patch);
        return { key, call: state.items ? `${field}.items(${json({ ...state.items, validations: state.list })})` : `${field}.validations(${json(state.list)})` };
      }
    }
  }
}

/** Entry values of one content type's field removed by one `transformEntries` step. */
interface EntrySteps {
  contentType: string;
  field: string;
  findings: Finding[];
  /** Locales to remove, by entry id. */
  remove: Map<string, string[]>;
}

function entryStep(step: EntrySteps): string[] {
  const remove = Object.fromEntries(step.remove);
  return [
    '',
    `  // Removes values of the field ${readable(json(step.field))}, fixing ${step.findings.length} ${step.findings.length === 1 ? 'finding' : 'findings'}:`,
    ...step.findings.flatMap((f) => findingComment(f, '  ')),
    '  {',
    `    const remove = ${json(remove)};`,
    '    migration.transformEntries({',
    `      contentType: ${json(step.contentType)},`,
    `      from: [${json(step.field)}],`,
    `      to: [${json(step.field)}],`,
    "      shouldPublish: 'preserve',",
    `      transformEntryForLocale: (fields, locale, { id }) => (remove[id]?.includes(locale) ? { [${json(step.field)}]: undefined } : undefined),`,
    '    });',
    '  }',
  ];
}

export interface RenderedScript {
  text: string;
  /** The fixes the script makes. */
  rendered: ChosenFix[];
  /** Fixes that are not migration steps, and why. */
  skipped: { chosen: ChosenFix; reason: string }[];
}

/**
 * The script making `chosen`'s model changes. `esm`: `export default` (a `.mjs`/`.mts` file),
 * else `module.exports`. `header` lines go first, as comments.
 */
export function renderMigration(chosen: readonly ChosenFix[], header: readonly string[], esm: boolean): RenderedScript {
  const byType = new Map<string, { steps: ContentTypeSteps; entries: Map<string, EntrySteps> }>();
  const group = (id: string) => {
    let found = byType.get(id);
    if (!found) byType.set(id, (found = { steps: new ContentTypeSteps(), entries: new Map() }));
    return found;
  };
  const rendered: ChosenFix[] = [];
  const skipped: RenderedScript['skipped'] = [];
  for (const item of chosen) {
    const reason = item.fix.changes.map(notAStep).find((r) => r !== null);
    if (reason) {
      skipped.push({ chosen: item, reason });
      continue;
    }
    const ops = item.fix.changes as ModelOperation[];
    rendered.push(item);
    const modelOps = ops.filter((op): op is ContentTypeOperation => op.kind !== 'removeEntryValue' && op.kind !== 'addLocale');
    if (modelOps.length > 0) group(modelOps[0]!.contentType).steps.add(item.finding, modelOps);
    for (const op of ops) {
      if (op.kind !== 'removeEntryValue') continue;
      const { entries } = group(op.contentType);
      let step = entries.get(op.field);
      if (!step) entries.set(op.field, (step = { contentType: op.contentType, field: op.field, findings: [], remove: new Map() }));
      if (!step.findings.includes(item.finding)) step.findings.push(item.finding);
      step.remove.set(op.entry, [...(step.remove.get(op.entry) ?? []), op.locale]);
    }
  }
  const body: string[] = [];
  for (const [id, { steps, entries }] of [...byType].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    body.push(`  // Content type ${readable(json(id))}`, ...steps.lines(), ...[...entries.values()].flatMap(entryStep), '');
  }
  const text = [
    ...header.map((line) => readable(`// ${line}`)),
    `${esm ? 'export default' : 'module.exports ='} function (migration) {`,
    ...body.slice(0, -1),
    `}${esm ? '' : ';'}`,
    '',
  ].join('\n');
  return { text, rendered, skipped };
}
