import { InputError, InputErrors } from '../inputs/space/input-error.js';
import type { FindingList } from './findings.js';
import { compareFindings, type Finding } from './run-rules.js';

/** The rule id and message id that input errors carry in reports: they come from no rule and cannot be turned off. */
export const INPUT_ERROR_ID = 'input-error';

/** The rule id and message id of the warning about a file named on the command line that the run does not lint. */
export const FILE_IGNORED_ID = 'file-ignored';

/** The input errors that `error` holds (an InputError or InputErrors), or null for anything else. */
export function inputErrorsOf(error: unknown): InputError[] | null {
  if (error instanceof InputErrors) return error.errors;
  if (error instanceof InputError) return [error];
  return null;
}

/**
 * Input errors as findings, so that every format reports them where it reports findings (a JSON
 * or SARIF report of a run that stopped is still a valid document that says why). They are
 * `internal`: not about the space, never in a baseline, and they make the run exit 2.
 */
export function inputErrorFindings(errors: readonly Pick<InputError, 'file' | 'message' | 'position' | 'pointer'>[]): Finding[] {
  return errors
    .map((error) => ({
      ruleId: INPUT_ERROR_ID,
      messageId: INPUT_ERROR_ID,
      severity: 'error' as const,
      message: error.message,
      enforcement: { date: null, status: 'undated' as const, note: 'not linted' },
      target: { contentType: null, field: null, entry: null, locale: null },
      pointer: error.pointer ?? null,
      file: error.file,
      line: error.position?.line ?? null,
      column: error.position?.column ?? null,
      internal: true,
    }))
    .sort(compareFindings);
}

export function isInputError(finding: Finding): boolean {
  return finding.internal && finding.messageId === INPUT_ERROR_ID;
}

/** `file:line:col: message (at /pointer)`, as input errors are printed on stderr. */
export function inputErrorLine(finding: Finding): string {
  const position = finding.line === null ? undefined : { line: finding.line, column: finding.column ?? 1 };
  return new InputError(finding.file ?? '.', finding.message, position, finding.pointer ?? undefined).format();
}

/** Why a named file is not linted, in the warning's words. */
const IGNORED_BECAUSE = {
  excluded: "File ignored because the config's `exclude` matches it: nothing in it is checked.",
  'not-an-input': "File ignored because none of the config's inputs (`include`, `documents`, `sources`, `migrations`) covers it: nothing in it is checked.",
} as const;

/**
 * A warning for each file named on the command line that the run does not lint, as ESLint
 * warns about an ignored file it is given: a finding, so that every format reports it and it
 * counts as a warning (`--max-warnings`, `--fail-on warning`). Not about the space: never in a
 * baseline. `--no-warn-ignored` (the pre-commit hooks, whose staged files are often no inputs)
 * leaves them out.
 */
export function ignoredFileFindings(files: readonly { file: string; reason: keyof typeof IGNORED_BECAUSE }[]): Finding[] {
  return files.map((ignored) => ({
    ruleId: FILE_IGNORED_ID,
    messageId: FILE_IGNORED_ID,
    severity: 'warning' as const,
    message: `${IGNORED_BECAUSE[ignored.reason]} Use --no-warn-ignored to leave this warning out.`,
    enforcement: { date: null, status: 'undated' as const, note: 'not linted' },
    target: { contentType: null, field: null, entry: null, locale: null },
    pointer: null,
    file: ignored.file,
    line: null,
    column: null,
    internal: false,
  }));
}

/** A list of findings with a few more merged in, in report order: the list's own are read one at a time, as before. */
export function withFindings(list: FindingList, more: readonly Finding[]): FindingList {
  return more.length === 0 ? list : new MergedFindings(list, [...more].sort(compareFindings));
}

class MergedFindings implements FindingList {
  /** Where each of `more` goes: its index in the merged list. */
  private readonly positions: number[];

  constructor(
    private readonly list: FindingList,
    private readonly more: readonly Finding[],
  ) {
    // The list is in report order: a binary search finds how many of its findings come first.
    this.positions = more.map((finding, i) => {
      let [low, high] = [0, list.length];
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compareFindings(list.at(middle)!, finding) <= 0) low = middle + 1;
        else high = middle;
      }
      return low + i;
    });
  }

  get length(): number {
    return this.list.length + this.more.length;
  }

  at(index: number): Finding | undefined {
    const i = index < 0 ? this.length + index : index;
    let before = 0;
    for (const [k, position] of this.positions.entries()) {
      if (position === i) return this.more[k];
      if (position > i) break;
      before++;
    }
    return this.list.at(i - before);
  }

  *[Symbol.iterator](): Iterator<Finding> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }

  filter(predicate: (finding: Finding) => boolean): FindingList {
    return withFindings(this.list.filter(predicate), this.more.filter(predicate));
  }
}
