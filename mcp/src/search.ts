/**
 * search_docs: the site's own search engine (src/lib/search/engine.ts) over the built index, asked what the
 * search modal asks it, so the hits come in the engine's order for the modal's request.
 */
import type {Hit, SearchParams} from '@sphere-docs/lib/search/engine';
import {LEVELS} from '@sphere-docs/lib/search/types';
import type {Site} from './site';

export interface DocHit {
  /** The page's title. */
  title: string;
  /** The heading of the section the hit is in, when it is not the page itself. */
  section?: string;
  url: string;
  /** Docs version of the page (`2.0.1`), or null for a page outside the docs (the playground, the home page). */
  version: string | null;
  snippet: string;
}

/** Longest query accepted, in characters; the search box takes less. */
export const MAX_QUERY = 500;

/** The request the DocSearch modal sends (hits per page, snippets, highlight tags); the site sets no facet filter. */
export function modalParams(query: string, facetFilters: string[] = []): SearchParams {
  return {
    query,
    hitsPerPage: 20,
    attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:10`), 'content:10'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    facetFilters,
  };
}

const ENTITY: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

/** Plain text of the engine's HTML-escaped, highlighted snippets. */
export function plainText(html: string): string {
  return html
    .replace(/<\/?mark>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (all, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITY[code.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function snippetOf(hit: Hit): string {
  const snippets = (hit._snippetResult ?? {}) as {
    content?: {value: string};
    hierarchy?: Record<string, {value: string}>;
  };
  if (hit.content && snippets.content) return plainText(snippets.content.value);
  const levels = LEVELS.slice(1).filter((l) => hit.hierarchy?.[l]);
  const deepest = levels[levels.length - 1];
  const value = deepest ? snippets.hierarchy?.[deepest]?.value : undefined;
  return value ? plainText(value) : (hit.hierarchy?.lvl1 ?? '');
}

export function searchDocs(site: Site, query: string, version?: string, limit = 10): DocHit[] {
  const q = query.trim();
  if (q === '') throw new Error('The query is empty: give one or more words to look for, e.g. "usage limit".');
  if (q.length > MAX_QUERY) {
    throw new Error(`The query is ${q.length} characters long; search_docs takes at most ${MAX_QUERY}.`);
  }
  const filters: string[] = [];
  if (version !== undefined) {
    if (!site.versions.includes(version)) {
      throw new Error(`There is no docs version "${version}". The versions are ${site.versions.join(', ')}.`);
    }
    filters.push(`version:${version === site.currentVersion ? 'current' : version}`);
  }
  // The modal's request, less the hits the tool does not send: the engine makes snippets for each hit it returns.
  const {hits} = site.searchIndex().search({...modalParams(q, filters), hitsPerPage: limit});
  return hits.map((hit) => {
    const levels = LEVELS.slice(2)
      .map((l) => hit.hierarchy?.[l])
      .filter((h): h is string => typeof h === 'string' && h !== '');
    const out: DocHit = {
      title: hit.hierarchy?.lvl1 ?? hit.hierarchy?.lvl0 ?? '',
      url: hit.url ?? '',
      version: hit.version === undefined ? null : hit.version === 'current' ? site.currentVersion : hit.version,
      snippet: snippetOf(hit),
    };
    if (levels.length > 0) out.section = levels[levels.length - 1];
    return out;
  });
}
