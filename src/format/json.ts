import type { Finding } from '../engine/run-rules.js';
import { hole, prettyJsonWithArray } from './json-chunks.js';
import { countBySeverity, type ChunkFormatter, type Formatter } from './types.js';

function findingObject(f: Finding): Record<string, unknown> {
  return {
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
  };
}

/** The JSON contract of DESIGN.md (tool, asOf, findings, summary), in chunks: one finding printed at a time. */
export const formatJsonChunks: ChunkFormatter = (result) => {
  const skeleton = {
    tool: result.tool,
    asOf: result.asOf,
    findings: hole(),
    summary: {
      ...countBySeverity(result.findings),
      filesRead: result.stats.filesRead,
      contentTypes: result.stats.contentTypes,
      entries: result.stats.entries,
    },
  };
  return prettyJsonWithArray(skeleton, (function* () {
    for (const finding of result.findings) yield findingObject(finding);
  })());
};

/** The JSON contract of DESIGN.md: tool, asOf, findings, summary. */
export const formatJson: Formatter = (result, context) => [...formatJsonChunks(result, context)].join('');
