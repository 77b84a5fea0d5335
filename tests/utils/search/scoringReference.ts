/**
 * The reference the fast path of src/lib/search/fastScoring.ts is held to, for its unit tests (tests/unit/search-fast-scoring.test.ts) and the
 * tests on the built index (tests/built/search-index.test.ts): `MiniSearch#search` on the same index, asked the query
 * the fast path answers, with the same boosts.
 */
import type MiniSearch from 'minisearch';
import {
  FIELD_BOOST,
  MATCH_WEIGHTS,
  allowedTypos,
  queryWords,
  type LocalSearchIndex,
} from '@sphere-docs/lib/search/engine';
import {miniSearchQuery, type Matches} from '@sphere-docs/lib/search/fastScoring';

/** The engine's parts the reference reads (private: the tests reach them on purpose). */
export interface EngineInside {
  mini: MiniSearch;
  docBoost: Float32Array;
  match(
    words: ReturnType<typeof queryWords>,
    combineWith: 'AND' | 'OR',
    accept: null,
    cache: Map<string, unknown>,
  ): Matches;
}

/** Record id → score, from the engine's scorer and from MiniSearch#search. */
export function scoresBoth(
  index: LocalSearchIndex,
  query: string,
  combineWith: 'AND' | 'OR',
): {engine: Map<number, number>; miniSearch: Map<number, number>} {
  const inside = index as unknown as EngineInside;
  const words = queryWords(query);
  const reference = inside.mini.search(miniSearchQuery(words, combineWith, allowedTypos), {
    boost: FIELD_BOOST,
    weights: MATCH_WEIGHTS,
    boostDocument: (id) => inside.docBoost[id as number],
  });
  const matches = inside.match(words, combineWith, null, new Map());
  return {
    engine: new Map(matches.ids.map((id) => [id, matches.score[id]])),
    miniSearch: new Map(reference.map((r) => [r.id as number, r.score])),
  };
}
