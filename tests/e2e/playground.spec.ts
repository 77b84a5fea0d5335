import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {compressToEncodedURIComponent} from 'lz-string';
import {documentFromHash} from '../../src/components/Playground/share';
import {docPath, waitForHydration, watchErrors, watchLoads} from './utils';

const VALID = `syntaxVersion: "3.0"
saasName: Sheetbird
createdAt: "2025-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
usageLimits:
  exportsPerDay:
    valueType: NUMERIC
    defaultValue: 5
    unit: export
    type: RENEWABLE
    period:
      unit: DAY
plans:
  FREE:
    price: 0
    features: null
  PRO:
    price: 9
    features:
      export:
        value: true
    usageLimits:
      exportsPerDay:
        value: 100
`;

const OLD = `syntaxVersion: "2.1"
saasName: Sheetbird
createdAt: "2024-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: planContext['features']['export']
usageLimits:
  exportsPerHour:
    valueType: NUMERIC
    defaultValue: 10
    unit: export
    type: TIME_DRIVEN
plans:
  FREE:
    price: 0
    features: null
`;

const at = (text: string) => `/playground#code=${compressToEncodedURIComponent(text)}`;

async function openPlayground(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('.cm-content')).toBeVisible();
}

const status = (page: Page) => page.getByTestId('status');
const editorText = (page: Page) =>
  page.locator('.cm-content .cm-line').evaluateAll((lines) => lines.map((l) => l.textContent).join('\n'));

/** Puts the caret at the end of the first editor line that contains `text`. */
async function caretAfter(page: Page, text: string) {
  await page.locator('.cm-line', {hasText: text}).first().click();
  await page.keyboard.press('End');
}

for (const viewport of [
  {width: 412, height: 823},
  {width: 1350, height: 940},
]) {
  test(`nothing on screen moves when the editor and the pricing arrive (${viewport.width} px wide)`, async ({page}) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const w = window as unknown as {layoutShift: number};
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {value: number; hadRecentInput: boolean})[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({type: 'layout-shift', buffered: true});
    });
    await openPlayground(page, '/playground');
    await expect(status(page)).toHaveAttribute('data-status', 'valid');
    await expect(page.getByTestId('comparison')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {layoutShift: number}).layoutShift)).toBeLessThan(0.01);
  });
}

test("SPACE's verdict sits under the schema's: a name SPACE refuses is listed with its line, and selects it", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openPlayground(page, at(VALID));
  const space = page.getByTestId('space');
  await expect(space).toHaveAttribute('data-stores', 'true');
  await expect(space).toContainText('SPACE 9123ae2 (pricing4ts 0.10.3) stores it as written.');

  await caretAfter(page, '  PRO:');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('+');
  await expect(status(page)).toHaveAttribute('data-status', 'valid');
  await expect(space).toHaveAttribute('data-stores', 'false');
  await expect(space).toContainText('refuses it at upload: line 22, the plan name "PRO+"');
  await space.getByRole('button').first().click();
  await expect(page.locator('.cm-content')).toBeFocused();
  expect(await page.locator('.cm-activeLine').textContent()).toBe('  PRO+:');
  expect(errors).toEqual([]);
});

test('an example of the docs opens in the playground with its content', async ({page}) => {
  await page.goto(docPath('api/Pricing2Yaml/migrating-30'));
  await waitForHydration(page);
  await page.getByRole('link', {name: 'Open in playground: exports-30.yml'}).click();
  await page.waitForURL('**/playground#code=*');
  await expect(page.locator('.cm-content')).toContainText('saasName: Sheetbird');
  await expect(status(page)).toHaveAttribute('data-status', 'valid');
  await expect(page.getByTestId('comparison')).toContainText('export');
});

