import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** README.md and every Markdown file under docs/, as paths from the repository's root. */
function docFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      const path = `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** The text of a Markdown file without its fenced code blocks and code spans, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (but - and _), each space a hyphen. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: its headings' (a repeated one numbered -1, -2, ... as GitHub does). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Every link and image target in a Markdown file's prose. */
function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[(?:[^\]\n]|\][^(])*\]\(<?([^)\s>]+)>?(?: +"[^"]*")?\)/g)].map(
    (match) => match[1],
  );
}

/** What is wrong with one link of `file` (a path from the root), or undefined when it leads somewhere. */
function broken(file: string, target: string): string | undefined {
  // Other sites, and the service's own paths (/v1/docs, /dashboard), are not files of this repository.
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) return undefined;
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const resolved = path === '' ? file : relative(ROOT, join(ROOT, dirname(file), decodeURIComponent(path)));
  if (!existsSync(join(ROOT, resolved))) return `${target}: no file ${resolved}`;
  if (anchor === undefined || anchor === '' || !resolved.endsWith('.md')) return undefined;
  if (!anchors(readFileSync(join(ROOT, resolved), 'utf8')).has(decodeURIComponent(anchor)))
    return `${target}: ${resolved} has no heading #${anchor}`;
  return undefined;
}

describe('links in README.md and docs/', () => {
  it('finds links, files and anchors the way GitHub renders them', () => {
    expect(
      links('See [a](a.md#x-y), ![b](b.png "t") and [c](https://e.org).\n```\n[d](nowhere.md)\n```\n`[e](f.md)`'),
    ).toEqual(['a.md#x-y', 'b.png', 'https://e.org']);
    expect([
      ...anchors('# Title\n## The hosted API: `--remote URL`\n## Notes\n## Notes\n```\n# not a heading\n```'),
    ]).toEqual(['title', 'the-hosted-api---remote-url', 'notes', 'notes-1']);
    expect(broken('docs/api.md', 'errors.md#client-codes')).toBeUndefined();
    expect(broken('docs/api.md', 'no-such-file.md')).toBe('no-such-file.md: no file docs/no-such-file.md');
    expect(broken('docs/api.md', 'errors.md#no-such-heading')).toBe(
      'errors.md#no-such-heading: docs/errors.md has no heading #no-such-heading',
    );
    expect(broken('README.md', '#no-such-heading')).toBe('#no-such-heading: README.md has no heading #no-such-heading');
  });

  it('every relative link leads to a file, and every #anchor to a heading of it', () => {
    const problems: string[] = [];
    const files = docFiles();
    expect(files).toContain('docs/README.md');
    for (const file of files) {
      for (const target of links(readFileSync(join(ROOT, file), 'utf8'))) {
        const problem = broken(file, target);
        if (problem !== undefined) problems.push(`${file}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
