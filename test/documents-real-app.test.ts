/**
 * A real app's own GraphQL documents against the schema cmlint predicts from the app's own
 * export (fixtures/real-app/template-marketing-webapp-nextjs: 16 content types, 20 documents,
 * provenance in its README). The schema the service generated for that space is kept beside it
 * and is used here only to find, independently of cmlint, where the documents select a field.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { buildSchema, parse, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../src/lint.js';
import { ROOT } from './helpers/cli.js';

const APP = join(ROOT, 'fixtures', 'real-app', 'template-marketing-webapp-nextjs');
const EXPORT = 'export-fintech-space-content.json';
const DOCUMENT_RULES = ['graphql-document-invalid', 'graphql-resource-sys-type', 'zero-limit-query'];

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the app (export and documents) with a config that lints the documents, the export changed by `change`. */
function app(change?: (space: { contentTypes: { sys: { id: string }; fields: { id: string }[] }[] }) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-real-app-'));
  temps.push(dir);
  cpSync(join(APP, 'src'), join(dir, 'src'), { recursive: true });
  const space = JSON.parse(readFileSync(join(APP, EXPORT), 'utf8'));
  change?.(space);
  writeFileSync(join(dir, EXPORT), JSON.stringify(space, null, 2));
  const rules = DOCUMENT_RULES.map((id) => `  ${id}: error`).join('\n');
  writeFileSync(join(dir, '.linterrc.yaml'), `include: ["${EXPORT}"]\ndocuments: ["src/**/*.graphql"]\nextends: []\nrules:\n${rules}\n`);
  return dir;
}

/** `where`/`order` arguments and filter inputs: part of the complete predicted schema (issue 12, part 1), not of today's. */
const SCHEMA_GAP = /Unknown argument "(where|order)"|is not defined by type "\w+(Filter|Order)"|Unknown type "\w+(Filter|Order)"/;

describe('the real app: its 20 documents against its export', () => {
  it('read: 20 documents, and nothing found but what the incomplete predicted schema lacks', async () => {
    const { result } = await lint({ paths: [], cwd: app(), asOf: '2026-11-21' });
    expect(result.stats.filesRead).toBe(21);
    expect(result.findings.filter((f) => f.ruleId === 'input-error')).toEqual([]);
    // Today 2 findings remain, both `Unknown argument "where"` on pageCollection (the predicted
    // schema has no filters yet); with the complete schema, none.
    expect(result.findings.filter((f) => !SCHEMA_GAP.test(f.message)).map((f) => `${f.file}:${f.line}: ${f.message}`)).toEqual([]);
    expect(result.findings.length).toBeLessThanOrEqual(2);
  });

  it('a field removed from the export: every document that selects it is reported, at each selection', async () => {
    // Where the documents select Page.slug, found with the schema the service generated for this space.
    const realSchema = buildSchema(readFileSync(join(APP, 'graphql.schema.graphql'), 'utf8'));
    const expected: string[] = [];
    for (const file of (await fg('src/**/*.graphql', { cwd: APP })).sort()) {
      const text = readFileSync(join(APP, file), 'utf8');
      const typeInfo = new TypeInfo(realSchema);
      visit(
        parse(text),
        visitWithTypeInfo(typeInfo, {
          Field(node) {
            if (node.name.value === 'slug' && typeInfo.getParentType()?.name === 'Page') expected.push(`${file}:${node.loc!.startToken.line}:${node.loc!.startToken.column}`);
          },
        }),
      );
    }
    expect(new Set(expected.map((e) => e.split(':')[0])).size).toBeGreaterThanOrEqual(2);

    const dir = app((space) => {
      const page = space.contentTypes.find((t) => t.sys.id === 'page')!;
      page.fields = page.fields.filter((f) => f.id !== 'slug');
    });
    const { result } = await lint({ paths: [], cwd: dir, asOf: '2026-11-21' });
    const slug = result.findings.filter((f) => !SCHEMA_GAP.test(f.message));
    expect(slug.map((f) => `${f.file}:${f.line}:${f.column}`).sort()).toEqual(expected.sort());
    for (const finding of slug) {
      expect(finding.ruleId).toBe('graphql-document-invalid');
      expect(finding.target).toEqual({ contentType: 'page', field: null, entry: null, locale: null });
      expect(finding.message).toMatch(/Cannot query field "slug" on type "Page"\. Cause in the content model: content type 'page' has no field that the API names slug\.$/);
    }
  });

  it('cmlint diff of the export before and after the removal names the change', async () => {
    const dir = app((space) => {
      const page = space.contentTypes.find((t) => t.sys.id === 'page')!;
      page.fields = page.fields.filter((f) => f.id !== 'slug');
    });
    cpSync(join(APP, EXPORT), join(dir, 'before.json'));
    const { result } = await lint({ paths: [EXPORT], cwd: dir, asOf: '2026-11-21', before: { paths: ['before.json'], cwd: dir, base: dir } });
    const documents = result.findings.filter((f) => f.ruleId === 'graphql-document-invalid' && !SCHEMA_GAP.test(f.message));
    expect(documents.length).toBeGreaterThanOrEqual(2);
    for (const finding of documents) {
      expect(finding.target).toEqual({ contentType: 'page', field: 'slug', entry: null, locale: null });
      expect(finding.message).toMatch(/Cause in the content model: Page\.slug was removed \(field 'slug' of content type 'page'\)\.$/);
    }
  });
});
