/**
 * The in-browser search engine: MiniSearch over DocSearch records, answering
 * with Algolia's response shape and reproducing the index settings of the
 * DocSearch crawler template that the theme relies on (highlight tags,
 * `content:10` snippets, distinct by url, typo tolerance from 3 and 7 letters,
 * prefix on the last word, titles and headings above body text, all words
 * required unless that finds nothing). Pure code: it runs in Node for tests.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import {LEVELS, type Level, type SearchRecord} from './types';

export {unpack} from './format';

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

/** Field weights: the page title first, then headings by depth, then prose; code last. */
const FIELD_BOOST: Record<string, number> = {
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
/** Record weights, as DocSearch's `weight.level` custom ranking: a heading beats a paragraph below it. */
const TYPE_BOOST: Record<string, number> = {lvl1: 3, lvl2: 2.5, lvl3: 2, lvl4: 1.6, lvl5: 1.4, lvl6: 1.3, content: 1};
/** Pages of the current docs version (and non-docs pages) rank above older versions. */
const CURRENT_VERSION_BOOST = 1.5;

const FIELDS = [...LEVELS, 'content', 'code'];
/** Words are letters, digits and `_` (DocSearch's `separatorsToIndex`); everything else separates. */
const SEPARATOR = /[^\p{L}\p{M}\p{N}_]+/u;
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;

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

/** Escapes text for the HTML the theme renders with `dangerouslySetInnerHTML`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
function compileFacetFilters(filters: SearchParams['facetFilters']): (r: SearchRecord) => boolean {
  const list = filters == null ? [] : typeof filters === 'string' ? [filters] : filters;
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

interface Window {
  words: {start: number; end: number; hit: [number, number] | null}[];
}

type MatchKind = {queryTerm: string; prefixLength: number | null};

export class LocalSearchIndex {
  readonly records: SearchRecord[];
  private readonly mini: MiniSearch;
  private readonly docBoost: Float32Array;
  private readonly current: Uint8Array;

  constructor(records: SearchRecord[]) {
    this.records = records;
    const tokens = new Map<string, string[]>();
    this.mini = new MiniSearch<{id: number}>({
      fields: FIELDS,
      idField: 'id',
      // Headings repeat on every record below them: split each distinct one once.
      tokenize: (text) => {
        let terms = tokens.get(text);
        if (!terms) {
          terms = text.split(SEPARATOR);
          if (text.length < 200) tokens.set(text, terms);
        }
        return terms;
      },
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
    this.current = Uint8Array.from(records, (r) =>
      !r.version || r.version === 'current' || r.docusaurus_tag.endsWith('-current') ? 1 : 0,
    );
    this.docBoost = Float32Array.from(
      records,
      (r, i) => TYPE_BOOST[r.type] * (this.current[i] ? CURRENT_VERSION_BOOST : 1),
    );
  }

  search(params: SearchParams): SearchResponse {
    const started = Date.now();
    const query = String(params.query ?? '');
    const terms = tokenize(query);
    const hitsPerPage = Math.max(0, Math.min(1000, Number(params.hitsPerPage ?? INDEX_SETTINGS.hitsPerPage)));
    const page = Math.max(0, Number(params.page ?? 0));
    const accept = compileFacetFilters(params.facetFilters);
    const prefixLast = query.length > 0 && !/\s$/.test(query);

    let ranked: {id: number; result: SearchResult | null}[];
    if (terms.length === 0) {
      ranked = this.records
        .map((_r, id) => ({id, result: null}))
        .filter(({id}) => accept(this.records[id]))
        .sort((a, b) => this.docBoost[b.id] - this.docBoost[a.id] || a.id - b.id);
    } else {
      const run = (combineWith: 'AND' | 'OR') =>
        this.mini.search(query, {
          combineWith,
          boost: FIELD_BOOST,
          prefix: (_t, i, all) => prefixLast && i === all.length - 1,
          fuzzy: (t) => allowedTypos(t) || false,
          weights: {fuzzy: 0.4, prefix: 0.7},
          boostDocument: (id) => this.docBoost[id as number],
          filter: (r) => accept(this.records[r.id as number]),
        });
      let results = run('AND');
      // removeWordsIfNoResults: allOptional
      if (results.length === 0 && terms.length > 1) results = run('OR');
      ranked = results
        .map((result) => {
          const id = result.id as number;
          const {typos, exact} = this.typos(result, terms, prefixLast);
          const attribute = Math.min(
            ...Object.values(result.match)
              .flat()
              .map((f) => FIELDS.indexOf(f)),
          );
          const r = this.records[id];
          return {
            id,
            result,
            words: result.queryTerms.length,
            typos,
            exact,
            attribute,
            current: this.current[id],
            level: TYPE_BOOST[r.type],
          };
        })
        // The ranking formula of a DocSearch index: words, typo, attribute, exact, then the custom
        // ranking (page rank: the current version first; record level), then MiniSearch's relevance score.
        .sort(
          (a, b) =>
            b.words - a.words ||
            a.typos - b.typos ||
            a.attribute - b.attribute ||
            b.exact - a.exact ||
            b.current - a.current ||
            b.level - a.level ||
            b.result.score - a.result.score,
        );
    }

    const distinct = params.distinct ?? INDEX_SETTINGS.distinct;
    if (distinct) {
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
      .map(({id, result}) => this.hit(this.records[id], result, terms, prefixLast, params, kinds));
    if (params.clickAnalytics) {
      response.queryID = Array.from({length: 32}, () => Math.floor(Math.random() * 16).toString(16)).join('');
    }
    response.processingTimeMS = Date.now() - started;
    return response;
  }

  /** How many query words matched only through a typo, and how many matched a whole word exactly. */
  private typos(result: SearchResult, terms: string[], prefixLast: boolean): {typos: number; exact: number} {
    let typos = 0;
    let exact = 0;
    terms.forEach((q, i) => {
      const canPrefix = prefixLast && i === terms.length - 1;
      if (result.terms.includes(q)) exact++;
      else if (!(canPrefix && result.terms.some((t) => t.startsWith(q)))) typos++;
    });
    return {typos, exact};
  }

  /** Which query word an index term answers, and whether only its prefix matched. */
  private matchKind(word: string, terms: string[], prefixLast: boolean, cache: Map<string, MatchKind | null>) {
    if (cache.has(word)) return cache.get(word)!;
    let kind: MatchKind | null = null;
    if (terms.includes(word)) kind = {queryTerm: word, prefixLength: null};
    else {
      const last = terms[terms.length - 1];
      if (prefixLast && word.startsWith(last)) kind = {queryTerm: last, prefixLength: last.length};
      else {
        for (const q of terms) {
          const max = allowedTypos(q);
          if (max > 0 && Math.abs(q.length - word.length) <= max && editDistance(q, word) <= max) {
            kind = {queryTerm: q, prefixLength: null};
            break;
          }
        }
      }
    }
    cache.set(word, kind);
    return kind;
  }

  /** Splits a value into words, marking those the query matched (with the matched prefix length). */
  private analyse(
    text: string,
    terms: string[],
    prefixLast: boolean,
    cache: Map<string, MatchKind | null>,
  ): Window & {matched: Set<string>} {
    const words: Window['words'] = [];
    const matched = new Set<string>();
    if (terms.length > 0) {
      for (const m of text.matchAll(WORD)) {
        const start = m.index!;
        const word = m[0];
        const kind = this.matchKind(word.toLowerCase(), terms, prefixLast, cache);
        if (kind) matched.add(kind.queryTerm);
        words.push({
          start,
          end: start + word.length,
          hit: kind ? [start, start + (kind.prefixLength ?? word.length)] : null,
        });
      }
    } else {
      for (const m of text.matchAll(WORD)) words.push({start: m.index!, end: m.index! + m[0].length, hit: null});
    }
    return {words, matched};
  }

  private hit(
    record: SearchRecord,
    result: SearchResult | null,
    terms: string[],
    prefixLast: boolean,
    params: SearchParams,
    cache: Map<string, MatchKind | null>,
  ): Hit {
    const pre = params.highlightPreTag ?? INDEX_SETTINGS.highlightPreTag;
    const post = params.highlightPostTag ?? INDEX_SETTINGS.highlightPostTag;
    const ellipsis = params.snippetEllipsisText ?? INDEX_SETTINGS.snippetEllipsisText;
    const matchTerms = result ? terms : [];
    const level = (matched: Set<string>): HighlightResult['matchLevel'] =>
      matched.size === 0 ? 'none' : matched.size >= new Set(matchTerms).size ? 'full' : 'partial';

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
      const {words, matched} = this.analyse(text, matchTerms, prefixLast, cache);
      const res: HighlightResult = {
        value: mark(text, words, 0, text.length),
        matchLevel: level(matched),
        matchedWords: [...matched],
      };
      if (matched.size > 0) res.fullyHighlighted = words.every((w) => w.hit && w.hit[1] === w.end);
      return res;
    };

    const snippet = (text: string, size: number): SnippetResult => {
      const {words, matched} = this.analyse(text, matchTerms, prefixLast, cache);
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
