/**
 * The README (a user's guide) and the pages under docs/ link to each other: every relative link
 * names a file of the repository, and every `#anchor` a heading of that file (as GitHub makes
 * anchors from headings).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

const PAGES = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** GitHub's anchor of a heading: lower case, punctuation other than `-` dropped, spaces as `-`. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), 'utf8').replace(/```[^]*?```/g, '');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!)));
}

describe('links between the README and docs/', () => {
  it.each(PAGES)('%s: every relative link leads to a file, and to a heading of it', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, hash] = target!.split('#');
      const file = path === '' ? page : relative(ROOT, join(ROOT, dirname(page), path!));
      expect(existsSync(join(ROOT, file)), `${page}: ${target}`).toBe(true);
      if (hash !== undefined) expect(anchorsOf(file), `${page}: ${target}`).toContain(hash);
    }
  });

  it('the README says once which platform the service is', () => {
    const paragraphs = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n\n');
    const naming = paragraphs.filter((p) => p.includes('Contentful'));
    expect(naming).toHaveLength(1);
    expect(naming[0]).toMatch(/^The service is \*\*Contentful\*\*; these docs and cmlint's messages call it "the service"\./);
  });
});
