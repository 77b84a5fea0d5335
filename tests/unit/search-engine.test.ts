import {afterEach, describe, expect, it, vi} from 'vitest';
import MiniSearch from 'minisearch';
import {INDEX_SETTINGS, LocalSearchIndex, addAllMemoized, type Hit} from '../../plugins/local-search/engine';
import {createSearchClient, resetIndex} from '../../plugins/local-search/client/searchClient';
import {pack} from '../../plugins/local-search/format';
import type {RecordType, SearchRecord} from '../../plugins/local-search/types';
import {scoresBoth} from '../utils/searchReference';

const ORIGIN = 'https://docs.example.org';
let n = 0;
function rec(
  type: RecordType,
  path: string,
  h: [string, string, string?, string?],
  content: string | null = null,
  version = 'current',
  extra: Partial<SearchRecord> = {},
): SearchRecord {
  const tag = version === 'current' ? 'docs-default-current' : `docs-default-${version}`;
  return {
    objectID: String(n++),
    type,
    url: `${ORIGIN}${path}`,
    content,
    hierarchy: {lvl0: h[0], lvl1: h[1], lvl2: h[2] ?? null, lvl3: h[3] ?? null, lvl4: null, lvl5: null, lvl6: null},
    language: 'en',
    docusaurus_tag: tag,
    version,
    ...extra,
  };
}

const RECORDS: SearchRecord[] = [
  rec('lvl1', '/docs/2.0.1/api/feature', ['Pricing4React', 'The Feature component']),
  rec(
    'content',
    '/docs/2.0.1/api/feature',
    ['Pricing4React', 'The Feature component'],
    'The Feature component renders its children when a feature is enabled in the pricing token.',
  ),
  rec('lvl2', '/docs/2.0.1/api/feature#errors', ['Pricing4React', 'The Feature component', 'What can go wrong']),
  rec(
    'content',
    '/docs/2.0.1/api/feature#errors',
    ['Pricing4React', 'The Feature component', 'What can go wrong'],
    'Store the token before rendering toggled components, or every feature evaluates to false.',
  ),
  rec(
    'content',
    '/docs/2.0.1/api/feature#errors',
    ['Pricing4React', 'The Feature component', 'What can go wrong'],
    '<script>alert(1)</script> <Feature/>',
    'current',
    {code: true},
  ),
  rec('lvl1', '/docs/2.0.0/api/feature', ['Pricing4React', 'The Feature component']),
  rec('lvl1', '/docs/2.0.1/docs/Introduction', ['Getting Started', 'Introduction']),
  rec(
    'content',
    '/docs/2.0.1/docs/Introduction',
    ['Getting Started', 'Introduction'],
    'A SaaS product sells the same code base in several plans; a pricing describes them with features and usage limits.',
  ),
  rec('lvl2', '/docs/2.0.1/docs/Introduction#subscriptions', ['Getting Started', 'Introduction', 'Subscriptions']),
  rec(
    'content',
    '/docs/2.0.1/docs/Introduction#subscriptions',
    ['Getting Started', 'Introduction', 'Subscriptions'],
    'A subscription binds a customer to a plan and its add-ons for a billing period.',
  ),
].map((r, i) => ({
  ...r,
  version: i === 5 ? '2.0.0' : r.version,
  docusaurus_tag: i === 5 ? 'docs-default-2.0.0' : r.docusaurus_tag,
}));

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

describe('query execution', () => {
  // Identifiers (split in headings), synonyms looked up as extra forms, prefixes, typos, stop words, repeated words.
  const more = [
    rec('lvl1', '/docs/2.0.1/api/renew', ['Pricing4Java', 'RenewTokenFilter']),
    rec('content', '/docs/2.0.1/api/renew', ['Pricing4Java', 'RenewTokenFilter'], 'Renewing the pricing token.'),
    rec('lvl1', '/docs/2.0.1/docs/install', ['Getting Started', 'Instalation'], null),
    rec(
      'content',
      '/docs/2.0.1/docs/install',
      ['Getting Started', 'Instalation'],
      'Installing with Maven: installation.',
    ),
    rec('content', '/docs/1.4.0/docs/install', ['Getting Started', 'Installation'], 'Install it.', '1.4.0'),
    // Twins: the same section on two pages, equal on every ranking key.
    rec('content', '/docs/2.0.1/docs/twin-b', ['Guides', 'Twins'], 'Zebra stripes.'),
    rec('content', '/docs/2.0.1/docs/twin-a', ['Guides', 'Twins'], 'Zebra stripes.'),
  ];
  const big = new LocalSearchIndex([...RECORDS, ...more].map((r, i) => ({...r, objectID: String(i)})));
  const queries = [
    'feature',
    'featur',
    'featrue',
    'pricing token',
    'pricing tok',
    'renew token filter',
    'RenewTokenFilter',
    'install',
    'instalation maven',
    'the feature of the plan',
    'feature feature',
    'usage limits subscription',
    'xyzzy feature',
  ];

  it.each(queries)('scores "%s" exactly as MiniSearch#search does, with AND and with OR', (query) => {
    for (const combineWith of ['AND', 'OR'] as const) {
      const {engine, miniSearch} = scoresBoth(big, query, combineWith);
      expect(engine).toEqual(miniSearch);
    }
  });

  it('finds something for the queries above, so the comparison is not vacuous', () => {
    const found = queries.filter((q) => scoresBoth(big, q, 'AND').engine.size > 0);
    expect(found.length).toBeGreaterThanOrEqual(queries.length - 2);
    expect(scoresBoth(big, 'xyzzy feature', 'OR').engine.size).toBeGreaterThan(0);
  });

  it('breaks exact ties by record order', () => {
    const hits = big.search({query: 'zebra stripes'}).hits;
    expect(hits.map((h) => h.url!.replace(ORIGIN, ''))).toEqual(['/docs/2.0.1/docs/twin-b', '/docs/2.0.1/docs/twin-a']);
  });
});

