import { countBySeverity, type Formatter } from './types.js';

/** The JSON contract of DESIGN.md: tool, asOf, findings, summary. */
export const formatJson: Formatter = (result) => {
  const output = {
    tool: result.tool,
    asOf: result.asOf,
    findings: result.findings.map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      enforcement: f.enforcement,
      target: f.target,
      pointer: f.pointer,
      file: f.file,
      line: f.line,
      column: f.column,
      ...(f.change ? { change: f.change } : {}),
    })),
    summary: {
      ...countBySeverity(result.findings),
      filesRead: result.stats.filesRead,
      contentTypes: result.stats.contentTypes,
      entries: result.stats.entries,
    },
  };
  return `${JSON.stringify(output, null, 2)}\n`;
};
