/**
 * Search records for the unit tests of the search: a few pages of two docs versions, with headings, text and a code
 * block, as plugins/local-search/extract.ts writes them.
 */
import type {RecordType, SearchRecord} from '@sphere-docs/lib/search/types';

export const ORIGIN = 'https://docs.example.org';
let n = 0;
export function rec(
  type: RecordType,
  path: string,
  h: [string, string, string?, string?],
  content: string | null = null,
  version = 'current',
  extra: Partial<SearchRecord> = {},
): SearchRecord {
  const tag = version === 'current' ? 'docs-default-current' : `docs-default-${version}`;
  return {
    objectID: String(n++),
    type,
    url: `${ORIGIN}${path}`,
    content,
    hierarchy: {lvl0: h[0], lvl1: h[1], lvl2: h[2] ?? null, lvl3: h[3] ?? null, lvl4: null, lvl5: null, lvl6: null},
    language: 'en',
    docusaurus_tag: tag,
    version,
    ...extra,
  };
}

export const RECORDS: SearchRecord[] = [
  rec('lvl1', '/docs/2.0.1/api/feature', ['Pricing4React', 'The Feature component']),
  rec(
    'content',
    '/docs/2.0.1/api/feature',
    ['Pricing4React', 'The Feature component'],
    'The Feature component renders its children when a feature is enabled in the pricing token.',
  ),
  rec('lvl2', '/docs/2.0.1/api/feature#errors', ['Pricing4React', 'The Feature component', 'What can go wrong']),
  rec(
    'content',
    '/docs/2.0.1/api/feature#errors',
    ['Pricing4React', 'The Feature component', 'What can go wrong'],
    'Store the token before rendering toggled components, or every feature evaluates to false.',
  ),
  rec(
    'content',
    '/docs/2.0.1/api/feature#errors',
    ['Pricing4React', 'The Feature component', 'What can go wrong'],
    '<script>alert(1)</script> <Feature/>',
    'current',
    {code: true},
  ),
  rec('lvl1', '/docs/2.0.0/api/feature', ['Pricing4React', 'The Feature component']),
  rec('lvl1', '/docs/2.0.1/docs/Introduction', ['Getting Started', 'Introduction']),
  rec(
    'content',
    '/docs/2.0.1/docs/Introduction',
    ['Getting Started', 'Introduction'],
    'A SaaS product sells the same code base in several plans; a pricing describes them with features and usage limits.',
  ),
  rec('lvl2', '/docs/2.0.1/docs/Introduction#subscriptions', ['Getting Started', 'Introduction', 'Subscriptions']),
  rec(
    'content',
    '/docs/2.0.1/docs/Introduction#subscriptions',
    ['Getting Started', 'Introduction', 'Subscriptions'],
    'A subscription binds a customer to a plan and its add-ons for a billing period.',
  ),
].map((r, i) => ({
  ...r,
  version: i === 5 ? '2.0.0' : r.version,
  docusaurus_tag: i === 5 ? 'docs-default-2.0.0' : r.docusaurus_tag,
}));
