/**
 * The fuzzing harness: fast-check arbitraries that mutate real and generated exports (drop
 * keys, change types, duplicate records, inject odd unicode, truncate and corrupt bytes, split
 * a space over files), and `runCase`, which writes a case to disk, runs cmlint's real command
 * line in this process (`main`, the function the bin calls) with every built-in rule on, and
 * checks what a CI gate depends on: no uncaught exception, exit code 0, 1 or 2 (2 exactly when
 * an input error stopped the run), no rule crash, every report a valid document of its format,
 * and the inputs unchanged.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { main } from '../../src/cli.js';
import { loadBuiltinRules } from '../../src/engine/rules-registry.js';
import { sarifValidator } from '../helpers/sarif-schema.js';
import { parseXml } from '../helpers/xml.js';

/** A JSON value a case starts from: a real or generated export. */
export interface Seed {
  name: string;
  doc: unknown;
}

type Path = (string | number)[];

/** One structural mutation: `at` (0..1) picks the value it applies to among all values of the document. */
export type Op =
  | { kind: 'drop'; at: number; interesting: boolean }
  | { kind: 'retype'; at: number; interesting: boolean; value: unknown }
  | { kind: 'duplicate'; at: number; interesting: boolean }
  | { kind: 'move'; at: number; interesting: boolean; to: number }
  | { kind: 'renameKey'; at: number; interesting: boolean; key: string }
  | { kind: 'nest'; at: number; interesting: boolean; depth: number }
  | { kind: 'restring'; at: number; interesting: boolean; text: string };

/** One mutation of the serialized bytes; `at` (0..1) is where. */
export type ByteOp = { kind: 'truncate'; at: number } | { kind: 'insert'; at: number; bytes: number[] } | { kind: 'set'; at: number; byte: number } | { kind: 'bom'; bytes: number[] };

export interface FuzzCase {
  /** The seed to mutate, unless the case brings its own made-up export. */
  seed: number;
  generated: unknown;
  ops: Op[];
  serial: 'json' | 'json-compact' | 'yaml';
  bytes: ByteOp[];
  layout: 'file' | 'split-files' | 'split-dir';
  /** The format on stdout, and formats written to files. */
  stdout: string;
  files: string[];
  flags: string[];
  /** Turn the rules on with a config file (`extends: [all]`) instead of `--rule` flags. */
  config: boolean;
}

/** Keys whose values the rules and readers look at: mutations pick among them half of the time. */
const INTERESTING = new Set([
  'sys', 'id', 'type', 'contentType', 'fields', 'items', 'validations', 'linkType', 'code', 'default', 'fallbackCode', 'optional',
  'localized', 'required', 'disabled', 'omitted', 'deleted', 'displayField', 'defaultValue', 'regexp', 'prohibitRegexp', 'pattern',
  'flags', 'size', 'range', 'in', 'unique', 'linkContentType', 'linkMimetypeGroup', 'dateRange', 'assetFileSize',
  'assetImageDimensions', 'enabledMarks', 'enabledNodeTypes', 'nodes', 'nodeType', 'content', 'data', 'target', 'file', 'details',
  'fieldStatus', 'publishedVersion', 'archivedVersion', 'metadata', 'concepts', 'taxonomy', 'entries', 'assets', 'locales',
  'contentTypes', 'editorInterfaces', 'controls', 'en-US', 'de-DE', 'min', 'max', 'url', 'contentType', 'width', 'height',
]);

