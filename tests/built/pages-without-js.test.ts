/**
 * What a reader without JavaScript gets of every doc page, read from the built HTML: one title, text, the sidebar of
 * the page's section with the page marked, the navbar's sections, and every tab panel and code block in the markup.
 * Whether the browser then shows them (the stylesheet hides closed tab panels; a <noscript> style shows them again) is
 * a matter of CSS, the same on every page that shows the same kinds of content: the crawl of tests/e2e/pages.spec.ts
 * reads, without JavaScript, each page that shows a kind of content first (representativePages) and checks it there.
 */
import {describe, expect, it} from 'vitest';
import {attribute, select, selectAll, textContent, type Element} from '../../plugins/hast';
import {builtPages, sitemapUrls} from './site';

const DOC = /^\/docs\/[^/]+\/(docs|api|contrib|commonErrors)\//;
const sitemap = new Set(sitemapUrls().map((u) => new URL(u).pathname));
const docPages = builtPages().filter((p) => DOC.test(p.path) && sitemap.has(p.path));

/** Text of an element, trimmed; "" for none. */
const text = (el: Element | undefined) => (el ? textContent(el).trim() : '');
/** The [label, href] of every link under `root`. */
const links = (root: Element | undefined): [string, string][] =>
  root ? selectAll('a[href]', root).map((a) => [text(a), attribute(a, 'href') ?? '']) : [];

describe('every doc page without JavaScript', () => {
  it('the build has the doc pages of every version', () => {
    expect(docPages.length).toBeGreaterThan(100);
  });

  it('a <noscript> style shows every closed tab panel', () => {
    const [page] = docPages;
    const styles = selectAll('head noscript', page.tree).map((el) => text(el));
    expect(styles.join('\n')).toMatch(/\.tabs-container \[role=tabpanel\]\[hidden\]\{display:block\}/);
  });

  it.each(docPages.map((p) => [p.path, p] as const))('%s', (path, page) => {
    const article = select('article', page.tree);
    expect(article, 'an article').toBeDefined();
    const h1s = selectAll('h1', article!).filter((h) => text(h) && !select('[hidden]', h));
    expect(h1s.length, 'one h1').toBe(1);
    expect(selectAll('p', article!).filter((p) => text(p)).length, 'paragraphs').toBeGreaterThan(0);

    const sidebar = select('nav[aria-label="Docs sidebar"]', page.tree);
    const sidebarLinks = links(sidebar);
    expect(sidebarLinks.length, 'sidebar links').toBeGreaterThan(0);
    for (const [label, href] of sidebarLinks) expect(href, `sidebar link ${label}`).toMatch(/^\/docs\//);
    const current = sidebar && select('a[aria-current="page"]', sidebar);
    expect(current && attribute(current, 'href'), 'the sidebar marks the page').toBe(path);

    const navbar = new Map(links(select('nav.navbar', page.tree)));
    for (const label of ['Getting Started', 'Developer Guide', 'FAQs']) {
      expect(navbar.get(label), `navbar ${label}`).toMatch(/^\/docs\//);
    }

    // Every code block holds its code, and every tab its panel, in the markup.
    for (const pre of selectAll('pre', article!)) expect(text(pre), 'a code block with code').not.toBe('');
    const tabs = selectAll('[role="tab"]', article!);
    const panels = selectAll('[role="tabpanel"]', article!);
    expect(panels.length, 'one panel per tab').toBe(tabs.length);
    for (const panel of panels) expect(text(panel), 'a tab panel with content').not.toBe('');
  });
});
