/**
 * The one definition of "this machine" for the project: the hosts a browser counts as loopback (the Secure Contexts
 * rule: `localhost` and names under `.localhost`, 127.0.0.0/8, `::1`). The MCP server serves HTTP only on them, the
 * SPACE console exempts them from mixed-content refusals, and the site's Content-Security-Policy lets the console
 * reach a SPACE on them. Shared by Node and the browser: no Node imports.
 */

/** Whether a host name, as `URL.hostname` gives it or as typed on a command line (IPv6 with or without brackets), is loopback. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return /(^|\.)localhost$/.test(name) || /^(::1|\[::1\])$/.test(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Whether a URL points at a loopback host; false for text that is no URL. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The loopback hosts as Content-Security-Policy host sources, any port. CSP has no form for an address range or an
 * IPv6 literal, so these are the two names a SPACE on the reader's machine is reached by.
 */
export const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'] as const;
