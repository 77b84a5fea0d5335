/**
 * Where the content of a page built by the classic theme is, as CSS selectors over its HTML: the page title, the
 * headings and text of the article, and what inside the article is navigation rather than content. They are those of
 * the DocSearch crawler's Docusaurus template. Shared by the search extractor (plugins/local-search/extract.ts, which
 * turns the matches into records, and search/docsearch-crawler.config.js, checked against them) and the Markdown twins
 * (plugins/markdown-twins/docusaurusMarkup.ts, which leaves out what the search leaves out). They read the theme's
 * markup, not an API: architecture/touchpoints.md says what guards them.
 */
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
