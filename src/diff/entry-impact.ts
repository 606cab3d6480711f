import type { RuleContext } from '../engine/rule.js';
import { isArchived } from '../model/entry-status.js';
import { entryRef, type EntryNode, type EntryRef, type ReportNode } from '../model/nodes.js';

/** How many entries a finding names; the rest are counted. */
const MAX_NAMED = 10;

/** A change of the model whose consequences depend on the entries after it. */
export interface EntryChange {
  /** Where the change is reported (the field after the change, or a node of the model before it). */
  node: ReportNode;
  field?: string;
  locale?: string;
  data: Record<string, string | number>;
  /** Whether the change breaks this entry (archived entries are not asked). */
  breaks(entry: EntryNode): boolean;
}

interface Tracked {
  change: EntryChange;
  broken: EntryRef[];
  count: number;
  /** Ids of the entries counted, so that an entry found broken twice counts once. */
  ids: Set<string>;
}

/**
 * The entries each change breaks, gathered while the entries stream past, then one finding per
 * change: `broken` naming the entries, or `unchecked` when the inputs hold no entries at all
 * (a repository of content types only: what the change does to the service's entries is not
 * known). A change that breaks none of the entries of the inputs is not reported.
 */
export class EntryImpact {
  private readonly byType = new Map<string, Tracked[]>();
  private readonly everyType: Tracked[] = [];
  /** Every change, in the order added. */
  private readonly tracked = new Map<EntryChange, Tracked>();
  private entries = 0;

  /** A change to the entries of `contentType`, or of every content type (null). */
  add(contentType: string | null, change: EntryChange): void {
    const tracked: Tracked = { change, broken: [], count: 0, ids: new Set() };
    this.tracked.set(change, tracked);
    if (contentType === null) this.everyType.push(tracked);
    else {
      const list = this.byType.get(contentType);
      if (list) list.push(tracked);
      else this.byType.set(contentType, [tracked]);
    }
  }

  visit(entry: EntryNode): void {
    this.entries++;
    if (isArchived(entry)) return;
    for (const list of [this.byType.get(entry.contentTypeId), this.everyType]) {
      for (const tracked of list ?? []) if (tracked.change.breaks(entry)) this.record(tracked.change, entryRef(entry));
    }
  }

  /** An entry the change breaks, found after it streamed past (a link judged once every entry was seen). */
  record(change: EntryChange, entry: EntryRef): void {
    const tracked = this.tracked.get(change)!;
    if (tracked.ids.has(entry.id)) return;
    tracked.ids.add(entry.id);
    tracked.count++;
    if (tracked.broken.length < MAX_NAMED) tracked.broken.push(entry);
  }

  /** Reports each change: `messages.broken` gets `{{entries}}` and `{{count}}`. */
  report(context: RuleContext<unknown>, messages: { broken: string; unchecked: string }): void {
    for (const { change, broken, count } of this.tracked.values()) {
      const where = { node: change.node, ...(change.field ? { field: change.field } : {}), ...(change.locale ? { locale: change.locale } : {}) };
      if (count > 0) {
        context.report({ ...where, entry: broken[0]!.id, messageId: messages.broken, data: { ...change.data, entries: entryList(broken, count), count } });
      } else if (this.entries === 0) {
        context.report({ ...where, messageId: messages.unchecked, data: change.data });
      }
    }
  }
}

/** "entry 'a'", "entries 'a', 'b'", "entries 'a', …, and 990 more". */
export function entryList(named: readonly EntryRef[], count: number): string {
  const more = count - named.length;
  return `${count === 1 ? 'entry' : 'entries'} ${named.map((e) => `'${e.id}'`).join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}
