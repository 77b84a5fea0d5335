/**
 * The in-browser search engine: MiniSearch over DocSearch records, answering
 * with Algolia's response shape and reproducing the index settings of the
 * DocSearch crawler template that the theme relies on (highlight tags,
 * `content:10` snippets, distinct by url, typo tolerance from 3 and 7 letters,
 * prefix on the last word, all words required unless that finds nothing), and
 * ranks what a reader of these docs means first (see `rank` below): identifiers
 * split into their words, a small synonym and word-form list, optional stop
 * words, the words found in the title and headings above the words found in
 * body text, the current docs version before older ones. The judgment list in
 * search/relevance-judgments.ts measures it (`npm run bench:search`).
 * Pure code: it runs in Node for tests.
 */
import MiniSearch from 'minisearch';
import {escapeHtml} from '../escapeHtml';
import {addAllMemoized, createScorer, type Matches, type Scorer} from './fastScoring';
import {LEVELS, type Level, type SearchRecord} from './types';

export {unpack} from './format';
export {MATCH_WEIGHTS} from './fastScoring';

/** The index settings a DocSearch index is created with; requests may override them. */
export const INDEX_SETTINGS = {
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  snippetEllipsisText: '',
  hitsPerPage: 20,
  distinct: true,
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
} as const;

/** MiniSearch field boosts (BM25F): the page title first, then headings by depth, then prose; code last. */
export const FIELD_BOOST: Record<string, number> = {
  lvl0: 1,
  lvl1: 5,
  lvl2: 4,
  lvl3: 3,
  lvl4: 2.5,
  lvl5: 2,
  lvl6: 2,
  content: 1,
  code: 0.25,
};
/**
 * Where a query word is found, as a share of a word found in the record's own heading (a page title for a page, the
 * section heading for a section). A record's coverage is the mean over the query's words of the best place each is
 * found, so a page or section whose heading holds the words a reader typed comes before text that only mentions them
 * in passing. lvl0 (the sidebar category) is context, not a topic.
 */
const PLACE_WEIGHT = {own: 1, title: 0.85, heading: 0.7, content: 0.45, lvl0: 0.35, code: 0.25} as const;
/**
 * How much of the record's own heading the query covers, as a factor: `UsageLimit` answers "usage limit" better
 * than "Expressing unlimited usage limits" does.
 */
const FIT_FLOOR = 0.6;
/** Record weights, as DocSearch's `weight.level` custom ranking: a heading beats a paragraph below it. */
const TYPE_BOOST: Record<string, number> = {lvl1: 3, lvl2: 2, lvl3: 2, lvl4: 2, lvl5: 2, lvl6: 2, content: 1};
/** Pages of the current docs version (and non-docs pages) rank above older versions. */
const CURRENT_VERSION_BOOST = 1.5;

/**
 * Words that carry no topic. A query's stop words are optional (a record need not hold them) unless the query has
 * nothing else, or the word is the last one and still being typed.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by can do does for from how i in into is it my of on or the this to what when where which why with'.split(
    ' ',
  ),
);

/**
 * Words a reader may type for one another. Each list is one meaning: a query word matches any word of its list as if
 * typed exactly. Kept short and specific to these docs; every entry moved the judgment list (see architecture/search.md).
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['install', 'installation', 'instalation', 'installing', 'installed'],
  ['contribute', 'contributing', 'contribution', 'contributor'],
  ['config', 'configure', 'configuration', 'configuring', 'configured', 'settings'],
  ['env', 'environment'],
  ['variable', 'variables', 'var', 'vars'],
  ['upgrade', 'upgrading', 'migrate', 'migrating', 'migration'],
  ['toggle', 'toggles', 'toggling'],
  ['renew', 'renewal', 'renewed', 'renewing'],
  ['validate', 'validator', 'validation', 'validating'],
];

const FIELDS = [...LEVELS, 'content', 'code'];
/**
 * The fields whose identifiers are indexed by their words too: titles and headings, where an identifier names the
 * topic. In body text and code the parts would add to the postings of the commonest words ("pricing" is part of a
 * hundred identifiers) and slow every query for little gain: on the judgment list, splitting them as well lowered
 * MRR@10 from 0.990 to 0.974 and cost about 12 % more CPU time over the benchmark's 100 queries.
 */
