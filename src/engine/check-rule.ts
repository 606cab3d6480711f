import { isIsoDate } from './dates.js';
import { stagesProblems } from './stages.js';

const SEVERITIES = ['error', 'warning', 'info'];
const RULE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const dateOrNull = (value: unknown) => value === null || (typeof value === 'string' && isIsoDate(value));

/**
 * What is wrong with a value offered as a rule (a plugin's): the shape of the built-in rules —
 * `meta` (id, description, docs, enforcement, severity, recommended, options schema, messages)
 * and `create`. Empty when it is a rule.
 */
export async function ruleProblems(rule: unknown): Promise<string[]> {
  if (!isRecord(rule) || !isRecord(rule.meta)) return ['must be an object with `meta` and `create`'];
  const { meta } = rule;
  const problems: string[] = [];
  if (typeof rule.create !== 'function') problems.push('`create` must be a function');
  if (typeof meta.id !== 'string' || !RULE_ID.test(meta.id)) problems.push('`meta.id` must be lower-case words joined by hyphens');
  if (typeof meta.description !== 'string' || meta.description.trim() === '') problems.push('`meta.description` must be a sentence');
  if (typeof meta.docs !== 'string') problems.push('`meta.docs` must be Markdown text');
  const enforcement = meta.enforcement;
  if (!isRecord(enforcement) || !dateOrNull(enforcement.date) || !dateOrNull(enforcement.postponedFrom) || !(enforcement.note === null || typeof enforcement.note === 'string')) {
    problems.push('`meta.enforcement` must be { date: YYYY-MM-DD | null, postponedFrom: YYYY-MM-DD | null, note: string | null }');
  }
  problems.push(...stagesProblems(meta.stages));
  if (!SEVERITIES.includes(meta.severity as string)) problems.push('`meta.severity` must be error, warning or info');
  if (typeof meta.recommended !== 'boolean') problems.push('`meta.recommended` must be true or false');
  if (!isRecord(meta.schema)) problems.push('`meta.schema` must be a JSON Schema object');
  else {
    const { Ajv } = await import('ajv');
    try {
      new Ajv({ strict: false }).compile(meta.schema);
    } catch (error) {
      problems.push(`\`meta.schema\` does not compile: ${(error as Error).message}`);
    }
  }
  const messages = meta.messages;
  if (!isRecord(messages) || Object.keys(messages).length === 0) problems.push('`meta.messages` must map message ids to { text }');
  else {
    for (const [id, spec] of Object.entries(messages)) {
      if (!isRecord(spec) || typeof spec.text !== 'string' || (spec.maxSeverity !== undefined && !SEVERITIES.includes(spec.maxSeverity as string))) {
        problems.push(`\`meta.messages.${id}\` must be { text, maxSeverity? }`);
      }
    }
  }
  return problems;
}
