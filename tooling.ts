/**
 * Constants of the project's tooling, shared by the end-to-end configs (playwright*.config.ts), the scripts
 * (benchmarks, `npm run diagrams`) and the tests: the browser they drive. The site's own constants (versions,
 * repositories, the announcement) are in src/constants.ts.
 */

/** Debian's Chromium, never a downloaded browser; CHROMIUM_PATH names another binary. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every tool starts Chromium: headless, sandbox-less (containers, root), without background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