test('an error typed in the editor is marked on its line and listed; fixing it brings the table back', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openPlayground(page, at(VALID));
  await expect(status(page)).toHaveAttribute('data-status', 'valid');
  await expect(page.getByTestId('comparison')).toBeVisible();

  await caretAfter(page, 'valueType: BOOLEAN');
  await page.keyboard.type('S');
  await expect(status(page)).toHaveAttribute('data-status', 'invalid');
  const problem = page.getByTestId('problems').getByRole('button').first();
  await expect(problem).toContainText('Line 7');
  await expect(problem).toContainText('features.export.valueType');
  await expect(problem).toContainText('use one of BOOLEAN, NUMERIC, TEXT');
  // The editor underlines the value on line 7 (lines are counted among the rendered lines, all visible here).
  const marked = await page
    .locator('.cm-line')
    .evaluateAll((lines) => lines.map((l, i) => (l.querySelector('.cm-lintRange-error') ? i + 1 : 0)).filter(Boolean));
  expect(marked).toEqual([7]);
  await expect(page.getByTestId('comparison')).toHaveCount(0);

  await page.keyboard.press('Backspace');
  await expect(status(page)).toHaveAttribute('data-status', 'valid');
  const table = page.getByTestId('comparison');
  await expect(table.getByRole('columnheader', {name: 'PRO'})).toBeVisible();
  await expect(table.getByRole('row', {name: /export/})).toContainText('Included');
  await expect(page.getByTestId('usage-limits').getByRole('row', {name: /exportsPerDay/})).toContainText('100 export');
  await expect(page.getByTestId('usage-limits')).toContainText('renews every day');
  expect(errors).toEqual([]);
});

test('the link in the address bar reproduces the document', async ({page, context}) => {
  await openPlayground(page, '/playground');
  await caretAfter(page, 'saasName:');
  await page.keyboard.type(' Deluxe');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#code=/);
  await expect.poll(async () => (await editorText(page)).includes('Deluxe')).toBe(true);
  // The hash is written shortly after typing stops: wait until it holds the whole word.
  await expect.poll(() => documentFromHash(new URL(page.url()).hash)).toContain(' Deluxe\n');
  const shared = page.url();
  const original = await editorText(page);

  const other = await context.newPage();
  await other.goto(shared);
  await waitForHydration(other);
  await expect(other.locator('.cm-content')).toContainText('Deluxe');
  expect(await editorText(other)).toBe(original);
});

test('an older document shows its 3.0 form as a diff, and can be replaced by it', async ({page}) => {
  await openPlayground(page, at(OLD));
  await expect(status(page)).toHaveAttribute('data-status', 'valid');
  const upgrade = page.getByTestId('upgrade');
  await expect(upgrade).toContainText('- syntaxVersion: "2.1"');
  await expect(upgrade).toContainText('+ syntaxVersion: "3.0"');
  await expect(upgrade).toContainText('-     type: TIME_DRIVEN');
  await expect(upgrade).toContainText("pricingContext['features']['export']");
  await expect(upgrade).toContainText('was TIME_DRIVEN');
  await expect(page.getByTestId('upgrade-about')).toContainText(
    'This 3.0 form is a corrected file, not the pricing SPACE',
  );
  await expect(page.getByTestId('upgrade-space-breaks')).toHaveCount(0);

  await upgrade.getByRole('button', {name: 'Replace the document with its 3.0 form'}).click();
  await expect(status(page)).toContainText('Valid Pricing2Yaml 3.0');
  await expect(page.getByTestId('upgrade')).toHaveCount(0);
  expect(await editorText(page)).toContain('type: RENEWABLE');
});

test("an older document lists the expressions SPACE's own upgrade would break, and says what to upload", async ({
  page,
}) => {
  const twice = OLD.replace(
    "expression: planContext['features']['export']",
    "expression: planContext['features']['export'] && planContext['features']['export']",
  );
  await openPlayground(page, at(twice));
  await expect(status(page)).toHaveAttribute('data-status', 'valid');
  const breaks = page.getByTestId('upgrade-space-breaks');
  await expect(breaks.getByRole('listitem')).toHaveCount(1);
  await expect(breaks).toContainText('Line 10, features.export.expression:');
  await expect(breaks).toContainText('renames only the first planContext and userContext');
  await expect(page.getByTestId('upgrade-about')).toContainText(
    'Upload this corrected 3.0 form instead of the 2.1 file.',
  );
});

