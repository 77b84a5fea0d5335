import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Hit} from '@sphere-docs/lib/search/engine';
import {pack} from '@sphere-docs/lib/search/format';
import {RECORDS} from '../../../tests/utils/search/sampleRecords';
import {createSearchClient, resetIndex} from './searchClient';

type HL = {value: string; matchLevel: string; matchedWords: string[]};
const sn = (hit: Hit, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], hit._snippetResult) as HL;

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
