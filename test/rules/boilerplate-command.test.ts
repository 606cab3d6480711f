import rule from '../../rules/boilerplate-command.js';
import { testSourceRule } from '../helpers/source-rule-tester.js';

testSourceRule(rule, {
  valid: [
    { name: 'other commands of the tool', file: 'scripts/export.sh', code: '#!/bin/bash\nset -e\ncontentful space export --space-id "$SPACE_ID" --export-dir ./export\n' },
    { name: 'a shell comment', file: 'scripts/setup.sh', code: '# contentful boilerplate  (old way)\necho "contentful"\n' },
    { name: 'a YAML comment in a workflow', file: '.github/workflows/ci.yml', code: 'jobs:\n  build:\n    steps:\n      # - run: npx contentful boilerplate\n      - run: npm test\n' },
    { name: 'a JavaScript comment', code: "// execSync('npx contentful boilerplate')\nexport const contentful = 1;\n" },
    { name: 'the word boilerplate without the tool', file: 'scripts/x.sh', code: 'npx create-contentful-app boilerplate\nyarn boilerplate # contentful\n' },
    { name: 'Markdown is not read', file: 'README.md', code: 'Run `contentful boilerplate` to start.\n' },
  ],
  invalid: [
    {
      name: 'a package.json script',
      file: 'package.json',
      code: '{\n  "name": "site",\n  "scripts": {\n    "setup": "npm i && contentful boilerplate --space-id $SPACE_ID",\n    "dev": "next dev"\n  }\n}\n',
      findings: [{ messageId: 'command', severity: 'warning', line: 4, column: 24, message: /^'contentful boilerplate' runs the command-line tool's boilerplate command, deprecated .* January 19 \(year not stated\)/ }],
    },
    {
      name: 'npx contentful-cli with a version, in a workflow',
      file: '.github/workflows/bootstrap.yml',
      code: 'jobs:\n  bootstrap:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npx contentful-cli@3 boilerplate --framework gatsby\n',
      findings: [{ messageId: 'command', severity: 'warning', line: 5, column: 14, message: /^'npx contentful-cli@3 boilerplate'/ }],
    },
    {
      name: 'the tool’s options before the command, in a shell script with a line continuation',
      file: 'bin/init.sh',
      code: 'node_modules/.bin/contentful --config ./cf.json \\\n  boilerplate\n',
      findings: [{ messageId: 'command', severity: 'warning', line: 1, column: 1 }],
    },
    {
      name: 'execSync with the command line, and spawn with the program and its arguments',
      code: "import { execSync, spawn } from 'node:child_process';\nexecSync('npx contentful boilerplate --framework nextjs');\nspawn('contentful', ['boilerplate', '--space-id', id]);\n",
      findings: [
        { messageId: 'command', severity: 'warning', line: 2, column: 10 },
        { messageId: 'command', severity: 'warning', line: 3, column: 1, message: /^'contentful boilerplate'/ },
      ],
    },
    {
      name: 'Python subprocess',
      file: 'tools/bootstrap.py',
      code: 'import subprocess\nsubprocess.run("contentful boilerplate", shell=True)\n',
      findings: [{ messageId: 'command', severity: 'warning', line: 2 }],
    },
  ],
});
