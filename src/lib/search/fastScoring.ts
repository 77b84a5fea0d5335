/**
 * Which records hold a query's words, with the score MiniSearch gives them, computed straight from MiniSearch's
 * private index for speed, and MiniSearch's public `search` to fall back on.
 *
 * `MiniSearch#search` builds an object per matching record listing every field of every matched index word: for a
 * word held by most records ("pricing" is in 4,800 of 7,000) that took two thirds of the query time, for information
 * the ranking reduces to two numbers per word. The fast path reads MiniSearch's radix tree and BM25 statistics (its
 * `_index`, `_fieldIds`, `_fieldLength`, `_avgFieldLength` and `_documentIds`) and adds each posting to typed
 * arrays. Those fields are not MiniSearch's API: everything that reads them is in this module, and
 * tests/unit/search-fast-scoring.test.ts holds the fast path's scores equal to `MiniSearch#search`'s, so a MiniSearch upgrade that
 * changes its index fails the unit tests.
 *
 * Should the internals change anyway (a field missing or renamed, a different shape), the scorer does not throw: it
 * answers through `MiniSearch#search`, with the same query, boosts and filter, and reads `how` and `place` from each
 * result's `match`. The ranking is the same; only the latency grows. An upgrade may cost speed, never search.
 */
import type MiniSearch from 'minisearch';
import type {Query, SearchOptions, SearchResult} from 'minisearch';

/** BM25+ parameters (MiniSearch's defaults), and the weights this engine gives a prefix and a fuzzy match of a word. */
const BM25 = {k: 1.2, b: 0.7, d: 0.5};
export const MATCH_WEIGHTS = {fuzzy: 0.4, prefix: 0.7};

/** A query word as the scorer needs it (the engine's QueryWord). */
export interface ScoredWord {
  term: string;
  /** Prefix search: the last word of a query that does not end with a space. */
  prefix: boolean;
  /** The word's other forms that its typos and prefix do not reach, looked up on their own. */
  extra: string[];
}

/** Which query word an index word answers (`queryTerm`), and whether only through a typo; null: none. */
export type Classify = (indexWord: string) => {queryTerm: string; typo: boolean} | null;

/** What the engine tells the scorer about its index, by position in `fields`. */
export interface ScoringSetup {
  /** The indexed fields. */
  fields: readonly string[];
  /** MiniSearch field boosts, by field name. */
  fieldBoost: Record<string, number>;
  /** Per record: its boost (MiniSearch's `boostDocument`). */
  docBoost: Float32Array;
  /** Per record and field: what a word found there tells about the record. */
  places: Float64Array;
  /** How many typos a query word may have (0: none). */
  allowedTypos(term: string): number;
}

/** What `match` finds: the matching records, their scores, and how each holds each query word. */
export interface Matches {
  /** Matching record ids, ascending. */
  ids: number[];
  /** The distinct query words, in the order of the `how` and `place` slots of each record. */
  terms: string[];
  /** Per record: the score MiniSearch#search gives it. */
  score: Float64Array;
  /** Per record and distinct query word: 0 not held, 1 only through a typo, 2 as typed (or a variant, or prefix). */
  how: Uint8Array;
  /** Per record and distinct query word: the best place it is found (setup.places) among the matches of `how`. */
  place: Float64Array;
}

export interface Scorer {
  /** Whether queries still take the fast path (false once MiniSearch's internals could not be read). */
  readonly fast: boolean;
  /**
   * The records that hold the query's words (all of them, or any with OR) and pass `accept`, with the score
   * `MiniSearch#search` gives them (BM25F over the field boosts, prefix and fuzzy matches weighted by MATCH_WEIGHTS,
   * times the record's boost and the number of distinct query forms found), and how each holds each query word.
   */
  match(
    words: ScoredWord[],
    combineWith: 'AND' | 'OR',
    accept: ((id: number) => boolean) | null,
    classify: Classify,
  ): Matches;
}

/** The postings of one index term in MiniSearch's index: field id → record → term frequency. */
type Postings = Map<number, Map<number, number>>;

