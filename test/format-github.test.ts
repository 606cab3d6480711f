import { describe, expect, it } from 'vitest';
import { formatGithub } from '../src/format/github.js';
import { CONTEXT, finding, result } from './helpers/findings.js';

describe('github', () => {
  it('writes one workflow command per finding, titled with the rule id, at a path relative to the repository root', () => {
    const output = formatGithub(
      result([
        finding('enforced-rule', { contentType: 'blogPost', field: 'slug' }),
        finding('upcoming-rule', { contentType: 'blogPost' }, { severity: 'warning', line: 3, column: 1 }),
        finding('quiet-rule', {}, { severity: 'info', file: null, pointer: null, line: null, column: null, message: 'About the space.' }),
      ]),
      CONTEXT,
    );
    expect(output.split('\n')).toEqual([
      '::error file=site/space/export.json,line=10,col=5,title=enforced-rule::Problem found by enforced-rule.',
      '::warning file=site/space/export.json,line=3,col=1,title=upcoming-rule::Problem found by upcoming-rule.',
      '::notice title=quiet-rule::About the space.',
      'cmlint: 3 problems (1 error, 1 warning, 1 info), as of 2026-05-01',
      '',
    ]);
  });

  it('escapes %, CR and LF in the message, and also : and , in properties', () => {
    const output = formatGithub(
      result([finding('enforced-rule', {}, { file: 'dir: a,b/100%.json', message: 'Line 1: 50%, done\r\nLine 2 :: ::error::' })]),
      { ...CONTEXT, cwd: '/repo' },
    );
    expect(output.split('\n')[0]).toBe('::error file=dir%3A a%2Cb/100%25.json,line=10,col=5,title=enforced-rule::Line 1: 50%25, done\\r\\nLine 2 :: ::error::');
  });

  it('says so when there are no problems', () => {
    expect(formatGithub(result([]), CONTEXT)).toBe('cmlint: no problems (2 files, as of 2026-05-01)\n');
  });
});
