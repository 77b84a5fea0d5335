import {describe, expect, it} from 'vitest';
import {INDEX_SETTINGS, LocalSearchIndex, type Hit} from '@sphere-docs/lib/search/engine';
import {ORIGIN, RECORDS} from '../utils/search/sampleRecords';

const index = new LocalSearchIndex(RECORDS);
const modalParams = (query: string, size = 10) => ({
  query,
  indexName: 'sphere-docs',
  attributesToRetrieve: [
    ...['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((l) => `hierarchy.${l}`),
    'content',
    'type',
    'url',
  ],
  attributesToSnippet: [
    ...['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((l) => `hierarchy.${l}:${size}`),
    `content:${size}`,
  ],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: 20,
  clickAnalytics: false,
  facetFilters: [] as string[],
});
const urls = (hits: Hit[]) => hits.map((h) => h.url!.replace(ORIGIN, ''));
type HL = {value: string; matchLevel: string; matchedWords: string[]};
const hl = (hit: Hit, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], hit._highlightResult) as HL;
const sn = (hit: Hit, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], hit._snippetResult) as HL;

describe('local search engine', () => {
  it('answers a modal request with highlighted, snippeted hits in the requested shape', () => {
    // The heading and the paragraph below it share a url: distinct keeps the heading.
    expect(index.search(modalParams('subscriptions')).nbHits).toBe(1);
    const res = index.search({...modalParams('subscriptions'), distinct: false});
    expect(res).toMatchObject({
      nbHits: 2,
      page: 0,
      nbPages: 1,
      hitsPerPage: 20,
      query: 'subscriptions',
      index: 'sphere-docs',
    });
    expect(res.queryID).toBeUndefined();
    const [heading, paragraph] = res.hits;
    // The heading outranks the paragraph under it.
    expect(heading.type).toBe('lvl2');
    expect(Object.keys(heading).sort()).toEqual([
      '_highlightResult',
      '_snippetResult',
      'content',
      'hierarchy',
      'objectID',
      'type',
      'url',
    ]);
    expect(sn(heading, 'hierarchy.lvl2')).toEqual({value: '<mark>Subscriptions</mark>', matchLevel: 'full'});
    expect(hl(heading, 'hierarchy.lvl0')).toMatchObject({value: 'Getting Started', matchLevel: 'none'});
    expect(paragraph.type).toBe('content');
    expect(sn(paragraph, 'content').value).toBe('A <mark>subscription</mark> binds a customer to a plan and its…');
    // Found through a typo (one letter less), highlighted whole.
    expect(hl(paragraph, 'content')).toMatchObject({matchLevel: 'full', matchedWords: ['subscriptions']});
  });

  it('cuts snippets to the requested number of words around the first match', () => {
    const hit = index.search(modalParams('billing', 5)).hits[0];
    // Hyphens separate words, as in Algolia: "add-ons" is two.
    expect(sn(hit, 'content').value).toBe('…ons for a <mark>billing</mark> period.');
    const page = index.search({query: 'billing', distinct: false}).hits.find((h) => h.type === 'content')!;
    // Index defaults: the DocSearch highlight class and content:10, no ellipsis text.
    expect(sn(page, 'content').value).toBe(
      `a plan and its add-ons for a ${INDEX_SETTINGS.highlightPreTag}billing${INDEX_SETTINGS.highlightPostTag} period.`,
    );
  });

  it('tolerates one typo from 3 letters and two from 7, and none below 3', () => {
    expect(urls(index.search(modalParams('subscriptoin')).hits)).toContain(
      '/docs/2.0.1/docs/Introduction#subscriptions',
    );
    expect(urls(index.search(modalParams('sabscribtion')).hits)).toContain(
      '/docs/2.0.1/docs/Introduction#subscriptions',
    );
    expect(index.search(modalParams('sabscribtoin')).nbHits).toBe(0);
    // 3 to 6 letters: one typo ("plam" finds "plan"), not two.
    expect(index.search(modalParams('plam')).nbHits).toBeGreaterThan(0);
    expect(index.search(modalParams('plmm')).nbHits).toBe(0);
    // Below 3 letters, no typo: "ay" is not "a".
    expect(index.search(modalParams('zz')).nbHits).toBe(0);
    const typo = index.search(modalParams('featur component')).hits[0];
    expect(hl(typo, 'hierarchy.lvl1').value).toBe('The <mark>Feature</mark> <mark>component</mark>');
  });

  it('matches the last word as a prefix, and highlights only the typed part', () => {
    const res = index.search(modalParams('billing per'));
    expect(res.nbHits).toBe(1);
    expect(sn(res.hits[0], 'content').value).toContain('<mark>billing</mark> <mark>per</mark>iod');
    // A trailing space ends the word: no prefix any more.
    expect(index.search(modalParams('billing per ')).hits[0]).toBeDefined();
    expect(index.search({...modalParams('perio'), query: 'perio '}).nbHits).toBe(
      index.search(modalParams('perio')).nbHits,
    );
  });

  it('ranks titles above body text and the current version above older ones', () => {
    const res = index.search(modalParams('feature'));
    const order = urls(res.hits);
    expect(order[0]).toBe('/docs/2.0.1/api/feature');
    // The older version's page comes after the current version's records that match as well.
    expect(order.indexOf('/docs/2.0.0/api/feature')).toBeGreaterThan(order.indexOf('/docs/2.0.1/api/feature#errors'));
    // Code matches come after prose.
    const both = index.search({query: 'feature', distinct: false}).hits;
    const prose = both.findIndex((h) => h.content?.startsWith('Store the token'));
    const code = both.findIndex((h) => h.content?.startsWith('<script>'));
    expect(prose).toBeGreaterThanOrEqual(0);
    expect(code).toBeGreaterThan(prose);
  });

  it('makes every word optional when all of them find nothing', () => {
    const res = index.search(modalParams('subscription zzzz'));
    expect(res.nbHits).toBeGreaterThan(0);
    expect(hl(res.hits[0], 'hierarchy.lvl2').matchLevel).toBe('partial');
  });

  it('escapes record text: markup in a page never reaches the HTML', () => {
    const hit = index.search(modalParams('alert')).hits[0];
    expect(sn(hit, 'content').value).toBe('&#60;script&#62;<mark>alert</mark>(1)&#60;/script&#62; &#60;Feature/&#62;');
    expect(hl(hit, 'content').value).not.toMatch(/<(script|feature)/i);
    expect(hit).not.toHaveProperty('code');
  });

  it('filters by facets (AND of ORs, negation) and counts facet values', () => {
    const all = index.search({query: 'feature', distinct: false});
    const current = index.search({
      query: 'feature',
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
      distinct: false,
    });
    expect(current.nbHits).toBe(all.nbHits - 1);
    expect(urls(current.hits)).not.toContain('/docs/2.0.0/api/feature');
    expect(
      index
        .search({query: 'feature', facetFilters: ['docusaurus_tag:-docs-default-current']})
        .hits.map((h) => h.version),
    ).toEqual(['2.0.0']);
    expect(index.search({query: 'feature', facetFilters: 'language:fr'}).nbHits).toBe(0);
    const faceted = index.search({query: 'feature', facets: ['docusaurus_tag', 'language'], hitsPerPage: 0});
    expect(faceted.hits).toEqual([]);
    expect(faceted.facets).toEqual({
      docusaurus_tag: {'docs-default-current': faceted.nbHits - 1, 'docs-default-2.0.0': 1},
      language: {en: faceted.nbHits},
    });
    expect(() => index.search({query: 'x', facetFilters: ['nocolon']})).toThrow(/Invalid facet filter/);
  });

  it('is distinct by url by default and paginates', () => {
    const distinct = index.search({query: 'feature'});
    expect(new Set(urls(distinct.hits)).size).toBe(distinct.hits.length);
    expect(index.search({query: 'feature', distinct: false}).nbHits).toBeGreaterThan(distinct.nbHits);
    const p0 = index.search({query: 'feature', hitsPerPage: 2, page: 0});
    const p1 = index.search({query: 'feature', hitsPerPage: 2, page: 1});
    expect(p0.nbPages).toBe(Math.ceil(distinct.nbHits / 2));
    expect([...urls(p0.hits), ...urls(p1.hits)]).toEqual(urls(distinct.hits).slice(0, 4));
    expect(index.search({query: 'feature', hitsPerPage: 2, page: 99}).hits).toEqual([]);
  });

  it('sends a queryID only with clickAnalytics', () => {
    expect(index.search({...modalParams('feature'), clickAnalytics: true}).queryID).toMatch(/^[0-9a-f]{32}$/);
  });
});
