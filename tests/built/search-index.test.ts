/**
 * The embedded search index as built: records a reader would see as noise must not be there, and the engine reads
 * it as MiniSearch would.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type * as MiniSearchModule from 'minisearch';
import type {InternalsChange} from '../utils/search/changedInternals';
import {select, textContent} from '../../plugins/hast';
import {LocalSearchIndex} from '@sphere-docs/lib/search/engine';
import {unpack, type PackedIndex} from '@sphere-docs/lib/search/format';
import {QUERIES} from '../../search/latency-queries';
import {JUDGMENTS} from '../../search/relevance-judgments';
import {scoresBoth} from '../utils/search/scoringReference';
import {BUILD, builtPages} from './site';

// MiniSearch as it is, unless a test asks for its internals changed (tests/utils/search/changedInternals.ts).
const change = vi.hoisted((): InternalsChange => ({hide: [], reshape: false}));
vi.mock('minisearch', async (importOriginal) => {
  const actual = await importOriginal<typeof MiniSearchModule>();
  const {withChangedInternals} = await import('../utils/search/changedInternals');
  return {...actual, default: withChangedInternals(actual.default, change)};
});

const dir = join(BUILD, 'local-search');
const file = readdirSync(dir).find((f) => /^index\.[\w-]+\.json$/.test(f));
const records = unpack(JSON.parse(readFileSync(join(dir, file!), 'utf8')) as PackedIndex);

/** Starts with an emoji or another pictograph (the doc cards' 📄️ and 🗃️ among them). */
const PICTOGRAPH = /^[\p{Extended_Pictographic}\p{Emoji_Presentation}]/u;

describe('embedded search index', () => {
  it('has records', () => {
    expect(records.length).toBeGreaterThan(1000);
  });

  it('holds no record whose text or hierarchy starts with a pictograph', () => {
    const offending = records.flatMap((r) =>
      [r.content, ...Object.values(r.hierarchy)]
        .filter((text): text is string => typeof text === 'string' && PICTOGRAPH.test(text))
        .map((text) => `${r.url}: ${text.slice(0, 40)}`),
    );
    expect(offending).toEqual([]);
  });

  const categoryPages = builtPages().filter((p) => /\/category\//.test(p.path));

  it('finds the generated category pages of every version', () => {
    expect(categoryPages.length).toBeGreaterThanOrEqual(9);
  });

  it('indexes each generated category page by its title and description only', () => {
    for (const page of categoryPages) {
      const own = records.filter((r) => new URL(r.url).pathname === page.path);
      const text = (selector: string) => {
        const el = select(selector, page.tree);
        return el ? textContent(el).trim() : '';
      };
      const title = text('header h1');
      const description = text('html.plugin-docs header h1 + p');
      expect(
        own.map((r) => [r.type, r.content]),
        page.path,
      ).toEqual([
        ['lvl1', null],
        ['content', description],
      ]);
      expect(own[0].hierarchy.lvl1, page.path).toBe(title);
      expect(description, page.path).not.toBe('');
    }
  });
});

describe('embedded search engine on the built index', () => {
  const index = new LocalSearchIndex(records);
  const queries = [...QUERIES, ...JUDGMENTS.map((j) => j.query)];

  it('scores every record of every benchmark and judged query exactly as MiniSearch#search does', () => {
    let compared = 0;
    for (const query of [...queries, ...queries.map((q) => `${q} `)]) {
      for (const combineWith of ['AND', 'OR'] as const) {
        const {engine, miniSearch} = scoresBoth(index, query, combineWith);
        expect(engine, `"${query}" (${combineWith})`).toEqual(miniSearch);
        compared += engine.size;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
  });
});

describe('embedded search engine on the built index, when MiniSearch’s internals change', () => {
  afterEach(() => {
    change.hide = [];
  });

  it('answers every judged query through MiniSearch#search, with the fast path’s hits in the same order', () => {
    const fast = new LocalSearchIndex(records);
    change.hide = ['_fieldLength'];
    const changed = new LocalSearchIndex(records);
    expect((changed as unknown as {scorer: {fast: boolean}}).scorer.fast).toBe(false);
    let hits = 0;
    for (const {query} of JUDGMENTS) {
      for (const params of [{query}, {query, hitsPerPage: 1000, distinct: false}]) {
        const {processingTimeMS: _a, ...expected} = fast.search(params);
        const {processingTimeMS: _b, ...actual} = changed.search(params);
        expect(actual, JSON.stringify(params)).toEqual(expected);
        hits += expected.hits.length;
      }
    }
    expect(hits).toBeGreaterThan(JUDGMENTS.length * 10);
  });
});
