// DocSearch crawler configuration for this site (hosted search mode).
//
// Paste it into the Algolia Crawler editor (https://crawler.algolia.com) of the
// application whose ALGOLIA_APP_ID / ALGOLIA_API_KEY / ALGOLIA_INDEX_NAME the
// site is built with. The crawler, not the site, needs the write key: fill in
// `appId` and `apiKey` below in the editor only, never in this repository.
//
// The selectors are those of plugins/local-search/extract.ts (the embedded
// index), so both modes search the same records: lvl0 = the active sidebar
// category or navbar item, lvl1 = page title, lvl2-lvl6 = headings, content =
// a category page's description, paragraphs, list items, table rows (cells
// joined by " · ") and code blocks, doc cards left out; `language`,
// `docusaurus_tag` and `version` come from the pages' docsearch:* meta tags.
// plugins/local-search/crawlerConfig.test.ts keeps the two in step.
//
// Ranking follows the embedded engine (src/lib/search/engine.ts), whose
// choices the judgment list of search/relevance-judgments.ts measured: pages
// of the current docs version (the docs/ folder, whose docsearch:version meta
// tag Docusaurus sets to "current") and pages outside the docs get a higher
// pageRank, ranked right after words and typos, so they come above the older
// versions. No version name is written here, so cutting a new docs version
// needs no change to this file. Titles, then headings,
// then text, then the sidebar category (lvl0) are searched in that order;
// identifiers in titles and headings are split (camelCaseAttributes), as in the
// embedded engine; plurals and stop words are
// handled for English.
// The synonyms of the embedded engine are in search/algolia-synonyms.json: the
// crawler cannot set them; upload them once with the Algolia CLI
// (`algolia synonyms import sphere-docs -F search/algolia-synonyms.json`).

/* global Crawler */
const SITE = 'https://isa-group.github.io';
const INDEX_NAME = 'sphere-docs';

const recordProps = {
  lvl0: {
    selectors: '.menu__link.menu__link--sublist.menu__link--active, .navbar__item.navbar__link--active',
    defaultValue: 'Documentation',
  },
  lvl1: ['header h1', 'article h1'],
  lvl2: 'article h2',
  lvl3: 'article h3',
  lvl4: 'article h4',
  lvl5: 'article h5',
  lvl6: 'article h6',
  content: 'html.plugin-docs header h1 + p, article p, article li:not([role="tab"]), article tr, article pre',
};

/** The current docs version and the pages outside the docs rank first, as in the embedded engine. */
const pageRankOf = ($) => {
  const version = $('meta[name="docsearch:version"]').attr('content');
  return !version || version === 'current' ? '20' : '10';
};

const extractor = function recordExtractor({$, helpers}) {
  const pageRank = pageRankOf($);
  // Navigation inside the article is not content; doc cards repeat the pages they link to.
  $(
    'article nav, .pagination-nav, .theme-doc-toc-mobile, .theme-doc-footer, .hash-link, article thead, a.card, [data-interactive]',
  ).remove();
  // A table row is one record, its cells joined as in the embedded index.
  $('article td:not(:last-child)').append(' · ');
  const lvl0 = $(recordProps.lvl0.selectors).last().text().trim() || recordProps.lvl0.defaultValue;
  return helpers.docsearch({
    recordProps: {...recordProps, lvl0: {selectors: '', defaultValue: lvl0}, pageRank},
    indexHeadings: true,
    aggregateContent: true,
    recordVersion: 'v3',
  });
};

new Crawler({
  appId: '',
  apiKey: '',
  rateLimit: 8,
  maxDepth: 10,
  startUrls: [`${SITE}/`],
  sitemaps: [`${SITE}/sitemap.xml`],
  discoveryPatterns: [`${SITE}/**`],
  exclusionPatterns: [`${SITE}/search**`, `${SITE}/404**`],
  ignoreCanonicalTo: false,
  schedule: 'at 03:00 on Monday',
  actions: [
    {
      indexName: INDEX_NAME,
      pathsToMatch: [`${SITE}/**`],
      recordExtractor: extractor,
    },
  ],
  initialIndexSettings: {
    [INDEX_NAME]: {
      attributesForFaceting: ['type', 'lang', 'language', 'version', 'docusaurus_tag'],
      attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
      attributesToHighlight: ['hierarchy', 'content'],
      attributesToSnippet: ['content:10'],
      camelCaseAttributes: ['hierarchy'],
      searchableAttributes: [
        'unordered(hierarchy.lvl1)',
        'unordered(hierarchy.lvl2)',
        'unordered(hierarchy.lvl3)',
        'unordered(hierarchy.lvl4)',
        'unordered(hierarchy.lvl5)',
        'unordered(hierarchy.lvl6)',
        'content',
        'unordered(hierarchy.lvl0)',
      ],
      distinct: true,
      attributeForDistinct: 'url',
      customRanking: ['desc(weight.level)', 'asc(weight.position)'],
      ranking: ['words', 'filters', 'typo', 'desc(weight.pageRank)', 'attribute', 'proximity', 'exact', 'custom'],
      highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
      highlightPostTag: '</span>',
      minWordSizefor1Typo: 3,
      minWordSizefor2Typos: 7,
      allowTyposOnNumericTokens: false,
      minProximity: 1,
      ignorePlurals: ['en'],
      removeStopWords: ['en'],
      queryLanguages: ['en'],
      advancedSyntax: true,
      attributeCriteriaComputedByMinProximity: true,
      removeWordsIfNoResults: 'allOptional',
      separatorsToIndex: '_',
    },
  },
});
