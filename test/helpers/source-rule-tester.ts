import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { RuleConfiguration } from '../../src/config/resolve-rules.js';
import type { Rule, Severity, Target } from '../../src/engine/rule.js';
import { runRules, type Finding } from '../../src/engine/run-rules.js';
import { resolveHosts, type ServiceHosts } from '../../src/inputs/sources/hosts.js';
import { readSources } from '../../src/inputs/sources/read-sources.js';
import { loadSpace } from '../../src/inputs/space/load-space.js';
import type { ChosenFix } from '../../src/fix/plan-edits.js';
import { fixedFiles } from './fixed-files.js';
import { fullTarget, TEST_AS_OF, type SpaceInput } from './rule-tester.js';

/** A case of a rule on application code: one source file (default `src/app.ts`), optionally with a space as the model. */
export interface SourceCase {
  name: string;
  code: string;
  /** The file's path (its extension decides how it is read). */
  file?: string;
  space?: SpaceInput;
  options?: Record<string, unknown>;
  asOf?: string;
  hosts?: Partial<ServiceHosts>;
}

export interface ExpectedSourceFinding {
  messageId: string;
  severity: Severity;
  line: number;
  column?: number;
  /** Keys left out are expected to be null. */
  target?: Partial<Target>;
  message?: string | RegExp;
  /** Its suggestions, in order (required when it has any); `output`: the code after the suggestion alone. */
  suggestions?: { id: string; desc?: string | RegExp; output?: string }[];
}

export interface SourceInvalidCase extends SourceCase {
  findings: ExpectedSourceFinding[];
  /** The code after the fixes of its findings (one pass of `--fix`): required when a finding has a fix. */
  output?: string;
}

const workDir = mkdtempSync(join(tmpdir(), 'cmlint-source-rule-test-'));
let counter = 0;

/** Runs one rule (on, with its default severity) over one source file and an optional space. */
export async function runSourceRule(rule: Rule<never>, testCase: SourceCase): Promise<Finding[]> {
  return (await runSourceCase(rule, testCase)).findings;
}

async function runSourceCase(rule: Rule<never>, testCase: SourceCase): Promise<{ findings: Finding[]; absPath: string }> {
  const dir = join(workDir, `case-${++counter}`);
  const path = testCase.file ?? 'src/app.ts';
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), testCase.code);
  const inputs = [];
  if (testCase.space) {
    writeFileSync(join(dir, 'space.json'), JSON.stringify(testCase.space, null, 2));
    inputs.push({ absPath: join(dir, 'space.json'), explicit: true });
  }
  const space = await loadSpace(inputs, dir);
  const configuration = new RuleConfiguration([rule], { extends: [], rules: { [rule.meta.id]: [rule.meta.severity, testCase.options ?? {}] } });
  const stats = { read: 0, skipped: 0 };
  const sources = () => readSources([{ absPath: join(dir, path), path }], resolveHosts(testCase.hosts), stats);
  const { findings } = await runRules(space, configuration, testCase.asOf ?? TEST_AS_OF, { sources });
  return { findings, absPath: join(dir, path) };
}

/** The code after `chosen` is applied in place (the file unchanged when nothing applies to it). */
async function fixedCode(absPath: string, chosen: ChosenFix[]): Promise<string> {
  const texts = await fixedFiles(chosen);
  expect([...texts.keys()].filter((p) => p !== absPath), 'the fixes change only the case’s file').toEqual([]);
  return texts.get(absPath) ?? readFileSync(absPath, 'utf8');
}

/**
 * RuleTester for rules on application code: `valid` cases produce no finding; `invalid` cases
 * produce exactly the listed findings in output order (rule id, message id, severity, line,
 * target; column and message when given).
 */
export function testSourceRule(rule: Rule<never>, cases: { valid: SourceCase[]; invalid: SourceInvalidCase[] }): void {
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
          expect(validateOptions(testCase.options ?? {})).toBe(true);
          const findings = await runSourceRule(rule, testCase);
          expect(findings.map((f) => `${f.line}:${f.column} ${f.messageId}: ${f.message}`)).toEqual([]);
        });
      }
    });
    describe('invalid', () => {
      for (const testCase of cases.invalid) {
        it(testCase.name, async () => {
          expect(testCase.findings.length).toBeGreaterThan(0);
          expect(validateOptions(testCase.options ?? {})).toBe(true);
          const { findings, absPath } = await runSourceCase(rule, testCase);
          expect(findings.filter((f) => f.internal).map((f) => f.message)).toEqual([]);
          expect(findings.map((f) => ({ ruleId: f.ruleId, messageId: f.messageId, severity: f.severity, line: f.line, target: f.target, pointer: f.pointer }))).toEqual(
            testCase.findings.map((e) => ({ ruleId: rule.meta.id, messageId: e.messageId, severity: e.severity, line: e.line, target: fullTarget(e.target), pointer: null })),
          );
          testCase.findings.forEach((expected, i) => {
            if (expected.column !== undefined) expect(findings[i]!.column).toBe(expected.column);
            if (expected.message !== undefined) expect(findings[i]!.message).toMatch(expected.message);
          });
          const fixed = findings.filter((f) => f.fix).map((finding) => ({ finding, fix: finding.fix! }));
          if (testCase.output === undefined) expect(fixed.map((c) => c.fix.desc), 'the rule fixes this code: give the case an `output`').toEqual([]);
          else expect(await fixedCode(absPath, fixed), 'the code after --fix').toBe(testCase.output);
          for (const [i, expected] of testCase.findings.entries()) {
            const offered = findings[i]!.suggestions ?? [];
            expect(offered.map((s) => s.id), `the suggestions of finding ${i} (list them as \`suggestions\`)`).toEqual((expected.suggestions ?? []).map((s) => s.id));
            for (const [k, suggestion] of (expected.suggestions ?? []).entries()) {
              if (suggestion.desc !== undefined) expect(offered[k]!.desc).toMatch(suggestion.desc);
              if (suggestion.output !== undefined) expect(await fixedCode(absPath, [{ finding: findings[i]!, fix: offered[k]! }])).toBe(suggestion.output);
            }
          }
        });
      }
    });

    if (rule.meta.fixable) it('has a case with the output of its fixes', () => expect(cases.invalid.some((c) => c.output !== undefined)).toBe(true));
    if (rule.meta.hasSuggestions) it('has a case with the output of a suggestion', () => expect(cases.invalid.some((c) => c.findings.some((f) => f.suggestions?.some((s) => s.output !== undefined)))).toBe(true));
  });
}
