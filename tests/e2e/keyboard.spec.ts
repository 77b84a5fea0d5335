/**
 * Keyboard use: every control is reachable with Tab and shows where focus is; the search modal and the mobile drawer
 * keep focus inside while open and give it back to the button that opened them.
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {docPath, drawDeferred, waitForHydration} from './utils';

/** A page with every kind of control the docs use: tabs, code blocks, tables, admonitions, a diagram. */
const DOC_PAGE = docPath('api/space/SDKs/space-node-client');

const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  // The last controls to appear are the code blocks' buttons, drawn once the page is idle after hydration.
  const blocks = await page.locator('article .theme-code-block').count();
  await expect(page.locator('article .theme-code-block button[aria-label="Copy code to clipboard"]')).toHaveCount(
    blocks,
  );
  // Tables not drawn yet are tab stops until measured (tests/e2e/chrome.spec.ts, "long pages"); here, the tab stops of
  // a page whose tables have all been drawn.
  await drawDeferred(page);
}

/**
 * Numbers every control a reader can see (links, buttons, form fields, summaries and anything with a tabindex),
 * and records how each looks unfocused. Left out: disabled and hidden controls, the inactive items of a composite
 * widget (the tabs of a tab list other than the selected one), which the arrow keys reach instead of Tab, and links
 * the theme takes out of the tab order because they repeat a reachable one (the sidebar's copy of the navbar logo,
 * shown while the navbar hides on scroll).
 */
async function controls(page: Page) {
  return page.evaluate((selector) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const focusLook = (el: Element) => {
      const s = getComputedStyle(el);
      return {outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, boxShadow: s.boxShadow};
    };
    const rovingItem = (el: HTMLElement) =>
      el.tabIndex < 0 && /^(tab|option|menuitem|treeitem|gridcell|radio)$/.test(el.getAttribute('role') ?? '');
    const shown = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (el) =>
        !(el as HTMLButtonElement).disabled &&
        !rovingItem(el) &&
        !(el.tabIndex < 0 && el.matches('[tabindex]:not(a, button, input, select, textarea, summary)')) &&
        !el.closest('[inert]') &&
        el.checkVisibility({visibilityProperty: true}),
    );
    const tabbableLinks = new Set(shown.filter((el) => el.tabIndex >= 0).map((el) => el.getAttribute('href')));
    return shown
      .filter((el) => !(el.tabIndex < 0 && el.matches('a[href]') && tabbableLinks.has(el.getAttribute('href'))))
      .map((el, i) => {
        el.dataset.control = String(i);
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return {id: String(i), label: `<${el.tagName.toLowerCase()}> "${name}"`, ...focusLook(el)};
      });
  }, TABBABLE);
}

/**
 * The focused element's control number and how it looks once every CSS transition has ended (a focus ring may fade
 * in), asked in one call to the page.
 */
async function focused(page: Page) {
  return page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    return {
      id: el.dataset.control ?? null,
      tag: el.tagName.toLowerCase(),
      outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
      outlineVisible:
        s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !/, 0\)$|transparent/.test(s.outlineColor),
      boxShadow: s.boxShadow,
    };
  });
}

/** Tabs through the whole page once and checks every control was reached and showed a focus indicator. */
async function tabThroughEverything(page: Page): Promise<void> {
  const all = await controls(page);
  expect(all.length).toBeGreaterThan(10);
  const reached = new Set<string>();
  const invisible: string[] = [];
  // Scroll boxes (code blocks, wide tables) are tab stops too without being listed controls: allow one press for each
  // of a long page's, beyond one per control. The loop stops as soon as every control has been reached.
  for (let i = 0; i < all.length + 40 && reached.size < all.length; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now?.id) continue;
    reached.add(now.id);
    const before = all[Number(now.id)];
    const indicator = now.outlineVisible || (now.boxShadow !== 'none' && now.boxShadow !== before.boxShadow);
    if (!indicator) invisible.push(`${before.label}: outline ${now.outline}, box-shadow ${now.boxShadow}`);
  }
  const unreached = all.filter((c) => !reached.has(c.id)).map((c) => c.label);
  expect(unreached, `not reachable with Tab:\n${unreached.join('\n')}`).toEqual([]);
  expect(invisible, `no visible focus indicator:\n${invisible.join('\n')}`).toEqual([]);
}

test.describe('every control is reachable with Tab and shows focus', () => {
  for (const [name, path] of [
    ['home page', '/'],
    ['doc page', DOC_PAGE],
  ] as const) {
    test(`${name}, desktop`, async ({page}) => {
      await page.setViewportSize({width: 1280, height: 800});
      await open(page, path);
      await tabThroughEverything(page);
    });
  }
});

/** Presses a key many times and returns every element focus visited, as "inside"/"outside" the given container. */
async function cycle(page: Page, container: Locator, key: string, presses: number): Promise<string[]> {
  const outside: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(key);
    const where = await container.evaluate((c) => {
      const el = document.activeElement;
      return el && c.contains(el) ? null : (el?.outerHTML.slice(0, 80) ?? 'nothing');
    });
    if (where) outside.push(where);
  }
  return outside;
}

test.describe('search modal (plugins/local-search SearchBar and DocSearch patch 4)', () => {
  test('keeps focus inside with Tab and Shift+Tab, and gives it back to the search button on close', async ({page}) => {
    await open(page, docPath('docs/Introduction'));
    const button = page.locator('.DocSearch-Button');
    await button.focus();
    await page.keyboard.press('Enter');
    const modal = page.locator('.DocSearch-Modal');
    await expect(modal).toBeVisible();
    await page.keyboard.type('pricing');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const tabbable = await modal.locator(TABBABLE).count();
    for (const key of ['Tab', 'Shift+Tab']) {
      const outside = await cycle(page, modal, key, tabbable + 3);
      expect(outside, `${key} left the modal`).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});

test.describe('mobile drawer (the Navbar/MobileSidebar wrapper)', () => {
  test.use({viewport: {width: 390, height: 844}});

  for (const how of ['Escape', 'the close button'] as const) {
    test(`keeps focus inside while open and gives it back to the toggle when closed with ${how}`, async ({page}) => {
      await open(page, DOC_PAGE);
      const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
      await toggle.focus();
      await page.keyboard.press('Enter');
      const drawer = page.locator('.navbar-sidebar');
      await expect(drawer).toBeVisible();
      await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      const tabbable = await drawer.locator(TABBABLE).count();
      for (const key of ['Tab', 'Shift+Tab']) {
        const outside = await cycle(page, drawer, key, Math.min(tabbable + 3, 80));
        expect(outside, `${key} left the drawer`).toEqual([]);
      }
      if (how === 'Escape') {
        await page.keyboard.press('Escape');
      } else {
        await drawer.getByRole('button', {name: 'Close navigation bar'}).focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
      await expect(toggle).toBeFocused();
    });
  }
});
