/**
 * Renders docs/*.md into HTML pages of the site (`/docs/<name>.html`), so the
 * references of the API reference (/v1/docs) and of the pages are working
 * links on any deployment, not file names. Build time only (marked is a
 * devDependency); the pages carry no script.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';

/** One rendered page: its file name under docs/ and its HTML. */
export interface DocsPage {
  name: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every docs/*.md of `docsDir` as a page: a link to another rendered page
 * points at its .html; a link to a file outside docs/ (source, README) stays
 * as its text, since the site does not serve it.
 * @example renderDocsPages('docs', '/styles.css?v=1').find((p) => p.name === 'errors.html')
 */
export function renderDocsPages(docsDir: string, stylesUrl: string): DocsPage[] {
  const sources = readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .sort();
  const rendered = new Set(sources);
  const marked = new Marked({
    renderer: {
      link({ href, tokens }: Tokens.Link): string {
        const text = this.parser.parseInline(tokens);
        const [file, anchor] = href.split('#');
        if (/^[a-z]+:/i.test(href) || href.startsWith('/') || href.startsWith('#'))
          return `<a href="${escapeHtml(href)}">${text}</a>`;
        if (rendered.has(file))
          return `<a href="${escapeHtml(file.replace(/\.md$/, '.html') + (anchor === undefined ? '' : `#${anchor}`))}">${text}</a>`;
        return text;
      },
    },
  });
  return sources.map((source) => {
    const markdown = readFileSync(join(docsDir, source), 'utf8');
    const title = /^# (.+)$/m.exec(markdown)?.[1] ?? source;
    // Wide tables and code scroll inside themselves; a scrolling box must take keyboard focus to be scrolled by keyboard.
    const body = marked
      .parse(markdown, { async: false })
      .replace(
        /<table>/g,
        '<div class="scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways)"><table>',
      )
      .replace(/<\/table>/g, '</table></div>')
      .replace(/<pre>/g, '<pre tabindex="0">');
    return { name: source.replace(/\.md$/, '.html'), html: page(title.replace(/`/g, ''), body, stylesUrl) };
  });
}

function page(title: string, body: string, stylesUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · ussynth docs</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="${stylesUrl}">
</head>
<body>
  <header class="site">
    <p class="brand"><a href="/">ussynth</a></p>
    <nav aria-label="Site"><a href="/">Free demo</a> <a href="/signup">Sign up</a> <a href="/dashboard">Dashboard</a> <a href="/v1/docs">API reference</a> <a href="/docs/api.html">Guides</a></nav>
  </header>
  <main class="docs">
${body}
  </main>
</body>
</html>
`;
}
