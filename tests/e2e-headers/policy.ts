import type {Page} from '@playwright/test';

/**
 * Records, for a page and the workers it starts, every Content-Security-Policy violation (the
 * `securitypolicyviolation` event, from an init script), console error and uncaught exception, across navigations.
 */
export async function watchPolicy(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => problems.push(`violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as {__reportViolation(text: string): void}).__reportViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('worker', (worker) =>
    worker.on('console', (msg) => msg.type() === 'error' && problems.push(`worker console: ${msg.text()}`)),
  );
  return problems;
}
