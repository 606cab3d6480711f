import { describe, expect, it } from 'vitest';
import { formatSarif } from '../src/format/sarif.js';
import { CONTEXT, finding, NASTY, result, RULES } from './helpers/findings.js';
import { sarifValidator } from './helpers/sarif-schema.js';

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations?: { physicalLocation?: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number; startColumn: number } }; logicalLocations?: { fullyQualifiedName: string; kind: string }[] }[];
  partialFingerprints: Record<string, string>;
  properties: { target: unknown; enforcement: unknown; pointer: string | null };
}

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string }; fullDescription: { text: string }; help: { text: string; markdown: string }; helpUri?: string; defaultConfiguration: { level: string } }[] } };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string }; associatedRule?: { id: string } }[] }[];
    results: SarifResult[];
  }[];
}

const validate = sarifValidator();
const sarif = (findings: Parameters<typeof result>[0], context = CONTEXT) => JSON.parse(formatSarif(result(findings), context)) as SarifLog;

const FINDINGS = [
  finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }),
  finding('upcoming-rule', { contentType: 'blogPost', entry: 'post-1', field: 'title', locale: 'de-DE' }, { severity: 'warning', file: 'space/entries dir/a,b.json', line: 3, column: 1 }),
  finding('undated-rule', { locale: 'xx-YY' }, { severity: 'info', message: NASTY }),
  finding('undated-rule', {}, { file: null, pointer: null, line: null, column: null, message: 'About the space as a whole.' }),
  finding('enforced-rule', { contentType: 'author' }, { file: '../../outside/export.json' }),
  finding('enforced-rule', { contentType: 'crash' }, { internal: true, messageId: 'internal-error', message: 'Internal error in rule enforced-rule: boom' }),
];

