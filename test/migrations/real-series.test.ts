import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleConfiguration } from '../../src/config/resolve-rules.js';
import { runRules } from '../../src/engine/run-rules.js';
import { configuredScripts, withMigrations } from '../../src/inputs/migrations/index.js';
import { loadSpace } from '../../src/inputs/space/load-space.js';
import { loadBuiltinRules } from '../../src/engine/rules-registry.js';

/** 64 scripts of a real project (fixtures/migrations/asap-hub-crn/README.md) that build 24 content types from nothing. */
const FIXTURE = join(import.meta.dirname, '../../fixtures/migrations/asap-hub-crn');

describe('a real series of migration scripts that builds a model from nothing', () => {
  it('replays; the steps the migration tool rejects are the only migration-invalid findings', async () => {
    const rules = await loadBuiltinRules();
    const loaded = { config: { migrations: ['migrations/**/*.{js,ts}'] }, path: join(FIXTURE, '.linterrc.yaml'), rules };
    const scripts = (await configuredScripts(loaded, FIXTURE))!;
    expect(scripts).toHaveLength(64);

    const space = await withMigrations(await loadSpace([], FIXTURE), scripts, { cwd: FIXTURE, configShown: '.linterrc.yaml' });
    const { findings, stats } = await runRules(space, new RuleConfiguration(rules, { extends: ['all'] }), '2026-11-21');
    expect(stats.contentTypes).toBe(24);

    const invalid = findings.filter((f) => f.ruleId === 'migration-invalid').map((f) => [f.file, f.line, f.target.contentType, f.target.field]);
    // `awardType/` sorts before `awards/`: its first script adds a field to `awards` before the
    // `awards/` folder creates it. The tool rejects that script, so `awardType` is never created;
    // its later scripts, and the `awards` script that uses the field, are rejected in turn.
    expect(invalid).toEqual([
      ['migrations/awardType/20260624120000-add-award-type.js', 44, 'awards', 'awardType'],
      ['migrations/awardType/20260624120000-add-award-type.js', 45, 'awards', 'awardType'],
      ['migrations/awardType/20260716144340-add-small-icon-field.js', 7, 'awardType', 'smallIcon'],
      ['migrations/awardType/20260716144340-add-small-icon-field.js', 8, 'awardType', 'smallIcon'],
      ['migrations/awardType/20260716144340-add-small-icon-field.js', 26, 'awardType', 'icon'],
      ['migrations/awardType/20260908001909-add-team-metrics-fields.js', 11, 'awardType', 'asapPhilosophy'],
      ['migrations/awardType/20260908001909-add-team-metrics-fields.js', 12, 'awardType', 'asapPhilosophy'],
      ['migrations/awardType/20260908001909-add-team-metrics-fields.js', 25, 'awardType', 'metricDefinition'],
      ['migrations/awardType/20260908001909-add-team-metrics-fields.js', 26, 'awardType', 'metricDefinition'],
      ['migrations/awards/20260630120000-replace-type-with-short-description.js', 22, 'awards', 'awardType'],
      ['migrations/awards/20260630120000-replace-type-with-short-description.js', 25, 'awards', 'awardType'],
      ['migrations/awards/20260630120000-replace-type-with-short-description.js', 26, 'awards', 'date'],
    ]);
    expect(findings.find((f) => f.ruleId === 'migration-invalid')!.message).toContain(
      'You cannot create a field with id "awardType" on content type "awards" because it does not exist',
    );

    // What the rules say about the model the scripts build, each at the line that made it.
    const others = findings.filter((f) => f.ruleId !== 'migration-invalid').map((f) => [f.ruleId, f.file, f.line, f.target.contentType, f.target.field]);
    expect(others).toEqual([
      ['display-field-unresolvable', 'migrations/attendance/20250717135446-add-attendance-model.js', 5, 'attendance', null],
      ['display-field-unresolvable', 'migrations/discover/20230608094700-discover-asap.js', 5, 'discover', null],
      ['display-field-unresolvable', 'migrations/discussions/20241016120158-create-discussions.js', 5, 'discussions', null],
      ['display-field-unresolvable', 'migrations/interestGroups/20230512103000-interest-groups.js', 156, 'interestGroupLeaders', null],
      ['graphql-derived-type-collision', 'migrations/interestGroups/20250711083933-remove-old-teams-field.js', 7, 'interestGroups', 'teams'],
      ['display-field-unresolvable', 'migrations/interestGroupsTeams/20250703111638-add-model-ig-teams.js', 4, 'interestGroupsTeams', null],
      ['graphql-derived-type-collision', 'migrations/interestGroupsTeams/20250703111638-add-model-ig-teams.js', 4, 'interestGroupsTeams', null],
    ]);
  });
});
