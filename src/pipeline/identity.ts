import { pathFromRoot } from '../format/labels.js';
import type { Target } from '../engine/rule.js';

/**
 * Where a finding about code sits (GraphQL documents, application sources), whose target is
 * mostly empty: the file (relative to the repository root, forward slashes) and the operation
 * or fragment it is in (null for a whole document or a place in application code).
 */
export interface CodeIdentity {
  file: string;
  operation: string | null;
}

/**
 * What a finding is about, independent of where it sits in a file: its rule id, content type,
 * field, entry and locale; for a finding about code, also its file and operation (so that two
 * documents' findings of one rule stay apart, and moving an operation within its file keeps
 * it). Baselines and SARIF fingerprints are keyed by it, so they survive reformatting,
 * reordering and moving records between files. Model findings' keys have no code part.
 */
export function identityKey(ruleId: string, target: Target, code: CodeIdentity | null = null): string {
  const key = [ruleId, target.contentType, target.field, target.entry, target.locale];
  return JSON.stringify(code === null ? key : [...key, code.file, code.operation]);
}

/** What findings carry for their identity: the rule, the target, the file as shown, and `code` for findings about code. */
export interface IdentifiedFinding {
  ruleId: string;
  target: Target;
  file: string | null;
  code?: { operation: string | null };
}

/** Where the run's paths are relative to (the working directory) and the repository root. */
export interface PathBase {
  cwd: string;
  root: string;
}

/** The code part of a finding's identity, or null for a finding about the model. */
export function codeIdentity(finding: IdentifiedFinding, base: PathBase): CodeIdentity | null {
  if (finding.code === undefined || finding.file === null) return null;
  return { file: pathFromRoot(finding.file, base), operation: finding.code.operation };
}

/** The identity key of a finding (see identityKey). */
export function findingKey(finding: IdentifiedFinding, base: PathBase): string {
  return identityKey(finding.ruleId, finding.target, codeIdentity(finding, base));
}