describe('sarif', () => {
  it('is valid against the official SARIF 2.1.0 JSON Schema', () => {
    for (const findings of [FINDINGS, []]) {
      const log = sarif(findings);
      expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    }
  });

  it('the validator rejects what the schema forbids (so the check above can fail)', () => {
    const log = sarif(FINDINGS) as unknown as { runs: { results: Record<string, unknown>[] }[] };
    const broken = structuredClone(log);
    broken.runs[0]!.results[0]!.level = 'fatal';
    expect(validate(broken)).toBe(false);
    const noMessage = structuredClone(log);
    delete noMessage.runs[0]!.results[0]!.message;
    expect(validate(noMessage)).toBe(false);
    const badUri = structuredClone(log) as unknown as SarifLog;
    badUri.runs[0]!.results[0]!.locations![0]!.physicalLocation!.artifactLocation.uri = 'a b.json';
    expect(validate(badUri)).toBe(false);
  });

  it('lists every active rule, with and without findings, with descriptions and help', () => {
    const { rules } = sarif([FINDINGS[0]!]).runs[0]!.tool.driver;
    expect(rules.map((r) => r.id)).toEqual(['enforced-rule', 'quiet-rule', 'undated-rule', 'upcoming-rule']);
    const enforced = rules[0]!;
    expect(enforced.shortDescription.text).toBe('Test rule enforced-rule.');
    expect(enforced.fullDescription.text).toBe('Test rule enforced-rule. The service enforces this from 2025-01-21 (postponed from 2024-11-14).');
    expect(enforced.help.markdown).toContain('## Fix');
    expect(enforced.defaultConfiguration.level).toBe('error');
    expect(rules.find((r) => r.id === 'quiet-rule')!.defaultConfiguration.level).toBe('note');
    expect(enforced.helpUri).toBeUndefined();
    const withDocs = sarif([], { ...CONTEXT, docsUrl: (id) => `https://docs.example/rules/${id}` }).runs[0]!.tool.driver.rules;
    expect(withDocs[0]!.helpUri).toBe('https://docs.example/rules/enforced-rule');
  });

  it('gives each result its rule, level, message and a location relative to the repository root', () => {
    const [run] = sarif(FINDINGS).runs;
    const results = run!.results;
    expect(results.map((r) => [r.ruleId, r.level, run!.tool.driver.rules[r.ruleIndex]!.id])).toEqual([
      ['enforced-rule', 'error', 'enforced-rule'],
      ['upcoming-rule', 'warning', 'upcoming-rule'],
      ['undated-rule', 'note', 'undated-rule'],
      ['undated-rule', 'warning', 'undated-rule'],
      ['enforced-rule', 'error', 'enforced-rule'],
    ]);
    expect(results[0]!.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'site/space/export.json', uriBaseId: '%SRCROOT%' },
      region: { startLine: 10, startColumn: 5 },
    });
    expect(results[1]!.locations![0]!.physicalLocation!.artifactLocation.uri).toBe('site/space/entries%20dir/a%2Cb.json');
    expect(results[1]!.locations![0]!.logicalLocations).toEqual([{ fullyQualifiedName: 'blogPost/post-1/title/de-DE', kind: 'member' }]);
    expect(results[2]!.message.text).toBe(NASTY);
    // About the space as a whole: no file, so no physical location and no logical one either.
    expect(results[3]!.locations).toBeUndefined();
    expect(results[4]!.locations![0]!.physicalLocation!.artifactLocation).toEqual({ uri: 'file:///outside/export.json' });
    expect(results[1]!.properties).toMatchObject({ target: { entry: 'post-1', locale: 'de-DE' }, enforcement: { status: 'upcoming' } });
  });

  it('reports a crashed rule as a tool execution notification, not as a result', () => {
    const [run] = sarif(FINDINGS).runs;
    expect(run!.results.some((r) => r.message.text.includes('boom'))).toBe(false);
    expect(run!.invocations[0]!.executionSuccessful).toBe(false);
    expect(run!.invocations[0]!.toolExecutionNotifications).toMatchObject([{ level: 'error', message: { text: 'Internal error in rule enforced-rule: boom' }, associatedRule: { id: 'enforced-rule' } }]);
    expect(sarif(FINDINGS.slice(0, 2)).runs[0]!.invocations[0]!.executionSuccessful).toBe(true);
  });

  describe('partialFingerprints come from the content identity', () => {
    const fingerprint = (f: ReturnType<typeof finding>) => sarif([f]).runs[0]!.results[0]!.partialFingerprints.primaryLocationLineHash!;
    const base = finding('upcoming-rule', { contentType: 'blogPost', entry: 'post-1', field: 'title', locale: 'de-DE' });

    it('stay the same when the finding moves to another line, column, file or pointer, or its message or severity changes', () => {
      const moved = { ...base, line: 900, column: 2, file: 'other/file.json', pointer: '/entries/7/fields/title/de-DE', message: 'reworded', severity: 'error' as const };
      expect(fingerprint(moved)).toBe(fingerprint(base));
      expect(fingerprint(base)).toMatch(/^[0-9a-f]{32}:1$/);
    });

    it.each([
      ['rule', { ...base, ruleId: 'enforced-rule' }],
      ['content type', { ...base, target: { ...base.target, contentType: 'page' } }],
      ['field', { ...base, target: { ...base.target, field: 'body' } }],
      ['entry', { ...base, target: { ...base.target, entry: 'post-2' } }],
      ['locale', { ...base, target: { ...base.target, locale: 'en-US' } }],
    ])('differ for another %s', (_name, other) => {
      expect(fingerprint(other)).not.toBe(fingerprint(base));
    });

    it('of findings about code also come from the file and the operation, not from the line', () => {
      const inDocument = finding('enforced-rule', {}, { file: 'src/a.graphql', line: 3, pointer: null, code: { operation: 'GetPost' } });
      expect(fingerprint({ ...inDocument, line: 40, column: 9 })).toBe(fingerprint(inDocument));
      expect(fingerprint({ ...inDocument, file: 'src/b.graphql' })).not.toBe(fingerprint(inDocument));
      expect(fingerprint({ ...inDocument, code: { operation: 'GetPage' } })).not.toBe(fingerprint(inDocument));
      // The same finding about the model (no `code`) keeps the key it always had: rule and target only.
      const { code: _, ...model } = inDocument;
      expect(fingerprint({ ...model, file: 'src/b.graphql' })).toBe(fingerprint(model));
    });

    it('number findings with the same identity (":1", ":2") in output order', () => {
      const hashes = sarif([base, { ...base, line: 20 }]).runs[0]!.results.map((r) => r.partialFingerprints.primaryLocationLineHash);
      expect(hashes[0]!.replace(/:1$/, ':2')).toBe(hashes[1]);
    });
  });

  it('is deterministic', () => {
    expect(formatSarif(result(FINDINGS), CONTEXT)).toBe(formatSarif(result(FINDINGS), CONTEXT));
    expect(RULES).toHaveLength(4);
  });
});
