/**
 * A real app's own GraphQL documents against the schema cmlint predicts from the app's own
 * export (fixtures/graphql/template-marketing: 16 content types, 20 documents, provenance in its
 * README). The schema the service generated for that space is kept beside it and is used here
 * only to find, independently of cmlint, where the documents use a field.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { buildSchema, parse, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../src/pipeline/run.js';
import { ROOT } from './helpers/cli.js';

const APP = join(ROOT, 'fixtures', 'graphql', 'template-marketing');
const EXPORT = 'export.json';
const DOCUMENT_RULES = ['graphql-document-invalid', 'graphql-resource-sys-type', 'zero-limit-query'];

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the app (export and documents) with a config that lints the documents, the export changed by `change`. */
function app(change?: (space: { contentTypes: { sys: { id: string }; fields: { id: string }[] }[] }) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-real-app-'));
  temps.push(dir);
  cpSync(join(APP, 'documents'), join(dir, 'documents'), { recursive: true });
  const space = JSON.parse(readFileSync(join(APP, EXPORT), 'utf8'));
  change?.(space);
  writeFileSync(join(dir, EXPORT), JSON.stringify(space, null, 2));
  const rules = DOCUMENT_RULES.map((id) => `  ${id}: error`).join('\n');
  writeFileSync(join(dir, '.linterrc.yaml'), `include: ["${EXPORT}"]\ndocuments: ["documents/*.graphql"]\nextends: []\nrules:\n${rules}\n`);
  return dir;
}

describe('the real app: its 20 documents against its export', () => {
  it('read: 20 documents, and nothing found (the schema predicted from the export validates them all)', async () => {
    const { result } = await lint({ paths: [], cwd: app(), asOf: '2026-11-21' });
    expect(result.stats.filesRead).toBe(21);
    expect(result.findings.map((f) => `${f.file}:${f.line}: ${f.message}`)).toEqual([]);
  });

  it('a field removed from the export: every document that uses it is reported, at each selection and each filter on it', async () => {
    // Where the documents select Page.slug or filter pages by it, found with the schema the service generated for this space.
    const realSchema = buildSchema(readFileSync(join(APP, 'graphql.schema.graphql'), 'utf8'));
    const selections: string[] = [];
    const filters: string[] = [];
    for (const file of (await fg('documents/*.graphql', { cwd: APP })).sort()) {
      const text = readFileSync(join(APP, file), 'utf8');
      const typeInfo = new TypeInfo(realSchema);
      const at = (loc: { startToken: { line: number; column: number } }) => `${file}:${loc.startToken.line}:${loc.startToken.column}`;
      visit(
        parse(text),
        visitWithTypeInfo(typeInfo, {
          Field(node) {
            if (node.name.value === 'slug' && typeInfo.getParentType()?.name === 'Page') selections.push(at(node.loc!));
          },
          ObjectField(node) {
            if (node.name.value === 'slug' && String(typeInfo.getParentInputType()) === 'PageFilter') filters.push(at(node.loc!));
          },
        }),
      );
    }
    expect(new Set(selections.map((e) => e.split(':')[0])).size).toBeGreaterThanOrEqual(2);
    expect(filters.length).toBeGreaterThanOrEqual(2);

    const dir = app((space) => {
      const page = space.contentTypes.find((t) => t.sys.id === 'page')!;
      page.fields = page.fields.filter((f) => f.id !== 'slug');
    });
    const { result } = await lint({ paths: [], cwd: dir, asOf: '2026-11-21' });
    expect(result.findings.map((f) => `${f.file}:${f.line}:${f.column}`).sort()).toEqual([...selections, ...filters].sort());
    for (const finding of result.findings) {
      expect(finding.ruleId).toBe('graphql-document-invalid');
      expect(finding.target).toEqual({ contentType: 'page', field: null, entry: null, locale: null });
      expect(finding.message).toMatch(/(Cannot query field "slug" on type "Page"|Field "slug" is not defined by type "PageFilter")\. Cause in the content model: content type 'page' has no field that the API names slug\.$/);
    }
  });

  it('cmlint diff of the export before and after the removal names the change', async () => {
    const dir = app((space) => {
      const page = space.contentTypes.find((t) => t.sys.id === 'page')!;
      page.fields = page.fields.filter((f) => f.id !== 'slug');
    });
    cpSync(join(APP, EXPORT), join(dir, 'before.json'));
    const { result } = await lint({ paths: [EXPORT], cwd: dir, asOf: '2026-11-21', before: { paths: ['before.json'], cwd: dir, base: dir } });
    const documents = result.findings.filter((f) => f.ruleId === 'graphql-document-invalid');
    expect(documents.length).toBe(4);
    for (const finding of documents) {
      expect(finding.target).toEqual({ contentType: 'page', field: 'slug', entry: null, locale: null });
      expect(finding.message).toMatch(/before the change, and does not after it: .* The change: Page\.slug was removed \(field 'slug' of content type 'page'\)\.$/);
      expect(finding.change).toBe('breaking');
    }
  });
});
