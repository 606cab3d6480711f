import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/** RFC 3986 characters (unreserved, reserved, and `%` of percent-encodings). */
const URI_CHARS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/**
 * The official SARIF 2.1.0 schema (test/sarif/, see its README) compiled with ajv. The schema
 * is draft-04; draft-07 (ajv's default) differs from it only in spelling `id` as `$id` among
 * the keywords it uses. Its three formats are checked here (ajv ships no format validators).
 */
export function sarifValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(new URL('../sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const { id, $schema: _draft, ...rest } = schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat('uri', (s: string) => URI_CHARS.test(s) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) && URL.canParse(s));
  ajv.addFormat('uri-reference', (s: string) => URI_CHARS.test(s) && URL.canParse(s, 'file:///base/'));
  ajv.addFormat('date-time', (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)));
  return ajv.compile({ ...rest, $id: id as string });
}