/** The parts of a MiniSearch 7 instance that the fast path reads (its index and the BM25 statistics). */
interface MiniSearchInternals {
  _index: {
    get(term: string): Postings | undefined;
    atPrefix(prefix: string): Iterable<[string, Postings]>;
    fuzzyGet(term: string, maxDistance: number): Map<string, [Postings, number]>;
  };
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentIds: Map<number, unknown>;
}

/** MiniSearch's statistics, by position in `setup.fields`, read once. */
interface Statistics {
  index: MiniSearchInternals['_index'];
  fieldIds: Int32Array;
  fieldBoost: Float64Array;
  /** Per record and field. */
  fieldLength: Float64Array;
  avgFieldLength: Float64Array;
}

/**
 * MiniSearch's internals as the fast path reads them, or null when they are not what it expects: a MiniSearch
 * version that stores its index differently, or internal ids that are not the records' own.
 */
function readInternals(mini: MiniSearch, setup: ScoringSetup, recordCount: number): Statistics | null {
  try {
    const inside = mini as unknown as Partial<MiniSearchInternals>;
    const index = inside._index;
    if (
      typeof index?.get !== 'function' ||
      typeof index.atPrefix !== 'function' ||
      typeof index.fuzzyGet !== 'function' ||
      !(inside._fieldLength instanceof Map) ||
      !Array.isArray(inside._avgFieldLength) ||
      !(inside._documentIds instanceof Map) ||
      inside._documentIds.size !== recordCount ||
      setup.fields.some((f) => typeof inside._fieldIds?.[f] !== 'number') ||
      [...inside._documentIds].some(([short, id]) => short !== id)
    ) {
      return null;
    }
    const {fields} = setup;
    const nFields = fields.length;
    const fieldIds = Int32Array.from(fields, (field) => inside._fieldIds![field]);
    const avgFieldLength = Float64Array.from(fieldIds, (id) => inside._avgFieldLength![id]);
    const fieldLength = new Float64Array(recordCount * nFields);
    for (let id = 0; id < recordCount; id++) {
      const lengths = inside._fieldLength.get(id);
      if (lengths !== undefined && !Array.isArray(lengths)) return null;
      for (let k = 0; k < nFields; k++) fieldLength[id * nFields + k] = lengths?.[fieldIds[k]] ?? 0;
    }
    if ([...avgFieldLength].some((avg) => !Number.isFinite(avg))) return null;
    return {
      index,
      fieldIds,
      fieldBoost: Float64Array.from(fields, (field) => setup.fieldBoost[field] || 1),
      fieldLength,
      avgFieldLength,
    };
  } catch {
    return null;
  }
}

/**
 * A scorer for `mini`'s records (ids 0 … recordCount − 1): the fast path while MiniSearch's internals read as
 * expected, `MiniSearch#search` otherwise, and from the first query on which the fast path fails.
 */
export function createScorer(mini: MiniSearch, setup: ScoringSetup, recordCount: number): Scorer {
  let stats = readInternals(mini, setup, recordCount);
  return {
    get fast() {
      return stats !== null;
    },
    match(words, combineWith, accept, classify) {
      if (stats) {
        try {
          return fastMatch(stats, setup, recordCount, words, combineWith, accept, classify);
        } catch {
          // The internals are not what they seemed: from now on, MiniSearch's own search.
          stats = null;
        }
      }
      return publicMatch(mini, setup, recordCount, words, combineWith, accept, classify);
    },
  };
}

/** The distinct query words, and the `how` and `place` slots of each record for them. */
function slots(words: ScoredWord[], recordCount: number) {
  const terms = [...new Set(words.map((w) => w.term))];
  return {
    terms,
    termIndex: new Map(terms.map((term, i) => [term, i])),
    how: new Uint8Array(recordCount * terms.length),
    place: new Float64Array(recordCount * terms.length),
  };
}

