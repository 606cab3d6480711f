import { describe, expect, it } from 'vitest';
import { codeSpan, formatMarkdown, markdownText } from '../src/format/markdown.js';
import { visible } from '../src/util/safe-text.js';
import { CONTEXT, finding, NASTY, result } from './helpers/findings.js';

const FINDINGS = [
  finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }),
  finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }, { line: 30 }),
  finding('enforced-rule', { contentType: 'author', field: 'name' }),
  finding('upcoming-rule', { contentType: 'blogPost', entry: 'post-1', field: 'title', locale: 'de-DE' }, { severity: 'warning' }),
  finding('upcoming-rule', { contentType: 'blogPost', entry: 'post-1', field: 'body', locale: 'de-DE' }, { severity: 'warning' }),
  finding('upcoming-rule', { contentType: 'page', entry: 'home|page', field: 'title' }, { severity: 'warning' }),
  finding('undated-rule', { locale: 'xx-YY' }, { message: NASTY, severity: 'info' }),
];

/** The lines of the section under `heading`, up to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l !== '');
}

/** Cells of a table row, split at unescaped pipes. */
const cells = (row: string) => row.slice(2, -2).split(/(?<!\\)\|/).map((c) => c.trim());

describe('markdown audit report', () => {
  const report = formatMarkdown(result(FINDINGS, { suppressed: 2 }), CONTEXT);

  it('opens with the scope and totals, then the sections in order', () => {
    const lines = report.split('\n');
    expect(lines.slice(0, 3)).toEqual(['# Content model audit', '', 'As of **2026-05-01** · cmlint 9.8.7 · 2 files, 3 content types, 40 entries, 5 assets']);
    expect(report).toContain('**7 problems**: 3 errors, 3 warnings, 1 info.');
    expect(report).toContain('2 further findings are hidden by the baseline.');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Totals by rule', '## Compliance timeline', '## Most affected', '## Details']);
  });

  it('totals by rule and severity, most findings first', () => {
    expect(section(report, '## Totals by rule').slice(2).map(cells)).toEqual([
      ['`enforced-rule`', '3', '0', '0', '3'],
      ['`upcoming-rule`', '0', '3', '0', '3'],
      ['`undated-rule`', '0', '0', '1', '1'],
      ['**total**', '**3**', '**3**', '**1**', '**7**'],
    ]);
  });

  it('groups the timeline into already enforced, upcoming with the days left, and undated', () => {
    expect(section(report, '### Already enforced').slice(2).map(cells)).toEqual([['2025-01-21 (postponed from 2024-11-14)', '`enforced-rule`', '3', '3 errors']]);
    expect(section(report, '### Upcoming').slice(2).map(cells)).toEqual([['2026-05-21', '20 days', '`upcoming-rule`', '3']]);
    expect(section(report, '### Undated (in effect)').slice(2).map(cells)).toEqual([['`undated-rule`', 'March 20 (year not stated); in effect', '1', '1 info']]);
    const none = formatMarkdown(result([FINDINGS[0]!]), CONTEXT);
    expect(section(none, '### Upcoming')).toEqual(['None.']);
    expect(section(none, '### Undated (in effect)')).toEqual(['None.']);
  });

  it('lists the content types and entries with most findings', () => {
    expect(section(report, '### Content types').slice(2).map(cells)).toEqual([
      ['`blogPost`', '4', '2', 'enforced-rule, upcoming-rule'],
      ['`author`', '1', '1', 'enforced-rule'],
      ['`page`', '1', '0', 'upcoming-rule'],
    ]);
    expect(section(report, '### Entries').slice(2).map(cells)).toEqual([
      ['`post-1`', '`blogPost`', '2', '`space/export.json`'],
      ['`home\\|page`', '`page`', '1', '`space/export.json`'],
    ]);
  });

  it('details every finding by rule, in tables that user data cannot break', () => {
    const details = section(report, '## Details');
    const rows = details.filter((l) => l.startsWith('| ') && !l.startsWith('| severity') && !l.startsWith('| ---'));
    expect(rows).toHaveLength(FINDINGS.length);
    for (const row of rows) expect(cells(row)).toHaveLength(4);
    const nasty = rows.find((r) => r.includes('alert'))!;
    expect(cells(nasty)[3]).toBe(markdownText(visible(NASTY)));
    expect(nasty).not.toContain('<script>');
    expect(details).toContain('### `upcoming-rule` (3)');
  });

  it('escapes Markdown and HTML outside code spans and keeps code spans', () => {
    expect(markdownText('a `x|y` <b>*c*</b> | d\ne')).toBe('a `x\\|y` \\<b\\>\\*c\\*\\</b\\> \\| d e');
    expect(markdownText('odd ` backtick')).toBe('odd \\` backtick');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
  });

  it('says so when there are no problems', () => {
    expect(formatMarkdown(result([]), CONTEXT)).toBe('# Content model audit\n\nAs of **2026-05-01** · cmlint 9.8.7 · 2 files, 3 content types, 40 entries, 5 assets\n\n**No problems.**\n');
  });
});