describe('memoised indexing', () => {
  const words = (text: string) =>
    Array.from({length: 400}, (_, i) => `${text} ${['pricing', 'plan', 'feature', 'addon'][i % 4]} w${i % 37}`);
  const build = (add: (mini: MiniSearch<{id: number; text: string}>, docs: {id: number; text: string}[]) => void) => {
    const mini = new MiniSearch<{id: number; text: string}>({fields: ['text']});
    add(
      mini,
      words('doc').map((text, id) => ({id, text})),
    );
    return mini;
  };

  it('builds exactly the index MiniSearch#addAll builds, and leaves MiniSearch as it was', () => {
    const plain = build((mini, docs) => mini.addAll(docs));
    const memoised = build(addAllMemoized);
    expect(JSON.stringify(memoised)).toEqual(JSON.stringify(plain));
    expect(memoised.search('pricing w3').map((r) => r.id)).toEqual(plain.search('pricing w3').map((r) => r.id));
    // The lookup shortcut is gone once the documents are in: later additions take MiniSearch's own path.
    expect(Object.prototype.hasOwnProperty.call((memoised as unknown as {_index: object})._index, 'fetch')).toBe(false);
    memoised.add({id: 1000, text: 'pricing later'});
    plain.add({id: 1000, text: 'pricing later'});
    expect(JSON.stringify(memoised)).toEqual(JSON.stringify(plain));
  });
});

describe('local search client', () => {
  afterEach(() => {
    resetIndex();
    vi.unstubAllGlobals();
  });
  const serve = (body: unknown, ok = true) => {
    const fetch = vi.fn(async () => ({ok, status: ok ? 200 : 503, json: async () => body}));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const client = () => createSearchClient('APP', 'KEY', () => ({url: '/local-search/index.test.json'}));

  it('fails like the Algolia client on a missing appId or apiKey', () => {
    expect(() => createSearchClient('', 'k', () => ({url: null}))).toThrow('`appId` is missing.');
    expect(() => createSearchClient('a', '', () => ({url: null}))).toThrow('`apiKey` is missing.');
  });

  it('answers the v5 {requests} shape and the legacy array shape alike, loading the index once', async () => {
    const fetch = serve(pack(RECORDS));
    const c = client();
    c.addAlgoliaAgent('docusaurus', '3.8.1');
    expect(c.transporter.algoliaAgent.value).toContain('docusaurus (3.8.1)');
    const v5 = await c.search({
      requests: [{indexName: 'sphere-docs', query: 'subscription', hitsPerPage: 1, distinct: false}],
    });
    const legacy = await c.search([
      {indexName: 'sphere-docs', params: {query: 'subscription', hitsPerPage: 1, distinct: false}},
    ]);
    const legacyString = await c.search([
      {indexName: 'sphere-docs', params: 'query=subscription&hitsPerPage=1&distinct=false'},
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const res of [v5, legacy, legacyString]) {
      expect(res.results).toHaveLength(1);
      expect(res.results[0]).toMatchObject({nbHits: 2, hitsPerPage: 1, nbPages: 2, query: 'subscription'});
    }
    const hitsOf = (res: {results: unknown[]}) => (res.results[0] as {hits: Hit[]}).hits;
    expect(hitsOf(legacy)).toEqual(hitsOf(v5));
    expect(hitsOf(legacyString)).toEqual(hitsOf(v5));
    const page2 = await c.search([
      {indexName: 'sphere-docs', params: {query: 'subscription', hitsPerPage: 1, page: 1, distinct: false}},
    ]);
    expect(hitsOf(page2)[0].objectID).not.toBe(hitsOf(v5)[0].objectID);
    await expect(c.search(undefined as never)).rejects.toThrow(
      'Parameter `searchMethodParams` is required when calling `search`.',
    );
    expect(() => c.getRecommendations(undefined as never)).toThrow(
      'Parameter `getRecommendationsParams` is required when calling `getRecommendations`.',
    );
  });

  it('raises a RetryError when the index cannot be fetched, and fetches again on the next search', async () => {
    const failing = serve({}, false);
    const c = client();
    await expect(c.search({requests: [{query: 'plan'}]})).rejects.toMatchObject({name: 'RetryError'});
    expect(failing).toHaveBeenCalledTimes(1);
    serve(pack(RECORDS));
    const res = await c.search({requests: [{query: 'plan'}]});
    expect((res.results[0] as {nbHits: number}).nbHits).toBeGreaterThan(0);
  });

  it('explains in a result why there is no index (dev server before any build)', async () => {
    const c = createSearchClient('APP', 'KEY', () => ({url: null, missingReason: 'Run "npm run build" <once>.'}));
    const res = (await c.search({requests: [{query: 'plan'}]})).results[0] as {hits: Hit[]};
    expect(res.hits).toHaveLength(1);
    expect(res.hits[0].hierarchy?.lvl1).toBe('Run "npm run build" <once>.');
    expect(sn(res.hits[0], 'hierarchy.lvl1').value).toBe('Run &#34;npm run build&#34; &#60;once&#62;.');
  });
});
