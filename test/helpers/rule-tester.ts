import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/config/load-config.js';
import { RuleConfiguration } from '../../src/config/resolve-rules.js';
import type { CachedFinding, CodeResults } from '../../src/engine/code-results-cache.js';
import type { Rule, Severity, Target } from '../../src/engine/rule.js';
import { runRules, type Finding } from '../../src/engine/run-rules.js';
import { readDocuments } from '../../src/inputs/documents/read-documents.js';
import { loadSpace } from '../../src/inputs/space/load-space.js';
import { withMigrations } from '../../src/inputs/migrations/index.js';
import { scriptOrder } from '../../src/inputs/migrations/replay.js';

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
  { migrations, documents }: Pick<ValidCase, 'migrations' | 'documents'> = {},
): Promise<Finding[]> {
  // Made again if a test file before this one (in the same process) removed it.
  mkdirSync(workDir, { recursive: true });
  const read = async (input: SpaceInput) => {
    const file = join(workDir, `case-${++caseCounter}.json`);
    writeFileSync(file, `${JSON.stringify(input, null, 2)}\n`);
    return loadSpace([{ absPath: file, explicit: true }], workDir);
  };
  let loaded = await read(space);
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
  const code = documents ? [await readDocuments(writeDocuments(documents), join(workDir, `docs-${caseCounter}`))] : [];
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
  return findings;
}

/** A cache of findings about code in memory (src/engine/code-results-cache.ts keeps the bin's in a file). */
function memoryResults(): CodeResults & { size(): number } {
  const entries = new Map<string, readonly CachedFinding[]>();
  return {
    // One state per case: its documents' digests and rules are enough of a key here.
    key: (inputs, _model, ruleIds) => JSON.stringify([inputs, ruleIds]),
    get: (key) => entries.get(key),
    set: (key, findings) => void entries.set(key, structuredClone(findings)),
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
          const findings = await runRule(rule, testCase.space, testCase.options, testCase.asOf, testCase.before, testCase);
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
        });
      }
    });
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