test.describe('bad input gets a clear message and the page stays usable', () => {
  const bomb = (() => {
    let text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    for (let i = 0; i < 9; i++) {
      const [prev, next] = [String.fromCharCode(97 + i), String.fromCharCode(98 + i)];
      text += `${next}: &${next} [${Array(9)
        .fill('*' + prev)
        .join(',')}]\n`;
    }
    return Buffer.from(text);
  })();
  const twoMegabytes = (() => {
    let text = 'syntaxVersion: "3.0"\nfeatures:\n';
    for (let i = 0; text.length < 2 * 1024 * 1024; i++) {
      text += `  f${i}:\n    valueType: BOOLEAN\n    defaultValue: true\n    type: DOMAIN\n`;
    }
    return Buffer.from(text);
  })();
  // Deterministic bytes across the whole range, control characters included.
  const garbage = Buffer.from(Array.from({length: 64 * 1024}, (_, i) => (i * 7919 + 13) % 256));

  const cases: [string, Buffer, string, RegExp][] = [
    ['binary garbage', garbage, 'not-yaml', /not valid YAML: it contains the character U\+[0-9A-F]{4}.*binary file/],
    ['2 MB of YAML', twoMegabytes, 'too-large', /The document is 2048 KB/],
    ['a billion-laughs alias bomb', bomb, 'not-yaml', /too many aliases/],
  ];
  for (const [name, content, expected, message] of cases) {
    test(name, async ({page}) => {
      await openPlayground(page, '/playground');
      await expect(status(page)).toHaveAttribute('data-status', 'valid');
      await page.locator('input[type=file]').setInputFiles({name: 'input.yml', mimeType: 'text/yaml', buffer: content});
      await expect(status(page)).toHaveAttribute('data-status', expected);
      await expect(status(page)).toContainText(message);
      // Still responsive: the toolbar brings the example back and it is checked again.
      await page.getByRole('button', {name: 'Load the example'}).click();
      await expect(status(page)).toHaveAttribute('data-status', 'valid');
    });
  }
});

test.describe('keyboard and screen readers', () => {
  test('the editor is labelled, Tab leaves it, and a listed problem moves the caret to its line', async ({page}) => {
    await openPlayground(page, at(VALID.replace('currency: EUR', 'currency: EURO')));
    const content = page.locator('.cm-content');
    await expect(content).toHaveAccessibleName('Pricing2Yaml document');
    await expect(status(page)).toHaveAttribute('data-status', 'invalid');
    const problem = page.getByTestId('problems').getByRole('button').first();
    await problem.focus();
    await page.keyboard.press('Enter');
    await expect(content).toBeFocused();
    // The caret is on line 4, where the problem is.
    expect(await page.locator('.cm-activeLine').textContent()).toBe('currency: EURO');
    await page.keyboard.press('Tab');
    await expect(content).not.toBeFocused();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violations in ${theme} mode`, async ({page}) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await openPlayground(page, at(OLD.replace('type: DOMAIN', 'type: DOMAINS')));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(status(page)).toHaveAttribute('data-status', 'invalid');
      await expect(page.getByTestId('upgrade')).toBeVisible();
      const invalid = await new AxeBuilder({page}).analyze();
      expect(invalid.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);

      await caretAfter(page, 'type: DOMAINS');
      await page.keyboard.press('Backspace');
      await expect(page.getByTestId('comparison')).toBeVisible();
      const valid = await new AxeBuilder({page}).analyze();
      expect(valid.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    });
  }
});

test('doc pages load neither the editor, nor ajv, nor the YAML parser; the playground does', async ({page}) => {
  const markers = {codemirror: 'cm-content', ajv: 'must have required property', yaml: 'Excessive alias count'};
  const load = async (path: string, ready?: () => Promise<void>) => {
    // It listens on the context, which also sees what Web Workers fetch.
    const loads = watchLoads(page, {scripts: true});
    await page.goto(path);
    await waitForHydration(page);
    await ready?.();
    await loads.settled();
    const bodies = loads.scripts();
    return Object.fromEntries(Object.entries(markers).map(([k, m]) => [k, bodies.some((b) => b.includes(m))]));
  };
  const docPage = docPath('api/Pricing2Yaml/migrating-30');
  expect(await load(docPage)).toEqual({codemirror: false, ajv: false, yaml: false});
  // The page has playground buttons, and hovering one does not fetch the playground's code either.
  const button = page.getByRole('link', {name: 'Open in playground: exports-30.yml'});
  await expect(button).toBeVisible();

  await page.goto('about:blank');
  // The playground starts its analysis worker (ajv, the YAML parser) after a debounce: its verdict says it has run.
  const analysed = () => expect(status(page)).toHaveAttribute('data-status', 'valid');
  expect(await load('/playground', analysed)).toEqual({codemirror: true, ajv: true, yaml: true});
});

test('the navbar links to the playground after the four sections', async ({page}) => {
  await page.goto('/');
  await waitForHydration(page);
  const left = page.locator('nav.navbar .navbar__items:not(.navbar__items--right) > .navbar__item');
  await expect(left).toHaveText(['Getting Started', 'Developer Guide', 'Contributing', 'FAQs', 'Playground']);
  await expect(left.last()).toHaveAttribute('href', '/playground');
});
