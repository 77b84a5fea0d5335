/**
 * The ranking behaviours the relevance judgment list (search/relevance-judgments.ts, `npm run bench:search`) relies
 * on, pinned on small records so that a later change to the engine that breaks one fails here.
 */
import {describe, expect, it} from 'vitest';
import {
  LocalSearchIndex,
  STOP_WORDS,
  SYNONYMS,
  identifierParts,
  indexWords,
  variants,
} from '@sphere-docs/lib/search/engine';
import type {RecordType, SearchRecord} from '@sphere-docs/lib/search/types';

const ORIGIN = 'https://docs.example.org';
let n = 0;
function rec(
  type: RecordType,
  path: string,
  [lvl0, lvl1, lvl2 = null]: [string, string, (string | null)?],
  content: string | null = null,
  version = 'current',
): SearchRecord {
  return {
    objectID: String(n++),
    type,
    url: `${ORIGIN}${path}`,
    content,
    hierarchy: {lvl0, lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
    language: 'en',
    docusaurus_tag: version === 'current' ? 'docs-default-current' : `docs-default-${version}`,
    version,
  };
}

/** Paths (with anchors) of the hits for `query`, best first. */
function paths(records: SearchRecord[], query: string): string[] {
  return new LocalSearchIndex(records)
    .search({query, hitsPerPage: 20, facetFilters: []})
    .hits.map((h) => new URL(h.url!).pathname + new URL(h.url!).hash);
}

describe('identifiers', () => {
  it('splits camelCase, PascalCase, acronyms, digits and underscores, and leaves plain words alone', () => {
    expect(identifierParts('RenewTokenFilter')).toEqual(['Renew', 'Token', 'Filter']);
    expect(identifierParts('useGenericFeature')).toEqual(['use', 'Generic', 'Feature']);
    expect(identifierParts('HTMLParser')).toEqual(['HTML', 'Parser']);
    expect(identifierParts('pricing4java')).toEqual(['pricing', 'java']);
    expect(identifierParts('retrieve_api_key')).toEqual(['retrieve', 'api', 'key']);
    expect(identifierParts('Pricing')).toEqual([]);
    expect(identifierParts('v21')).toEqual([]);
  });

  it('indexes an identifier whole and by its words', () => {
    expect(indexWords('Register the RenewTokenFilter bean')).toEqual([
      'Register',
      'the',
      'RenewTokenFilter',
      'Renew',
      'Token',
      'Filter',
      'bean',
    ]);
  });

  const records = [
    rec('lvl1', '/renew-token-filter', ['Pricing4Java', 'RenewTokenFilter']),
    rec('lvl1', '/token-not-renewed', ['FAQs', 'The pricing token is never renewed']),
    rec('content', '/token-not-renewed', ['FAQs', 'The pricing token is never renewed'], 'Check the filter order.'),
  ];

  it('finds an identifier from its words, above a page that holds the same words apart', () => {
    expect(paths(records, 'renew token filter')[0]).toBe('/renew-token-filter');
  });

  it('finds an identifier typed whole, or its start', () => {
    expect(paths(records, 'RenewTokenFilter')).toEqual(['/renew-token-filter']);
    expect(paths(records, 'renewtokenfil')).toEqual(['/renew-token-filter']);
  });

  it('splits identifiers in titles and headings only; body text and code hold them whole', () => {
    const body = [
      rec('content', '/context', ['Pricing4Java', 'Configuration'], 'Extend PricingContext in a bean.'),
      rec('lvl2', '/context#pricing-context', ['Pricing4Java', 'Configuration', 'The PricingContext bean']),
    ];
    // The heading is found by the identifier's words; the paragraph that names it only by the identifier itself.
    expect(paths(body, 'pricing context bean')).toEqual(['/context#pricing-context']);
    expect(paths(body, 'PricingContext bean').sort()).toEqual(['/context', '/context#pricing-context']);
  });

  it('marks the words of an identifier that the query matched', () => {
    const hit = new LocalSearchIndex(records).search({
      query: 'token filter',
      highlightPreTag: '<m>',
      highlightPostTag: '</m>',
      facetFilters: [],
    }).hits[0];
    expect((hit._highlightResult.hierarchy as Record<string, {value: string}>).lvl1.value).toBe(
      'Renew<m>Token</m><m>Filter</m>',
    );
  });
});

describe('synonyms and word forms', () => {
  it('matches each word of a synonym list as typed, and the usual English endings', () => {
    for (const list of SYNONYMS)
      for (const word of list) expect(variants(word)).toEqual(expect.arrayContaining([...list]));
    expect(variants('install')).toContain('instalation');
    expect(variants('env')).toContain('environment');
    expect(variants('periods')).toContain('period');
    expect(variants('policy')).toContain('policies');
    expect(variants('design')).toEqual(expect.arrayContaining(['designing', 'designs']));
    expect(variants('configuring')).toContain('configure');
    // `pricing` is in nearly every record: `price` must not match it as if typed.
    expect(variants('price')).toEqual(expect.arrayContaining(['price', 'prices']));
    expect(variants('price')).not.toContain('pricing');
  });

  const records = [
    rec('lvl1', '/installation', ['Getting Started', 'Installation']),
    rec('lvl1', '/contributing', ['Contributing', 'Contributing to Pricing4TS']),
    rec('lvl1', '/space-config', ['SPACE', 'Configuring SPACE'], null),
    rec('content', '/space-config', ['SPACE', 'Configuring SPACE'], 'Every environment variable the server reads.'),
  ];

  it('finds a page by a synonym, a misspelling on the list or another form of the word, with no typo penalty', () => {
    expect(paths(records, 'install')[0]).toBe('/installation');
    expect(paths(records, 'instalation')[0]).toBe('/installation');
    expect(paths(records, 'contribute pricing4ts')[0]).toBe('/contributing');
    expect(paths(records, 'space env variables')[0]).toBe('/space-config');
    expect(paths(records, 'space configuration')[0]).toBe('/space-config');
  });
});

describe('ranking', () => {
  it('treats stop words as optional, unless the query has nothing else', () => {
    expect(STOP_WORDS.has('on')).toBe(true);
    const records = [
      rec('lvl2', '/run#kubernetes', ['SPACE', 'Run a SPACE instance', 'Kubernetes']),
      rec('content', '/config#checklist', ['SPACE', 'Configuring SPACE', 'Checklist'], 'Run it on Kubernetes.'),
      rec('lvl1', '/how-to', ['Guides', 'How to']),
    ];
    expect(paths(records, 'run space on kubernetes')[0]).toBe('/run#kubernetes');
    expect(paths(records, 'how to ')).toEqual(['/how-to']);
  });

  it('puts a page whose heading is the query above one whose longer heading merely contains it', () => {
    const records = [
      rec('lvl1', '/faq/unlimited', ['FAQs', 'Expressing unlimited usage limits']),
      rec('lvl1', '/java/usage-limit', ['Pricing4Java', 'UsageLimit']),
    ];
    expect(paths(records, 'usage limit')).toEqual(['/java/usage-limit', '/faq/unlimited']);
  });

  it('puts the current docs version first, even when an older page matches better', () => {
    const records = [
      rec('lvl2', '/docs/1.4.0/yaml#test', ['Pricing4Java', 'YamlUtils', 'A validator test'], null, '1.4.0'),
      rec('content', '/docs/2.0.1/yaml#ci', ['Pricing4Java', 'YamlUtils', 'In CI'], 'A test runs the validator.'),
    ];
    expect(paths(records, 'yaml validator test')).toEqual(['/docs/2.0.1/yaml#ci', '/docs/1.4.0/yaml#test']);
  });
});
