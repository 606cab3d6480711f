import type { Argument } from './schema-facts.js';

/**
 * The predicted schema as data: one definition per named type, fields, arguments, input fields,
 * enum values and union members in the order they are printed. render-sdl.ts prints these
 * definitions as SDL (`cmlint graphql-schema`); build-schema.ts makes graphql-js's schema of
 * them directly, without printing and parsing SDL. Type references are written as in SDL
 * (`[Entry]!`, `String`).
 */

/** An input field, or a field's argument without a default. */
export interface InputFieldDefinition {
  readonly name: string;
  readonly type: string;
}

export interface FieldDefinition extends InputFieldDefinition {
  readonly args: readonly Argument[];
}

/** A description, printed as a block string on lines of its own or inline (`"""text"""`). */
export interface Description {
  readonly text: string;
  readonly block: boolean;
}

/** The text of a description as GraphQL reads it from the SDL: a block string's line breaks are normalized to `\n`. */
export function descriptionText(d: Description): string {
  return d.block ? d.text.replace(/\r\n|\r/g, '\n') : d.text;
}

export type TypeDefinition =
  | { readonly kind: 'object'; readonly name: string; readonly description: Description | null; readonly interfaces: readonly string[]; readonly fields: readonly FieldDefinition[] }
  | { readonly kind: 'interface'; readonly name: string; readonly fields: readonly FieldDefinition[] }
  | { readonly kind: 'input'; readonly name: string; readonly fields: readonly InputFieldDefinition[] }
  | { readonly kind: 'enum'; readonly name: string; readonly values: readonly string[] }
  | { readonly kind: 'union'; readonly name: string; readonly members: readonly string[] }
  | { readonly kind: 'scalar'; readonly name: string };

/** The one directive the service declares: `@contentSourceMaps` on queries. */
export const CONTENT_SOURCE_MAPS = 'contentSourceMaps';

/** Code-unit order: `AND` and `OR` before lower-case names, `_` before letters. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Items sorted by name, stably (as real schemas print fields, input fields, arguments and values). */
function sortByName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareNames(a.name, b.name));
}

/** A field, its arguments sorted by name. */
export function field(name: string, type: string, args: readonly Argument[] = []): FieldDefinition {
  return { name, type, args: args.length === 0 ? args : sortByName(args) };
}

export function objectType(name: string, fields: readonly FieldDefinition[], interfaces: readonly string[] = [], description: Description | null = null): TypeDefinition {
  return { kind: 'object', name, description, interfaces, fields: sortByName(fields) };
}

export function interfaceType(name: string, fields: readonly FieldDefinition[]): TypeDefinition {
  return { kind: 'interface', name, fields: sortByName(fields) };
}

export function inputType(name: string, fields: readonly InputFieldDefinition[]): TypeDefinition {
  return { kind: 'input', name, fields: sortByName(fields) };
}

export function enumType(name: string, values: readonly string[]): TypeDefinition {
  return { kind: 'enum', name, values: [...values].sort(compareNames) };
}

export function unionType(name: string, members: readonly string[]): TypeDefinition {
  return { kind: 'union', name, members: [...members].sort(compareNames) };
}

export function scalarType(name: string): TypeDefinition {
  return { kind: 'scalar', name };
}
