import { describe, expect, it } from 'vitest';
import { formatJunit } from '../src/format/junit.js';
import { visible } from '../src/util/safe-text.js';
import { CONTEXT, finding, NASTY, result } from './helpers/findings.js';
import { parseXml } from './helpers/xml.js';

const FINDINGS = [
  finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }),
  finding('upcoming-rule', { contentType: 'blogPost', entry: 'post-1', field: 'title', locale: 'de-DE' }, { severity: 'warning', line: 12 }),
  finding('undated-rule', { locale: 'xx-YY' }, { file: 'space/<odd> & "name".json', message: NASTY }),
  finding('undated-rule', {}, { file: null, pointer: null, line: null, column: null, message: 'About the space as a whole.' }),
  finding('enforced-rule', { contentType: 'crash' }, { internal: true, messageId: 'internal-error', message: 'Internal error in rule enforced-rule: boom' }),
];

/** What the formatter should keep of a message after XML: characters XML cannot hold become \uXXXX. */
// Controls are made visible for people (util/safe-text.ts); a lone surrogate, which XML cannot hold, is escaped by the XML writer.
const xmlSafe = (text: string) => visible(text).replace('\uD800', '\\uD800');

describe('junit', () => {
  const root = parseXml(formatJunit(result(FINDINGS), CONTEXT));

  it('parses back as well-formed XML with a test suite per file', () => {
    expect(root.name).toBe('testsuites');
    expect(root.attributes).toMatchObject({ name: 'cmlint', tests: '5', failures: '4', errors: '1' });
    expect(root.children.map((s) => [s.name, s.attributes.name, s.attributes.tests])).toEqual([
      ['testsuite', 'space/export.json', '3'],
      ['testsuite', 'space/<odd> & "name".json', '1'],
      ['testsuite', '(space)', '1'],
    ]);
  });

  it('has a test case per finding, a failure with the message and details, and an error for a crashed rule', () => {
    const cases = root.children.flatMap((suite) => suite.children.map((c) => ({ suite: suite.attributes.name, c })));
    expect(cases).toHaveLength(5);
    for (const { suite, c } of cases) {
      expect(c.name).toBe('testcase');
      expect(c.attributes.classname).toBe(suite);
    }
    const [first, upcoming, crash, nasty, space] = cases.map(({ c }) => c);
    expect(first!.attributes.name).toBe('10:5 enforced-rule blogPost › slug');
    expect(upcoming!.attributes.name).toBe('12:5 upcoming-rule blogPost › entry post-1 › title › de-DE');
    expect(first!.children.map((f) => [f.name, f.attributes.type, f.attributes.message])).toEqual([['failure', 'error', 'Problem found by enforced-rule.']]);
    expect(upcoming!.children[0]!.attributes.type).toBe('warning');
    expect(first!.children[0]!.text).toBe(
      'Problem found by enforced-rule.\nRule: enforced-rule\nSeverity: error\nEnforcement: enforced (2025-01-21)\nAt: space/export.json:10:5 (/contentTypes/0/fields/1)',
    );
    expect(crash!.children.map((e) => [e.name, e.attributes.type])).toEqual([['error', 'internal-error']]);
    expect(space!.attributes.name).toBe('undated-rule');
    expect(space!.children[0]!.text).not.toContain('At:');
    // Every character survives the round trip, except those XML cannot hold at all.
    expect(nasty!.children[0]!.attributes.message).toBe(xmlSafe(NASTY));
    expect(nasty!.children[0]!.text.split('\nRule:')[0]).toBe(xmlSafe(NASTY));
  });

  it('is one passing test case for a clean run', () => {
    const clean = parseXml(formatJunit(result([]), CONTEXT));
    expect(clean.attributes).toMatchObject({ tests: '1', failures: '0', errors: '0' });
    expect(clean.children[0]!.children.map((c) => [c.name, c.attributes.name, c.children.length])).toEqual([
      ['testcase', 'no problems (2 files, as of 2026-05-01)', 0],
    ]);
  });

  it('the reader rejects malformed XML (so the checks above can fail)', () => {
    for (const bad of ['<a>x & y</a>', '<a b="1" b="2"/>', '<a><b></a>', '<a>1 < 2</a>', '<a/><b/>', '<a>\u0001</a>', '<a>&nbsp;</a>', '<a b=1/>']) {
      expect(() => parseXml(bad), bad).toThrow();
    }
    expect(parseXml('<a b="x&#10;y">&lt;&#x1F600;</a>')).toEqual({ name: 'a', attributes: { b: 'x\ny' }, children: [], text: '<😀' });
  });
});
