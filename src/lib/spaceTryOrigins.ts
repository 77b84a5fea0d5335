/**
 * Where the "Try it" console of the SPACE API reference may send requests: the `connect-src` sources the site's
 * Content-Security-Policy adds for it (plugins/security-headers). A SPACE on the reader's own machine is always
 * allowed; other instances only when the site is built with their origins in `SPACE_TRY_ORIGINS`. The same list is
 * built into the bundle (`customFields.spaceTryOrigins`), so the console can tell a reader before sending that the
 * browser would block the request, and how to allow it. Shared by Node and the browser: no Node imports.
 */

import {LOOPBACK_SOURCES} from './loopback';

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

/** Every source the console may reach: the loopback ones, then those named at build time. */
export function trySources(env: string | undefined): string[] {
  return [
    ...LOOPBACK_SOURCES,
    ...parseTryOrigins(env).filter((o) => !(LOOPBACK_SOURCES as readonly string[]).includes(o)),
  ];
}

const DEFAULT_PORT: Record<string, string> = {'http:': '80', 'https:': '443'};

/**
 * Whether `url` matches one of the sources, as CSP Level 3 matches a host source: an `http:` source also allows
 * `https:`, `*.` matches any subdomain, a missing port means the scheme's default, `*` any port. The page's own
 * origin (`'self'`) is always allowed.
 */
export function connectAllowed(url: string, sources: readonly string[], self?: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (self && target.origin === self) return true;
  const port = target.port || DEFAULT_PORT[target.protocol];
  return sources.some((source) => {
    const m = /^(https?):\/\/(\*\.)?([^:]+)(?::(\d+|\*))?$/i.exec(source);
    if (!m) return false;
    const [, scheme, wildcard, host, sourcePort] = m;
    const schemeOk =
      target.protocol === `${scheme.toLowerCase()}:` ||
      (scheme.toLowerCase() === 'http' && target.protocol === 'https:');
    const hostname = target.hostname.toLowerCase();
    const hostOk = wildcard ? hostname.endsWith(`.${host.toLowerCase()}`) : hostname === host.toLowerCase();
    const portOk =
      sourcePort === '*' ||
      port === (sourcePort ?? DEFAULT_PORT[`${scheme.toLowerCase()}:`]) ||
      (!sourcePort && scheme.toLowerCase() === 'http' && target.protocol === 'https:' && port === '443');
    return schemeOk && hostOk && portOk;
  });
}