/** Strings that have broken parsers, lookups and regular expression engines. */
const ODD_STRINGS = [
  '', ' ', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '\u0000', '\uFEFF', '\u202E\u0635abc', '\u2028\u2029',
  '\uD800', '\uDC00x', 'e\u0301', '👩‍👩‍👧‍👦', 'ǅ', 'ß', 'İ', '\\', '"', '{{field}}', '%s%n', '../../etc/passwd', '${process.exit(1)}',
  'require("child_process")', '(a+)+$', '(a|aa)+b', '(?=x)', '[', '\\p{L}', 'a'.repeat(5000), 'Symbol', 'Array', 'Link', 'Entry', 'Asset',
  'en-US', 'de-DE', '*', '1e999', '-0', 'null', 'true', '2025-02-30', 'NaN',
];

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Nested arrays `depth` deep: deep recursion in rules and readers (made when a case runs: fast-check could not print it). */
function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, 2 ** 53 + 2, [], {}, [null], { 'en-US': null }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  oddString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(Array.from({ length: 300 }, (_, i) => `v${i}`)),
  fc.dictionary(oddString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const fraction = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fraction, interesting: fc.boolean() }),
  fc.record({ kind: fc.constant('retype' as const), at: fraction, interesting: fc.boolean(), value: oddValue }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fraction, interesting: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), at: fraction, interesting: fc.boolean(), to: fraction }),
  fc.record({ kind: fc.constant('renameKey' as const), at: fraction, interesting: fc.boolean(), key: oddString }),
  fc.record({ kind: fc.constant('nest' as const), at: fraction, interesting: fc.boolean(), depth: fc.constantFrom(100, 1500) }),
  fc.record({ kind: fc.constant('restring' as const), at: fraction, interesting: fc.boolean(), text: oddString }),
);

const byteOp: fc.Arbitrary<ByteOp> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('insert' as const), at: fraction, bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('set' as const), at: fraction, byte: fc.constantFrom(0x00, 0x0a, 0x22, 0x2c, 0x5b, 0x5d, 0x7b, 0x7d, 0x80, 0xc3, 0xe2, 0xff) }),
  fc.record({ kind: fc.constant('bom' as const), bytes: fc.constantFrom([0xef, 0xbb, 0xbf], [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]).map((b) => [...b]) }),
);

const FORMATS = ['json', 'sarif', 'junit', 'github', 'markdown', 'stylish'];

const FIELD_TYPES = ['Symbol', 'Text', 'RichText', 'Integer', 'Number', 'Date', 'Boolean', 'Object', 'Location', 'Link', 'Array', 'ResourceLink'];
const PATTERNS = ['^[a-z0-9-]+$', '^\\w+$', '(a+)+$', '(a|aa)+b', '(?=x)', '(?<!a)b', '\\p{Lu}', '[', '^\\d{4}$', '', '\\Q.\\E', 'a{1000}'];
const MARKS = ['bold', 'italic', 'code', 'underline', 'superscript'];
const NODE_TYPES = ['heading-1', 'paragraph', 'hyperlink', 'entry-hyperlink', 'embedded-entry-block', 'embedded-asset-block', 'table', 'hr', 'text'];

/** A value from a small set, or anything at all. */
const some = (...values: unknown[]): fc.Arbitrary<unknown> => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: oddValue });
const bound = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer({ min: -2, max: 60 }), oddValue);
/** Ids that identify records: odd ones rarely (each stops the run with an input error), Object.prototype names sometimes. */
const ids = (...values: string[]) =>
  fc.oneof({ weight: 60, arbitrary: fc.constantFrom(...values) }, { weight: 2, arbitrary: fc.constantFrom('constructor', 'toString', '__proto__') }, { weight: 1, arbitrary: oddString });

