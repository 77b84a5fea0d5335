/**
 * The part of the search client that needs the engine, loaded with it (chunk local-search-engine): builds the index
 * from the file's bytes and answers a batch of search requests. Pure code.
 */
import {LocalSearchIndex, unpack, type SearchParams} from '../engine';

export type SearchRequest = SearchParams & {type?: string; facet?: string; facetQuery?: string};

/** Builds the engine over a packed index file; throws on a file that is not JSON or not of the packed shape. */
export function buildIndex(file: ArrayBuffer): LocalSearchIndex {
  return new LocalSearchIndex(unpack(JSON.parse(new TextDecoder().decode(file))));
}

export function answer(index: LocalSearchIndex, requests: SearchRequest[]): unknown[] {
  return requests.map((request) => (request.type === 'facet' ? facetHits(index, request) : index.search(request)));
}

/** Facet-value search (`type: 'facet'`): the values of `facet` among matching records, filtered by `facetQuery`. */
function facetHits(index: LocalSearchIndex, request: SearchRequest) {
  const facet = String(request.facet ?? '');
  const res = index.search({...request, facets: [facet], hitsPerPage: 0, distinct: false});
  const q = String(request.facetQuery ?? '').toLowerCase();
  const facetHits = Object.entries(res.facets?.[facet] ?? {})
    .filter(([value]) => value.toLowerCase().includes(q))
    .sort((a, b) => b[1] - a[1])
    .map(([value, count]) => ({value, highlighted: value, count}));
  return {facetHits, exhaustiveFacetsCount: true, processingTimeMS: res.processingTimeMS};
}
