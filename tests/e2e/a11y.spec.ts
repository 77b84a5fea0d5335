/**
 * Accessibility gate: axe-core finds no violation, of any impact, on every page of the built sitemap, the /search
 * page and the not-found page, in light and dark mode, at desktop and phone widths; nor in the open search modal,
 * the open mobile drawer or the announcement bar.
 */
import {join, relative} from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import {expect, test, type Page} from '@playwright/test';
import {ROOT, codeBlocks, mdxFiles} from '../utils/codeBlocks';
import {
  ARCHIVED_VERSIONS,
  CURRENT_VERSION,
  docPath,
  drawDeferred,
  sitemapPaths,
  waitForHydration,
  settle,
} from './utils';

type Mode = 'light' | 'dark';

const WIDTHS = {
  desktop: {width: 1280, height: 800},
  mobile: {width: 390, height: 844},
} as const;

type Width = keyof typeof WIDTHS;

/** Where a violation was found, for failure messages: "/docs/… (dark, mobile 390px)". */
const where = (what: string, mode: Mode, width: Width) => `${what} (${mode}, ${width} ${WIDTHS[width].width}px)`;

const PAGES = [...sitemapPaths(), '/search?q=pricing', '/this-page-does-not-exist'];

/** How long to wait for what a page draws after hydration (search results, the playground) on a busy 2-core machine. */
const LATE = 30_000;

/**
 * How many Mermaid diagrams each docs page shows, counted from the mermaid code blocks of its source. Diagrams are
 * drawn at build time and come with the page; the count lets a test check that none is missing.
 */
const DIAGRAMS: ReadonlyMap<string, number> = (() => {
  const counts = new Map<string, number>();
  const sources: [string, string][] = [
    ['docs', CURRENT_VERSION],
    ...ARCHIVED_VERSIONS.map((v): [string, string] => [`versioned_docs/version-${v}`, v]),
  ];
  for (const [dir, version] of sources) {
    for (const file of mdxFiles([dir])) {
      const diagrams = codeBlocks(file).filter((b) => b.lang === 'mermaid').length;
      const id = relative(join(ROOT, dir), file)
        .replace(/\\/g, '/')
        .replace(/\.mdx?$/, '');
      if (diagrams) counts.set(docPath(id, version), diagrams);
    }
  }
  return counts;
})();

/**
 * Violations that come from third-party markup no config, CSS or wrapper can change, each limited to one rule on
 * one selector. Everything else those elements do is still checked.
 */
const THIRD_PARTY: readonly {rule: string; selector: string; why: string}[] = [
  {
    rule: 'nested-interactive',
    selector: '.DocSearch-Hit[role="option"]',
    why:
      'DocSearch (@docsearch/react 3.9.0) renders each hit as <li role="option"> around the link the theme passes as ' +
      'hitComponent, so the option has a focusable descendant (algolia/docsearch#1370, #1491). Readers choose hits ' +
      'with the arrow keys and Enter from the search field (aria-activedescendant) or follow the link; making the ' +
      'option itself the link would mean rewriting the DocSearch results list.',
  },
  {
    rule: 'region',
    selector: '.search-page-wrapper .container.margin-vert--lg *',
    why:
      'The /search page of @docusaurus/theme-search-algolia 3.8.1 wraps only its result list in <main>; its heading, ' +
      'search field and result count sit in a plain container. Changing that means ejecting the whole page (framework ' +
      'code copied in), which this project does not do; the skip link and the heading still lead readers to it.',
  },
  {
    rule: 'landmark-unique',
    selector: '.search-page-wrapper article > nav[aria-label="breadcrumbs"]',
    why:
      'The same page gives every result its own <nav aria-label="breadcrumbs"> for the result path; only an ejected ' +
      'copy of the page could name them apart.',
  },
];

/**
 * Rules axe leaves out unless asked: its experimental rules, and the WCAG 2.5.3 (Label in Name) check, which axe runs
 * only on request. All of them must pass too.
 */
const EXTRA_RULES = Object.fromEntries(
  [...axe.getRules(['experimental']).map((r) => r.ruleId), 'label-content-name-mismatch'].map((id) => [
    id,
    {enabled: true},
  ]),
);

/** Runs axe on the page as it is and describes every violation: where, which rule, which elements. */
async function violations(page: Page, place: string, include?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens a helper page for every analysis, which doubles its
  // time. It only matters for cross-origin frames, and the site has none.
  // axe works out where things are drawn: tables the browser has not drawn yet would take their real size under it.
  await drawDeferred(page);
  let builder = new AxeBuilder({page}).setLegacyMode().options({resultTypes: ['violations'], rules: EXTRA_RULES});
  if (include) builder = builder.include(include);
  const {violations} = await builder.analyze();
  const found: string[] = [];
  for (const v of violations) {
    const exempt = THIRD_PARTY.filter((e) => e.rule === v.id).map((e) => e.selector);
    const nodes: string[] = [];
    for (const n of v.nodes) {
      const target = n.target.join(' ');
      if (exempt.length && (await page.locator(target).evaluate((el, s) => s.some((x) => el.matches(x)), exempt))) {
        continue;
      }
      const detail = n.any.find((c) => c.message)?.message ?? '';
      nodes.push(`    - ${target}${detail ? ` (${detail})` : ''}`);
    }
    if (nodes.length) found.push([`${place}: ${v.id} [${v.impact}] ${v.help}`, ...nodes].join('\n'));
  }
  return found;
}

/** The drawing of every diagram that a colour mode shows. */
const drawings = (page: Page, mode: Mode) => page.locator(`[data-mermaid-diagram] [data-color-mode="${mode}"] > svg`);