/** The query `MiniSearch#search` answers as the fast path does: each word as typed, by prefix and with typos, or a form. */
export function miniSearchQuery(
  words: ScoredWord[],
  combineWith: 'AND' | 'OR',
  allowedTypos: (term: string) => number,
): Query {
  return {
    combineWith,
    queries: words.map((w) => ({
      combineWith: 'OR',
      queries: [
        {queries: [w.term], prefix: w.prefix, fuzzy: (t: string) => allowedTypos(t) || false},
        ...(w.extra.length > 0 ? [{queries: w.extra, prefix: false, fuzzy: false}] : []),
      ],
    })),
  };
}

/** The fallback: `MiniSearch#search`, its results' `match` read for `how` and `place`. */
function publicMatch(
  mini: MiniSearch,
  setup: ScoringSetup,
  recordCount: number,
  words: ScoredWord[],
  combineWith: 'AND' | 'OR',
  accept: ((id: number) => boolean) | null,
  classify: Classify,
): Matches {
  const {fields, places} = setup;
  const nFields = fields.length;
  const fieldIndex = new Map(fields.map((field, i) => [field, i]));
  const {terms, termIndex, how, place} = slots(words, recordCount);
  const score = new Float64Array(recordCount);
  const options: SearchOptions = {
    boost: setup.fieldBoost,
    weights: MATCH_WEIGHTS,
    boostDocument: (id) => setup.docBoost[id as number],
    // The query words are already the index's lower-case words: looked up as they are, as the fast path does.
    processTerm: (term) => term,
    filter: accept ? (result: SearchResult) => accept(result.id as number) : undefined,
  };
  const ids: number[] = [];
  for (const result of mini.search(miniSearchQuery(words, combineWith, setup.allowedTypos), options)) {
    const id = result.id as number;
    ids.push(id);
    score[id] = result.score;
    for (const [indexWord, inFields] of Object.entries(result.match)) {
      const kind = classify(indexWord);
      if (!kind) continue;
      const at = id * terms.length + termIndex.get(kind.queryTerm)!;
      const h = kind.typo ? 1 : 2;
      for (const field of inFields) {
        const f = fieldIndex.get(field);
        if (f === undefined) continue;
        const p = places[id * nFields + f];
        if (h > how[at] || (h === how[at] && p > place[at])) {
          how[at] = h;
          place[at] = p;
        }
      }
    }
  }
  return {ids: ids.sort((a, b) => a - b), terms, score, how, place};
}

