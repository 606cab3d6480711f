import { readableFinding, visible } from '../util/safe-text.js';
import type { Finding } from '../engine/findings.js';
import { plural } from '../util/plural.js';
import { fixLines, targetLabel } from './labels.js';
import { whole, type ChunkFormatter, type Formatter } from './types.js';

/** Characters XML 1.0 cannot hold at all (controls other than tab, LF, CR; lone surrogates; U+FFFE/U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Element text: markup escaped, and characters XML cannot hold shown as `\uXXXX`. */
function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Attribute value (in double quotes): also quotes, and white space as character references so that parsers keep it. */
function xml(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

function testCase(finding: Finding, suite: string): string {
  const position = finding.line === null ? '' : `${finding.line}:${finding.column} `;
  const name = [`${position}${finding.ruleId}`, targetLabel(finding)].filter((part) => part !== '').join(' ');
  const details = [
    finding.message,
    `Rule: ${finding.ruleId}`,
    `Severity: ${finding.severity}`,
    `Enforcement: ${finding.enforcement.status}${finding.enforcement.date ? ` (${finding.enforcement.date})` : ''}`,
    ...(finding.pointer === null ? [] : [`At: ${finding.file}${finding.line === null ? '' : `:${finding.line}:${finding.column}`} (${finding.pointer})`]),
    ...fixLines(finding),
  ].join('\n');
  const element = finding.internal ? 'error' : 'failure';
  return [
    `    <testcase classname="${xml(suite)}" name="${xml(name)}" time="0">`,
    `      <${element} type="${finding.internal ? finding.messageId : finding.severity}" message="${xml(finding.message)}">${xmlText(details)}</${element}>`,
    '    </testcase>',
  ].join('\n');
}

/**
 * JUnit XML: a test suite per file (findings without a file form the suite "(space)"), a
 * failing test case per finding; a rule crash is an `<error>`. A clean run is one passing test
 * case, so that CI systems do not report "no tests". In chunks: a suite at a time, each finding
 * made readable as it is written.
 */
export const formatJunitChunks: ChunkFormatter = function* (result) {
  const { findings } = result;
  // Suites by name, in the order they first occur; a suite keeps the numbers of its findings, which are made again as they are written.
  const suites = new Map<string, { indexes: number[]; errors: number }>();
  let errors = 0;
  let index = 0;
  for (const finding of findings) {
    const name = finding.file === null ? '(space)' : visible(finding.file);
    let suite = suites.get(name);
    if (!suite) suites.set(name, (suite = { indexes: [], errors: 0 }));
    suite.indexes.push(index++);
    if (finding.internal) {
      suite.errors++;
      errors++;
    }
  }
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const failures = findings.length - errors;
  if (findings.length === 0) {
    const scope = `${plural(result.stats.filesRead, 'file')}, as of ${result.asOf}`;
    lines.push(
      `<testsuites name="cmlint" tests="1" failures="0" errors="0" time="0">`,
      `  <testsuite name="cmlint" tests="1" failures="0" errors="0" skipped="0" time="0">`,
      `    <testcase classname="cmlint" name="${xml(`no problems (${scope})`)}" time="0"/>`,
      '  </testsuite>',
      '</testsuites>',
    );
    yield `${lines.join('\n')}\n`;
    return;
  }
  yield `${lines[0]}\n<testsuites name="cmlint" tests="${findings.length}" failures="${failures}" errors="${errors}" time="0">\n`;
  for (const [name, { indexes, errors: suiteErrors }] of suites) {
    yield `  <testsuite name="${xml(name)}" tests="${indexes.length}" failures="${indexes.length - suiteErrors}" errors="${suiteErrors}" skipped="0" time="0">\n`;
    for (let i = 0; i < indexes.length; i += CASES_PER_CHUNK) {
      yield indexes
        .slice(i, i + CASES_PER_CHUNK)
        .map((k) => `${testCase(readableFinding(findings.at(k)!), name)}\n`)
        .join('');
    }
    yield '  </testsuite>\n';
  }
  yield '</testsuites>\n';
};

const CASES_PER_CHUNK = 256;

/** JUnit XML (see formatJunitChunks), as one string. */
export const formatJunit: Formatter = whole(formatJunitChunks);