/**
 * Switches the colour mode with the theme's own toggle (hidden in the navbar below 996 px, but still the control the
 * drawer mirrors), then checks that the page is really drawn in that mode: the document background, every code block
 * and every Mermaid diagram (its drawing for that mode shown, the other hidden).
 */
async function setMode(page: Page, mode: Mode): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== mode) {
    await page.evaluate(() =>
      document.querySelector<HTMLButtonElement>('button[aria-label^="Switch between dark and light mode"]')!.click(),
    );
    await expect(html).toHaveAttribute('data-theme', mode);
  }
  await settle(page);
  const other = drawings(page, mode === 'dark' ? 'light' : 'dark');
  for (const svg of await drawings(page, mode).all()) await expect(svg).toBeVisible();
  for (const svg of await other.all()) await expect(svg).toBeHidden();
  // The colour a reader sees behind an element: its own background or that of the nearest painted ancestor
  // that is opaque (Infima leaves the light page transparent, so the canvas, white, shows).
  const backgrounds = await page.evaluate(() => {
    const painted = (el: Element | null): string => {
      for (; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (bg.startsWith('rgb(')) return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    return [
      painted(document.querySelector('main') ?? document.body),
      ...Array.from(document.querySelectorAll('pre')).map(painted),
    ];
  });
  const isDark = (rgb: string) => {
    const [r, g, b] = rgb.match(/[\d.]+/g)!.map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  };
  for (const bg of backgrounds) expect(isDark(bg), `background ${bg} in ${mode} mode`).toBe(mode === 'dark');
}

/** Opens a page and waits until everything it draws after hydration is there. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  const pathname = new URL(path, 'http://site').pathname;
  if (pathname === '/search') await expect(page.locator('main article').first()).toBeVisible({timeout: LATE});
  if (pathname === '/playground') await expect(page.getByTestId('comparison')).toBeVisible({timeout: LATE});
  // Diagrams come with the page, one light and one dark drawing each.
  for (const mode of ['light', 'dark'] as const)
    await expect(drawings(page, mode)).toHaveCount(DIAGRAMS.get(pathname) ?? 0);
}

for (const width of Object.keys(WIDTHS) as Width[]) {
  test.describe(`axe at ${width} width (${WIDTHS[width].width}px)`, () => {
    test.use({viewport: WIDTHS[width]});
    // axe checks the contrast of every code token: the longest pages need more than the default minute on 2 cores.
    test.setTimeout(180_000);

    for (const path of PAGES) {
      test(`${path} in light and dark mode`, async ({page}) => {
        await open(page, path);
        const found: string[] = [];
        for (const mode of ['light', 'dark'] as const) {
          await setMode(page, mode);
          found.push(...(await violations(page, where(path, mode, width))));
        }
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  });
}

/**
 * The page actions of a doc page with their menu open, after the clipboard refused a copy (the Markdown is then shown
 * in a text box above the title), in both modes.
 */
async function pageActionsViolations(page: Page, width: Width): Promise<string[]> {
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', {value: {write: refuse, writeText: refuse}});
  });
  await open(page, docPath('docs/Introduction'));
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('textbox', {name: 'Markdown of this page'})).toBeVisible();
  await page.getByRole('button', {name: 'More actions for this page'}).click();
  await expect(page.getByRole('link', {name: 'Open in Claude'})).toBeVisible();
  const found: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await setMode(page, mode);
    // The mode switch moved focus, which closes the menu: open it again.
    if ((await page.getByRole('link', {name: 'Open in Claude'}).count()) === 0) {
      await page.getByRole('button', {name: 'More actions for this page'}).click();
    }
    found.push(...(await violations(page, where('page actions, menu open', mode, width), 'article')));
  }
  return found;
}

test.describe('axe on interactive states', () => {
  test.use({viewport: WIDTHS.desktop});

  test('the page actions with their menu open and the copy fallback, in light and dark mode', async ({page}) => {
    const found = await pageActionsViolations(page, 'desktop');
    expect(found, found.join('\n')).toEqual([]);
  });

  test('the search modal with hits, in light and dark mode', async ({page}) => {
    await open(page, docPath('docs/Introduction'));
    await page.getByRole('button', {name: 'Search'}).click();
    await page.locator('.DocSearch-Input').fill('pricing');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await setMode(page, mode);
      found.push(...(await violations(page, where('search modal', mode, 'desktop'), '.DocSearch-Container')));
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test.describe('at phone width', () => {
    test.use({viewport: WIDTHS.mobile});

    test('the page actions with their menu open and the copy fallback, in light and dark mode', async ({page}) => {
      const found = await pageActionsViolations(page, 'mobile');
      expect(found, found.join('\n')).toEqual([]);
    });

    test('the open mobile drawer, on its doc sidebar and its main menu, in light and dark mode', async ({page}) => {
      await open(page, docPath('docs/Introduction'));
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      const drawer = page.locator('.navbar-sidebar');
      await expect(drawer).toBeVisible();
      const found: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        await setMode(page, mode);
        found.push(...(await violations(page, where('mobile drawer, doc sidebar', mode, 'mobile'), '.navbar-sidebar')));
      }
      await drawer.getByRole('button', {name: /Back to main menu/}).click();
      await expect(drawer.getByRole('link', {name: 'Developer Guide', exact: true})).toBeVisible();
      for (const mode of ['light', 'dark'] as const) {
        await setMode(page, mode);
        found.push(...(await violations(page, where('mobile drawer, main menu', mode, 'mobile'), '.navbar-sidebar')));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  });

  test('the announcement bar, in light and dark mode', async ({page}) => {
    await open(page, '/');
    const bar = page.locator('[role="banner"]', {hasText: 'Pricing2Yaml 3.0'});
    await expect(bar).toBeVisible();
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await setMode(page, mode);
      found.push(...(await violations(page, where('announcement bar', mode, 'desktop'), '[role="banner"]')));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
