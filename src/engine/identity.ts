import type { Target } from './rule.js';

/**
 * What a finding is about, independent of where it sits in a file: its rule id, content type,
 * field, entry and locale. Baselines and SARIF fingerprints are keyed by it, so they survive
 * reformatting, reordering and moving records between files.
 */
export function identityKey(ruleId: string, target: Target): string {
  return JSON.stringify([ruleId, target.contentType, target.field, target.entry, target.locale]);
}
