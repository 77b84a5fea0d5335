import {expect, test} from '@playwright/test';
import {ALL_VERSIONS, CURRENT_VERSION, docPath, sitemapPaths, waitForHydration} from './utils';

const paths = sitemapPaths();

test('the sitemap lists the home page and the introduction of every version', () => {
  expect(paths).toContain('/');
  for (const v of ALL_VERSIONS) {
    expect(paths).toContain(docPath('docs/Introduction', v));
    expect(paths).toContain(docPath('api/introduction', v));
    expect(paths).toContain(docPath('commonErrors/introduction', v));
    expect(paths).toContain(`/docs/${v}/category/getting-started`);
  }
  expect(paths).toContain(docPath('contrib/introduction'));
  for (const p of paths) expect(p, 'no spaces, emoji or other escaped characters in URLs').toMatch(/^[\w./-]+$/);
});

test('/docs alone takes the reader to the current introduction', async ({page}) => {
  await page.goto('/docs');
  await page.waitForURL(`**${docPath('docs/Introduction')}`);
  await expect(page.locator('article h1')).toBeVisible();
});

test('an unknown path shows the not-found page with ways forward', async ({page}) => {
  const response = await page.goto(`/docs/${CURRENT_VERSION}/this-page-does-not-exist`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
  const help = page.getByRole('navigation', {name: 'Where to go from here'});
  for (const [label, id] of [
    ['Getting Started', 'docs/Introduction'],
    ['Developer Guide', 'api/introduction'],
    ['Contributing', 'contrib/introduction'],
    ['FAQs', 'commonErrors/introduction'],
  ]) {
    await expect(help.getByRole('link', {name: label})).toHaveAttribute('href', docPath(id));
  }
});

test('trailing .html and /index.html land on the page itself', async ({page}) => {
  const intro = docPath('docs/Introduction');
  for (const variant of [`${intro}.html`, `${intro}/index.html`]) {
    await page.goto(variant);
    await waitForHydration(page);
    const active = page.locator('nav[aria-label="Docs sidebar"] a.menu__link--active');
    await expect(active, variant).toHaveAttribute('href', intro);
    await expect(page.locator('article h1'), variant).toBeVisible();
  }
});

test('titles read "page | site", and the home page has the site title alone', async ({page}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('SPHERE');
  await page.goto(docPath('docs/Introduction'));
  const h1 = (await page.locator('article h1').first().textContent())?.trim();
  await expect(page).toHaveTitle(`${h1} | SPHERE`);
  await page.goto(`/docs/${CURRENT_VERSION}/category/getting-started`);
  await expect(page).toHaveTitle('Getting Started | SPHERE');
});
