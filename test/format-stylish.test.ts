import { describe, expect, it } from 'vitest';
import { formatStylish } from '../src/format/stylish.js';
import { CONTEXT, NASTY, finding, result } from './helpers/findings.js';

const ANSI = /\u001b\[[0-9;]*m/g;
const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

describe('stylish', () => {
  it('heads each finding with its place, severity and rule id; target and date, then the message, indented below', () => {
    const output = formatStylish(
      result([
        finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }),
        finding('upcoming-rule', { contentType: 'blogPost', entry: 'e1', field: 'title', locale: 'de-DE' }, { severity: 'warning', line: 3, column: 1 }),
        // About the space as a whole: no file.
        finding('quiet-rule', {}, { severity: 'info', file: null, pointer: null, line: null, column: null, message: 'About the space.' }),
        // In a code file, about nothing of the model.
        finding('undated-rule', {}, { file: 'src/client.ts', line: 7, column: 12, pointer: null }),
      ]),
      CONTEXT,
    );
    expect(output.split('\n')).toEqual([
      'space/export.json:10:5  error  enforced-rule',
      '  blogPost › slug · enforced 2025-01-21',
      '  Problem found by enforced-rule.',
      '',
      'space/export.json:3:1  warning  upcoming-rule',
      '  blogPost › entry e1 › title › de-DE · from 2026-05-21',
      '  Problem found by upcoming-rule.',
      '',
      '(space)  info  quiet-rule',
      '  in effect',
      '  About the space.',
      '',
      'src/client.ts:7:12  warning  undated-rule',
      '  March 20 (year not stated); in effect',
      '  Problem found by undated-rule.',
      '',
      '✖ 4 problems (1 error, 2 warnings, 1 info)',
      '  2 files, 3 content types, 40 entries, as of 2026-05-01',
      '  1 finding concerns a change the service has not enforced yet',
      '  Why and how to fix: cmlint explain <rule>, e.g. cmlint explain enforced-rule',
      '',
    ]);
  });

  it('names --fix-migration only for the fixes a migration script can make (not code edits)', () => {
    const code = { desc: 'Use https://', changes: [{ kind: 'text' as const, file: '/app/src/a.js', shown: 'src/a.js', start: 0, end: 7, expect: 'http://', text: 'https://' }] };
    const model = { desc: 'Set required: false', changes: [{ kind: 'setDisplayField' as const, contentType: 'page', field: 'title', at: null }] };
    const notes = (fixes: (typeof code | typeof model)[]) =>
      formatStylish(result(fixes.map((fix) => finding('enforced-rule', {}, { fix }))), CONTEXT)
        .split('\n')
        .filter((line) => line.includes('can be fixed'));
    expect(notes([code, code])).toEqual(['  2 findings can be fixed with --fix']);
    expect(notes([model])).toEqual(['  1 finding can be fixed with --fix (or --fix-migration FILE)']);
    expect(notes([model, code, code])).toEqual(['  3 findings can be fixed with --fix (1 of them with --fix-migration FILE)']);
  });

  it('wraps messages and targets to the width at spaces, never splitting a word; the place stays whole', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const long = `${'x'.repeat(70)}`;
    const output = formatStylish(result([finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }, { message: `${words} ${long} end` })]), { ...CONTEXT, width: 50 });
    const lines = output.split('\n');
    const body = lines.slice(2, lines.indexOf(''));
    expect(body.every((line) => line.startsWith('  '))).toBe(true);
    // Only the word longer than a line goes past the width, on a line of its own.
    expect(body.filter((line) => line.length > 50)).toEqual([`  ${long}`]);
    expect(body.map((line) => line.trim()).join(' ')).toBe(`${words} ${long} end`);
    // The default width is 100.
    expect(widest(formatStylish(result([finding('enforced-rule', {}, { message: `${words} ${words}` })]), CONTEXT))).toBeLessThanOrEqual(100);
  });

  it('shows control characters in messages and targets visibly, and wraps them as text', () => {
    const output = formatStylish(result([finding('enforced-rule', { contentType: 'a\u001b[31mb', entry: 'e\nf' }, { message: NASTY })]), CONTEXT);
    expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(output).toContain('a\\u001b[31mb › entry e\\nf');
  });

  it('says "breaking" or "dangerous" beside the severity of diff findings', () => {
    const output = formatStylish(result([finding('enforced-rule', { contentType: 'article', field: 'body' }, { change: 'breaking', file: 'after.json' })]), CONTEXT);
    expect(output.split('\n')[0]).toBe('after.json:10:5  error (breaking)  enforced-rule');
  });

  it('gives input errors their place and message only, and points at cmlint explain input-error', () => {
    const inputError = {
      ...finding('enforced-rule', {}, { file: 'a.json', line: 3, column: 26, internal: true, message: 'Not UTF-8: byte 0xE9 here' }),
      ruleId: 'input-error',
      messageId: 'input-error',
    };
    expect(formatStylish(result([inputError]), CONTEXT).split('\n')).toEqual([
      'a.json:3:26  error  input-error',
      '  Not UTF-8: byte 0xE9 here',
      '',
      '✖ 1 problem (1 error)',
      '  2 files, 3 content types, 40 entries, as of 2026-05-01',
      '  Why and how to fix: cmlint explain input-error',
      '',
    ]);
  });

  it('says in the summary when the warnings exceed --max-warnings, and when the baseline is stale', () => {
    const warnings = [finding('undated-rule', {}), finding('undated-rule', {}, { line: 11 })];
    const over = formatStylish(result(warnings), { ...CONTEXT, maxWarnings: { limit: 1, setting: '--max-warnings 1' } });
    expect(over).toContain('\n  2 warnings, more than --max-warnings 1: the run fails\n');
    expect(formatStylish(result(warnings), { ...CONTEXT, maxWarnings: { limit: 2, setting: '--max-warnings 2' } })).not.toContain('more than');
    const stale = formatStylish(result([], { suppressed: 3 }), { ...CONTEXT, staleBaseline: 2 });
    expect(stale.split('\n')).toEqual([
      '✖ No new problems',
      '  2 files, 3 content types, 40 entries, as of 2026-05-01',
      '  the baseline has 2 recorded findings that no longer occur: remove them with --prune-baseline',
      '  3 findings hidden by the baseline',
      '',
    ]);
    expect(formatStylish(result([]), CONTEXT)).toBe('✔ No problems (2 files, 3 content types, 40 entries, as of 2026-05-01)\n');
  });

  it('in colour: the same text with escapes, wrapped by what is seen', () => {
    const findings = [finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }, { message: Array.from({ length: 30 }, () => 'colourful').join(' ') })];
    const plain = formatStylish(result(findings), { ...CONTEXT, width: 60 });
    const coloured = formatStylish(result(findings), { ...CONTEXT, width: 60, color: true });
    expect(coloured).toMatch(ANSI);
    expect(coloured.replace(ANSI, '')).toBe(plain);
  });
});
