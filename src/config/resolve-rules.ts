import type { Rule, SeveritySetting } from '../engine/rule.js';
import { compileGlob, GlobSyntaxError } from '../util/glob/compile-glob.js';
import { ConfigError } from './config-error.js';
import type { ConfigFile, RuleSetting, SeverityOverrides } from './load-config.js';

/** A rule as it runs for some content types: its severity, upcoming severity and options. */
export interface RuleRun {
  severity: SeveritySetting;
  upcoming: SeveritySetting;
  options: Record<string, unknown>;
}

/** The options a rule runs with when none are configured: each top-level property's `default`. */
export function defaultOptions(rule: Rule<never>): Record<string, unknown> {
  const properties = (rule.meta.schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const options: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (property.default !== undefined) options[key] = structuredClone(property.default);
  }
  return options;
}

function applySetting(run: RuleRun, setting: RuleSetting): RuleRun {
  if (typeof setting === 'string') return { ...run, severity: setting };
  if (Array.isArray(setting)) return { ...run, severity: setting[0], options: { ...run.options, ...setting[1] } };
  return {
    severity: setting.severity ?? run.severity,
    upcoming: setting.upcoming ?? run.upcoming,
    options: { ...run.options, ...setting.options },
  };
}

/** Presets apply in order: `recommended` turns on the rules marked for it with their recommended options, `all` every rule with its defaults. */
function applyPreset(run: RuleRun, preset: 'recommended' | 'all', rule: Rule<never>): RuleRun {
  if (preset === 'all') return { ...run, severity: rule.meta.severity, options: defaultOptions(rule) };
  if (!rule.meta.recommended) return run;
  return { ...run, severity: rule.meta.severity, options: { ...defaultOptions(rule), ...rule.meta.recommendedOptions } };
}

/**
 * Compiles a content type id glob (`*`, `?`, `[…]`, `{a,b}`) into a matcher that takes time
 * linear in the id, whatever the glob (util/glob/compile-glob.ts); throws GlobSyntaxError.
 */
export function globMatcher(glob: string): (id: string) => boolean {
  return compileGlob(glob, { paths: false }).matches;
}

/**
 * Which rules run, how, and for which content types: presets, then `rules`; `overrides` then
 * apply per content type id, later ones winning; the command line's `--rule` severities win
 * over all of the config, overrides included.
 */
export class RuleConfiguration {
  readonly base = new Map<string, RuleRun>();
  private readonly overrides: { matches: (id: string) => boolean; rules: SeverityOverrides }[];
  private readonly perContentType = new Map<string, Map<string, RuleRun>>();

  constructor(
    readonly rules: readonly Rule<never>[],
    config: ConfigFile,
    private readonly cliRules: Readonly<Record<string, SeveritySetting>> = {},
  ) {
    const presets: ('recommended' | 'all')[] = config.extends === undefined ? ['recommended'] : [config.extends].flat();
    for (const rule of rules) {
      let run: RuleRun = { severity: 'off', upcoming: 'warning', options: defaultOptions(rule) };
      for (const preset of presets) run = applyPreset(run, preset, rule);
      const setting = config.rules?.[rule.meta.id];
      if (setting !== undefined) run = applySetting(run, setting);
      const cli = cliRules[rule.meta.id];
      if (cli !== undefined) run = { ...run, severity: cli };
      this.base.set(rule.meta.id, run);
    }
    this.overrides = (config.overrides ?? []).map((o, i) => {
      let matchers: ((id: string) => boolean)[];
      try {
        matchers = o.contentTypes.map(globMatcher);
      } catch (error) {
        // A config that did not come from a file (the programmatic API): files are checked when read (check-globs.ts).
        if (error instanceof GlobSyntaxError) throw new ConfigError(`overrides[${i}].contentTypes: ${error.message}`);
        throw error;
      }
      return { matches: (id: string) => matchers.some((m) => m(id)), rules: o.rules };
    });
  }

  /** The rule's run for findings about `contentTypeId` (null: findings about no content type). */
  runFor(ruleId: string, contentTypeId: string | null): RuleRun {
    const base = this.base.get(ruleId)!;
    if (contentTypeId === null || this.overrides.length === 0) return base;
    let runs = this.perContentType.get(contentTypeId);
    if (!runs) {
      runs = new Map();
      this.perContentType.set(contentTypeId, runs);
    }
    let run = runs.get(ruleId);
    if (!run) {
      run = base;
      for (const override of this.overrides) {
        const setting = override.rules[ruleId];
        if (setting !== undefined && override.matches(contentTypeId)) run = applySetting(run, setting);
      }
      const cli = this.cliRules[ruleId];
      if (cli !== undefined) run = { ...run, severity: cli };
      runs.set(ruleId, run);
    }
    return run;
  }

  /** True if the rule is on for some content type (or for the space as a whole). */
  isActive(ruleId: string): boolean {
    if (this.base.get(ruleId)!.severity !== 'off') return true;
    if (this.cliRules[ruleId] !== undefined) return false;
    return this.overrides.some((o) => {
      const setting = o.rules[ruleId];
      return setting !== undefined && applySetting(this.base.get(ruleId)!, setting).severity !== 'off';
    });
  }
}
