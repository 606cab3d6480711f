// Writes the files generated from the rules: the table of rule modules (src/engine/rule-modules.ts,
// static imports the bundler follows), the rule index (what runs read instead of importing every
// rule), the config JSON Schema and docs/rules/.
// Run with `npm run generate` (it builds first); test/meta.test.ts fails when they are stale.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { buildConfigSchema } from '../dist/src/config/config-schema.js';
import { configValidatorSource } from '../dist/src/config/config-validator-source.js';
import { defaultOptions } from '../dist/src/config/resolve-rules.js';
import { renderRuleDoc, renderRuleIndex, ruleDocsPath } from '../dist/src/docs/rule-docs.js';
import { RULE_INDEX, ruleIndexSource, ruleModulesSource } from '../dist/src/engine/rules-registry.js';

const root = new URL('../', import.meta.url);
// The rules are the files in rules/ (not the table, which this writes), as tsc built them.
const ids = readdirSync(new URL('rules/', root))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.ts'.length))
  .sort();
const rules = await Promise.all(ids.map(async (id) => (await import(new URL(`dist/rules/${id}.js`, root).href)).default));
writeFileSync(new URL('src/engine/rule-modules.ts', root), ruleModulesSource(ids));
mkdirSync(new URL('schema/', root), { recursive: true });
mkdirSync(new URL('docs/rules/', root), { recursive: true });
writeFileSync(RULE_INDEX, ruleIndexSource(rules));
writeFileSync(new URL('schema/linterrc.schema.json', root), `${JSON.stringify(buildConfigSchema(rules), null, 2)}\n`);
writeFileSync(new URL('schema/linterrc.validate.mjs', root), await configValidatorSource(rules));
for (const rule of rules) writeFileSync(new URL(ruleDocsPath(rule.meta.id), root), renderRuleDoc(rule.meta, defaultOptions(rule)));
writeFileSync(new URL('docs/rules/README.md', root), renderRuleIndex(rules.map((r) => r.meta)));
console.log(`generated src/engine/rule-modules.ts, schema/rule-index.json, schema/linterrc.schema.json, schema/linterrc.validate.mjs and ${rules.length} rule pages`);
