import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptsOfVersion } from '../../src/inputs/migrations/applied.js';
import { runMain } from '../helpers/cli.js';

interface JsonFinding {
  ruleId: string;
  target: { contentType: string | null; field: string | null };
  file: string | null;
  line: number | null;
  message: string;
}

const FIELD = (id: string, type = 'Symbol') => ({ id, name: id, type, localized: false, required: false, validations: [], disabled: false, omitted: false });
const TRACKING = (version: unknown, id = 'current') => ({
  sys: { id, type: 'Entry', version: 3, publishedVersion: 2, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'versionTracking' } } },
  fields: { version: { 'en-US': version } },
});

/**
 * The space as the pipeline left it after scripts 1 and 2 (as in the service's continuous-delivery
 * example: scripts named by number, the last one run recorded in a versionTracking entry).
 */
const space = (tracking: unknown[], versionType: string) => ({
  locales: [{ sys: { id: 'l1', type: 'Locale' }, code: 'en-US', name: 'English', default: true, fallbackCode: null }],
  contentTypes: [
    { sys: { id: 'versionTracking', type: 'ContentType', version: 2 }, name: 'Version tracking', displayField: 'version', fields: [FIELD('version', versionType)] },
    { sys: { id: 'post', type: 'ContentType', version: 6 }, name: 'Post', displayField: 'title', fields: [FIELD('title'), FIELD('teaser', 'Text')] },
  ],
  entries: tracking,
});

const SCRIPTS = {
  'migrations/1.js': "module.exports = function (migration) {\n  migration.editContentType('post').createField('teaser').name('Teaser').type('Text');\n};\n",
  'migrations/2.js': "module.exports = function (migration) {\n  const post = migration.editContentType('post');\n  post.editField('subtitle').omitted(true);\n  post.deleteField('subtitle');\n};\n",
  'migrations/3.js': "module.exports = function (migration) {\n  const post = migration.editContentType('post');\n  post.createField('code').name('Code').type('Symbol')\n    .required(true).disabled(true);\n};\n",
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function project(config: string, tracking: unknown[] = [TRACKING('2')], versionType = 'Symbol'): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmlint-applied-'));
  dirs.push(dir);
  writeFileSync(join(dir, '.linterrc.yaml'), `include: [space.json]\nmigrations: ["migrations/*.js"]\n${config}`);
  writeFileSync(join(dir, 'space.json'), JSON.stringify(space(tracking, versionType), null, 2));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  for (const [name, text] of Object.entries(SCRIPTS)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function run(dir: string) {
  const { code, stdout, stderr } = await runMain(['--format', 'json', '--as-of', '2026-11-21'], dir);
  const findings = (JSON.parse(stdout) as { findings: JsonFinding[] }).findings;
  return { code, stderr, rows: findings.map((f) => [f.file, f.line, f.ruleId, f.target.contentType, f.target.field]), findings };
}

/** What script 3 (the only one the pipeline still runs) does. */
const SCRIPT_3 = [['migrations/3.js', 4, 'hidden-required-field', 'post', 'code']];

describe('migrationsApplied: the scripts the export already holds are not replayed', () => {
  it('without it, replaying every script over the export reports errors that never happen', async () => {
    const { rows, findings } = await run(project(''));
    expect(rows).toEqual([
      ['migrations/1.js', 2, 'migration-invalid', 'post', 'teaser'],
      ['migrations/2.js', 3, 'migration-invalid', 'post', 'subtitle'],
      ['migrations/2.js', 4, 'migration-invalid', 'post', 'subtitle'],
      ...SCRIPT_3,
    ]);
    expect(findings[2]!.message).toContain('cannot be deleted because it does not exist');
  });

  it('the version recorded in the export’s versionTracking entry: only the newer scripts are replayed', async () => {
    const { code, rows } = await run(project('migrationsApplied: { contentType: versionTracking, field: version }\n'));
    expect(rows).toEqual(SCRIPT_3);
    expect(code).toBe(1);
  });

  it('a version kept as a number (an Integer field) names the script of that number', async () => {
    const { rows } = await run(project('migrationsApplied: { contentType: versionTracking, field: version }\n', [TRACKING(2)], 'Integer'));
    // (An Integer display field is display-field-unresolvable's finding, on space.json.)
    expect(rows.filter(([file]) => file !== 'space.json')).toEqual(SCRIPT_3);
  });

  it('the last script the export holds, named in the config', async () => {
    const { rows } = await run(project('migrationsApplied: migrations/2.js\n'));
    expect(rows).toEqual(SCRIPT_3);
  });

  it('a version or script that names no script, or a tracking entry that is not there, stops the run (exit 2): never all or none silently', async () => {
    const cases: [string, unknown[], string][] = [
      ['migrationsApplied: { contentType: versionTracking, field: version }\n', [TRACKING('7')], 'the version "7" that the entry of \'versionTracking\' records names none of the scripts'],
      ['migrationsApplied: { contentType: versionTracking, field: version }\n', [], "the inputs hold no entry of content type 'versionTracking'"],
      ['migrationsApplied: { contentType: versionTracking, field: version }\n', [TRACKING('1', 'a'), TRACKING('2', 'b')], "the inputs hold 2 entries of content type 'versionTracking' ('a', 'b'): name the one"],
      ['migrationsApplied: { contentType: versionTracking, field: version, entry: b }\n', [TRACKING('1', 'a'), TRACKING('2', 'b')], ''],
      ['migrationsApplied: migrations/9.js\n', [TRACKING('2')], "'migrations/9.js' is not one of the scripts"],
    ];
    for (const [config, tracking, message] of cases) {
      const { code, rows, findings } = await run(project(config, tracking));
      if (message === '') {
        expect(rows, config).toEqual(SCRIPT_3);
        continue;
      }
      expect(code, config).toBe(2);
      expect(rows.map((r) => r[2])).toEqual(['input-error']);
      expect(findings[0]!.message).toContain(message);
    }
  });
});

describe('the script a recorded version names', () => {
  const scripts = ['/p/m/0_0_7.js', '/p/m/0_0_8.js', '/p/m/0041-add-tags.ts', '/p/m/0042-add-teaser.ts', '/p/m/7.js'].map((absPath) => ({ absPath }));
  const named = (value: string | number) => scriptsOfVersion(scripts, value).map((s) => s.absPath.slice(5));
  it('its file name without the extension, dots for underscores as the example names files, or the leading number of a whole number', () => {
    expect(named('0_0_7')).toEqual(['0_0_7.js']);
    expect(named('0.0.8')).toEqual(['0_0_8.js']);
    expect(named('0042-add-teaser')).toEqual(['0042-add-teaser.ts']);
    expect(named(42)).toEqual(['0042-add-teaser.ts']);
    expect(named('7')).toEqual(['7.js']);
    expect(named(' 41 ')).toEqual(['0041-add-tags.ts']);
    expect(named('0.0.9')).toEqual([]);
    expect(named('add-teaser')).toEqual([]);
  });
});
