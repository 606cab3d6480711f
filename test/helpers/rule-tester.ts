import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/config/load-config.js';
import { RuleConfiguration } from '../../src/config/resolve-rules.js';
import type { CodeResults, CodeRunResults } from '../../src/engine/code-results-cache.js';
import type { Rule, Severity, Target } from '../../src/engine/rule.js';
import { runRules, type Finding } from '../../src/engine/run-rules.js';
import { readDocuments } from '../../src/inputs/documents/read-documents.js';
import { loadSpace } from '../../src/inputs/space/load-space.js';
import { withMigrations } from '../../src/inputs/migrations/index.js';
import { scriptOrder } from '../../src/inputs/migrations/replay.js';
import { inPlacePatches, type ChosenFix } from '../../src/fix/plan-edits.js';
import { fixedFiles } from './fixed-files.js';
import { renderMigration } from '../../src/fix/migration-script.js';

/** The date rule tests judge enforcement against unless a case says otherwise. */
export const TEST_AS_OF = '2026-11-21';

/** A space as export JSON: any subset of the export's keys. */
export type SpaceInput = Record<string, unknown>;

export interface ExpectedFinding {
  messageId: string;
  /** Keys left out are expected to be null. */
  target: Partial<Target>;
  severity: Severity;
  /** Substring (or pattern) the message must contain. */
  message?: string | RegExp;
  /** JSON pointer of the finding (null: a finding about the space as a whole). */
  pointer?: string | null;
  line?: number;
  column?: number;
  /** The finding's file: for findings in documents, the name given in `documents`. */
  file?: string;
  /**
   * Its suggestions, in order, as ESLint's RuleTester lists them: required when it has any. `output`
   * (optional) is the space after the suggestion alone is applied.
   */
  suggestions?: ExpectedSuggestion[];
}

export interface ExpectedSuggestion {
  id: string;
  desc?: string | RegExp;
  output?: SpaceInput;
  outputDocuments?: Record<string, string>;
}

export interface ValidCase {
  name: string;
  space: SpaceInput;
  options?: Record<string, unknown>;
  asOf?: string;
  /** For diff rules: the space before the change (`space` is the space after it). */
  before?: SpaceInput;
  /** Migration scripts (CommonJS source by file name) replayed on `space` before the rule runs. */
  migrations?: Record<string, string>;
  /** GraphQL documents (or files embedding them) by file name, linted with the space. */
  documents?: Record<string, string>;
}

export interface InvalidCase extends ValidCase {
  findings: ExpectedFinding[];
  /**
   * The space after the fixes of its findings are applied (one pass of \`--fix\`), as ESLint's
   * RuleTester's \`output\`: required when a finding has a fix. It is checked twice: the fixes applied
   * to the case's file in place, and rendered as a migration script replayed on the space.
   */
  output?: SpaceInput;
  /** The documents the fixes change, by the names given in `documents`, with their text after the fixes. */
  outputDocuments?: Record<string, string>;
  /**
   * The migration tool refuses the script of the fixes (its message matches this): the space
   * holds what the tool refuses in the records the fixes change, so they are made in place only.
   */
  migrationRejected?: RegExp;
}

const workDir = mkdtempSync(join(tmpdir(), 'cmlint-rule-test-'));
let caseCounter = 0;

/** Runs one rule (on, with its default severity and the given options) over a space written to a file. */
export async function runRule(
  rule: Rule<never>,
  space: SpaceInput,
  options: Record<string, unknown> = {},
  asOf = TEST_AS_OF,
  before?: SpaceInput,
  code: Pick<ValidCase, 'migrations' | 'documents'> = {},
): Promise<Finding[]> {
  return runWithConfig(rule, space, { extends: [], rules: { [rule.meta.id]: [rule.meta.severity, options] } }, asOf, before, code);
}

/** Runs one rule with a whole config (presets, severities) over a space written to a file. */
export async function runWithConfig(
  rule: Rule<never>,
  space: SpaceInput,
  config: ConfigFile,
  asOf = TEST_AS_OF,
  before?: SpaceInput,
  code: Pick<ValidCase, 'migrations' | 'documents'> = {},
): Promise<Finding[]> {
  return (await runCase(rule, space, config, asOf, before, code)).findings;
}

