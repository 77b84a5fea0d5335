import {afterEach, describe, expect, it, vi} from 'vitest';
import type * as MiniSearchModule from 'minisearch';
import MiniSearch from 'minisearch';
import {JUDGMENTS} from '../../search/relevance-judgments';
import type {InternalsChange} from '../utils/search/changedInternals';
import {LocalSearchIndex, queryWords, type SearchParams} from '@sphere-docs/lib/search/engine';
import {addAllMemoized} from '@sphere-docs/lib/search/fastScoring';
import {ORIGIN, RECORDS, rec} from '../utils/search/sampleRecords';
import {scoresBoth, type EngineInside} from '../utils/search/scoringReference';

// MiniSearch as it is, unless a test asks for its internals changed (tests/utils/search/changedInternals.ts).
const change = vi.hoisted((): InternalsChange => ({hide: [], reshape: false}));
vi.mock('minisearch', async (importOriginal) => {
  const actual = await importOriginal<typeof MiniSearchModule>();
  const {withChangedInternals} = await import('../utils/search/changedInternals');
  return {...actual, default: withChangedInternals(actual.default, change)};
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

describe('when MiniSearch’s internals change', () => {
  afterEach(() => {
    change.hide = [];
    change.reshape = false;
  });
  const records = [
    ...RECORDS,
    rec('lvl1', '/docs/2.0.1/api/renew', ['Pricing4Java', 'RenewTokenFilter']),
    rec('content', '/docs/2.0.1/api/renew', ['Pricing4Java', 'RenewTokenFilter'], 'Renewing the pricing token.'),
    rec('lvl1', '/docs/2.0.1/api/context', ['Pricing4Java', 'PricingContext']),
    rec('content', '/docs/2.0.1/api/context', ['Pricing4Java', 'PricingContext'], 'Configure the usage limits.'),
    rec('lvl1', '/docs/2.0.1/docs/install', ['Getting Started', 'Instalation']),
    rec('content', '/docs/2.0.1/docs/install', ['Getting Started', 'Instalation'], 'Installing with Maven.'),
    rec('content', '/docs/1.4.0/docs/install', ['Getting Started', 'Installation'], 'Install it.', '1.4.0'),
  ].map((r, i) => ({...r, objectID: String(i)}));
  const fast = new LocalSearchIndex(records);
  const queries = [
    ...JUDGMENTS.map((j) => j.query),
    'feature',
    'featur',
    'featrue',
    'pricing tok',
    'instalation maven',
    'the feature of the plan',
    'xyzzy feature',
    'feature ',
  ];
  /** Everything the engine answers for a query but the time it took. */
  const answer = (index: LocalSearchIndex, params: SearchParams) => {
    const {processingTimeMS: _time, ...rest} = index.search(params);
    return rest;
  };
  const requests = queries.flatMap((query) => [
    {query, hitsPerPage: 1000},
    {query, hitsPerPage: 1000, distinct: false},
    {query, facetFilters: ['version:current']},
  ]);
  const isFast = (index: LocalSearchIndex) => (index as unknown as {scorer: {fast: boolean}}).scorer.fast;
  /**
   * What the scorer hands the ranking, for every query with AND and with OR: the matching records, and for each its
   * score and how and where it holds each query word.
   */
  const matches = (index: LocalSearchIndex) => {
    const inside = index as unknown as EngineInside;
    return queries.flatMap((query) =>
      (['AND', 'OR'] as const).map((combineWith) => {
        const {ids, terms, score, how, place} = inside.match(queryWords(query), combineWith, null, new Map());
        const of = (id: number) => ({
          score: score[id],
          how: [...how.slice(id * terms.length, (id + 1) * terms.length)],
          place: [...place.slice(id * terms.length, (id + 1) * terms.length)],
        });
        return {query, combineWith, terms, records: new Map(ids.map((id) => [id, of(id)]))};
      }),
    );
  };

  it('takes the fast path on MiniSearch as it is', () => {
    expect(isFast(fast)).toBe(true);
  });

  it('finds something for most judged queries on these records, so the comparisons below are not vacuous', () => {
    const found = JUDGMENTS.filter((j) => fast.search({query: j.query}).nbHits > 0);
    expect(found.length).toBeGreaterThanOrEqual(20);
  });

  it.each([['_fieldLength'], ['_avgFieldLength'], ['_fieldIds'], ['_documentIds'], ['_index']])(
    'answers every query through MiniSearch#search when %s is missing, with the same hits in the same order',
    (field) => {
      change.hide = [field];
      const changed = new LocalSearchIndex(records);
      expect(isFast(changed)).toBe(false);
      for (const params of requests) {
        expect(answer(changed, params), JSON.stringify(params)).toEqual(answer(fast, params));
      }
      // Every input of the ranking is the same: the matching records, their scores to the last bit, the places of
      // each word.
      expect(matches(changed)).toEqual(matches(fast));
    },
  );

  it('falls back at the first query the fast path cannot read, and answers it and every later one the same', () => {
    change.reshape = true;
    const changed = new LocalSearchIndex(records);
    expect(isFast(changed)).toBe(true);
    for (const params of requests) {
      expect(answer(changed, params), JSON.stringify(params)).toEqual(answer(fast, params));
    }
    expect(isFast(changed)).toBe(false);
    expect(matches(changed)).toEqual(matches(fast));
  });
});
