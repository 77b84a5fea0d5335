/**
 * The `connect-src` sources the site's Content-Security-Policy adds for the "Try it" console of the SPACE API
 * reference, which sends requests from the reader's browser to the reader's SPACE: one on the reader's own machine
 * always, others when the site is built with their origins in `SPACE_TRY_ORIGINS`. Only the policy reads them; the
 * console learns what a policy blocks from the browser, while it sends.
 */

/** A CSP host source of the form the variable accepts: scheme, host (`*.` allowed in front) and optional port. */
const ORIGIN_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i;

/**
 * The origins of `SPACE_TRY_ORIGINS`: separated by spaces or commas, each `http(s)://host[:port]`. Anything else
 * (a path, a quote, a semicolon that would end the directive) fails the build rather than reach the header.
 */
export function parseTryOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((o) => o.replace(/\/$/, ''));
  for (const origin of origins) {
    if (!ORIGIN_SOURCE.test(origin)) {
      throw new Error(`SPACE_TRY_ORIGINS: "${origin}" is not an origin such as https://space.example.com`);
    }
  }
  return [...new Set(origins)];
}