const validation: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ size: fc.record({ min: bound, max: bound }) }),
  fc.record({ range: fc.record({ min: bound, max: bound }) }),
  fc.record({ in: fc.array(some('a', 'b', 1, 2), { maxLength: 3 }) }),
  fc.record({ regexp: fc.record({ pattern: some(...PATTERNS), flags: some(null, 'i', 'm', 's', 'g', 'x', 'iu') }) }),
  fc.record({ prohibitRegexp: fc.record({ pattern: some(...PATTERNS), flags: some(null, 'i') }) }),
  fc.record({ unique: some(true, false) }),
  fc.record({ linkContentType: fc.array(ids('page', 'post', 'author'), { maxLength: 2 }) }),
  fc.record({ linkMimetypeGroup: fc.array(ids('image', 'video', 'pdfdocument', 'richtext'), { maxLength: 2 }) }),
  fc.record({ dateRange: fc.record({ min: some('2020-01-01', '2030-01-01T00:00:00Z', '2025-02-30', null), max: some('2031-01-01', null) }) }),
  fc.record({ assetFileSize: fc.record({ min: bound, max: bound }) }),
  fc.record({ assetImageDimensions: fc.record({ width: fc.record({ min: bound, max: bound }), height: some({ min: 1 }, null) }) }),
  fc.record({ enabledMarks: fc.subarray(MARKS) }),
  fc.record({ enabledNodeTypes: fc.subarray(NODE_TYPES) }),
  fc.record({ nodes: fc.dictionary(fc.constantFrom(...NODE_TYPES), some([{ size: { max: 1 } }], [{ linkContentType: ['page'] }], { validations: [] })) }),
  fc.record({ message: some('Custom message {{x}}', null), size: fc.record({ max: bound }) }),
  oddValue,
);

const field = fc.record(
  {
    id: ids('title', 'slug', 'body', 'tags', 'author', 'image', 'when', 'count'),
    name: fc.constant('F'),
    type: fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...FIELD_TYPES) }, { weight: 2, arbitrary: fc.constantFrom('constructor', 'toString', 'String', 'symbol') }, { weight: 1, arbitrary: oddValue }),
    linkType: some('Entry', 'Asset'),
    items: some({ type: 'Symbol' }, { type: 'Link', linkType: 'Entry' }, { type: 'Link', linkType: 'Asset' }),
    localized: some(true, false),
    required: some(true, false),
    disabled: some(false, true),
    omitted: some(false, true),
    validations: fc.oneof({ weight: 5, arbitrary: fc.array(validation, { maxLength: 3 }) }, { weight: 1, arbitrary: oddValue }),
    defaultValue: some(undefined, { 'en-US': 'x' }),
  },
  { requiredKeys: ['id', 'name', 'type'] },
);

