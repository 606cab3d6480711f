// Writes the files generated from rule metadata: the rule index (what runs read instead of
// importing every rule), the config JSON Schema and docs/rules/.
// Run with `npm run generate` (it builds first); test/meta.test.ts fails when they are stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildConfigSchema } from '../dist/src/config/config-schema.js';
import { configValidatorSource } from '../dist/src/config/config-validator-source.js';
import { defaultOptions } from '../dist/src/config/resolve-rules.js';
import { renderRuleDoc, renderRuleIndex, ruleDocsPath } from '../dist/src/docs/rule-docs.js';
import { loadBuiltinRules, RULE_INDEX, ruleIndexSource } from '../dist/src/rules-registry.js';

const root = new URL('../', import.meta.url);
const rules = await loadBuiltinRules();
mkdirSync(new URL('schema/', root), { recursive: true });
mkdirSync(new URL('docs/rules/', root), { recursive: true });
writeFileSync(RULE_INDEX, ruleIndexSource(rules));
writeFileSync(new URL('schema/linterrc.schema.json', root), `${JSON.stringify(buildConfigSchema(rules), null, 2)}\n`);
writeFileSync(new URL('schema/linterrc.validate.mjs', root), await configValidatorSource(rules));
for (const rule of rules) writeFileSync(new URL(ruleDocsPath(rule.meta.id), root), renderRuleDoc(rule.meta, defaultOptions(rule)));
writeFileSync(new URL('docs/rules/README.md', root), renderRuleIndex(rules.map((r) => r.meta)));
console.log(`generated schema/rule-index.json, schema/linterrc.schema.json, schema/linterrc.validate.mjs and ${rules.length} rule pages`);
