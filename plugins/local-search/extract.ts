/**
 * Turns one built HTML page into DocSearch records. The selectors (../themeMarkup.ts) are those of
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
import {
  attribute,
  matches,
  parseHtml,
  select,
  selectAll,
  textContent,
  type Element,
  type Nodes,
  type Root,
} from '../hast';
import {SELECTORS} from '../themeMarkup';
import {LEVELS, type Hierarchy, type RecordType, type SearchRecord} from '@sphere-docs/lib/search/types';

/** Longest code text kept per block: enough to find an identifier, not enough to flood results. */
export const MAX_CODE_CHARS = 600;

export interface ExtractOptions {
  /** Absolute URL of the page (its canonical link wins when present). */
  url: string;
  /** Prefix of every objectID (e.g. the page's index in the build), keeps them unique across pages. */
  idPrefix: string;
}

const normalize = (text: string) => text.replace(/[\u200b\s]+/g, ' ').trim();

/** Text of an element without its descendants that match `drop` (the element itself always counts). */
function textWithout(el: Element, drop: string): string {
  let text = '';
  const walk = (node: Nodes) => {
    if (node.type === 'text') text += node.value;
    else if (node.type === 'element') {
      for (const child of node.children) {
        if (child.type === 'element' && matches(drop, child)) continue;
        walk(child);
      }
    }
  };
  walk(el);
  return text;
}

/** Text of an element without nested blocks that make records of their own. */
function ownText(el: Element, nested?: string): string {
  return normalize(textWithout(el, nested ? `${SELECTORS.exclude}, ${nested}` : SELECTORS.exclude));
}

/** Whether a page should stay out of the index. */
export function isIndexable(tree: Root): boolean {
  const robotsMeta = select('meta[name="robots"], meta[property="robots"]', tree);
  const robots = (robotsMeta && attribute(robotsMeta, 'content')) ?? '';
  return !/noindex/i.test(robots) && select(SELECTORS.lvl1, tree) !== undefined;
}

/** The text of a `<pre>`, line breaks (`<br>`) included. */
function preText(el: Element): string {
  let text = '';
  const walk = (node: Nodes) => {
    if (node.type === 'text') text += node.value;
    else if (node.type === 'element' && node.tagName === 'br') text += '\n';
    else if (node.type === 'element') node.children.forEach(walk);
  };
  walk(el);
  return text;
}

/** `tree` is the parsed page (parsed here from `html` when not given). */
export function extractRecords(
  html: string,
  {url, idPrefix}: ExtractOptions,
  tree: Root = parseHtml(html),
): SearchRecord[] {
  if (!isIndexable(tree)) return [];
  const attr = (selector: string, name: string) => {
    const el = select(selector, tree);
    return el ? attribute(el, name) : undefined;
  };
  const text = (el: Element | undefined) => (el ? normalize(textContent(el)) : '');
  const canonical = attr('link[rel="canonical"]', 'href');
  const pageUrl = (canonical ?? url).replace(/#.*$/, '');
  const meta = (name: string) => attr(`meta[name="docsearch:${name}"]`, 'content');
  const language = meta('language') ?? attr('html', 'lang') ?? 'en';
  const docusaurusTag = meta('docusaurus_tag') ?? 'default';
  const version = meta('version');

  const lvl0 = text(selectAll(SELECTORS.lvl0, tree).at(-1)) || SELECTORS.lvl0Default;
  const title = text(select(SELECTORS.lvl1, tree));
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
  const description = text(select(SELECTORS.description, tree));
  if (description) push('content', description);

  const root = select('article', tree);
  if (!root) return records;
  const wanted = `${SELECTORS.headings}, ${SELECTORS.content}, ${SELECTORS.code}`.replace(/article /g, '');
  const nested = 'ul, ol, p, pre, table, div.theme-code-block';
  // The article's descendants in document order, each with whether it or an ancestor is excluded (the exclusions
  // are parts of an article: nothing above the article is one).
  const visit = (el: Element, excluded: boolean) => {
    for (const child of el.children) {
      if (child.type !== 'element') continue;
      const out = excluded || matches(SELECTORS.exclude, child);
      if (matches(wanted, child) && !out) record(child);
      visit(child, out);
    }
  };
  const record = (el: Element) => {
    const tag = el.tagName.toLowerCase();
    const heading = /^h([2-6])$/.exec(tag);
    if (heading) {
      const level = Number(heading[1]);
      const text = ownText(el);
      if (!text) return;
      hierarchy[LEVELS[level]] = text;
      for (let deeper = level + 1; deeper < LEVELS.length; deeper++) hierarchy[LEVELS[deeper]] = null;
      anchor = attribute(el, 'id') ?? anchor;
      push(LEVELS[level] as RecordType, null);
      return;
    }
    if (tag === 'pre') {
      const code = normalize(preText(el)).slice(0, MAX_CODE_CHARS);
      if (code) push('content', code, true);
      return;
    }
    if (tag === 'tr') {
      // One record per table row (header rows have no td), cells joined, so a row reads as a line.
      const cells = el.children
        .filter((td): td is Element => td.type === 'element' && td.tagName === 'td')
        .map((td) => ownText(td, nested))
        .filter(Boolean);
      if (cells.length > 0) push('content', cells.join(' · '));
      return;
    }
    // Code inside a paragraph or list item stays (inline code); whole blocks are records of their own.
    const text = ownText(el, nested);
    if (text.length > 1) push('content', text);
  };
  visit(root, matches(SELECTORS.exclude, root));
  return records;
}