const richText = fc.constantFrom(
  { nodeType: 'document', data: {}, content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'Hi', marks: [{ type: 'bold' }], data: {} }] }] },
  { nodeType: 'document', data: {}, content: [{ nodeType: 'embedded-entry-block', data: { target: { sys: { type: 'Link', linkType: 'Entry', id: 'e1' } } }, content: [] }] },
  { nodeType: 'document', content: 'not a list' },
);
const link = (linkType: string, ...targets: string[]) => fc.record({ sys: fc.record({ type: fc.constant('Link'), linkType: some(linkType), id: ids(...targets) }) });
const value = fc.oneof(
  fc.constantFrom('hello', 'a'.repeat(50), '', 'x@y.z', '2025-01-01', '2025-02-30T10:00', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', 'Ünïcødé 👩‍👩‍👧'),
  fc.integer({ min: -5, max: 100 }),
  fc.constantFrom(true, 1.5, { lat: 1, lon: 2 }, [], ['a', 'b', 'a']),
  link('Entry', 'e1', 'e2', 'e3'),
  link('Asset', 'a1', 'a2'),
  fc.array(link('Entry', 'e1', 'e2', 'e3'), { maxLength: 3 }),
  richText,
  oddValue,
);
const localized = fc.oneof({ weight: 6, arbitrary: fc.dictionary(ids('en-US', 'de-DE', 'fr-FR'), value, { maxKeys: 3 }) }, { weight: 1, arbitrary: oddValue });

const contentTypeRecord = fc.record({
  sys: fc.record({ id: ids('page', 'post', 'author'), type: fc.constant('ContentType') }),
  name: fc.constant('T'),
  displayField: some('title', null, 'nope'),
  fields: fc.uniqueArray(field, { maxLength: 6, selector: (f) => f.id }),
});

/** An entry of one of `types` (or of another), with values for that type's fields (and others). */
function entryRecord(types: { sys: { id: unknown }; fields: { id: unknown }[] }[]): fc.Arbitrary<unknown> {
  const typeIds = types.map((t) => String(t.sys.id));
  const fieldIds = [...new Set(types.flatMap((t) => t.fields.map((f) => String(f.id)))), 'title', 'extra'];
  return fc.record({
    sys: fc.record({
      id: ids('e1', 'e2', 'e3', 'e4'),
      type: fc.constant('Entry'),
      contentType: link('ContentType', ...typeIds, 'gone'),
      publishedVersion: some(1, 1, undefined),
      archivedVersion: some(undefined, undefined, undefined, 2),
      fieldStatus: some(undefined, undefined, { '*': { 'en-US': 'published', 'de-DE': 'draft' } }),
    }),
    fields: fc.oneof({ weight: 12, arbitrary: fc.dictionary(fc.constantFrom(...fieldIds), localized, { maxKeys: 6 }) }, { weight: 1, arbitrary: oddValue }),
    metadata: some({ tags: [], concepts: [] }),
  });
}

/** A whole export made up by fast-check: locales, content types with every field type and validation, their entries and assets with all sorts of values. */
export const generatedSpace: fc.Arbitrary<unknown> = fc
  .record({
    locales: fc.uniqueArray(fc.record({ code: ids('en-US', 'de-DE', 'fr-FR'), name: fc.constant('L'), default: some(true, false), fallbackCode: some(null, 'en-US', 'de-DE', 'xx'), optional: some(false, true) }), {
      minLength: 1,
      maxLength: 3,
      selector: (l) => l.code,
    }),
    contentTypes: fc.uniqueArray(contentTypeRecord, { minLength: 1, maxLength: 3, selector: (ct) => ct.sys.id }),
    assets: fc.uniqueArray(
      fc.record({
        sys: fc.record({ id: ids('a1', 'a2'), type: fc.constant('Asset') }),
        fields: fc.record({ title: localized, file: some({ 'en-US': { url: '//x/a.png', fileName: 'a.png', contentType: 'image/png', details: { size: 10, image: { width: 5, height: 5 } } } }, { 'en-US': { contentType: 42 } }) }),
      }),
      { maxLength: 2, selector: (a) => a.sys.id },
    ),
  })
  .chain((space) => fc.uniqueArray(entryRecord(space.contentTypes), { maxLength: 5, selector: (e) => (e as { sys: { id: unknown } }).sys.id }).map((entries) => ({ ...space, entries })));

/** Cases over `seedCount` seeds: a few structural mutations, sometimes byte mutations, a layout, formats and flags. */
export function fuzzCase(seedCount: number): fc.Arbitrary<FuzzCase> {
  return fc.record({
    seed: fc.nat({ max: seedCount - 1 }),
    generated: fc.oneof(fc.constant(undefined), generatedSpace),
    ops: fc.array(op, { minLength: 0, maxLength: 3 }),
    serial: fc.oneof({ weight: 6, arbitrary: fc.constant('json' as const) }, { weight: 3, arbitrary: fc.constant('json-compact' as const) }, { weight: 1, arbitrary: fc.constant('yaml' as const) }),
    bytes: fc.oneof({ weight: 7, arbitrary: fc.constant([] as ByteOp[]) }, { weight: 1, arbitrary: fc.array(byteOp, { minLength: 1, maxLength: 2 }) }),
    layout: fc.constantFrom('file' as const, 'split-files' as const, 'split-dir' as const),
    stdout: fc.constantFrom(...FORMATS),
    files: fc.subarray(FORMATS.filter((f) => f !== 'stylish'), { maxLength: 2 }),
    flags: fc.subarray(['--quiet', '--fail-on=warning', '--max-warnings=0', '--baseline-write=OUT/baseline.json'], { maxLength: 2 }),
    config: fc.integer({ min: 0, max: 49 }).map((n) => n === 0),
  }).map((c) => {
    const files = c.files.filter((f) => f !== c.stdout);
    // Every case has a JSON report: it says whether the exit code fits the findings.
    return { ...c, files: c.stdout === 'json' || files.includes('json') ? files : [...files, 'json'] };
  });
}

/** Every path in `doc` (JSON pointer segments), parents before children; only those of string values with `strings`. */
function paths(doc: unknown, interesting: boolean, strings = false): Path[] {
  const all: Path[] = [];
  const walk = (value: unknown, path: Path, depth: number): void => {
    if (depth > 40) return;
    if ((!interesting || INTERESTING.has(String(path[path.length - 1]))) && (!strings || typeof value === 'string')) all.push(path);
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], depth + 1));
    else if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], [...path, key], depth + 1);
  };
  walk(doc, [], 0);
  return all.length > 0 ? all : [[]];
}

