/**
 * Mermaid diagrams are drawn at build time (plugins/mermaid-svg): each comes in the page's HTML as two SVGs, one per
 * colour mode, and no page loads Mermaid. Their colours and contrast in both modes are checked in the crawl
 * (pages.spec.ts).
 */
import {expect, test, type Page} from '@playwright/test';
import {allFences} from '../../plugins/mermaidFences';
import {MERMAID_MARKER} from '../../plugins/mermaid-svg/store';
import {docPath, waitForHydration, watchLoads} from './utils';

const intro = docPath('docs/Introduction');
/** Three diagrams on one page. */
const communication = docPath('api/Pricing4SaaS/understanding/communication');
/** A diagram much wider than a phone (drawn 1,146 px wide). */
const architecture = docPath('api/Pricing4SaaS/understanding/architecture');
/** A diagram narrower than the column on a desktop (drawn 317 px wide). */
const narrow = docPath('api/core-concepts/iPricing');

const diagrams = (page: Page) => page.locator('[data-mermaid-diagram]');
const drawing = (page: Page, mode: 'light' | 'dark') => diagrams(page).locator(`[data-color-mode="${mode}"] > svg`);

/** How many fences the source of a current-version page has. */
const fencesOf = (id: string) => allFences().filter((f) => f.file === `docs/${id}.mdx`).length;

test('diagrams come in the server HTML, one per fence, and no page loads Mermaid', async ({page, request}) => {
  const loads = watchLoads(page, {scripts: true});
  for (const [path, id] of [
    [intro, 'docs/Introduction'],
    [communication, 'api/Pricing4SaaS/understanding/communication'],
  ]) {
    const html = await (await request.get(path)).text();
    const count = fencesOf(id);
    expect(count).toBeGreaterThan(0);
    expect(html.match(/data-mermaid-diagram/g)?.length, path).toBe(count);
    expect(html.match(/<svg[^>]+role="?graphics-document document/g)?.length, path).toBe(2 * count);
    await page.goto(path);
    await waitForHydration(page);
    await expect(diagrams(page)).toHaveCount(count);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await loads.settled();
  }
  await page.goto('/markdown-page');
  await waitForHydration(page);
  await loads.settled();
  expect(loads.scripts().length).toBeGreaterThan(3);
  expect(loads.scripts().filter((s) => s.includes(MERMAID_MARKER))).toEqual([]);
});

test('the text of a diagram is text, and its name and description come from accTitle and accDescr', async ({page}) => {
  await page.goto(intro);
  const svg = drawing(page, 'light').first();
  await expect(svg).toBeVisible();
  await expect(svg.getByText('SPHERE platform', {exact: true})).toBeVisible();
  await expect(svg).toHaveAccessibleName('The parts of the SPHERE toolkit');
  await expect(svg).toHaveAccessibleDescription(/^A Pricing2Yaml file feeds the libraries/);
  // Only the drawing on show is in the accessibility tree.
  await expect(page.getByRole('document', {name: 'The parts of the SPHERE toolkit'})).toHaveCount(1);
});

test("a fence's title names its diagram and shows as its caption", async ({page}) => {
  await page.goto('/markdown-page');
  const figure = diagrams(page).first();
  const title = 'A pricing file feeding the backend, the frontend and SPACE';
  await expect(figure.locator('figcaption')).toHaveText(title);
  await expect(drawing(page, 'light').first()).toHaveAccessibleName(title);
});

test.describe('colour mode', () => {
  test('a reader in dark mode gets the dark drawing from the first paint, before any bundle runs', async ({page}) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Only the page's inline scripts run: the theme's colour-mode script sets data-theme, CSS does the rest.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(intro);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(drawing(page, 'dark')).toBeVisible();
    await expect(drawing(page, 'light')).toBeHidden();
  });

  test('the toggle switches every drawing at once', async ({page}) => {
    await page.goto(communication);
    await waitForHydration(page);
    const count = await diagrams(page).count();
    expect(count).toBe(3);
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    for (let i = 0; i < count; i++) {
      await expect(drawing(page, 'dark').nth(i)).toBeVisible();
      await expect(drawing(page, 'light').nth(i)).toBeHidden();
    }
  });
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('a wide diagram scrolls sideways at a readable size, and the keyboard can reach and scroll it', async ({
    page,
  }) => {
    await page.goto(architecture);
    await waitForHydration(page);
    const figure = diagrams(page).first();
    const box = figure.getByRole('region');
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box).toHaveAccessibleName(/^The building blocks of Pricing4Java/);
    const svg = drawing(page, 'light').first();
    const drawn = Number(await svg.getAttribute('width'));
    const shown = (await svg.boundingBox())!.width;
    expect(shown).toBeGreaterThanOrEqual(Math.floor(drawn * 0.75));
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('a diagram keeps the box of the server HTML: nothing moves when the page hydrates', async ({page, browser}) => {
    const noJs = await browser.newPage({javaScriptEnabled: false, viewport: {width: 390, height: 844}});
    try {
      await noJs.goto(intro);
      const before = await diagrams(noJs).first().boundingBox();
      await page.goto(intro);
      await waitForHydration(page);
      expect(await diagrams(page).first().boundingBox()).toEqual(before);
    } finally {
      await noJs.close();
    }
  });
});

test('a diagram that fits adds no tab stop', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(narrow);
  await waitForHydration(page);
  const figure = diagrams(page).first();
  await expect(drawing(page, 'light').first()).toBeVisible();
  await expect(figure.locator('[tabindex]')).toHaveCount(0);
  await expect(figure.getByRole('region')).toHaveCount(0);
});
