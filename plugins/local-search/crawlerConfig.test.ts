import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {SELECTORS} from '../themeMarkup';
import {INDEX_SETTINGS, SYNONYMS} from '@sphere-docs/lib/search/engine';
import {EMBEDDED} from './searchSetup';
import {selectAll} from 'hast-util-select';
import {attribute, parseHtml, textContent} from '../hast';
import {ALL_VERSIONS, ARCHIVED_VERSIONS, SITE} from '../../src/constants';

interface CrawlerConfig {
  appId: string;
  apiKey: string;
  startUrls: string[];
  actions: {indexName: string; pathsToMatch: string[]; recordExtractor: unknown}[];
  initialIndexSettings: Record<string, Record<string, unknown>>;
}

/** Evaluates the crawler configuration with a stand-in for the crawler's `Crawler` class. */
function loadCrawlerConfig(): CrawlerConfig {
  const source = readFileSync(join(__dirname, '..', '..', 'search', 'docsearch-crawler.config.js'), 'utf8');
  let config: CrawlerConfig | undefined;
  class Crawler {
    constructor(c: CrawlerConfig) {
      config = c;
    }
  }
  new Function('Crawler', source)(Crawler);
  return config!;
}

describe('DocSearch crawler configuration', () => {
  const config = loadCrawlerConfig();
  const settings = Object.values(config.initialIndexSettings)[0];

  it('holds no credentials and crawls this site into the index the embedded mode names', () => {
    expect(config.appId).toBe('');
    expect(config.apiKey).toBe('');
    expect(config.startUrls[0]).toBe(`${SITE.url}/`);
    expect(new Set(config.actions.map((a) => a.indexName))).toEqual(new Set([EMBEDDED.indexName]));
  });

  it('extracts with the selectors of the embedded index', () => {
    const source = readFileSync(join(__dirname, '..', '..', 'search', 'docsearch-crawler.config.js'), 'utf8');
    const props = new Function(`${source.split('const extractor')[0]}; return recordProps;`)() as Record<
      string,
      unknown
    >;
    expect(props.lvl0).toEqual({selectors: SELECTORS.lvl0, defaultValue: SELECTORS.lvl0Default});
    expect((props.lvl1 as string[]).join(', ')).toBe(SELECTORS.lvl1);
    expect(['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((l) => props[l]).join(', ')).toBe(SELECTORS.headings);
    const content = (props.content as string).replace(/:not\([^)]*\)/g, '');
    expect(content).toBe(`${SELECTORS.description}, ${SELECTORS.content}, ${SELECTORS.code}`);
    // Doc cards are dropped in both.
    expect(SELECTORS.exclude).toContain('a.card');
    expect(SELECTORS.exclude).toContain('[data-interactive]');
    expect(source).toMatch(/\$\(\s*'[^']*\ba\.card\b[^']*',?\s*\)\.remove\(\)/);
    // So are panels of controls for readers in the browser, such as the SPACE instance panel.
    expect(source).toMatch(/\$\(\s*'[^']*\[data-interactive\][^']*',?\s*\)\.remove\(\)/);
  });

  it('creates the index with the settings the embedded engine reproduces', () => {
    expect(settings).toMatchObject({
      highlightPreTag: INDEX_SETTINGS.highlightPreTag,
      highlightPostTag: INDEX_SETTINGS.highlightPostTag,
      attributesToSnippet: INDEX_SETTINGS.attributesToSnippet,
      minWordSizefor1Typo: INDEX_SETTINGS.minWordSizefor1Typo,
      minWordSizefor2Typos: INDEX_SETTINGS.minWordSizefor2Typos,
      distinct: INDEX_SETTINGS.distinct,
      attributeForDistinct: 'url',
      removeWordsIfNoResults: 'allOptional',
      camelCaseAttributes: ['hierarchy'],
      ignorePlurals: ['en'],
      removeStopWords: ['en'],
    });
    // The current version right after words and typos, then titles before headings, text and lvl0.
    expect(settings.ranking).toEqual([
      'words',
      'filters',
      'typo',
      'desc(weight.pageRank)',
      'attribute',
      'proximity',
      'exact',
      'custom',
    ]);
    const searchable = settings.searchableAttributes as string[];
    expect(searchable[0]).toBe('unordered(hierarchy.lvl1)');
    expect(searchable.at(-1)).toBe('unordered(hierarchy.lvl0)');
    // One action over the whole site, so each page is indexed once.
    expect(config.actions).toHaveLength(1);
    expect(config.actions[0].pathsToMatch).toEqual([`${SITE.url}/**`]);
  });

  it('ranks the current docs version and the pages outside the docs above older versions, naming no version', () => {
    const source = readFileSync(join(__dirname, '..', '..', 'search', 'docsearch-crawler.config.js'), 'utf8');
    for (const version of ALL_VERSIONS) expect(source).not.toContain(version);
    // The crawler hands the extractor a cheerio `$`; this one answers the calls the extractor makes, from a hast tree.
    type Selection = {attr(name: string): string | undefined; remove(): void; append(): void; last(): Selection};
    const $For = (html: string) => {
      const tree = parseHtml(html);
      const wrap = (found: ReturnType<typeof selectAll>): Selection & {text(): string} => ({
        attr: (name) => (found[0] ? attribute(found[0], name) : undefined),
        remove: () => undefined,
        append: () => undefined,
        last: () => wrap(found.slice(-1)),
        text: () => found.map(textContent).join(''),
      });
      return (selector: string) => wrap(selector ? selectAll(selector, tree) : []);
    };
    const extract = config.actions[0].recordExtractor as (args: {
      $: ReturnType<typeof $For>;
      helpers: {docsearch: (o: {recordProps: {pageRank: string}}) => unknown};
    }) => {recordProps: {pageRank: string}};
    const pageRank = (version?: string) =>
      extract({
        $: $For(
          `<html><head>${version ? `<meta name="docsearch:version" content="${version}">` : ''}</head><body></body></html>`,
        ),
        helpers: {docsearch: (o) => o},
      }).recordProps.pageRank;
    // Docusaurus names the docs/ folder's version "current" in its docsearch:version meta tag.
    expect(pageRank('current')).toBe('20');
    expect(pageRank()).toBe('20');
    for (const version of ARCHIVED_VERSIONS) expect(pageRank(version)).toBe('10');
  });

  it("ships the embedded engine's synonyms in the form the Algolia CLI imports", () => {
    const file = JSON.parse(readFileSync(join(__dirname, '..', '..', 'search', 'algolia-synonyms.json'), 'utf8')) as {
      objectID: string;
      type: string;
      synonyms: string[];
    }[];
    expect(file.map((s) => s.synonyms)).toEqual(SYNONYMS);
    expect(new Set(file.map((s) => s.objectID)).size).toBe(file.length);
    expect(file.every((s) => s.type === 'synonym')).toBe(true);
  });
});