function get(doc: unknown, path: Path): unknown {
  let value = doc;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  return value;
}

/** Applies `change` to the container of `path` (the root is replaced through the returned value). */
function atParent(doc: unknown, path: Path, change: (parent: Record<string | number, unknown> | unknown[], key: string | number) => void): unknown {
  if (path.length === 0) {
    const box = { root: doc };
    change(box as Record<string, unknown>, 'root');
    return box.root;
  }
  change(get(doc, path.slice(0, -1)) as Record<string | number, unknown>, path[path.length - 1]!);
  return doc;
}

/** The document with one mutation applied (in place; the root may be replaced). */
export function mutate(copy: unknown, o: Op): unknown {
  const candidates = paths(copy, o.interesting, o.kind === 'restring');
  const path = candidates[Math.floor(o.at * candidates.length)]!;
  return atParent(copy, path, (parent, key) => {
    if (o.kind === 'drop') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete (parent as Record<string, unknown>)[key];
    } else if (o.kind === 'retype' || o.kind === 'nest' || o.kind === 'restring') {
      (parent as Record<string | number, unknown>)[key] = o.kind === 'nest' ? nested(o.depth) : o.kind === 'restring' ? o.text : o.value;
    } else if (o.kind === 'duplicate') {
      const value = structuredClone((parent as Record<string | number, unknown>)[key]);
      if (Array.isArray(parent)) parent.splice(key as number, 0, value);
      else (parent as Record<string, unknown>)[`${String(key)}_copy`] = value;
    } else if (o.kind === 'move') {
      const targets = paths(copy, false);
      const to = targets[Math.floor(o.to * targets.length)]!;
      const value = structuredClone((parent as Record<string | number, unknown>)[key]);
      if (to.length > 0 && !to.some((k, i) => path[i] !== k)) return; // into itself
      atParent(copy, to, (p, k) => {
        (p as Record<string | number, unknown>)[k] = value;
      });
    } else if (!Array.isArray(parent)) {
      const value = parent[key];
      delete parent[key];
      Object.defineProperty(parent, o.key, { value, enumerable: true, writable: true, configurable: true });
    }
  });
}

function serialize(doc: unknown, serial: FuzzCase['serial']): Buffer {
  if (serial === 'yaml') {
    try {
      return Buffer.from(toYaml(doc === undefined ? null : doc, { aliasDuplicateObjects: false }));
    } catch {
      // Too deep for the YAML writer: JSON is YAML too.
    }
  }
  const text = JSON.stringify(doc, null, serial === 'json' ? 2 : undefined) ?? 'null';
  // Deep nesting pretty-printed grows with the square of its depth: keep cases small (and fast).
  return Buffer.from(`${text.length > 2_000_000 ? JSON.stringify(doc) : text}\n`);
}

function applyBytes(buf: Buffer, o: ByteOp): Buffer {
  const at = o.kind === 'bom' ? 0 : Math.floor(o.at * (buf.length + 1));
  if (o.kind === 'truncate') return buf.subarray(0, at);
  if (o.kind === 'insert') return Buffer.concat([buf.subarray(0, at), Buffer.from(o.bytes), buf.subarray(at)]);
  if (o.kind === 'set') {
    if (buf.length === 0) return buf;
    const copy = Buffer.from(buf);
    copy[Math.min(at, buf.length - 1)] = o.byte;
    return copy;
  }
  return Buffer.concat([Buffer.from(o.bytes), buf]);
}

