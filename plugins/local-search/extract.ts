/**
 * Turns one built HTML page into DocSearch records. The selectors are those of
 * the DocSearch crawler's Docusaurus template (also used by
 * search/docsearch-crawler.config.js), so the embedded index and a hosted
 * Algolia index hold the same records:
 * - lvl0: the deepest active sidebar category, else the active navbar item, else "Documentation";
 * - lvl1: the page title (`header h1, article h1`); lvl2…lvl6: `article h2`…`article h6`;
 * - content: the paragraph right after the title in the page header (a generated category page's description),
 *   `article p, article li`, table rows (`article tr`, cells joined by " · "); code blocks (`article pre`) as
 *   content too, marked `code`.
 * Doc cards (the links of a generated category page, or of a `DocCardList`) are left out: each repeats, emoji
 * first, the title and description of the page it links to, which has records of its own.
 */
import * as cheerio from 'cheerio';
import type {AnyNode, Element} from 'domhandler';
import {LEVELS, type Hierarchy, type RecordType, type SearchRecord} from './types';

export const SELECTORS = {
  lvl0: '.menu__link.menu__link--sublist.menu__link--active, .navbar__item.navbar__link--active',
  lvl0Default: 'Documentation',
  lvl1: 'header h1, article h1',
  /** A generated category page's description: the header's paragraph after the title, on docs pages only. */
  description: 'html.plugin-docs header h1 + p',
  headings: 'article h2, article h3, article h4, article h5, article h6',
  content: 'article p, article li, article tr',
  code: 'article pre',
  /** Parts of an article that are navigation, not content. */
  exclude:
    'nav, .pagination-nav, .theme-doc-toc-mobile, .theme-doc-footer, [role="tab"], .hash-link, button, a.card, [data-interactive]',
} as const;

/** Longest code text kept per block: enough to find an identifier, not enough to flood results. */
export const MAX_CODE_CHARS = 600;

export interface ExtractOptions {
  /** Absolute URL of the page (its canonical link wins when present). */
  url: string;
  /** Prefix of every objectID (e.g. the page's index in the build), keeps them unique across pages. */
  idPrefix: string;
}

const normalize = (text: string) => text.replace(/[\u200b\s]+/g, ' ').trim();

/** Text of an element without nested blocks that make records of their own. */
function ownText($: cheerio.CheerioAPI, el: Element, nested?: string): string {
  const drop = nested ? `${SELECTORS.exclude}, ${nested}` : SELECTORS.exclude;
  const node = $(el);
  if (node.find(drop).length === 0) return normalize(node.text());
  const clone = node.clone();
  clone.find(drop).remove();
  return normalize(clone.text());
}

/** Whether a page should stay out of the index. */
export function isIndexable($: cheerio.CheerioAPI): boolean {
  const robots = $('meta[name="robots"], meta[property="robots"]').attr('content') ?? '';
  return !/noindex/i.test(robots) && $(SELECTORS.lvl1).length > 0;
}

export function extractRecords(html: string, {url, idPrefix}: ExtractOptions): SearchRecord[] {
  const $ = cheerio.load(html, {xml: {xmlMode: false, decodeEntities: true}});
  if (!isIndexable($)) return [];
  const canonical = $('link[rel="canonical"]').attr('href');
  const pageUrl = (canonical ?? url).replace(/#.*$/, '');
  const meta = (name: string) => $(`meta[name="docsearch:${name}"]`).attr('content');
  const language = meta('language') ?? $('html').attr('lang') ?? 'en';
  const docusaurusTag = meta('docusaurus_tag') ?? 'default';
  const version = meta('version');

  const lvl0 = normalize($(SELECTORS.lvl0).last().text()) || SELECTORS.lvl0Default;
  const title = normalize($(SELECTORS.lvl1).first().text());
  const hierarchy: Hierarchy = {lvl0, lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};

  const records: SearchRecord[] = [];
  let anchor = '';
  const push = (type: RecordType, content: string | null, code = false) => {
    records.push({
      objectID: `${idPrefix}-${records.length}`,
      type,
      url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
      content,
      hierarchy: {...hierarchy},
      language,
      docusaurus_tag: docusaurusTag,
      ...(version ? {version} : {}),
      ...(code ? {code: true as const} : {}),
    });
  };
  push('lvl1', null);
  const description = normalize($(SELECTORS.description).first().text());
  if (description) push('content', description);

  const root = $('article').first();
  if (root.length === 0) return records;
  const wanted = `${SELECTORS.headings}, ${SELECTORS.content}, ${SELECTORS.code}`.replace(/article /g, '');
  root.find(wanted).each((_, node: AnyNode) => {
    const el = node as Element;
    if ($(el).closest(SELECTORS.exclude).length > 0) return;
    const tag = el.tagName.toLowerCase();
    const heading = /^h([2-6])$/.exec(tag);
    if (heading) {
      const level = Number(heading[1]);
      const text = ownText($, el);
      if (!text) return;
      hierarchy[LEVELS[level]] = text;
      for (let deeper = level + 1; deeper < LEVELS.length; deeper++) hierarchy[LEVELS[deeper]] = null;
      anchor = $(el).attr('id') ?? anchor;
      push(LEVELS[level] as RecordType, null);
      return;
    }
    if (tag === 'pre') {
      const block = $(el).clone();
      block.find('br').replaceWith('\n');
      const code = normalize(block.text()).slice(0, MAX_CODE_CHARS);
      if (code) push('content', code, true);
      return;
    }
    if (tag === 'tr') {
      // One record per table row (header rows have no td), cells joined, so a row reads as a line.
      const cells = $(el)
        .children('td')
        .toArray()
        .map((td) => ownText($, td, 'ul, ol, p, pre, table, div.theme-code-block'))
        .filter(Boolean);
      if (cells.length > 0) push('content', cells.join(' · '));
      return;
    }
    // Code inside a paragraph or list item stays (inline code); whole blocks are records of their own.
    const text = ownText($, el, 'ul, ol, p, pre, table, div.theme-code-block');
    if (text.length > 1) push('content', text);
  });
  return records;
}
