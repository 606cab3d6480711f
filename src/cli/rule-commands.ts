import pc from 'picocolors';
import { defaultOptions } from '../config/resolve-rules.js';
import { didYouMean, suggestions } from '../config/closest.js';
import { enforcementStatus, upcomingLabel } from '../engine/dates.js';
import type { Rule, RuleMeta } from '../engine/rule.js';
import { enforcementAt, stagesText } from '../engine/stages.js';
import { REPORT_ID_PAGES } from '../docs/report-ids.js';
import { quoted, readable } from '../util/safe-text.js';
import { wrapText } from '../util/wrap-text.js';

/** The rule pages' renderer, loaded by `rules` and `explain` only. */
type RuleDocs = typeof import('../docs/rule-docs.js');

/** How `cmlint rules` prints for people: the columns to fit, and whether in colour. */
export interface TableStyle {
  width: number;
  color: boolean;
}

function statusText({ enforcement, stages }: RuleMeta, asOf: string): string {
  if (stages?.length) return stagesText(stages, asOf);
  const status = enforcementStatus(enforcement, asOf);
  if (status === 'upcoming') return upcomingLabel(enforcement.date!, asOf);
  if (status === 'enforced') return `enforced since ${enforcement.date}`;
  return enforcement.note ?? 'in effect (no date)';
}

/** For a rule with a lifecycle: the stage in force (or next) and every stage, as findings carry them. */
function stagesAt(meta: RuleMeta, asOf: string) {
  if (!meta.stages?.length) return {};
  const { date, status, stages } = enforcementAt(meta, asOf);
  return { current: { date, status }, stages };
}

/** Where a rule's description starts under its row. */
const DESCRIPTION_INDENT = '    ';

/**
 * `cmlint rules`: as JSON, or a table that fits `style.width` columns: per rule a row of id,
 * severity and enforcement status (wrapped in its column), and the description wrapped below it.
 */
export function listRules(rules: readonly Rule<never>[], asOf: string, format: string, { ruleDocsPath }: RuleDocs, style: TableStyle): string {
  if (format === 'json') {
    const list = rules.map(({ meta }) => ({
      id: meta.id,
      severity: meta.severity,
      recommended: meta.recommended,
      enforcement: { ...meta.enforcement, status: enforcementStatus(meta.enforcement, asOf), ...stagesAt(meta, asOf) },
      description: meta.description,
      docs: ruleDocsPath(meta.id),
    }));
    return `${JSON.stringify({ asOf, rules: list }, null, 2)}\n`;
  }
  const c = pc.createColors(style.color);
  const severityColor = { error: c.red, warning: c.yellow, info: c.blue } as const;
  const idWidth = Math.max('rule'.length, ...rules.map((r) => quoted(r.meta.id).length));
  const severityWidth = 'severity'.length;
  const statusColumn = idWidth + severityWidth + 4;
  const statusWidth = style.width - statusColumn;
  const lines = [c.bold(['rule'.padEnd(idWidth), 'severity', 'enforcement'].join('  '))];
  for (const { meta } of rules) {
    const [first, ...more] = wrapText(readable(statusText(meta, asOf)), statusWidth);
    lines.push(`${c.bold(quoted(meta.id).padEnd(idWidth))}  ${severityColor[meta.severity](meta.severity.padEnd(severityWidth))}  ${first}`);
    lines.push(...more.map((line) => ' '.repeat(statusColumn) + line));
    lines.push(...wrapText(readable(meta.description), style.width - DESCRIPTION_INDENT.length).map((line) => c.dim(DESCRIPTION_INDENT + line)));
  }
  return `${lines.join('\n')}\n\nAs of ${asOf}. Details: cmlint explain <rule>\n`;
}

/**
 * `cmlint explain ID`: the rule's page with its status as of the date, or the page of an id that
 * reports carry besides the rules' (`input-error`, `internal-error`); undefined and what the user
 * may have meant for an unknown id.
 */
export function explain(id: string, rules: readonly Rule<never>[], asOf: string, docs: RuleDocs): { text: string } | { unknown: string } {
  const rule = rules.find((r) => r.meta.id === id);
  if (rule) return { text: explainRule(rule, asOf, docs) };
  const page = REPORT_ID_PAGES[id];
  if (page !== undefined) return { text: page };
  const known = [...rules.map((r) => r.meta.id), ...Object.keys(REPORT_ID_PAGES)];
  const meant = didYouMean(suggestions(id, known));
  return { unknown: `explain: unknown rule '${quoted(id)}'${meant || "; 'cmlint rules' lists them"}` };
}

function explainRule(rule: Rule<never>, asOf: string, { renderRuleDoc, ruleDocsPath }: RuleDocs): string {
  const page = renderRuleDoc(rule.meta, defaultOptions(rule));
  const [title, ...rest] = page.split('\n');
  return [title, '', `Status as of ${asOf}: ${statusText(rule.meta, asOf)}`, ...rest, `Docs: ${ruleDocsPath(rule.meta.id)} in the cmlint package`, ''].join('\n');
}