const MODEL_SECTIONS = ['contentTypes', 'editorInterfaces', 'locales', 'taxonomy'];

/** YAML is for model files (and slow to write and read): its cases keep three entries and assets. */
function yamlSized(doc: unknown): unknown {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return doc;
  return Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, Array.isArray(value) && !MODEL_SECTIONS.includes(key) ? value.slice(0, 3) : value]));
}

/** The files of a case: name → bytes. A split puts the content model and the content in separate files. */
export function caseFiles(seed: Seed, c: FuzzCase): Record<string, Buffer> {
  const start = c.generated ?? (c.serial === 'yaml' ? yamlSized(seed.doc) : seed.doc);
  const doc = c.ops.reduce<unknown>((d, o) => mutate(d, o), structuredClone(start));
  const ext = c.serial === 'yaml' ? 'yaml' : 'json';
  const docs: Record<string, unknown> =
    c.layout !== 'file' && doc !== null && typeof doc === 'object' && !Array.isArray(doc)
      ? {
          [`model.${ext}`]: Object.fromEntries(Object.entries(doc).filter(([k]) => MODEL_SECTIONS.includes(k))),
          [`content.${ext}`]: Object.fromEntries(Object.entries(doc).filter(([k]) => !MODEL_SECTIONS.includes(k))),
        }
      : { [`export.${ext}`]: doc };
  const names = Object.keys(docs);
  return Object.fromEntries(
    names.map((name, i) => {
      let bytes = serialize(docs[name], c.serial);
      // Byte mutations hit the last file (entries, in a split).
      if (i === names.length - 1) for (const o of c.bytes) bytes = applyBytes(bytes, o);
      return [name, bytes];
    }),
  );
}

