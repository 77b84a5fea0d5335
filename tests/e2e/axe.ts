/**
 * What the accessibility checks share: axe-core with every rule on (its experimental ones and WCAG 2.5.3 included),
 * the few exemptions for third-party markup, the switch between colour modes that checks the page is really drawn in
 * the mode, and the opening of a page that waits for everything it draws after hydration.
 */
import {join, relative} from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import {expect, type Page, type Response} from '@playwright/test';
import {ROOT, codeBlocks, mdxFiles} from '../utils/codeBlocks';
import {ARCHIVED_VERSIONS, CURRENT_VERSION, docPath, drawDeferred, waitForHydration, settle} from './utils';

export type Mode = 'light' | 'dark';

export const WIDTHS = {
  desktop: {width: 1280, height: 800},
  mobile: {width: 390, height: 844},
} as const;

export type Width = keyof typeof WIDTHS;

/** Where a violation was found, for failure messages: "/docs/… (dark, mobile 390px)". */
export const where = (what: string, mode: Mode, width: Width) => `${what} (${mode}, ${width} ${WIDTHS[width].width}px)`;

/** How long to wait for what a page draws after hydration (search results, the playground) on a busy 2-core machine. */
export const LATE = 30_000;

/**
 * How many Mermaid diagrams each page shows (docs pages of every version, and the standalone pages of src/pages),
 * counted from the mermaid code blocks of its source. Diagrams are drawn at build time and come with the page; the
 * count lets a test check that none is missing.
 */