const IDENTIFIER_FIELDS: ReadonlySet<string> = new Set(LEVELS);
/** Words are letters, digits and `_` (DocSearch's `separatorsToIndex`); everything else separates. */
const SEPARATOR = /[^\p{L}\p{M}\p{N}_]+/u;
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;
/** Where an identifier's words meet: `renewToken|Filter`, `HTML|Parser`, `pricing|4|java`, `snake|_|case`. */
const MAYBE_IDENTIFIER = /.[\p{Lu}\p{N}_]/u;
const IDENTIFIER_JOINT = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})|_/u;

/**
 * The words of an identifier, when it has several: `RenewTokenFilter` → Renew, Token, Filter; `pricing4java` →
 * pricing, java; `retrieve_api_key` → retrieve, api, key. Parts shorter than two characters and bare numbers are
 * dropped. Titles and headings are indexed with the whole word and its parts, so both `PricingContext` and `pricing
 * context` find the page about it; body text and code only whole (see IDENTIFIER_FIELDS).
 */
export function identifierParts(word: string): string[] {
  // Most words have no capital, digit or underscore after their first letter: nothing to split.
  if (!MAYBE_IDENTIFIER.test(word)) return [];
  const parts = word.split(IDENTIFIER_JOINT).filter((p) => p.length >= 2 && !/^\p{N}+$/u.test(p));
  return parts.length > 1 ? parts : [];
}

/** Index-time words of a text: every word, and the parts of every identifier. */
export function indexWords(text: string): string[] {
  const words = text.split(SEPARATOR);
  const out: string[] = [];
  for (const word of words) {
    if (!word) continue;
    out.push(word);
    for (const part of identifierParts(word)) out.push(part);
  }
  return out;
}

const SYNONYM_OF = new Map<string, readonly string[]>(SYNONYMS.flatMap((list) => list.map((w) => [w, list] as const)));

/**
 * The words a query word matches as if typed: itself, its synonyms, and a few English endings, so that `periods`
 * finds `period`, `design` finds `designing` and `policy` finds `policies`. Lower case. Deliberately light: plurals
 * both ways, and `-ing` and `-ed` added to a base word that does not end in e (never taken off, never added to
 * `price`: `pricing` is not `price`), on words of four letters or more.
 */
export function variants(term: string): string[] {
  const out = new Set<string>([term, ...(SYNONYM_OF.get(term) ?? [])]);
  if (term.length > 3 && /^\p{L}+$/u.test(term)) {
    const stems = new Set<string>([term]);
    if (/ies$/.test(term)) stems.add(`${term.slice(0, -3)}y`);
    else if (/[^su]s$/.test(term)) stems.add(term.slice(0, -1));
    for (const stem of stems) {
      out.add(stem);
      if (/[^aeiou]y$/.test(stem)) out.add(`${stem.slice(0, -1)}ies`);
      else if (!/s$/.test(stem)) out.add(`${stem}s`);
      // Not on words ending in e: `price` + ing would be `pricing`, which nearly every record holds; the synonym lists
      // give the forms that matter (configure, configuring).
      if (!/(ing|ed|s|e)$/.test(stem)) out.add(`${stem}ing`).add(`${stem}ed`);
    }
  }
  return [...out];
}

export type FacetFilter = string | FacetFilter[];

export interface SearchParams {
  query?: string;
  indexName?: string;
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilter | FacetFilter[];
  facets?: string | string[];
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  distinct?: boolean | number;
  clickAnalytics?: boolean;
  [key: string]: unknown;
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

export type Hit = Partial<Omit<SearchRecord, 'code'>> & {
  objectID: string;
  _highlightResult: Record<string, unknown>;
  _snippetResult?: Record<string, unknown>;
};

export interface SearchResponse {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  exhaustive: {nbHits: true};
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  facets?: Record<string, Record<string, number>>;
  exhaustiveFacetsCount?: true;
  queryID?: string;
  renderingContent: Record<string, never>;
}

export function tokenize(text: string): string[] {
  return text.toLowerCase().split(SEPARATOR).filter(Boolean);
}

/** Algolia's typo tolerance with DocSearch's settings: 1 typo from 3 letters, 2 from 7. */
export function allowedTypos(term: string): number {
  if (term.length >= INDEX_SETTINGS.minWordSizefor2Typos) return 2;
  if (term.length >= INDEX_SETTINGS.minWordSizefor1Typo) return 1;
  return 0;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** Reads a record attribute by dotted path (`hierarchy.lvl2`). */
function valueAt(record: SearchRecord, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v == null ? v : (v as Record<string, unknown>)[key]), record);
}

