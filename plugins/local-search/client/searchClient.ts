/**
 * A search client with the surface of algoliasearch's v5 lite client, backed
 * by the embedded index. Both `algoliasearch/lite` (the /search page) and the
 * DocSearch modal get it in embedded mode (see ../index.ts). Nothing runs at
 * import or construction time, so server-side rendering is safe; the index and
 * the engine are fetched on first use and shared by every client on the page.
 */
import {escapeHtml} from '@sphere-docs/lib/escapeHtml';
import type {LocalSearchIndex, SearchParams, SearchResponse} from '@sphere-docs/lib/search/engine';

type LegacyRequest = {indexName: string; params?: SearchParams | string; type?: string};
type SearchMethodParams = {requests: (SearchParams & {type?: string})[]} | LegacyRequest[];

/** Where and how to get the index; from the plugin's global data (see ./indexSource.ts). */
export interface IndexSource {
  /** URL of the index file, or null when there is none (the dev server before any build). */
  url: string | null;
  /** Why there is no index, shown in the modal instead of results. */
  missingReason?: string;
}

let indexPromise: Promise<LocalSearchIndex> | null = null;

/** The error Algolia's transporter raises when no host answers; DocSearch shows its error screen for it. */
export class RetryError extends Error {
  readonly stackTrace: unknown[] = [];
  constructor(message: string) {
    super(message);
    this.name = 'RetryError';
  }
}

/**
 * Starts loading the index file and the engine, in parallel, once per page: the navbar's search button calls this on
 * hover, focus or its shortcut (./SearchButton.tsx), alongside the modal's code; every search waits for the same
 * promise.
 */
export function loadIndex(source: IndexSource): Promise<LocalSearchIndex> {
  if (!indexPromise) {
    const {url} = source;
    if (!url) return Promise.reject(new Error(source.missingReason ?? 'No search index.'));
    indexPromise = Promise.all([
      fetch(url).then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json();
      }),
      import(/* webpackChunkName: "local-search-engine" */ '@sphere-docs/lib/search/engine'),
    ])
      .then(([file, {LocalSearchIndex, unpack}]) => new LocalSearchIndex(unpack(file)))
      .catch((error: unknown) => {
        // Let the next keystroke try again: the network may come back.
        indexPromise = null;
        throw new RetryError(`Unable to load the search index ${url}: ${(error as Error).message}`);
      });
  }
  return indexPromise;
}

/** Forget the loaded index (tests and benchmarks). */
export function resetIndex(): void {
  indexPromise = null;
}

function required(field: string, method: string, value: unknown) {
  if (value == null || (typeof value === 'string' && value.length === 0)) {
    throw new Error(`Parameter \`${field}\` is required when calling \`${method}\`.`);
  }
}

function parseParams(params: SearchParams | string | undefined): SearchParams {
  if (typeof params !== 'string') return params ?? {};
  const out: SearchParams = {};
  for (const [k, v] of new URLSearchParams(params)) {
    try {
      out[k] = JSON.parse(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/** The v5 `search` accepts `{requests}` and, for older callers such as algoliasearch-helper, an array. */
export function normalizeRequests(params: SearchMethodParams): {requests: (SearchParams & {type?: string})[]} {
  if (Array.isArray(params)) {
    return {
      requests: params.map(({params: p, ...legacy}) => ({...legacy, ...parseParams(p)})),
    };
  }
  return params;
}

export function createSearchClient(appId: string, apiKey: string, source: () => IndexSource) {
  if (!appId || typeof appId !== 'string') throw new Error('`appId` is missing.');
  if (!apiKey || typeof apiKey !== 'string') throw new Error('`apiKey` is missing.');
  const agents = ['Embedded search (MiniSearch)'];
  const algoliaAgent = {
    get value() {
      return agents.join('; ');
    },
    add({segment, version}: {segment: string; version?: string}) {
      const agent = version ? `${segment} (${version})` : segment;
      if (!agents.includes(agent)) agents.push(agent);
      return algoliaAgent;
    },
  };

  async function search(searchMethodParams: SearchMethodParams): Promise<{results: unknown[]}> {
    required('searchMethodParams', 'search', searchMethodParams);
    const {requests} = normalizeRequests(searchMethodParams);
    required('searchMethodParams.requests', 'search', requests);
    const src = source();
    if (!src.url) return {results: requests.map((r) => explain(r, src.missingReason ?? 'No search index.'))};
    const index = await loadIndex(src);
    return {
      results: requests.map((request) =>
        request.type === 'facet' ? facetHits(index, request) : index.search(request),
      ),
    };
  }

  return {
    appId,
    apiKey,
    transporter: {algoliaAgent},
    get _ua() {
      return algoliaAgent.value;
    },
    addAlgoliaAgent(segment: string, version?: string) {
      algoliaAgent.add({segment, version});
    },
    setClientApiKey(_: {apiKey: string}) {},
    clearCache() {
      return Promise.resolve();
    },
    search,
    searchForHits: search,
    searchForFacets: search,
    getRecommendations(params: {requests: unknown[]} | unknown[]) {
      const p = Array.isArray(params) ? {requests: params} : params;
      required('getRecommendationsParams', 'getRecommendations', p);
      required('getRecommendationsParams.requests', 'getRecommendations', p.requests);
      // The embedded index has no recommendation models: every request answers no hits.
      return Promise.resolve({results: p.requests.map(() => ({hits: [], nbHits: 0, processingTimeMS: 0}))});
    },
    customPost({path}: {path: string}) {
      return Promise.reject(new Error(`The embedded search index does not serve custom calls (${path}).`));
    },
  };
}

export type LocalSearchClient = ReturnType<typeof createSearchClient>;

/** Facet-value search (`type: 'facet'`): the values of `facet` among matching records, filtered by `facetQuery`. */
function facetHits(index: LocalSearchIndex, request: SearchParams & {facet?: string; facetQuery?: string}) {
  const facet = String(request.facet ?? '');
  const res = index.search({...request, facets: [facet], hitsPerPage: 0, distinct: false});
  const q = String(request.facetQuery ?? '').toLowerCase();
  const facetHits = Object.entries(res.facets?.[facet] ?? {})
    .filter(([value]) => value.toLowerCase().includes(q))
    .sort((a, b) => b[1] - a[1])
    .map(([value, count]) => ({value, highlighted: value, count}));
  return {facetHits, exhaustiveFacetsCount: true, processingTimeMS: res.processingTimeMS};
}

/** A single result explaining why search cannot answer (only when no index exists, i.e. in development). */
function explain(request: SearchParams, reason: string): SearchResponse {
  const url = typeof window === 'undefined' ? 'http://localhost/' : window.location.href.replace(/#.*$/, '');
  const value = escapeHtml(reason);
  const hierarchy = {
    lvl0: 'Search unavailable',
    lvl1: reason,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const hl = {value, matchLevel: 'none' as const, matchedWords: []};
  return {
    hits: [
      {
        objectID: 'search-unavailable',
        type: 'lvl1',
        url,
        content: null,
        hierarchy,
        _highlightResult: {hierarchy: {lvl0: {...hl, value: 'Search unavailable'}, lvl1: hl}},
        _snippetResult: {hierarchy: {lvl1: {value, matchLevel: 'none'}}},
      },
    ],
    nbHits: 1,
    page: 0,
    nbPages: 1,
    hitsPerPage: Number(request.hitsPerPage ?? 20),
    exhaustiveNbHits: true,
    exhaustive: {nbHits: true},
    query: String(request.query ?? ''),
    params: '',
    index: String(request.indexName ?? ''),
    processingTimeMS: 0,
    renderingContent: {},
  };
}
