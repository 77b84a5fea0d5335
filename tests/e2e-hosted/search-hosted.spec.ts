/**
 * The hosted search mode: build-hosted/ is built with dummy Algolia
 * credentials, and every Algolia host is answered here by route fixtures.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test, type Page, type Request, type Route} from '@playwright/test';
import {HOSTED_ENV} from '../../playwright.hosted.config';
import {docPath, waitForHydration} from '../e2e/utils';

const FIXTURE_HITS = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'search', 'algolia-hits.json'), 'utf8'),
) as {objectID: string}[];
const ALGOLIA = /^https:\/\/[\w-]+\.(algolia\.net|algolianet\.com)\//;
const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

type Body = {requests: Record<string, unknown>[]};

/** Answers Algolia queries like the service would: the fixture hits for every query. */
function answer(route: Route) {
  const body = route.request().postDataJSON() as Body;
  return route.fulfill({
    status: 200,
    contentType: 'application/json',
    json: {
      results: body.requests.map((r) => ({
        hits: Number(r.hitsPerPage ?? 20) === 0 ? [] : FIXTURE_HITS,
        nbHits: FIXTURE_HITS.length,
        page: 0,
        nbPages: 1,
        hitsPerPage: r.hitsPerPage ?? 20,
        processingTimeMS: 1,
        query: r.query ?? '',
        params: '',
        index: r.indexName,
        exhaustiveNbHits: true,
      })),
    },
  });
}

async function openModal(page: Page, handler: (route: Route) => unknown) {
  const requests: Request[] = [];
  await page.route(ALGOLIA, (route) => {
    requests.push(route.request());
    return handler(route);
  });
  await page.goto(docPath('docs/Introduction'));
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  return requests;
}

test("the modal sends DocSearch's multi-query request to Algolia and renders its hits", async ({page}) => {
  const requests = await openModal(page, answer);
  // The hosted build keeps the preconnect hint, which the site's SearchBar writes in hosted mode only.
  await expect(page.locator('link[rel="preconnect"]')).toHaveAttribute(
    'href',
    `https://${HOSTED_ENV.ALGOLIA_APP_ID}-dsn.algolia.net`,
  );
  await page.locator('.DocSearch-Input').fill('terminology');
  await expect(page.locator('.DocSearch-Hit')).toHaveCount(3);
  await expect(page.locator('.DocSearch-Hit-source')).toHaveText(['Core concepts', 'Getting Started']);
  await expect(page.locator('.DocSearch-Hit').nth(1)).toContainText('Fixture heading from Algolia');
  await expect(page.locator('.DocSearch-Hit mark').first()).toHaveText(/terminology/i);

  const last = requests[requests.length - 1];
  const url = new URL(last.url());
  expect(last.method()).toBe('POST');
  expect(url.host).toBe(`${HOSTED_ENV.ALGOLIA_APP_ID.toLowerCase()}-dsn.algolia.net`);
  expect(url.pathname).toBe('/1/indexes/*/queries');
  expect(url.searchParams.get('x-algolia-application-id')).toBe(HOSTED_ENV.ALGOLIA_APP_ID);
  expect(url.searchParams.get('x-algolia-api-key')).toBe(HOSTED_ENV.ALGOLIA_API_KEY);
  expect(url.searchParams.get('x-algolia-agent')).toMatch(/docsearch \(3\.9\.0\).*docusaurus \(3\.8\.1\)/);
  const body = last.postDataJSON() as Body;
  expect(body.requests).toHaveLength(1);
  expect(body.requests[0]).toEqual({
    query: 'terminology',
    indexName: HOSTED_ENV.ALGOLIA_INDEX_NAME,
    attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
    attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:10`), 'content:10'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 20,
    clickAnalytics: false,
    // contextualSearch is off: no language or docusaurus_tag filter.
    facetFilters: [],
  });
});

test('every host answering 5xx shows the error screen; the next query recovers', async ({page}) => {
  let failing = true;
  const requests = await openModal(page, (route) =>
    failing ? route.fulfill({status: 503, body: 'unavailable'}) : answer(route),
  );
  await page.locator('.DocSearch-Input').fill('terminology');
  const error = page.locator('.DocSearch-ErrorScreen');
  await expect(error).toContainText('Unable to fetch results');
  await expect(error).toContainText('You might want to check your network connection.');
  // The client tried the main host and then each fallback host.
  const hosts = new Set(requests.map((r) => new URL(r.url()).host));
  expect(hosts.size).toBe(4);
  expect([...hosts].filter((h) => h.endsWith('.algolianet.com'))).toHaveLength(3);
  failing = false;
  await page.locator('.DocSearch-Input').press('s');
  await expect(page.locator('.DocSearch-Hit')).toHaveCount(3);
  await expect(error).toHaveCount(0);
});

test('a 4xx answer is final: no other host is tried', async ({page}) => {
  const requests = await openModal(page, (route) =>
    route.fulfill({status: 403, contentType: 'application/json', json: {message: 'Invalid API key', status: 403}}),
  );
  await page.locator('.DocSearch-Input').fill('terminology');
  await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for "terminology"');
  expect(requests).toHaveLength(1);
  await expect(page.locator('.DocSearch-ErrorScreen')).toHaveCount(0);
});

test('the /search page queries Algolia through algoliasearch-helper and renders its hits', async ({page}) => {
  const bodies: Body[] = [];
  await page.route(ALGOLIA, (route) => {
    bodies.push(route.request().postDataJSON() as Body);
    return answer(route);
  });
  await page.goto('/search?q=terminology');
  await expect(page.locator('article')).toHaveCount(3);
  await expect(page.locator('article h2').first()).toHaveText('Terminology');
  expect(bodies[0].requests[0]).toMatchObject({
    indexName: HOSTED_ENV.ALGOLIA_INDEX_NAME,
    query: 'terminology',
    hitsPerPage: 15,
    page: 0,
  });
});