/** `facetFilters`: AND of its elements, each a filter or an OR-list; `attr:-value` negates. */
function compileFacetFilters(filters: SearchParams['facetFilters']): ((r: SearchRecord) => boolean) | null {
  const list = filters == null ? [] : typeof filters === 'string' ? [filters] : filters;
  if (list.length === 0) return null;
  const one = (f: string) => {
    const sep = f.indexOf(':');
    if (sep < 0) throw new Error(`Invalid facet filter "${f}": expected "attribute:value".`);
    const attr = f.slice(0, sep).replace(/^-/, '');
    let value = f.slice(sep + 1);
    const negated = f.startsWith('-') || (value.startsWith('-') && !value.startsWith('\\-'));
    if (negated && value.startsWith('-')) value = value.slice(1);
    value = value.replace(/^\\-/, '-');
    return (r: SearchRecord) => {
      const v = valueAt(r, attr);
      const has = Array.isArray(v) ? v.map(String).includes(value) : v != null && String(v) === value;
      return negated ? !has : has;
    };
  };
  const compiled = list.map((f) => {
    if (typeof f === 'string') return one(f);
    const ors = (f as FacetFilter[]).flat(Infinity as 1).map((x) => one(x as string));
    return (r: SearchRecord) => ors.length === 0 || ors.some((test) => test(r));
  });
  return (r) => compiled.every((test) => test(r));
}

/** The heading a record stands under: its own for a title or heading record, the deepest one above it for text. */
function ownHeading(r: SearchRecord): string | null {
  if (r.type !== 'content') return r.hierarchy[r.type];
  let heading: string | null = null;
  for (const level of LEVELS.slice(1)) heading = r.hierarchy[level] ?? heading;
  return heading;
}

interface Ranked {
  id: number;
  /** BM25F, as MiniSearch scores a query (see ./fastScoring.ts). */
  score: number;
  words: number;
  typos: number;
  current: number;
  relevance: number;
}

/** The order of matching records, most useful first (see LocalSearchIndex#rank); the record order breaks ties. */
function compareRanked(a: Ranked, b: Ranked): number {
  return (
    b.words - a.words ||
    a.typos - b.typos ||
    b.current - a.current ||
    b.relevance - a.relevance ||
    b.score - a.score ||
    a.id - b.id
  );
}

interface Window {
  words: {start: number; end: number; hit: [number, number] | null}[];
}

/** Which query word an index word answers, and how many of its first characters matched (null: all of them). */
type MatchKind = {queryTerm: string; prefixLength: number | null; typo: boolean};

/** A query word and the words that match it as if typed (see `variants`). */
export interface QueryWord {
  term: string;
  forms: string[];
  /** Prefix search: the last word of a query that does not end with a space. */
  prefix: boolean;
  /** The forms the typed word's typos and prefix do not reach, looked up on their own. */
  extra: string[];
}

/**
 * The words a query looks for: each with its forms (see `variants`), whether it is matched as a prefix (the last word,
 * unless the query ends with a space), and the forms its typos and prefix do not reach. Stop words are left out unless
 * the query has nothing else.
 */
export function queryWords(query: string): QueryWord[] {
  const terms = tokenize(query);
  const prefixLast = query.length > 0 && !/\s$/.test(query);
  const all: QueryWord[] = terms.map((term, i) => {
    const forms = variants(term);
    const prefix = prefixLast && i === terms.length - 1;
    const typos = allowedTypos(term);
    const reached = (f: string) =>
      (prefix && f.startsWith(term)) ||
      (typos > 0 && Math.abs(f.length - term.length) <= typos && editDistance(f, term) <= typos);
    return {term, forms, prefix, extra: forms.slice(1).filter((f) => !reached(f))};
  });
  const topical = all.filter((w) => w.prefix || !STOP_WORDS.has(w.term));
  return topical.length > 0 ? topical : all;
}

export class LocalSearchIndex {
  readonly records: SearchRecord[];
  private readonly mini: MiniSearch;
  private readonly docBoost: Float32Array;
  private readonly current: Uint8Array;
  /** Finds and scores the records that hold a query's words (./fastScoring.ts). */
  private readonly scorer: Scorer;
  /** Each record's own heading (see ownHeading). */
  private readonly headings: (string | null)[];
  /** The words of each heading met so far, with the parts of identifiers, for headingFit. */
  private readonly headingWords = new Map<string, {whole: string; parts: string[]}[]>();

