/**
 * The reference the search engine's query executor (LocalSearchIndex#match, which reads MiniSearch's index directly)
 * is held to: `MiniSearch#search` on the same index, with the query `match` answers.
 */
import type MiniSearch from 'minisearch';
import {
  FIELD_BOOST,
  MATCH_WEIGHTS,
  allowedTypos,
  queryWords,
  type LocalSearchIndex,
} from '../../plugins/local-search/engine';

interface Inside {
  mini: MiniSearch;
  docBoost: Float32Array;
  match(
    words: ReturnType<typeof queryWords>,
    combineWith: 'AND' | 'OR',
    accept: null,
    cache: Map<string, unknown>,
  ): {ids: number[]; score: Float64Array};
}

/** Record id → score, from the engine's executor and from MiniSearch#search. */
export function scoresBoth(
  index: LocalSearchIndex,
  query: string,
  combineWith: 'AND' | 'OR',
): {engine: Map<number, number>; miniSearch: Map<number, number>} {
  const inside = index as unknown as Inside;
  const words = queryWords(query);
  const reference = inside.mini.search(
    {
      combineWith,
      queries: words.map((w) => ({
        combineWith: 'OR',
        queries: [
          {queries: [w.term], prefix: w.prefix, fuzzy: (t: string) => allowedTypos(t) || false},
          ...(w.extra.length > 0 ? [{queries: w.extra, prefix: false, fuzzy: false}] : []),
        ],
      })),
    },
    {boost: FIELD_BOOST, weights: MATCH_WEIGHTS, boostDocument: (id) => inside.docBoost[id as number]},
  );
  const matches = inside.match(words, combineWith, null, new Map());
  return {
    engine: new Map(matches.ids.map((id) => [id, matches.score[id]])),
    miniSearch: new Map(reference.map((r) => [r.id as number, r.score])),
  };
}
