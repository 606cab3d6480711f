import type { Document, LineCounter } from 'yaml';

/**
 * The plain value of a parsed YAML document, with the limit every YAML input (exports and
 * config files) is read with: at most this many nodes reached through aliases, so that an
 * alias bomb (ten levels of ten aliases) is refused instead of expanded.
 */
const MAX_ALIAS_COUNT = 1000;

export type YamlValue = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** `doc.toJS()`, or where and why it was refused: too many aliases, or an alias whose anchor is missing. */
export async function yamlValue(doc: Document, lineCounter: LineCounter): Promise<YamlValue> {
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    // The parser reports these only here, without a position: the first unresolved alias, else the first alias.
    if (!(error instanceof ReferenceError)) throw error;
    // Loaded here: the yaml package is imported only by runs that read YAML.
    const { visit } = await import('yaml');
    let unresolved: number | undefined;
    let first: number | undefined;
    visit(doc, {
      Alias(_, node) {
        first ??= node.range?.[0];
        if (node.resolve(doc) !== undefined) return undefined;
        unresolved = node.range?.[0];
        return visit.BREAK;
      },
    });
    const { line, col } = lineCounter.linePos(unresolved ?? first ?? 0);
    const message = /alias count/i.test(error.message) ? `its aliases expand to too many nodes (over ${MAX_ALIAS_COUNT}; an alias bomb?)` : error.message;
    return { ok: false, message, line, column: col };
  }
}
