import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { internalFindings, type Finding, type FindingList } from '../engine/findings.js';
import { fixTypeOf, type Fix, type FixChange, type FixType } from '../fix/changes.js';
import { renderMigration } from '../fix/migration-script.js';
import { planEdits, type ChosenFix, type EditPlan } from '../fix/plan-edits.js';
import { wholeFileLimit } from '../inputs/space/source.js';
import { displayPath } from '../inputs/space/load-space.js';
import { loadMigrationTool, type MigrationTool } from '../inputs/migrations/tool.js';
import { InputError } from '../inputs/space/input-error.js';
import { plural } from '../util/plural.js';
import { readable, visible } from '../util/safe-text.js';
import { toolVersion } from '../util/version.js';
import { findingKey, type PathBase } from './identity.js';
import { InputChangedError, prepareOutputFile, replaceInputFile } from './output-file.js';
import type { RunRequest } from './plan.js';
import { run } from './run.js';
import type { Settled } from './settle.js';
import { repositoryRoot } from '../util/repo-root.js';

/**
 * The fix stage of a command-line run (docs/architecture.md), after settle and before report:
 * from the settled findings, `--fix` applies the fixes to the files the findings are in and runs
 * the stages again (plan → read → check → settle), as ESLint lints again, until nothing more is
 * fixable (at most MAX_PASSES passes); `--fix-dry-run` gives a unified diff of what the first
 * pass would change and writes nothing; `--fix-migration FILE` writes the model fixes as a script
 * for the service's migration tool, after replaying it offline on the model and proving it (every
 * step accepted, the findings it fixes gone, no new finding). The report is of the run the stage
 * ends with: what the fixes leave.
 */

/** As ESLint: passes of fixing and linting again, at most. */
export const MAX_PASSES = 10;

export interface FixRequest {
  mode: 'fix' | 'dry-run' | 'migration';
  /** `--fix-migration FILE`: where the script goes (it must not exist). */
  script?: { absPath: string; shown: string };
  /** `--fix-type`: the kinds of change applied (default: model and code). */
  types: ReadonlySet<FixType>;
  /** `--apply-suggestion RULE:ID`: suggestions applied, by rule id and suggestion id. */
  suggestions: readonly { rule: string; id: string }[];
}

export interface Fixed {
  /** The run to report: the findings left after the fixes (`--fix`, `--fix-migration`), or as they are (`--fix-dry-run`). */
  settled: Settled;
  /** What was done, for stderr. */
  notes: string[];
  /** `--fix-dry-run`: the unified diff. */
  diff: string;
  /** Why the run exits 2 (a file not written, a script that failed its proof), or null. */
  failure: string | null;
}

/** The fix to apply for a finding: a suggestion asked for (it wins), else its fix; of the kinds asked. */
function chosenFix(finding: Finding, request: FixRequest): Fix | null {
  const asked = finding.suggestions?.find((s) => request.suggestions.some((a) => a.rule === finding.ruleId && a.id === s.id));
  const fix = asked ?? finding.fix ?? null;
  return fix && fix.changes.every((change) => request.types.has(fixTypeOf(change))) ? fix : null;
}

function chooseFixes(findings: FindingList, request: FixRequest): ChosenFix[] {
  const chosen: ChosenFix[] = [];
  for (const finding of findings) {
    if (finding.internal || (!finding.fix && !finding.suggestions)) continue;
    const fix = chosenFix(finding, request);
    if (fix) chosen.push({ finding, fix });
  }
  return chosen;
}

/** A finding as notes name it: rule, place and target. */
function findingLabel(finding: Finding): string {
  const place = finding.file === null ? '(space)' : `${finding.file}${finding.line === null ? '' : `:${finding.line}:${finding.column}`}`;
  const target = [finding.target.contentType, finding.target.entry, finding.target.field, finding.target.locale].filter((t) => t !== null).join(' › ');
  return readable(`${place} ${finding.ruleId}${target ? ` (${target})` : ''}`);
}

function skippedNotes(plan: Pick<EditPlan, 'skipped'>, what: string): string[] {
  return plan.skipped.map(({ chosen, reason }) => `cmlint: not ${what}: ${findingLabel(chosen.finding)}: ${readable(reason)}`);
}

/**
 * Runs the fix stage on a run of `request` that started at `since` (ms) and settled as `settled`.
 * Nothing is fixed after an input error or a crashed rule.
 */
export async function fix(request: RunRequest, settled: Settled, since: number, fixRequest: FixRequest): Promise<Fixed> {
  if (internalFindings(settled.result.findings).length > 0) return { settled, notes: [], diff: '', failure: null };
  if (fixRequest.mode === 'dry-run') return dryRun(settled, fixRequest);
  if (fixRequest.mode === 'fix') return fixInPlace(request, settled, since, fixRequest);
  return fixByMigration(request, settled, fixRequest);
}