  constructor(records: SearchRecord[]) {
    this.records = records;
    const tokens = new Map<string, string[]>();
    this.mini = new MiniSearch<{id: number}>({
      fields: FIELDS,
      idField: 'id',
      // Headings repeat on every record below them: split each distinct one once.
      tokenize: (text, field) => {
        if (!IDENTIFIER_FIELDS.has(field ?? '')) return text.split(SEPARATOR);
        let terms = tokens.get(text);
        if (!terms) {
          terms = indexWords(text);
          if (text.length < 200) tokens.set(text, terms);
        }
        return terms;
      },
      // A query word is looked up whole: the index holds identifiers whole as well as split. (Queries are answered by
      // `match`; MiniSearch#search, which tests hold it to, reads this.)
      searchOptions: {tokenize: (text) => text.split(SEPARATOR)},
      extractField: (doc, field) => {
        if (field === 'id') return doc.id as unknown as string;
        const r = records[doc.id];
        if (field === 'content') return r.code ? '' : (r.content ?? '');
        if (field === 'code') return r.code ? (r.content ?? '') : '';
        return r.hierarchy[field as Level] ?? '';
      },
    });
    addAllMemoized(
      this.mini,
      records.map((_, id) => ({id})),
    );
    this.headings = records.map(ownHeading);
    this.current = Uint8Array.from(records, (r) =>
      !r.version || r.version === 'current' || r.docusaurus_tag.endsWith('-current') ? 1 : 0,
    );
    this.docBoost = Float32Array.from(
      records,
      (r, i) => TYPE_BOOST[r.type] * (this.current[i] ? CURRENT_VERSION_BOOST : 1),
    );

    const f = FIELDS.length;
    // Per record and field (position in FIELDS): what a word found there tells about the record (PLACE_WEIGHT).
    const places = new Float64Array(records.length * f);
    for (let id = 0; id < records.length; id++) {
      for (let k = 0; k < f; k++) places[id * f + k] = this.placeWeight(records[id], FIELDS[k]);
    }
    this.scorer = createScorer(
      this.mini,
      {fields: FIELDS, fieldBoost: FIELD_BOOST, docBoost: this.docBoost, places, allowedTypos},
      records.length,
    );
  }

