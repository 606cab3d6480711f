import type { Document, LineCounter, Node } from 'yaml';

/**
 * The plain value of a parsed YAML document, with the limit every YAML input (exports and
 * config files) is read with: at most this many nodes reached through aliases, so that an
 * alias bomb (ten levels of ten aliases) is refused instead of expanded. Both are parsed with
 * merge keys (`<<: *base`, YAML 1.1) merged, as most YAML readers do.
 */
const MAX_ALIAS_COUNT = 1000;

export type YamlValue = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** `doc.toJS()`, or where and why it was refused: too many aliases, an alias whose anchor is missing, a merge of what is not a map. */
export async function yamlValue(doc: Document, lineCounter: LineCounter): Promise<YamlValue> {
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    // The parser reports these only here, without a position: the first unresolved alias, else the first alias; the first bad merge.
    const merge = error instanceof Error && error.message.startsWith('Merge sources');
    if (!(error instanceof ReferenceError) && !merge) throw error;
    // Loaded here: the yaml package is imported only by runs that read YAML.
    const { visit, isAlias, isMap, isScalar, isSeq } = await import('yaml');
    const at = (offset: number | undefined, message: string): YamlValue => {
      const { line, col } = lineCounter.linePos(offset ?? 0);
      return { ok: false, message, line, column: col };
    };
    if (merge) {
      const resolved = (node: unknown) => (isAlias(node) ? node.resolve(doc) : node);
      let bad: number | undefined;
      visit(doc, {
        Pair(_, pair) {
          // A merge key is parsed as a scalar whose value is a symbol.
          if (!isScalar(pair.key) || typeof pair.key.value !== 'symbol') return undefined;
          const value = resolved(pair.value);
          if ((isSeq(value) ? value.items.map(resolved) : [value]).every((source) => isMap(source))) return undefined;
          bad = (pair.key as Node).range?.[0];
          return visit.BREAK;
        },
      });
      return at(bad, 'a merge key (<<) must be followed by a map, an alias of a map, or a list of them');
    }
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
    const message = /alias count/i.test(error.message) ? `its aliases expand to too many nodes (over ${MAX_ALIAS_COUNT}; an alias bomb?)` : error.message;
    return at(unresolved ?? first, message);
  }
}