/** A space written to a file of its own, and read. */
async function readSpace(input: SpaceInput) {
  // Made again if a test file before this one (in the same process) removed it.
  mkdirSync(workDir, { recursive: true });
  const file = join(workDir, `case-${++caseCounter}.json`);
  writeFileSync(file, `${JSON.stringify(input, null, 2)}\n`);
  return { file, space: await loadSpace([{ absPath: file, explicit: true }], workDir) };
}

async function runCase(
  rule: Rule<never>,
  space: SpaceInput,
  config: ConfigFile,
  asOf: string,
  before: SpaceInput | undefined,
  { migrations, documents }: Pick<ValidCase, 'migrations' | 'documents'>,
): Promise<{ findings: Finding[]; file: string; docsDir: string }> {
  const read = async (input: SpaceInput) => (await readSpace(input)).space;
  const { file, space: read0 } = await readSpace(space);
  let loaded = read0;
  if (migrations) {
    const dir = join(workDir, `case-${++caseCounter}-migrations`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
    const scripts = Object.entries(migrations).map(([name, text]) => {
      writeFileSync(join(dir, name), text);
      return { absPath: join(dir, name) };
    });
    loaded = await withMigrations(loaded, scriptOrder(scripts), { cwd: workDir, configShown: '.linterrc.yaml' });
  }
  const beforeModel = before ? (await read(before)).model : undefined;
  const docsDir = join(workDir, `docs-${caseCounter}`);
  const code = documents ? [await readDocuments(writeDocuments(documents), docsDir)] : [];
  const configuration = new RuleConfiguration([rule], config);
  // Findings about documents are kept in a cache of findings (as the bin's is), and a second run replays them: the same findings, the documents not walked.
  const results = memoryResults();
  const { findings } = await runRules(loaded, configuration, asOf, { code, codeResults: results, ...(beforeModel ? { before: beforeModel } : {}) });
  // Not kept when a walk met what depends on the run (a parse that ran out of stack: the digest is gone).
  if (documents && !beforeModel && code.every((input) => input.digest !== undefined)) {
    expect(results.size()).toBe(1);
    const notWalked = code.map((input) => ({ ...input, walk: () => expect.fail('a code input whose findings are cached was walked') }));
    const replayed = await runRules(loaded, configuration, asOf, { code: notWalked, codeResults: results });
    expect(replayed.findings).toEqual(findings);
  }
  return { findings, file, docsDir };
}

/** The case after `chosen` is applied in place, as `--fix` applies it: its space, and the documents it changes. */
async function fixedInPlace(file: string, docsDir: string, chosen: ChosenFix[]): Promise<{ space: SpaceInput; documents: Record<string, string> }> {
  const texts = await fixedFiles(chosen);
  const documents: Record<string, string> = {};
  for (const [absPath, text] of texts) if (absPath !== file) documents[relative(docsDir, absPath).split(sep).join('/')] = text;
  return { space: JSON.parse(texts.get(file) ?? readFileSync(file, 'utf8')) as SpaceInput, documents };
}

/**
 * The model fixes of `chosen` rendered as a migration script (src/fix/migration-script.ts) and
 * replayed on the case's space: the content types it changes must be those of `output`, and the
 * entries' values those of `output`'s entries. Fixes that are no migration step are left out.
 */
async function checkMigration(file: string, chosen: ChosenFix[], output: SpaceInput, rejected?: RegExp): Promise<boolean> {
  const script = renderMigration(chosen, [], false);
  if (script.rendered.length === 0) return false;
  const dir = join(workDir, `case-${++caseCounter}-fix`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
  writeFileSync(join(dir, 'fix.js'), script.text);
  const migrated = await withMigrations(await loadSpace([{ absPath: file, explicit: true }], workDir), [{ absPath: join(dir, 'fix.js') }], { cwd: workDir, configShown: '.linterrc.yaml' });
  const issues = migrated.model.migrationIssues.map((i) => i.message);
  if (rejected) {
    expect(issues.join('\n'), 'the migration tool refuses the script').toMatch(rejected);
    return true;
  }
  expect(issues, 'the migration tool accepts every step').toEqual([]);
  const expected = (await readSpace(output)).space;
  const shape = (json: unknown) => {
    const { displayField, fields } = json as { displayField?: unknown; fields: unknown };
    return { displayField: displayField ?? null, fields };
  };
  for (const id of new Set(script.rendered.flatMap((c) => c.fix.changes.flatMap((op) => ('contentType' in op ? [op.contentType] : []))))) {
    expect(shape(migrated.model.contentTypes.get(id)!.json), `content type ${id} after the migration`).toEqual(shape(expected.model.contentTypes.get(id)!.json));
  }
  const entries = async (space: typeof migrated) => {
    const values: Record<string, unknown> = {};
    for await (const entry of space.entries()) values[entry.id] = JSON.parse(JSON.stringify(entry.json.fields));
    return values;
  };
  if (script.rendered.some((c) => c.fix.changes.some((op) => op.kind === 'removeEntryValue'))) expect(await entries(migrated)).toEqual(await entries(expected));
  return true;
}

/** The fixes and suggestions of a case's findings against its `output` and its findings' `suggestions`. */
async function checkFixes(file: string, docsDir: string, testCase: InvalidCase, findings: Finding[]): Promise<void> {
  const fixed = findings.filter((f) => f.fix).map((finding) => ({ finding, fix: finding.fix! }));
  if (testCase.output === undefined && testCase.outputDocuments === undefined) {
    expect(fixed.map((c) => c.fix.desc), 'the rule fixes these findings: give the case an `output` (or `outputDocuments`)').toEqual([]);
  } else {
    expect(fixed.length, 'the case gives an output, but no finding has a fix').toBeGreaterThan(0);
    const after = await fixedInPlace(file, docsDir, fixed);
    expect(after.space, 'the space after --fix').toEqual(testCase.output ?? testCase.space);
    expect(after.documents, 'the documents --fix changes').toEqual(testCase.outputDocuments ?? {});
    if (testCase.output) await checkMigration(file, fixed, testCase.output, testCase.migrationRejected);
  }
  for (const [i, expected] of testCase.findings.entries()) {
    const offered = findings[i]!.suggestions ?? [];
    expect(offered.map((s) => s.id), `the suggestions of finding ${i} (list them as \`suggestions\`)`).toEqual((expected.suggestions ?? []).map((s) => s.id));
    for (const [k, suggestion] of (expected.suggestions ?? []).entries()) {
      if (suggestion.desc !== undefined) expect(offered[k]!.desc).toMatch(suggestion.desc);
      const chosen = [{ finding: findings[i]!, fix: offered[k]! }];
      if (suggestion.outputDocuments !== undefined) expect((await fixedInPlace(file, docsDir, chosen)).documents).toEqual(suggestion.outputDocuments);
      if (suggestion.output === undefined) continue;
      // Each way the suggestion can be applied: in place, and as a migration step.
      const inPlace = chosen[0]!.fix.changes.every((c) => c.kind === 'text' || typeof inPlacePatches(c) !== 'string');
      if (inPlace) expect((await fixedInPlace(file, docsDir, chosen)).space, `the space after the suggestion ${suggestion.id}`).toEqual(suggestion.output);
      expect((await checkMigration(file, chosen, suggestion.output, testCase.migrationRejected)) || inPlace, 'the suggestion applies one way at least').toBe(true);
    }
  }
}

/** A cache of findings about code in memory (src/engine/code-results-cache.ts keeps the bin's in a file). */
function memoryResults(): CodeResults & { size(): number } {
  const entries = new Map<string, CodeRunResults>();
  return {
    // One state per case: its documents' digests and rules are enough of a key here.
    key: (inputs, _model, ruleIds) => JSON.stringify([inputs, ruleIds]),
    get: (key) => entries.get(key),
    set: (key, results) => void entries.set(key, structuredClone(results)),
    size: () => entries.size,
  };
}

/** Writes documents into a directory of their own; findings name them by the names given. */
function writeDocuments(documents: Record<string, string>) {
  const dir = join(workDir, `docs-${caseCounter}`);
  return Object.entries(documents).map(([name, text]) => {
    const absPath = join(dir, name);
    mkdirSync(dirname(absPath), { recursive: true });
    writeFileSync(absPath, text);
    return { absPath, explicit: true };
  });
}

export function fullTarget(target: Partial<Target> = {}): Target {
  return { contentType: null, field: null, entry: null, locale: null, ...target };
}

/**
 * ESLint's RuleTester for cmlint: `valid` cases must produce no finding; `invalid` cases must
 * produce exactly the listed findings, in output order, with the same rule id, message id,
 * target and severity. Options are validated against the rule's schema first.
 */
export function testRule(rule: Rule<never>, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const validateOptions = new Ajv({ strict: false }).compile(rule.meta.schema);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  describe(rule.meta.id, () => {
    // A table with no valid (or no invalid) case checks nothing on that side: the rules' standard asks for both.
    it('has both valid and invalid cases', () => {
      expect(cases.valid.length, 'valid cases').toBeGreaterThan(0);
      expect(cases.invalid.length, 'invalid cases').toBeGreaterThan(0);
    });
    describe('valid', () => {
      for (const testCase of cases.valid) {
        it(testCase.name, async () => {
          expect(validateOptions(testCase.options ?? {}), 'options must match the rule schema').toBe(true);
          const findings = await runRule(rule, testCase.space, testCase.options, testCase.asOf, testCase.before, testCase);
          expect(findings.map((f) => `${f.messageId}: ${f.message}`)).toEqual([]);
        });
      }
    });

    describe('invalid', () => {
      for (const testCase of cases.invalid) {
        it(testCase.name, async () => {
          expect(testCase.findings.length, 'an invalid case must list its findings').toBeGreaterThan(0);
          expect(validateOptions(testCase.options ?? {}), 'options must match the rule schema').toBe(true);
          for (const expected of testCase.findings) expect(Object.keys(rule.meta.messages)).toContain(expected.messageId);
          const { findings, file, docsDir } = await runCase(
            rule,
            testCase.space,
            { extends: [], rules: { [rule.meta.id]: [rule.meta.severity, testCase.options ?? {}] } },
            testCase.asOf ?? TEST_AS_OF,
            testCase.before,
            testCase,
          );
          expect(findings.filter((f) => f.internal).map((f) => f.message)).toEqual([]);
          expect(findings.map((f) => ({ ruleId: f.ruleId, messageId: f.messageId, target: f.target, severity: f.severity }))).toEqual(
            testCase.findings.map((e) => ({ ruleId: rule.meta.id, messageId: e.messageId, target: fullTarget(e.target), severity: e.severity })),
          );
          testCase.findings.forEach((expected, i) => {
            const actual = findings[i]!;
            if (expected.message !== undefined) expect(actual.message).toMatch(expected.message);
            if (expected.pointer !== undefined) expect(actual.pointer).toBe(expected.pointer);
            if (expected.line !== undefined) expect(actual.line).toBe(expected.line);
            if (expected.column !== undefined) expect(actual.column).toBe(expected.column);
            if (expected.file !== undefined) expect(actual.file).toBe(expected.file);
          });
          await checkFixes(file, docsDir, testCase, findings);
        });
      }
    });

    // As ESLint's rule tests: a rule that fixes shows a fix's output, a rule that suggests a suggestion's.
    if (rule.meta.fixable) it('has a case with the output of its fixes', () => expect(cases.invalid.some((c) => c.output !== undefined || c.outputDocuments !== undefined)).toBe(true));
    if (rule.meta.hasSuggestions) {
      const shown = (s: ExpectedSuggestion) => s.output !== undefined || s.outputDocuments !== undefined;
      it('has a case with the output of a suggestion', () => expect(cases.invalid.some((c) => c.findings.some((f) => f.suggestions?.some(shown)))).toBe(true));
    }
  });
}

/** A content type record as the export writes it, with fields filled with the export's defaults. */
export function contentType(id: string, fields: Record<string, unknown>[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sys: { id, type: 'ContentType' },
    name: id,
    displayField: null,
    ...extra,
    fields: fields.map((f) => ({ name: f.id, localized: false, required: false, validations: [], disabled: false, omitted: false, ...f })),
  };
}
