import { visible } from '../util/safe-text.js';
import { predictedDefinitions } from './predicted-definitions.js';
import type { Argument } from './schema-facts.js';
import { CONTENT_SOURCE_MAPS, descriptionText, type Description, type FieldDefinition, type InputFieldDefinition, type TypeDefinition } from './schema-definitions.js';
import type { SchemaModel } from './schema-model.js';

/**
 * The predicted schema as SDL (`cmlint graphql-schema`): the definitions of
 * predicted-definitions.ts, sorted by name, after a header and the service's directive.
 */

const HEADER = `# The GraphQL schema the service would generate for this content model, as predicted by cmlint.
# Left out: cursor collections and the per-field filters of links to several content types
# (cf<field>MultiTypeNestedFilter, <Type><Field>Filter) that newer versions of the service generate.
`;

const argument = (a: Argument): string => (a.defaultValue === undefined ? `${a.name}: ${a.type}` : `${a.name}: ${a.type} = ${a.defaultValue}`);

const inputField = (f: InputFieldDefinition): string => `${f.name}: ${f.type}`;

/** `name(a: A, b: B): Type`. */
const fieldLine = (f: FieldDefinition): string => (f.args.length === 0 ? inputField(f) : `${f.name}(${f.args.map(argument).join(', ')}): ${f.type}`);

/**
 * A description as a block string on lines of its own (`"""` inside it escaped), or inline. A
 * content type's description comes from the export: with a control or invisible character (an
 * escape sequence for the terminal) it is a quoted string with that character escaped, which
 * GraphQL reads as the same text (a block string has no escapes).
 */
function describe(d: Description | null): string {
  if (d === null) return '';
  const text = descriptionText(d);
  if (text.split('\n').some((line) => visible(line) !== line)) return `"${visible(text.replace(/["\\]/g, '\\$&'))}"\n`;
  return d.block ? `"""\n${d.text.replaceAll('"""', '\\"""')}\n"""\n` : `"""${d.text}"""\n`;
}

const block = (header: string, lines: readonly string[]): string => `${header} {\n${lines.map((line) => `  ${line}`).join('\n')}\n}`;

function printDefinition(d: TypeDefinition): string {
  switch (d.kind) {
    case 'object':
      return describe(d.description) + block(`type ${d.name}${d.interfaces.length > 0 ? ` implements ${d.interfaces.join(' & ')}` : ''}`, d.fields.map(fieldLine));
    case 'interface':
      return block(`interface ${d.name}`, d.fields.map(fieldLine));
    case 'input':
      return block(`input ${d.name}`, d.fields.map(inputField));
    case 'enum':
      return block(`enum ${d.name}`, d.values);
    case 'union':
      return `union ${d.name} = ${d.members.join(' | ')}`;
    case 'scalar':
      return `scalar ${d.name}`;
  }
}

export function renderSchema(model: SchemaModel): string {
  return `${HEADER}\ndirective @${CONTENT_SOURCE_MAPS} on QUERY\n\n${predictedDefinitions(model).map(printDefinition).join('\n\n')}\n`;
}
