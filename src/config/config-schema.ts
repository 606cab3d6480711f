import type { Rule } from '../engine/rule.js';
import { CODE_INPUT_KINDS } from '../inputs/kinds.js';

const severity = { enum: ['error', 'warning', 'info', 'off'] };

/**
 * A rule's setting: `severity`, `[severity]`, `[severity, options]`, or
 * `{ severity?, upcoming?, options? }`. Branching on the value's type keeps validation errors
 * about the form the user wrote.
 */
function ruleSetting(options: Record<string, unknown> | null): Record<string, unknown> {
  const severityProperties = {
    severity: { $ref: '#/definitions/severity', description: 'Severity once the change is in effect.' },
    upcoming: {
      $ref: '#/definitions/severity',
      description: 'Severity before the enforcement date (default: warning, never above `severity`).',
    },
  };
  return {
    if: { type: 'string' },
    then: { $ref: '#/definitions/severity' },
    else: {
      if: { type: 'array' },
      then: {
        type: 'array',
        items: options ? [{ $ref: '#/definitions/severity' }, options] : [{ $ref: '#/definitions/severity' }],
        minItems: 1,
        additionalItems: false,
      },
      else: {
        type: 'object',
        properties: options ? { ...severityProperties, options } : severityProperties,
        additionalProperties: false,
      },
    },
  };
}

/**
 * Settings of every rule by id. In `overrides`, options are not allowed: a rule runs once over
 * the whole space (several of them compare content types with each other), so only the
 * severity of its findings can differ by content type.
 */