  search(params: SearchParams): SearchResponse {
    const started = Date.now();
    const query = String(params.query ?? '');
    const terms = tokenize(query);
    const hitsPerPage = Math.max(0, Math.min(1000, Number(params.hitsPerPage ?? INDEX_SETTINGS.hitsPerPage)));
    const page = Math.max(0, Number(params.page ?? 0));
    const accept = compileFacetFilters(params.facetFilters);
    const words = queryWords(query);

    const distinct = params.distinct ?? INDEX_SETTINGS.distinct;
    let ranked: {id: number; matched: boolean}[];
    if (terms.length === 0) {
      ranked = this.records
        .map((_r, id) => ({id, matched: false}))
        .filter(({id}) => !accept || accept(this.records[id]))
        .sort((a, b) => this.docBoost[b.id] - this.docBoost[a.id] || a.id - b.id);
    } else {
      const cache = new Map<string, MatchKind | null>();
      let matches = this.match(words, 'AND', accept, cache);
      // removeWordsIfNoResults: allOptional
      if (matches.ids.length === 0 && terms.length > 1) matches = this.match(words, 'OR', accept, cache);
      ranked = this.rank(matches, words, Boolean(distinct), cache);
    }

    if (distinct && terms.length === 0) {
      const seen = new Set<string>();
      ranked = ranked.filter(({id}) => {
        const url = this.records[id].url;
        if (seen.has(url)) return false;
        seen.add(url);
        return true;
      });
    }

    const response: SearchResponse = {
      hits: [],
      nbHits: ranked.length,
      page,
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(ranked.length / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      exhaustive: {nbHits: true},
      query,
      params: new URLSearchParams(
        Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString(),
      index: String(params.indexName ?? ''),
      processingTimeMS: 0,
      renderingContent: {},
    };

    const facets = params.facets == null ? [] : typeof params.facets === 'string' ? [params.facets] : params.facets;
    if (facets.length > 0) {
      response.facets = {};
      response.exhaustiveFacetsCount = true;
      const names = facets.includes('*') ? ['language', 'docusaurus_tag', 'version', 'type'] : facets;
      for (const name of names) {
        const counts: Record<string, number> = {};
        for (const {id} of ranked) {
          const v = valueAt(this.records[id], name);
          for (const value of Array.isArray(v) ? v : v == null ? [] : [v]) {
            counts[String(value)] = (counts[String(value)] ?? 0) + 1;
          }
        }
        response.facets[name] = counts;
      }
    }

    const kinds = new Map<string, MatchKind | null>();
    response.hits = ranked
      .slice(page * hitsPerPage, (page + 1) * hitsPerPage)
      .map(({id, matched}) => this.hit(this.records[id], matched, words, params, kinds));
    if (params.clickAnalytics) {
      response.queryID = Array.from({length: 32}, () => Math.floor(Math.random() * 16).toString(16)).join('');
    }
    response.processingTimeMS = Date.now() - started;
    return response;
  }

  /**
   * The records that hold the query's words (all of them, or any with OR), with the score `MiniSearch#search` gives
   * them, and how each holds each query word, for `rank`: ./fastScoring.ts, which reads MiniSearch's index directly
   * and falls back on `MiniSearch#search` if it cannot.
   */
  private match(
    words: QueryWord[],
    combineWith: 'AND' | 'OR',
    accept: ((r: SearchRecord) => boolean) | null,
    cache: Map<string, MatchKind | null>,
  ): Matches {
    return this.scorer.match(words, combineWith, accept && ((id) => accept(this.records[id])), (term) =>
      this.matchKind(term, words, cache),
    );
  }

  /**
   * Orders matching records, most useful first:
   * 1. how many query words the record holds (all of them unless none holds all);
   * 2. how many it holds only through a typo (fewer first);
   * 3. the current docs version before older ones (a prior applied after matching, so an older page never hides
   *    the current one it was copied from);
   * 4. relevance: the record's coverage (where each query word is found: title, heading, text; see PLACE_WEIGHT),
   *    squared, times how much of its heading the query covers (FIT_FLOOR), times its type (a page or section
   *    title beats a paragraph);
   * 5. the BM25 score.
   */
  private rank(
    matches: Matches,
    words: QueryWord[],
    distinct: boolean,
    cache: Map<string, MatchKind | null>,
  ): (Ranked & {matched: true})[] {
    const {ids, score, how, place} = matches;
    const nTerms = matches.terms.length;
    // Headings repeat on every record below them: measure each one once per query.
    const fits = new Map<string, number>();
    const ranked: (Ranked & {matched: true})[] = [];
    const bestOfPage = new Map<string, number>();
    for (const id of ids) {
      const r = this.records[id];
      let found = 0;
      let coverage = 0;
      let typos = 0;
      for (let at = id * nTerms; at < (id + 1) * nTerms; at++) {
        if (how[at] === 0) continue;
        found++;
        coverage += place[at];
        if (how[at] === 1) typos++;
      }
      coverage /= nTerms;
      const heading = this.headings[id];
      let fit = heading === null ? 0 : fits.get(heading);
      if (fit === undefined) fits.set(heading!, (fit = this.headingFit(heading!, words, cache)));
      const relevance = coverage * coverage * (FIT_FLOOR + (1 - FIT_FLOOR) * fit) * TYPE_BOOST[r.type];
      const entry = {
        id,
        matched: true as const,
        score: score[id],
        words: found,
        typos,
        current: this.current[id],
        relevance,
      };
      if (!distinct) {
        ranked.push(entry);
        continue;
      }
      // distinct: only the best record of each page is kept, so only those need sorting.
      const url = r.url;
      const kept = bestOfPage.get(url);
      if (kept === undefined) bestOfPage.set(url, ranked.push(entry) - 1);
      else if (compareRanked(entry, ranked[kept]) < 0) ranked[kept] = entry;
    }
    return ranked.sort(compareRanked);
  }

  /** How much a word found in `field` of record `r` tells about it (see PLACE_WEIGHT). */
  private placeWeight(r: SearchRecord, field: string): number {
    if (field === r.type || (field === 'lvl1' && r.type === 'content' && !r.hierarchy.lvl2)) return PLACE_WEIGHT.own;
    if (field === 'lvl1') return PLACE_WEIGHT.title;
    if (field === 'content' || field === 'lvl0' || field === 'code') return PLACE_WEIGHT[field];
    return PLACE_WEIGHT.heading;
  }

  /** The share of the words of a heading that the query matched. */
  private headingFit(heading: string, words: QueryWord[], cache: Map<string, MatchKind | null>): number {
    let heads = this.headingWords.get(heading);
    if (!heads) {
      heads = heading
        .split(SEPARATOR)
        .filter((t) => t && !STOP_WORDS.has(t.toLowerCase()))
        .map((t) => ({whole: t.toLowerCase(), parts: identifierParts(t).map((p) => p.toLowerCase())}));
      this.headingWords.set(heading, heads);
    }
    if (heads.length === 0) return 0;
    // An identifier counts as matched when the query matched it whole or matched each of its parts.
    let matched = 0;
    for (const {whole, parts} of heads) {
      if (this.matchKind(whole, words, cache)) matched++;
      else if (parts.length > 0 && parts.every((part) => this.matchKind(part, words, cache))) matched++;
    }
    return matched / heads.length;
  }

  /** Which query word an index word answers: as typed or a variant, by prefix (the last word), or with typos. */
  private matchKind(word: string, words: QueryWord[], cache: Map<string, MatchKind | null>): MatchKind | null {
    if (cache.has(word)) return cache.get(word)!;
    let kind: MatchKind | null = null;
    const exact = words.find((w) => w.forms.includes(word));
    if (exact) kind = {queryTerm: exact.term, prefixLength: null, typo: false};
    else {
      const prefixed = words.find((w) => w.prefix && word.startsWith(w.term));
      if (prefixed) {
        kind = {queryTerm: prefixed.term, prefixLength: prefixed.term.length, typo: false};
      } else {
        for (const w of words) {
          const max = allowedTypos(w.term);
          if (max > 0 && Math.abs(w.term.length - word.length) <= max && editDistance(w.term, word) <= max) {
            kind = {queryTerm: w.term, prefixLength: null, typo: true};
            break;
          }
        }
      }
    }
    cache.set(word, kind);
    return kind;
  }

  /**
   * Splits a value into words, marking those the query matched (with the matched prefix length). A word the query
   * does not match whole may match by its identifier parts (`RenewTokenFilter` for "renew token filter"): those
   * parts are marked.
   */
  private analyse(
    text: string,
    words: QueryWord[],
    cache: Map<string, MatchKind | null>,
  ): Window & {matched: Set<string>} {
    const out: Window['words'] = [];
    const matched = new Set<string>();
    for (const m of text.matchAll(WORD)) {
      const start = m.index!;
      const word = m[0];
      if (words.length === 0) {
        out.push({start, end: start + word.length, hit: null});
        continue;
      }
      const kind = this.matchKind(word.toLowerCase(), words, cache);
      if (kind) {
        matched.add(kind.queryTerm);
        out.push({start, end: start + word.length, hit: [start, start + (kind.prefixLength ?? word.length)]});
        continue;
      }
      if (!MAYBE_IDENTIFIER.test(word)) {
        out.push({start, end: start + word.length, hit: null});
        continue;
      }
      const pieces: Window['words'] = [];
      const found = new Set<string>();
      let offset = start;
      for (const piece of word.split(IDENTIFIER_JOINT)) {
        const pieceStart = text.indexOf(piece, offset);
        offset = pieceStart + piece.length;
        const part = piece.length >= 2 ? this.matchKind(piece.toLowerCase(), words, cache) : null;
        if (part) found.add(part.queryTerm);
        pieces.push({
          start: pieceStart,
          end: offset,
          hit: part ? [pieceStart, pieceStart + (part.prefixLength ?? piece.length)] : null,
        });
      }
      if (found.size === 0) out.push({start, end: start + word.length, hit: null});
      else {
        out.push(...pieces);
        for (const t of found) matched.add(t);
      }
    }
    return {words: out, matched};
  }

  private hit(
    record: SearchRecord,
    matched: boolean,
    queryWords: QueryWord[],
    params: SearchParams,
    cache: Map<string, MatchKind | null>,
  ): Hit {
    const pre = params.highlightPreTag ?? INDEX_SETTINGS.highlightPreTag;
    const post = params.highlightPostTag ?? INDEX_SETTINGS.highlightPostTag;
    const ellipsis = params.snippetEllipsisText ?? INDEX_SETTINGS.snippetEllipsisText;
    const matchWords = matched ? queryWords : [];
    const level = (matched: Set<string>): HighlightResult['matchLevel'] =>
      matched.size === 0 ? 'none' : matched.size >= new Set(matchWords.map((w) => w.term)).size ? 'full' : 'partial';

    const mark = (text: string, words: Window['words'], from: number, to: number) => {
      let out = '';
      let pos = from;
      for (const w of words) {
        if (!w.hit || w.start < from || w.end > to) continue;
        out += escapeHtml(text.slice(pos, w.hit[0])) + pre + escapeHtml(text.slice(w.hit[0], w.hit[1])) + post;
        pos = w.hit[1];
      }
      return out + escapeHtml(text.slice(pos, to));
    };

    const highlight = (text: string): HighlightResult => {
      const {words, matched} = this.analyse(text, matchWords, cache);
      const res: HighlightResult = {
        value: mark(text, words, 0, text.length),
        matchLevel: level(matched),
        matchedWords: [...matched],
      };
      if (matched.size > 0) res.fullyHighlighted = words.every((w) => w.hit && w.hit[1] === w.end);
      return res;
    };

    const snippet = (text: string, size: number): SnippetResult => {
      const {words, matched} = this.analyse(text, matchWords, cache);
      if (words.length <= size) return {value: mark(text, words, 0, text.length), matchLevel: level(matched)};
      // The window of `size` words holding the most matches, opening a little before the first one.
      let best = 0;
      let bestCount = -1;
      for (let start = 0; start + size <= words.length; start++) {
        let count = 0;
        for (let i = start; i < start + size; i++) if (words[i].hit) count++;
        if (count > bestCount) {
          bestCount = count;
          best = start;
        }
      }
      const firstHit = words.findIndex((w, i) => i >= best && w.hit);
      if (firstHit >= 0) best = Math.max(0, Math.min(words.length - size, firstHit - Math.floor(size / 4)));
      const from = best === 0 ? 0 : words[best].start;
      const lastWord = words[best + size - 1];
      const to = best + size >= words.length ? text.length : lastWord.end;
      return {
        value: (from > 0 ? ellipsis : '') + mark(text, words, from, to) + (to < text.length ? ellipsis : ''),
        matchLevel: level(matched),
      };
    };

    const hit: Hit = {objectID: record.objectID, _highlightResult: {}};
    const retrieve = params.attributesToRetrieve ?? ['*'];
    if (retrieve.includes('*')) {
      const {code: _code, ...rest} = record;
      Object.assign(hit, rest, {hierarchy: {...record.hierarchy}});
    } else {
      for (const attr of retrieve) {
        const [head, sub] = attr.split('.');
        if (sub && head === 'hierarchy') {
          hit.hierarchy = {...(hit.hierarchy ?? {}), [sub]: record.hierarchy[sub as Level] ?? null} as Hit['hierarchy'];
        } else if (!sub && head in record && head !== 'code') {
          (hit as Record<string, unknown>)[head] = record[head as keyof SearchRecord];
        }
      }
    }

    const expand = (attr: string) =>
      attr === 'hierarchy'
        ? LEVELS.map((l) => `hierarchy.${l}`)
        : attr === '*'
          ? [...LEVELS.map((l) => `hierarchy.${l}`), 'content']
          : [attr];
    const put = (target: Record<string, unknown>, path: string, value: unknown) => {
      const [head, sub] = path.split('.');
      if (sub) target[head] = {...((target[head] as object) ?? {}), [sub]: value};
      else target[head] = value;
    };

    for (const attr of (params.attributesToHighlight ?? INDEX_SETTINGS.attributesToHighlight).flatMap(expand)) {
      const v = valueAt(record, attr);
      if (typeof v === 'string') put(hit._highlightResult, attr, highlight(v));
    }
    const snippets = (params.attributesToSnippet ?? INDEX_SETTINGS.attributesToSnippet).flatMap((spec) => {
      const [attr, size] = spec.split(':');
      return expand(attr).map((a) => [a, Number(size) || 10] as const);
    });
    if (snippets.length > 0) {
      hit._snippetResult = {};
      for (const [attr, size] of snippets) {
        const v = valueAt(record, attr);
        if (typeof v === 'string') put(hit._snippetResult, attr, snippet(v, size));
      }
    }
    return hit;
  }
}