/** `--fix-dry-run`: the unified diff of the first pass of `--fix`; nothing written. */
async function dryRun(settled: Settled, fixRequest: FixRequest): Promise<Fixed> {
  const plan = await planEdits(chooseFixes(settled.result.findings, fixRequest));
  const { unifiedDiff } = await import('../fix/unified-diff.js');
  const diff = plan.files
    .map((file) =>
      file.stat.size > wholeFileLimit()
        ? `--- a/${visible(file.shown)}\n+++ b/${visible(file.shown)}\n# ${plural(file.edits.length, 'edit')} in a file over the whole-file limit: not shown\n`
        : unifiedDiff(file.shown, readFileSync(file.absPath), file.edits),
    )
    .join('');
  const notes = [
    plan.applied.length === 0 ? 'cmlint: nothing to fix' : `cmlint: --fix would apply ${plural(plan.applied.length, 'fix', 'fixes')} to ${plural(plan.files.length, 'file')} (nothing written)`,
    ...skippedNotes(plan, 'fixable in place'),
  ];
  return { settled, notes, diff, failure: null };
}

/** `--fix`: passes of fixing the files and running the stages again, until nothing more is fixable. */
async function fixInPlace(request: RunRequest, first: Settled, since: number, fixRequest: FixRequest): Promise<Fixed> {
  let settled = first;
  // A file written after the start of the run whose findings the edits come from is not written.
  let started = since;
  let fixed = 0;
  const written = new Set<string>();
  let plan: EditPlan | undefined;
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const chosen = chooseFixes(settled.result.findings, fixRequest);
    if (chosen.length === 0) break;
    plan = await planEdits(chosen);
    if (plan.files.length === 0) break;
    for (const file of plan.files) {
      try {
        await replaceInputFile(file.absPath, file.shown, file.stat, started, file.edits);
      } catch (error) {
        if (!(error instanceof InputChangedError)) throw error;
        return { settled, notes: [], diff: '', failure: error.message };
      }
      written.add(file.shown);
    }
    fixed += plan.applied.length;
    started = Date.now();
    settled = await run(request);
    if (internalFindings(settled.result.findings).length > 0) break;
  }
  const notes = [fixed === 0 ? 'cmlint: nothing to fix' : `cmlint: fixed ${plural(fixed, 'finding')} in ${plural(written.size, 'file')}`];
  if (plan) notes.push(...skippedNotes({ skipped: plan.skipped.filter((s) => !s.deferred) }, 'fixed in place'));
  return { settled, notes, diff: '', failure: null };
}

/** A finding's identity (rule, target; file and operation for code) and message id: what the proof counts. */
function proofKey(finding: Finding, base: PathBase): string {
  return `${findingKey(finding, base)}\u0000${finding.messageId}`;
}