/** The outcome of one run, and what was wrong with it (empty: the case passed). */
export interface CaseResult {
  /** The command line's arguments (run in the case's directory). */
  args: string[];
  code: number;
  /** How long cmlint ran, in milliseconds. */
  ms: number;
  inputErrors: number;
  findings: number;
  problems: string[];
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

let contractValidator: ValidateFunction | undefined;
let sarif: ValidateFunction | undefined;
let ruleFlags: string[] | undefined;

/** DESIGN.md's JSON output, exactly: no key missing, none added (with its additive `fix` and `suggestions`, and the summary's `fixable`). */
const JSON_CONTRACT = {
  type: 'object',
  additionalProperties: false,
  required: ['tool', 'asOf', 'findings', 'summary'],
  properties: {
    tool: { type: 'object', additionalProperties: false, required: ['name', 'version'], properties: { name: { const: 'cmlint' }, version: { type: 'string' } } },
    asOf: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    findings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['ruleId', 'severity', 'message', 'enforcement', 'target', 'pointer', 'file', 'line', 'column', 'fix', 'suggestions'],
        properties: {
          ruleId: { type: 'string', minLength: 1 },
          severity: { enum: ['error', 'warning', 'info'] },
          message: { type: 'string', minLength: 1 },
          enforcement: {
            type: 'object',
            additionalProperties: false,
            required: ['date', 'status', 'note'],
            properties: {
              date: { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }] },
              status: { enum: ['enforced', 'upcoming', 'undated'] },
              note: { type: ['string', 'null'] },
            },
          },
          target: {
            type: 'object',
            additionalProperties: false,
            required: ['contentType', 'field', 'entry', 'locale'],
            properties: { contentType: { type: ['string', 'null'] }, field: { type: ['string', 'null'] }, entry: { type: ['string', 'null'] }, locale: { type: ['string', 'null'] } },
          },
          pointer: { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^(/[\\s\\S]*)?$' }] },
          file: { type: ['string', 'null'] },
          line: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 1 }] },
          column: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 1 }] },
          fix: { anyOf: [{ type: 'null' }, { type: 'string', minLength: 1 }] },
          suggestions: {
            type: 'array',
            items: { type: 'object', additionalProperties: false, required: ['id', 'desc'], properties: { id: { type: 'string', minLength: 1 }, desc: { type: 'string', minLength: 1 } } },
          },
        },
      },
    },
    summary: {
      type: 'object',
      additionalProperties: false,
      required: ['error', 'warning', 'info', 'filesRead', 'contentTypes', 'entries', 'fixable'],
      // A run that reads GraphQL documents adds documentFiles, operations, fragments, generatedFiles and notes.
      properties: {
        ...Object.fromEntries(['error', 'warning', 'info', 'filesRead', 'contentTypes', 'entries', 'fixable', 'documentFiles', 'operations', 'fragments', 'generatedFiles'].map((k) => [k, { type: 'integer', minimum: 0 }])),
        notes: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

interface JsonReport {
  findings: { ruleId: string; severity: string; message: string; file: string | null; line: number | null; column: number | null }[];
  summary: Record<string, number>;
}

/** What is wrong with a report of `format` (empty when it is a valid document of that format). */
function checkReport(format: string, text: string, inputs: Record<string, Buffer>): { problems: string[]; json?: JsonReport } {
  const problems: string[] = [];
  try {
    if (format === 'json') {
      const json = JSON.parse(text) as JsonReport;
      contractValidator ??= new Ajv({ allErrors: true, strict: true }).compile(JSON_CONTRACT);
      if (!(contractValidator(json) as boolean)) {
        const where = contractValidator.errors?.[0]?.instancePath.match(/^\/findings\/(\d+)/);
        problems.push(`json does not match the contract: ${JSON.stringify(contractValidator.errors?.slice(0, 2))}${where ? ` in ${JSON.stringify(json.findings[Number(where[1])])}` : ''}`);
      }
      for (const severity of ['error', 'warning', 'info']) {
        if (json.summary[severity] !== json.findings.filter((f) => f.severity === severity).length) problems.push(`json summary.${severity} does not count the findings`);
      }
      for (const f of json.findings) {
        if (f.file === null || f.line === null) continue;
        const bytes = inputs[f.file];
        if (bytes === undefined) problems.push(`finding in a file that is not an input: ${f.file}`);
        else if (f.line > bytes.toString('utf8').split('\n').length) problems.push(`finding at line ${f.line} of ${f.file}, which has fewer lines`);
      }
      return { problems, json };
    }
    if (format === 'sarif') {
      sarif ??= sarifValidator();
      if (!sarif(JSON.parse(text))) problems.push(`sarif does not validate: ${JSON.stringify(sarif.errors?.slice(0, 3))}`);
    } else if (format === 'junit') {
      if (parseXml(text).name !== 'testsuites') problems.push('junit root is not <testsuites>');
    } else if (format === 'github') {
      const lines = text.trimEnd().split('\n');
      if (!/^cmlint: /.test(lines.pop() ?? '')) problems.push('github output does not end with its summary line');
      for (const line of lines) if (!/^::(error|warning|notice) [^\n]*::[^\n]*$/.test(line)) problems.push(`github line is not a workflow command: ${line.slice(0, 80)}`);
    } else if (format === 'markdown') {
      if (!text.startsWith('# Content model audit\n')) problems.push('markdown report has no title');
    } else if (!/(✔ No problems|✖ \d+ problems?|✖ No new problems)/.test(text)) problems.push('stylish output has no summary');
  } catch (error) {
    problems.push(`${format} output does not parse: ${(error as Error).message}`);
  }
  return { problems };
}

/** Empties the directories of a case (cheaper than removing them). */
function clear(...dirs: string[]): void {
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) rmSync(join(dir, name), { force: true });
  }
}

