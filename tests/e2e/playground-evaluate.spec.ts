/**
 * The playground's Evaluate section: a subscription chosen with the keyboard decides every feature as SPACE would,
 * subscription problems are worded above the table, and the link in the address bar reproduces the evaluation.
 */
import {expect, test, type Page} from '@playwright/test';
import {compressToEncodedURIComponent} from 'lz-string';
import {evaluationFromHash} from '../../src/components/Playground/share';
import {waitForHydration, watchErrors} from './utils';

const NOTES = `syntaxVersion: "3.0"
saasName: Notehive
createdAt: "2025-05-20"
currency: EUR
features:
  aiSummaries:
    valueType: BOOLEAN
    defaultValue: false
    type: AUTOMATION
    automationType: TASK_AUTOMATION
    expression: pricingContext['features']['aiSummaries'] && subscriptionContext['summariesPerMonth'] < pricingContext['usageLimits']['summariesPerMonth']
  history:
    valueType: NUMERIC
    defaultValue: 7
    type: DOMAIN
    expression: pricingContext['features']['history'] >= 30
usageLimits:
  summariesPerMonth:
    valueType: NUMERIC
    defaultValue: 0
    type: RENEWABLE
    linkedFeatures: [aiSummaries]
plans:
  BASIC:
    price: 0
    features: null
    usageLimits: null
  PRO:
    price: 8
    features:
      aiSummaries:
        value: true
      history:
        value: 90
    usageLimits:
      summariesPerMonth:
        value: 50
addOns:
  extraSummaries:
    availableFor: [PRO]
    price: 4
    usageLimitsExtensions:
      summariesPerMonth:
        value: 100
    subscriptionConstraints:
      minQuantity: 1
      maxQuantity: 3
      quantityStep: 1
  archive:
    price: 2
    dependsOn: [extraSummaries]
    features:
      history:
        value: 365
`;

const at = (text: string) => `/playground#code=${compressToEncodedURIComponent(text)}`;
const section = (page: Page) => page.getByTestId('evaluate');
const row = (page: Page, feature: string) => page.getByTestId('evaluation').locator(`tr[data-feature="${feature}"]`);

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByTestId('status')).toHaveAttribute('data-status', 'valid');
  await expect(section(page)).toBeVisible();
}

test('a subscription chosen with the keyboard decides every feature, and says why', async ({page}) => {
  const errors = watchErrors(page);
  await open(page, at(NOTES));
  // The first plan is evaluated from the start.
  await expect(row(page, 'aiSummaries')).toContainText('off');
  await expect(row(page, 'aiSummaries')).toContainText('false && 0 < 0');
  await expect(row(page, 'history')).toContainText('7 >= 30');

  const plan = section(page).getByLabel('Plan');
  await plan.focus();
  await page.keyboard.press('ArrowDown');
  await expect(plan).toHaveValue('PRO');
  await expect(row(page, 'aiSummaries')).toContainText('true && 0 < 50');
  await expect(row(page, 'aiSummaries').getByRole('cell').nth(1)).toHaveText('on');

  await page.keyboard.press('Tab');
  const extra = section(page).getByLabel('extraSummaries');
  await expect(extra).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(extra).toHaveValue('1');
  // Archive comes next in the tab order, then the usage of the one tracked limit.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const used = section(page).getByLabel('summariesPerMonth used');
  await expect(used).toBeFocused();
  await page.keyboard.type('149');
  await expect(row(page, 'aiSummaries')).toContainText('true && 149 < 150');
  await expect(row(page, 'aiSummaries').getByRole('cell').nth(1)).toHaveText('on');
  await expect(page.getByTestId('evaluation-limits').getByRole('row', {name: /summariesPerMonth/})).toContainText(
    'PRO sets 50, then extraSummaries adds 100 × 1',
  );
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('150');
  await expect(row(page, 'aiSummaries').getByRole('cell').nth(1)).toHaveText('off');
  expect(errors).toEqual([]);
});

test('what SPACE would refuse as a contract is said in words above the table', async ({page}) => {
  await open(page, at(NOTES));
  const problems = page.getByTestId('subscription-problems');
  await expect(problems).toBeEmpty();
  await section(page).getByLabel('archive').fill('1');
  await expect(problems).toContainText('archive can only be bought together with extraSummaries');
  // BASIC cannot have the extra summaries, and 4 packs are more than the pricing sells.
  await section(page).getByLabel('extraSummaries').fill('4');
  await expect(problems).toContainText('extraSummaries is not available for BASIC');
  await expect(problems).toContainText('the quantity must be from 1 to 3');
  await expect(problems).not.toContainText('archive can only');
});

test('the link in the address bar reproduces the evaluation', async ({page, context}) => {
  await open(page, at(NOTES));
  await section(page).getByLabel('Plan').selectOption('PRO');
  await section(page).getByLabel('extraSummaries').fill('2');
  await section(page).getByLabel('summariesPerMonth used').fill('200');
  await section(page).getByRole('switch', {name: 'Server-side expressions'}).check();
  await expect(row(page, 'aiSummaries')).toContainText('true && 200 < 250');
  // The link is written shortly after the last change: wait until it holds the whole subscription.
  await expect
    .poll(() => evaluationFromHash(new URL(page.url()).hash))
    .toEqual({plan: 'PRO', addOns: {extraSummaries: 2}, usage: {summariesPerMonth: 200}, server: true});

  const other = await context.newPage();
  await other.goto(page.url());
  await waitForHydration(other);
  await expect(section(other).getByLabel('Plan')).toHaveValue('PRO');
  await expect(section(other).getByLabel('extraSummaries')).toHaveValue('2');
  await expect(section(other).getByRole('switch', {name: 'Server-side expressions'})).toBeChecked();
  await expect(row(other, 'aiSummaries')).toContainText('true && 200 < 250');
});

test('an untracked limit is shown as not counted, and the feature reading it is off', async ({page}) => {
  const untracked = NOTES.replace('    type: RENEWABLE\n', '    type: NON_RENEWABLE\n');
  await open(page, at(untracked));
  await section(page).getByLabel('Plan').selectOption('PRO');
  await expect(section(page).getByLabel('summariesPerMonth used')).toHaveCount(0);
  await expect(row(page, 'aiSummaries')).toContainText('true && undefined < 50');
  await expect(row(page, 'aiSummaries')).toContainText('no period and is not trackable');
  await expect(page.getByTestId('evaluation-limits').getByRole('row', {name: /summariesPerMonth/})).toContainText(
    'not counted',
  );
});