const DIAGRAMS: ReadonlyMap<string, number> = (() => {
  const counts = new Map<string, number>();
  const sources: [string, (id: string) => string][] = [
    ['docs', (id) => docPath(id, CURRENT_VERSION)],
    ...ARCHIVED_VERSIONS.map((v): [string, (id: string) => string] => [
      `versioned_docs/version-${v}`,
      (id) => docPath(id, v),
    ]),
    ['src/pages', (id) => `/${id.replace(/(^|\/)index$/, '')}`],
  ];
  for (const [dir, pathOf] of sources) {
    for (const file of mdxFiles([dir])) {
      const diagrams = codeBlocks(file).filter((b) => b.lang === 'mermaid').length;
      const id = relative(join(ROOT, dir), file)
        .replace(/\\/g, '/')
        .replace(/\.mdx?$/, '');
      if (diagrams) counts.set(pathOf(id), diagrams);
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

/**
 * Colour contrast, checked once per look. axe's colour-contrast rule costs about 4 ms per element with text, most of
 * it working out the element's stacking context and parsing the colours of the layers under it: 70 to 85 % of an
 * analysis on a doc page, and 18 of 21 s on the SPACE API reference (4,173 elements), yet a page repeats a few looks
 * in its code blocks, tables, sidebar and lists. What the rule reads of an element is its own colour, font and text
 * shadow, and the layers painted under its text: its own box and its ancestors' (backgrounds, images, opacity,
 * filters, blend modes, pseudo-elements) and any positioned element over it. So an element that is shown, lies under
 * no positioned element other than its ancestors, holds text that axe checks, and agrees on all of those with one
 * checked before it is marked and left out of that one rule; every other rule sees every element. "Before" spans the
 * pages a test worker analyses: the looks it has checked, and the layers it has numbered, are kept for its next
 * analysis (`seen`), so the navbar, sidebar, footer and code tokens that every page repeats are checked once per worker
 * rather than once per page, and a page is checked for the looks it adds. A look found too faint fails the test that
 * first shows it. tests/e2e/a11y.spec.ts checks that a low contrast on one look is still found, even where the look's
 * first element holds no text axe checks.
 */
const ALIKE = 'data-contrast-alike';
const AXE_SOURCE = `${axe.source};axe.configure({rules: [{id: 'color-contrast', selector: '*:not([${ALIKE}])'}]});`;

/** The looks this worker's analyses have checked, and the number of each stack of layers they have met. */
const seen: {looks: string[]; layers: [string, number][]} = {looks: [], layers: []};

/**
 * Marks the elements alike in colour, font and layers to one checked before them (on this page or on one this worker
 * analysed before), within what the analysis covers (`include`, else the whole page): a sample outside it would stand
 * for elements it never checks. Returns the looks and layers known once this analysis has checked its samples.
 */
function markAlike(page: Page, include = 'body'): Promise<typeof seen> {
  return page.evaluate(
    ([alike, include, seen]) => {
      // Positioned elements that paint: the closed drawer's backdrop covers the viewport, hidden and transparent.
      const PAINTED = {visibilityProperty: true, opacityProperty: true};
      const OWN = ['color', 'font-size', 'font-weight', 'font-style', 'text-shadow', 'visibility'];
      const LAYER = ['background-color', 'background-image', 'opacity', 'filter', 'mix-blend-mode', 'position'];
      const positioned = Array.from(document.querySelectorAll('*'))
        .filter((el) => getComputedStyle(el).position !== 'static' && el.checkVisibility(PAINTED))
        .map((el) => [el, el.getBoundingClientRect()] as const);
      const covered = (el: Element) => {
        const r = el.getBoundingClientRect();
        return positioned.some(
          ([p, b]) => !p.contains(el) && b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom,
        );
      };
      // The layers under an element's text, worked out once per element (siblings share their ancestors) and
      // numbered: elements with the same number have the same layers.
      const numbers = new Map<string, number>(seen.layers);
      const layers = new Map<Element, number>();
      const layersOf = (el: Element | null): number => {
        if (!el) return 0;
        let known = layers.get(el);
        if (known === undefined) {
          const style = getComputedStyle(el);
          const own = LAYER.map((p) => style.getPropertyValue(p));
          for (const pseudo of ['::before', '::after']) {
            const box = getComputedStyle(el, pseudo);
            if (box.content !== 'none') own.push(pseudo, box.backgroundColor, box.backgroundImage);
          }
          const key = `${own.join('|')}/${layersOf(el.parentElement)}`;
          known = numbers.get(key) ?? numbers.size + 1;
          numbers.set(key, known);
          layers.set(el, known);
        }
        return known;
      };
      // What axe may leave out of the rule for reasons other than colour: text without two letters or digits
      // (whitespace, punctuation, an icon), form controls and labels, disabled or inert content, and what labels a
      // disabled control. Such an element is never a sample, so it never stands for others.
      const labelsOfDisabled = Array.from(document.querySelectorAll('[aria-labelledby]'))
        .filter((control) => control.matches(':disabled, [aria-disabled="true"]'))
        .flatMap((control) => control.getAttribute('aria-labelledby')!.split(/\s+/))
        .map((id) => document.getElementById(id));
      const exempt = (el: Element) =>
        el.closest('button, input, select, textarea, label, option, [inert], [disabled], [aria-disabled]') !== null ||
        labelsOfDisabled.some((label) => label?.contains(el));
      const ownText = (el: Element) =>
        Array.from(el.childNodes, (node) => (node.nodeType === Node.TEXT_NODE ? node.textContent : '')).join('');
      const looks = new Set<string>(seen.looks);
      const covers = Array.from(document.querySelectorAll(include)).flatMap((root) => [
        root,
        ...Array.from(root.querySelectorAll('*')),
      ]);
      for (const el of new Set(covers)) {
        if ((ownText(el).match(/[\p{L}\p{N}]/gu) ?? []).length < 2) continue;
        if (!el.checkVisibility() || covered(el) || exempt(el)) continue;
        const own = getComputedStyle(el);
        const look = `${OWN.map((p) => own.getPropertyValue(p)).join('|')}/${layersOf(el)}`;
        if (looks.has(look)) el.setAttribute(alike, '');
        else looks.add(look);
      }
      return {looks: [...looks], layers: [...numbers]};
    },
    [ALIKE, include, seen] as const,
  );
}

/** Runs axe on the page as it is and describes every violation: where, which rule, which elements. */
export async function violations(page: Page, place: string, include?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens a helper page for every analysis, which doubles its
  // time. It only matters for cross-origin frames, and the site has none.
  // axe works out where things are drawn: tables the browser has not drawn yet would take their real size under it.
  await drawDeferred(page);
  let builder = new AxeBuilder({page, axeSource: AXE_SOURCE})
    .setLegacyMode()
    .options({resultTypes: ['violations'], rules: EXTRA_RULES});
  if (include) builder = builder.include(include);
  const known = await markAlike(page, include);
  const {violations} = await builder
    .analyze()
    .finally(() =>
      page.evaluate(
        (alike) => document.querySelectorAll(`[${alike}]`).forEach((el) => el.removeAttribute(alike)),
        ALIKE,
      ),
    );
  // The samples are checked now: their looks stand for the same looks on the worker's next pages.
  Object.assign(seen, known);
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
export async function setMode(page: Page, mode: Mode): Promise<void> {
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

/** Opens a page and waits until everything it draws after hydration is there; returns the server's answer. */
export async function open(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await waitForHydration(page);
  const pathname = new URL(path, 'http://site').pathname;
  if (pathname === '/search') await expect(page.locator('main article').first()).toBeVisible({timeout: LATE});
  if (pathname === '/playground') await expect(page.getByTestId('comparison')).toBeVisible({timeout: LATE});
  // Diagrams come with the page, one light and one dark drawing each.
  for (const mode of ['light', 'dark'] as const)
    await expect(drawings(page, mode)).toHaveCount(DIAGRAMS.get(pathname) ?? 0);
  return response;
}