function countByKey(findings: FindingList, base: PathBase): Map<string, number> {
  const counts = new Map<string, number>();
  for (const finding of findings) {
    const key = proofKey(finding, base);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * `--fix-migration`: the model fixes of the findings rendered as a migration script, written
 * first to a temporary file beside FILE (so that it loads as FILE will: the same folder and
 * package), replayed with the configured migrations on the model by the migrations input
 * (src/inputs/migrations/), and kept as FILE only when the replay proves it: no step rejected, no
 * finding it fixes left, no new finding. FILE is created, never replaced.
 */
async function fixByMigration(request: RunRequest, before: Settled, fixRequest: FixRequest): Promise<Fixed> {
  const { absPath, shown } = fixRequest.script!;
  const notes: string[] = [];
  const ended = (failure: string | null, settled = before): Fixed => ({ settled, notes, diff: '', failure });
  let tool: MigrationTool;
  try {
    tool = loadMigrationTool(request.cwd, '--fix-migration');
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return ended("--fix-migration proves the script with the service's migration tool, which is not installed: run `npm install --save-dev contentful-migration`");
  }
  const header = [
    `Written by cmlint ${toolVersion()} (--fix-migration) as of ${before.result.asOf}.`,
    `Replayed offline with the migration tool (contentful-migration ${tool.version}) before it was written:`,
    'every step accepted, the findings it fixes gone, no finding added.',
  ];
  const ext = extname(absPath);
  const temp = join(dirname(absPath), `.${basename(absPath, ext)}.cmlint-${process.pid}${ext}`);
  const tempShown = displayPath(temp, request.cwd);
  let chosen = chooseFixes(before.result.findings, { ...fixRequest, types: new Set([...fixRequest.types].filter((t) => t !== 'code')) });
  for (let round = 1; ; round++) {
    const script = renderMigration(chosen, header, ext === '.mjs' || ext === '.mts');
    if (round === 1) notes.push(...script.skipped.map(({ chosen: c, reason }) => `cmlint: not in the migration: ${findingLabel(c.finding)}: ${readable(reason)}`));
    if (script.rendered.length === 0) {
      notes.push(`cmlint: no fix is a migration step: ${shown} not written`);
      return ended(null);
    }
    if (round === 1) await prepareOutputFile(absPath, shown);
    writeFileSync(temp, script.text, { flag: 'wx' });
    try {
      const after = await run({ ...request, migrationsAfter: [...(request.migrationsAfter ?? []), temp] });
      const refused = refusedFixes(after, chosen, tempShown);
      if (refused.length > 0 && round < MAX_PASSES) {
        notes.push(...refused.map(({ chosen: c, why }) => `cmlint: not in the migration: ${findingLabel(c.finding)}: the migration tool refuses its step: ${readable(why)}`));
        chosen = chosen.filter((c) => !refused.some((r) => r.chosen === c));
        continue;
      }
      const proof = proofOf(before, after, script.rendered, tempShown, request.cwd);
      if (typeof proof === 'string') return ended(`the migration script was not written: ${proof}`);
      if (proof.revealed > 0) notes.push(revealedNote(proof.revealed));
      const notLinked = linkScript(temp, absPath, shown);
      if (notLinked !== null) return ended(notLinked);
      notes.push(`cmlint: wrote ${shown}: ${plural(script.rendered.length, 'fix', 'fixes')}, proven by replaying it offline`);
      return ended(null, renamedScript(after, tempShown, shown));
    } finally {
      rmSync(temp, { force: true });
    }
  }
}

/**
 * The chosen fixes whose steps the migration tool refused in the replay (the record holds what it
 * refuses already: a default value of null), with the tool's message: left out, and the rest
 * replayed again.
 */
function refusedFixes(after: Settled, chosen: readonly ChosenFix[], scriptShown: string): { chosen: ChosenFix; why: string }[] {
  const refused = [...after.result.findings].filter((f) => f.ruleId === 'migration-invalid' && f.file === scriptShown);
  if (refused.length === 0) return [];
  return chosen.filter(({ fix }) => fix.changes.some((change) => refused.some((r) => isAbout(change, r)))).map((c) => ({ chosen: c, why: refused[0]!.message }));
}

/** The note on entry values that a rewritten validation (matching the same strings) now lets cmlint check. */
function revealedNote(revealed: number): string {
  const one = revealed === 1;
  return `cmlint: ${plural(revealed, 'entry value')} now checked against a validation the script rewrote (it matches the same strings) ${one ? 'breaks' : 'break'} it, as ${one ? 'it' : 'they'} did before; the report lists them`;
}

/** The proven script kept as FILE (a hard link: never over an existing file); why not, or null. */
function linkScript(temp: string, absPath: string, shown: string): string | null {
  try {
    linkSync(temp, absPath);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `${shown}: not written (${code ?? String(error)}${code === 'EEXIST' ? ': cmlint never writes over an existing file' : ''})`;
  }
}

/** The run after the script, its findings in the script naming the file the script was written to. */
function renamedScript(after: Settled, tempShown: string, shown: string): Settled {
  const findings = [...after.result.findings].map((f) => (f.file === tempShown ? { ...f, file: shown } : f));
  return { ...after, result: { ...after.result, findings } };
}

/** Whether a change is of the content type of a refused step (the migration tool checks a content type's steps together: one refused blocks them all). */
function isAbout(change: FixChange, refused: Finding): boolean {
  return change.kind !== 'text' && change.kind !== 'addLocale' && change.contentType === refused.target.contentType;
}

/**
 * What the replay proves: why it does not prove the script (a step rejected, a fixed finding left,
 * a new finding), or how many findings about entries it revealed. A validation whose pattern the
 * script rewrote matches the same strings, but only now can cmlint check the entries against it:
 * an entry value that breaks it broke it before, so such findings are not new.
 */
function proofOf(before: Settled, after: Settled, rendered: readonly ChosenFix[], scriptShown: string, cwd: string): string | { revealed: number } {
  const problem = internalFindings(after.result.findings)[0] ?? [...after.result.findings].find((f) => f.ruleId === 'migration-invalid' && f.file === scriptShown);
  if (problem) return `replaying it fails: ${readable(problem.message)}`;
  const base = { cwd, root: repositoryRoot(cwd) };
  const was = countByKey(before.result.findings, base);
  const left = countByKey(after.result.findings, base);
  const fixed = countByKey(rendered.map((r) => r.finding), base);
  for (const { finding } of rendered) {
    const key = proofKey(finding, base);
    if ((left.get(key) ?? 0) > was.get(key)! - fixed.get(key)!) return `after it, cmlint still reports ${findingLabel(finding)}`;
  }
  const rewritten = new Set(rendered.flatMap(({ fix }) => fix.changes.flatMap((c) => (c.kind === 'replaceValidation' ? [`${c.contentType}\u0000${c.field}`] : []))));
  let revealed = 0;
  for (const f of after.result.findings) {
    const key = proofKey(f, base);
    if ((left.get(key) ?? 0) <= (was.get(key) ?? 0)) continue;
    if (f.target.entry !== null && rewritten.has(`${f.target.contentType}\u0000${f.target.field}`)) revealed++;
    else return `it would add a finding: ${findingLabel(f)}: ${readable(f.message)}`;
  }
  return { revealed };
}
