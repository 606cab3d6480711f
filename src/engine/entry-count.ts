import type { Visitors } from './rule.js';

/**
 * A count of entries that a rule reports once, at its end, and that crosses threads in parallel
 * runs (`--jobs`): each copy of the rule exports what it counted since it was last asked, and the
 * main thread's copy adds those up before its `end`.
 */
export class EntryCount implements Required<Pick<Visitors, 'exportState' | 'importState'>> {
  value = 0;

  readonly exportState = (): number => {
    const count = this.value;
    this.value = 0;
    return count;
  };

  readonly importState = (states: readonly unknown[]): void => {
    for (const count of states) this.value += count as number;
  };
}
