/**
 * A small, strict XML 1.0 reader for tests: elements, attributes, text and the five predefined
 * entities plus character references. It throws on anything a conforming parser rejects that
 * a formatter could produce: unescaped `<` or `&`, unknown entities, characters XML cannot
 * hold, mismatched or unclosed tags, duplicate attributes, more than one root, text outside it.
 * (No DTDs, CDATA, comments or processing instructions other than the XML declaration.)
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (character data directly inside it), decoded. */
  text: string;
}

const NAME = /[A-Za-z_:][A-Za-z0-9_:.-]*/y;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// XML 1.0 Char: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, and supplementary characters (as surrogate pairs).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\uD800-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function parseXml(source: string): XmlElement {
  const bad = NOT_XML_CHAR.exec(source);
  if (bad) throw new Error(`character U+${bad[0].charCodeAt(0).toString(16)} is not allowed in XML (at ${bad.index})`);
  let pos = 0;
  const fail = (message: string): never => {
    throw new Error(`${message} at offset ${pos}: ${JSON.stringify(source.slice(pos, pos + 30))}`);
  };
  const skipSpace = () => {
    while (pos < source.length && /\s/.test(source[pos]!)) pos++;
  };
  const name = (): string => {
    NAME.lastIndex = pos;
    const match = NAME.exec(source);
    if (!match) return fail('expected a name');
    pos += match[0].length;
    return match[0];
  };
  const decode = (raw: string, where: number): string =>
    raw.replace(/&([^;]*);|&|</g, (whole, entity: string | undefined) => {
      if (whole === '<') throw new Error(`unescaped '<' at offset ${where}`);
      if (entity === undefined) throw new Error(`unescaped '&' at offset ${where}`);
      if (entity in ENTITIES) return ENTITIES[entity]!;
      const numeric = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(entity);
      if (!numeric) throw new Error(`unknown entity &${entity}; at offset ${where}`);
      const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      const char = String.fromCodePoint(code);
      if (NOT_XML_CHAR.test(char)) throw new Error(`character reference &${entity}; is not an XML character`);
      return char;
    });

  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end < 0) fail('unterminated XML declaration');
    pos = end + 2;
  }
  skipSpace();

  const element = (): XmlElement => {
    if (source[pos] !== '<') fail("expected '<'");
    pos++;
    const el: XmlElement = { name: name(), attributes: {}, children: [], text: '' };
    for (;;) {
      const before = pos;
      skipSpace();
      if (source.startsWith('/>', pos)) {
        pos += 2;
        return el;
      }
      if (source[pos] === '>') {
        pos++;
        break;
      }
      if (pos === before) fail('expected white space before an attribute');
      const attribute = name();
      skipSpace();
      if (source[pos] !== '=') fail("expected '='");
      pos++;
      skipSpace();
      const quote = source[pos];
      if (quote !== '"' && quote !== "'") fail('expected a quoted attribute value');
      const end = source.indexOf(quote!, pos + 1);
      if (end < 0) fail('unterminated attribute value');
      if (attribute in el.attributes) fail(`duplicate attribute ${attribute}`);
      const raw = source.slice(pos + 1, end);
      // Attribute-value normalisation: literal white space becomes a space; references keep theirs.
      el.attributes[attribute] = decode(raw.replace(/[\t\n\r]/g, ' '), pos);
      pos = end + 1;
    }
    for (;;) {
      const next = source.indexOf('<', pos);
      if (next < 0) fail(`unclosed element <${el.name}>`);
      el.text += decode(source.slice(pos, next).replace(/\r\n?/g, '\n'), pos);
      pos = next;
      if (source.startsWith('</', pos)) {
        pos += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (source[pos] !== '>') fail("expected '>'");
        pos++;
        return el;
      }
      if (source.startsWith('<!', pos) || source.startsWith('<?', pos)) fail('comments, CDATA and processing instructions are not expected');
      el.children.push(element());
    }
  };

  const root = element();
  skipSpace();
  if (pos !== source.length) fail('content after the root element');
  return root;
}
