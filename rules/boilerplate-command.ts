import { defineRule } from '../src/engine/rule.js';
import type { Token } from '../src/inputs/sources/text-facts.js';

/** Names the service's command-line tool runs under (its binary, its package, with or without a version or a path). */
const CLI_NAMES = new Set(['contentful', 'contentful-cli']);

function programName(word: string): string {
  const base = word.slice(word.lastIndexOf('/') + 1);
  const at = base.indexOf('@', 1);
  return at > 0 ? base.slice(0, at) : base;
}

/** Runners that start a package's binary: `npx contentful …`, `yarn contentful …`. */
const RUNNERS = new Set(['npx', 'yarn', 'pnpm', 'pnpx', 'bunx']);

/** The words of the tool's boilerplate command in a command line (from its runner, if any, to `boilerplate`), or null. */
export function boilerplateCommand(command: readonly Token[]): Token[] | null {
  for (let i = 0; i + 1 < command.length; i++) {
    if (!CLI_NAMES.has(programName(command[i]!.text))) continue;
    // Options of the tool itself may come before its command (`contentful --config x.json boilerplate`).
    let j = i + 1;
    while (j < command.length && command[j]!.text.startsWith('-')) j += command[j]!.text.includes('=') ? 1 : 2;
    if (command[j]?.text !== 'boilerplate') continue;
    const from = i > 0 && RUNNERS.has(command[i - 1]!.text) ? i - 1 : i;
    return command.slice(from, j + 1);
  }
  return null;
}

export default defineRule({
  meta: {
    id: 'boilerplate-command',
    description: "The command-line tool's deprecated boilerplate command, in scripts, workflows and code that runs it.",
    enforcement: { date: null, postponedFrom: null, note: 'January 19 (year not stated); in effect' },
    severity: 'warning',
    recommended: true,
    inputs: ['sources'],
    schema: { type: 'object', properties: {}, additionalProperties: false },
    messages: {
      command: {
        text: "'{{command}}' runs the command-line tool's boilerplate command, deprecated (with the boilerplate endpoint it calls) from January 19 (year not stated). Start from a starter repository or template instead, and remove the step.",
      },
    },
    docs: `
The service deprecated its boilerplate endpoint and the matching command of its command-line
tool (\`contentful boilerplate\`) from January 19; the change document does not state the year,
so the rule treats it as in effect and gives no year.

Reported, in application sources (the config's \`sources\`, or files named on the command line):

- \`contentful boilerplate\` (also \`npx contentful-cli boilerplate\`, \`node_modules/.bin/contentful
  boilerplate\`, with the tool's own options before the command) in shell scripts, \`package.json\`
  scripts, CI workflow YAML, Python and Ruby files;
- the same command line in a JavaScript/TypeScript string (\`execSync('npx contentful boilerplate')\`)
  or as the program and arguments of \`spawn\`/\`execFile\`/\`execa\`
  (\`spawn('contentful', ['boilerplate'])\`).

Not reported: comments (\`#\` in scripts and YAML, \`//\` and \`/* */\` in code), Markdown (not
read), other commands of the tool (\`contentful space export\`), and the word alone. Calls of the
boilerplate endpoint itself are not reported: the change document does not give its path.

## Examples

Reported:

\`\`\`json
{ "scripts": { "bootstrap": "contentful boilerplate --space-id $SPACE" } }
\`\`\`

Not reported:

\`\`\`sh
# contentful boilerplate   (a comment)
contentful space export --space-id "$SPACE"
\`\`\`

## Fix

Remove the step that runs the command. To set up a new project, start from a starter repository
or template (cloned, or copied once and committed) instead of generating one on every run.
`,
  },

  create(context) {
    return {
      sourceFile(file) {
        const seen = new Set<number>();
        for (const command of file.commands) {
          const words = boilerplateCommand(command);
          if (words === null) continue;
          const start = words[0]!.start;
          // One finding per place (a JavaScript string's words share its position; a quoted command is scanned as a line and as a string).
          if (seen.has(start)) continue;
          seen.add(start);
          context.report({ node: file.at(start), messageId: 'command', data: { command: words.map((t) => t.text).join(' ') } });
        }
      },
    };
  },
});