function rulesObject(rules: readonly Rule<never>[], withOptions: boolean): Record<string, unknown> {
  const names = settingDefinitions(rules);
  const properties: Record<string, unknown> = {};
  for (const rule of rules) {
    properties[rule.meta.id] = { description: rule.meta.description, $ref: `#/definitions/${withOptions ? names.get(rule)!.name : 'setting'}` };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/**
 * The settings of the rules as definitions, each distinct options schema once: `settingNoOptions`
 * for the rules whose options object must be empty (most), `setting-<id>` for a rule with options
 * of its own; `setting` (no options at all) is for overrides. Referenced rather than repeated,
 * they are compiled once each into the validator of schema/linterrc.validate.mjs, which every
 * run with a config file loads (repeated, it was 531 KB).
 */
function settingDefinitions(rules: readonly Rule<never>[]): Map<Rule<never>, { name: string; schema: Record<string, unknown> }> {
  const byOptions = new Map<string, { name: string; schema: Record<string, unknown> }>();
  const names = new Map<Rule<never>, { name: string; schema: Record<string, unknown> }>();
  for (const rule of rules) {
    const key = JSON.stringify(rule.meta.schema);
    let definition = byOptions.get(key);
    if (!definition) {
      definition = { name: key === JSON.stringify(NO_OPTIONS) ? 'settingNoOptions' : `setting-${rule.meta.id}`, schema: ruleSetting(rule.meta.schema) };
      byOptions.set(key, definition);
    }
    names.set(rule, definition);
  }
  return names;
}

/** The options schema of a rule without options. */
const NO_OPTIONS = { type: 'object', properties: {}, additionalProperties: false };

/** `service.hosts`: the hosts (with an optional base path) of each of the service's APIs, for proxies and regional hosts. */
function serviceSchema(): Record<string, unknown> {
  const hostList = (api: string) => ({
    type: 'array',
    items: { type: 'string', minLength: 1, pattern: '^[^\\s/:]+(:\\d+)?(/[^\\s]*)?$' },
    description: `Hosts of the ${api} (host, host:port or host/base-path, without a scheme); replaces the default list.`,
  });
  return {
    type: 'object',
    description: 'The service as application code reaches it.',
    properties: {
      hosts: {
        type: 'object',
        properties: {
          management: hostList('management API (default: api.contentful.com, api.eu.contentful.com)'),
          delivery: hostList('delivery API (default: cdn.contentful.com, cdn.eu.contentful.com)'),
          preview: hostList('preview API (default: preview.contentful.com, preview.eu.contentful.com)'),
          graphql: hostList('GraphQL content API (default: graphql.contentful.com, graphql.eu.contentful.com)'),
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

/** The JSON Schema of `.linterrc.yaml`, generated from the rules' metadata. */
export function buildConfigSchema(rules: readonly Rule<never>[]): Record<string, unknown> {
  const globs = { type: 'array', items: { type: 'string', minLength: 1 } };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'cmlint configuration (.linterrc.yaml)',
    type: 'object',
    definitions: {
      severity,
      preset: { enum: ['recommended', 'all'] },
      setting: ruleSetting(null),
      ...Object.fromEntries([...settingDefinitions(rules).values()].map(({ name, schema }) => [name, schema])),
    },
    properties: {
      $schema: { type: 'string' },
      extends: {
        description: 'Presets to start from, in order: recommended (the default) or all.',
        if: { type: 'string' },
        then: { $ref: '#/definitions/preset' },
        else: { type: 'array', items: { $ref: '#/definitions/preset' } },
      },
      include: { ...globs, description: 'Globs of export files to lint when no paths are given, relative to this file.' },
      exclude: { ...globs, description: 'Globs of files never to lint, relative to this file.' },
      migrations: {
        ...globs,
        description:
          'Globs of migration scripts (.js, .cjs, .mjs, .ts), relative to this file: replayed in path order (file-name order within a folder) on the space with the migration tool (contentful-migration, installed beside cmlint), and the model they produce is linted. The scripts run in-process.',
      },
      migrationsApplied: {
        description:
          'The migration scripts the space on disk already holds (only the newer ones are replayed): the last of them (a path relative to this file), or the entry of the space that records the version of the last script run ({contentType, field, entry?}, as the service\'s continuous-delivery example keeps it in a versionTracking entry).',
        oneOf: [
          { type: 'string', minLength: 1 },
          {
            type: 'object',
            properties: {
              contentType: { type: 'string', minLength: 1, description: 'The content type of the version-tracking entry (versionTracking in the example).' },
              field: { type: 'string', minLength: 1, description: 'Its field that holds the version: the last script run, named by its file name without the extension (version in the example).' },
              entry: { type: 'string', minLength: 1, description: 'The id of the entry, when the content type has several.' },
            },
            required: ['contentType', 'field'],
            additionalProperties: false,
          },
        ],
      },
      ...Object.fromEntries(CODE_INPUT_KINDS.map((kind) => [kind.key, { ...globs, description: kind.description }])),
      taxonomy: {
        type: 'string',
        minLength: 1,
        description: 'The organisation taxonomy export ({"taxonomy": {"concepts": [], "conceptSchemes": []}}), relative to this file; --taxonomy wins.',
      },
      asOf: {
        type: 'string',
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'Judge enforcement dates as of this day (YYYY-MM-DD); --as-of wins.',
      },
      failOn: { enum: ['error', 'warning', 'info'], description: 'Lowest severity that fails the run (default: error).' },
      maxWarnings: { type: 'integer', minimum: 0, description: 'Fail the run when there are more warnings than this.' },
      baseline: {
        type: 'string',
        minLength: 1,
        description: 'Baseline file (relative to this file): the findings it records are hidden; --baseline wins.',
      },
      plugins: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        description: 'Modules with more rules: paths relative to this file (./my-rules.js) or package names.',
      },
      sources: {
        ...globs,
        description:
          'Globs of application source files to check for the service API changes, relative to this file (default: none): JavaScript/TypeScript is parsed; shell, Python, Ruby, workflow YAML and package.json are scanned for URLs and commands; Markdown is not read.',
      },
      service: serviceSchema(),
      rules: rulesObject(rules, true),
      overrides: {
        type: 'array',
        description: 'Rule settings for content types whose id matches a glob; later entries win.',
        items: {
          type: 'object',
          required: ['contentTypes', 'rules'],
          properties: { contentTypes: { ...globs, minItems: 1 }, rules: rulesObject(rules, false) },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  };
}
