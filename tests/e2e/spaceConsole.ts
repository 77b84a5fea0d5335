/** What the end-to-end tests of the SPACE API reference's Try consoles share: opening a console, pressing Send. */
import {expect, type Locator, type Page} from '@playwright/test';
import {LATE} from './axe';
import {idle} from './utils';

/** Opens the console of an operation; returns it and its result area. */
export async function consoleOf(page: Page, operationId: string): Promise<{console: Locator; answer: Locator}> {
  const button = page.getByRole('button', {name: `Try ${operationId}`, exact: true});
  // Scrolled to first, and clicked once the page has drawn what that brought into view and what earlier steps started
  // (an answer's code block, sections drawn only near the viewport). A click finds where the button is, then presses
  // that point, which a late shift of the layout can leave on something else: seen once on a busy machine, at the
  // fourth console opened, whose button stayed closed.
  await button.scrollIntoViewIfNeeded();
  await idle(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const console = page.getByRole('region', {name: `Console of ${operationId}`});
  // The first console opened loads the console's chunk.
  await expect(console).toBeVisible({timeout: LATE});
  return {console, answer: console.getByRole('status')};
}

export const send = (console: Locator) => console.getByRole('button', {name: 'Send', exact: true}).click();