/** Writes a case into `dir`, runs cmlint in this process, and checks the outcome. */
export async function runCase(seed: Seed, c: FuzzCase, dir: string): Promise<CaseResult> {
  const inputDir = join(dir, 'space');
  const outDir = join(dir, 'out');
  clear(inputDir, outDir);
  const files = caseFiles(seed, c);
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(inputDir, name), bytes);
  const before = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha(bytes)]));

  ruleFlags ??= (await loadBuiltinRules()).flatMap((rule) => ['--rule', `${rule.meta.id}=${rule.meta.severity}`]);
  const paths = c.layout === 'split-dir' ? ['space'] : Object.keys(files).map((name) => `space/${name}`);
  const args = [...paths, '--as-of', '2026-11-21', '-f', c.stdout, ...c.files.flatMap((f) => ['-f', `${f}:out/report.${f}`])];
  args.push(...c.flags.map((flag) => flag.replace('OUT/', 'out/')));
  if (c.config) {
    writeFileSync(join(dir, 'all.yaml'), 'extends: [all]\n');
    args.push('--config', 'all.yaml');
  } else args.push(...ruleFlags);

  let stdout = '';
  let stderr = '';
  const problems: string[] = [];
  let code: number;
  const started = performance.now();
  try {
    code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir, env: {}, isTTY: false });
  } catch (error) {
    return { args, code: -1, ms: 0, inputErrors: 0, findings: 0, problems: [`main threw: ${(error as Error).stack ?? String(error)}`] };
  }
  // Timed for the report of the slowest case only: how long a run takes says nothing about its verdict on a loaded machine.
  const ms = performance.now() - started;
  if (![0, 1, 2].includes(code)) problems.push(`exit code ${code}`);
  if (/internal error|\n\s+at .+:\d+:\d+\)?\n/.test(stderr)) problems.push(`stderr: ${stderr.slice(0, 500)}`);

  const inputs = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`space/${name}`, bytes]));
  const written = c.files.filter((f) => existsSync(join(outDir, `report.${f}`)));
  if (written.length < c.files.length) problems.push(`exit code ${code} without the report files (stderr: ${stderr.slice(0, 300)})`);
  const reports: [string, string][] = [[c.stdout, stdout], ...written.map((f): [string, string] => [f, readFileSync(join(outDir, `report.${f}`), 'utf8')])];
  let json: JsonReport | undefined;
  for (const [format, text] of reports) {
    const checked = checkReport(format, text, inputs);
    problems.push(...checked.problems);
    json ??= checked.json;
  }
  let inputErrors = 0;
  let findings = 0;
  if (json) {
    findings = json.findings.length;
    inputErrors = json.findings.filter((f) => f.ruleId === 'input-error').length;
    const crashes = json.findings.filter((f) => f.message.startsWith('Internal error in rule'));
    if (crashes.length > 0) problems.push(`a rule crashed: ${crashes[0]!.message}`);
    if ((code === 2) !== (inputErrors > 0 || crashes.length > 0)) problems.push(`exit code ${code} with ${inputErrors} input errors`);
    for (const f of json.findings.filter((x) => x.ruleId === 'input-error')) if (f.file === null) problems.push(`input error without a file: ${f.message}`);
    if (code === 0 && json.findings.some((f) => f.severity === 'error')) problems.push('exit code 0 with error findings');
    if (code === 1 && json.findings.length === 0) problems.push('exit code 1 without findings');
  }
  if (c.flags.some((f) => f.startsWith('--baseline-write')) && code !== 2) {
    try {
      JSON.parse(readFileSync(join(outDir, 'baseline.json'), 'utf8'));
    } catch (error) {
      problems.push(`baseline not written or not JSON: ${(error as Error).message}`);
    }
  }
  for (const name of readdirSync(inputDir)) {
    const now = sha(readFileSync(join(inputDir, name)));
    if (before[name] !== now) problems.push(`input ${name} was changed or added by the run`);
  }
  return { args, code, ms, inputErrors, findings, problems };
}

/** A case as text, to reproduce it: the files written and the arguments. */
export function describeCase(seed: Seed, c: FuzzCase): string {
  const files = caseFiles(seed, c);
  return JSON.stringify({ ...c, seedName: seed.name, files: Object.fromEntries(Object.entries(files).map(([n, b]) => [n, b.length > 2000 ? `${b.length} bytes` : b.toString('latin1')])) }).slice(0, 4000);
}