/** The fast path: MiniSearch's postings added to typed arrays, in MiniSearch's order so the sums are the same. */
function fastMatch(
  stats: Statistics,
  setup: ScoringSetup,
  n: number,
  words: ScoredWord[],
  combineWith: 'AND' | 'OR',
  accept: ((id: number) => boolean) | null,
  classify: Classify,
): Matches {
  const {index, fieldIds, fieldBoost, fieldLength, avgFieldLength} = stats;
  const {docBoost, places} = setup;
  const nFields = fieldIds.length;
  const {terms, termIndex, how, place} = slots(words, n);
  // Distinct query forms found per record (MiniSearch multiplies the score by their number), as bits.
  const forms = [...new Set(words.flatMap((w) => [w.term, ...w.extra]))];
  const formBit = new Map(forms.map((form, i) => [form, i]));
  const stride = Math.ceil(forms.length / 32);
  const found = new Uint32Array(n * stride);
  // How many query words each record holds (through any of their forms), for AND and OR.
  const held = new Uint16Array(n);
  const lastWord = new Int32Array(n).fill(-1);
  const total = new Float64Array(n);
  const wordScore = new Float64Array(n);
  const extraScore = new Float64Array(n);
  // Per index word: which query word it answers for the ranking and whether through a typo (2 × index + 1), or -1.
  const codes = new Map<string, number>();

  const add = (target: Float64Array, word: number, form: string, term: string, weight: number, data?: Postings) => {
    if (!data) return;
    let code = codes.get(term);
    if (code === undefined) {
      const kind = classify(term);
      code = kind ? termIndex.get(kind.queryTerm)! * 2 + (kind.typo ? 1 : 0) : -1;
      codes.set(term, code);
    }
    const t = code >> 1;
    const h = code & 1 ? 1 : 2;
    const bit = formBit.get(form)!;
    const slot = bit >> 5;
    const mask = 1 << (bit & 31);
    for (let f = 0; f < nFields; f++) {
      const byRecord = data.get(fieldIds[f]);
      if (!byRecord) continue;
      const idf = Math.log(1 + (n - byRecord.size + 0.5) / (byRecord.size + 0.5));
      const factor = weight * fieldBoost[f];
      const avg = avgFieldLength[f];
      for (const [id, freq] of byRecord) {
        const length = fieldLength[id * nFields + f];
        const bm25 = idf * (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)));
        target[id] += factor * docBoost[id] * bm25;
        found[id * stride + slot] |= mask;
        if (lastWord[id] !== word) {
          lastWord[id] = word;
          held[id]++;
        }
        if (code < 0) continue;
        const at = id * terms.length + t;
        const p = places[id * nFields + f];
        if (h > how[at] || (h === how[at] && p > place[at])) {
          how[at] = h;
          place[at] = p;
        }
      }
    }
  };

  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    wordScore.fill(0);
    // The word as typed, its prefixes if it is the last one, its typos; in MiniSearch's order, so the sums are the
    // same to the last bit.
    add(wordScore, i, w.term, w.term, 1, index.get(w.term));
    if (w.prefix) {
      for (const [term, data] of index.atPrefix(w.term)) {
        const distance = term.length - w.term.length;
        if (distance > 0) {
          add(wordScore, i, w.term, term, (MATCH_WEIGHTS.prefix * term.length) / (term.length + 0.3 * distance), data);
        }
      }
    }
    const typos = setup.allowedTypos(w.term);
    if (typos > 0) {
      for (const [term, [data, distance]] of index.fuzzyGet(w.term, typos)) {
        if (distance === 0 || (w.prefix && term.startsWith(w.term))) continue;
        add(wordScore, i, w.term, term, (MATCH_WEIGHTS.fuzzy * term.length) / (term.length + distance), data);
      }
    }
    // Its other forms, as typed.
    if (w.extra.length > 0) {
      extraScore.fill(0);
      for (const form of w.extra) add(extraScore, i, form, form, 1, index.get(form));
      for (let id = 0; id < n; id++) wordScore[id] += extraScore[id];
    }
    for (let id = 0; id < n; id++) total[id] += wordScore[id];
  }

  const ids: number[] = [];
  const need = combineWith === 'AND' ? words.length : 1;
  for (let id = 0; id < n; id++) {
    if (held[id] < need || (accept && !accept(id))) continue;
    let count = 0;
    for (let k = id * stride; k < (id + 1) * stride; k++) {
      for (let bits = found[k]; bits !== 0; bits &= bits - 1) count++;
    }
    total[id] *= count || 1;
    ids.push(id);
  }
  return {ids, terms, score: total, how, place};
}

/**
 * `MiniSearch#addAll`, a third faster: every occurrence of a term looks its postings up in MiniSearch's radix tree,
 * and a word like "pricing" occurs tens of thousands of times. A map from term to the same postings object answers
 * repeats without walking the tree. The postings are the tree's own objects, so the index is identical (a unit test
 * compares the serialised indexes). Falls back to the plain call if MiniSearch's internals ever change shape.
 */
export function addAllMemoized<T>(mini: MiniSearch<T>, documents: readonly T[]): void {
  const tree = (mini as unknown as {_index?: {fetch?: unknown}})._index;
  const fetch = tree?.fetch;
  if (!tree || typeof fetch !== 'function' || Object.prototype.hasOwnProperty.call(tree, 'fetch')) {
    mini.addAll(documents);
    return;
  }
  const seen = new Map<string, unknown>();
  tree.fetch = (term: string, initial: () => unknown) => {
    let postings = seen.get(term);
    if (postings === undefined) {
      postings = fetch.call(tree, term, initial);
      seen.set(term, postings);
    }
    return postings;
  };
  try {
    mini.addAll(documents);
  } finally {
    delete tree.fetch;
  }
}
