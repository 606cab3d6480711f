import { InputError, InputErrors } from '../inputs/space/input-error.js';
import { compareFindings, type Finding } from './run-rules.js';

/** The rule id and message id that input errors carry in reports: they come from no rule and cannot be turned off. */
export const INPUT_ERROR_ID = 'input-error';

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
