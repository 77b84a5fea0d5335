/**
 * The hosted build under its own headers (playwright.hosted.config.ts serves build-hosted/ with build-hosted/_headers):
 * its Content-Security-Policy lets the search reach Algolia, answered here by the fixture hits, and nothing is blocked.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import {HOSTED_ENV} from '../../playwright.hosted.config';
import {docPath, waitForHydration} from '../e2e/utils';
import {watchPolicy} from '../e2e-headers/policy';

const HITS = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'search', 'algolia-hits.json'), 'utf8'));

test('the search reaches Algolia with no policy violation', async ({page}) => {
  const problems = await watchPolicy(page);
  const hosts: string[] = [];
  await page.route(/^https:\/\/[\w-]+\.(algolia\.net|algolianet\.com)\//, (route) => {
    hosts.push(new URL(route.request().url()).host);
    const body = route.request().postDataJSON() as {requests: {indexName: string; query?: string}[]};
    return route.fulfill({
      json: {
        results: body.requests.map((r) => ({
          hits: HITS,
          nbHits: HITS.length,
          page: 0,
          nbPages: 1,
          hitsPerPage: 20,
          processingTimeMS: 1,
          query: r.query ?? '',
          params: '',
          index: r.indexName,
        })),
      },
    });
  });
  const response = await page.goto(docPath('docs/Introduction'));
  expect(response?.headers()['content-security-policy']).toContain(
    `connect-src 'self' https://${HOSTED_ENV.ALGOLIA_APP_ID}-dsn.algolia.net`,
  );
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('terminology');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(hosts).toContain(`${HOSTED_ENV.ALGOLIA_APP_ID.toLowerCase()}-dsn.algolia.net`);
  expect(problems).toEqual([]);
});
