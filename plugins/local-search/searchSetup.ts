/**
 * Which search the build ships, from the environment at build time:
 * - embedded (default): no credentials; the theme's Algolia settings get placeholders and the
 *   local-search plugin answers from an index built with the site;
 * - hosted: ALGOLIA_APP_ID, ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME all set; the stock theme talks to Algolia.
 */
export interface SearchSetup {
  mode: 'embedded' | 'hosted';
  appId: string;
  apiKey: string;
  indexName: string;
}

/** Placeholders that satisfy the theme's config schema; they never leave the browser. */
export const EMBEDDED = {appId: 'EMBEDDED', apiKey: 'embedded-search-no-key', indexName: 'sphere-docs'} as const;

const VARS = {appId: 'ALGOLIA_APP_ID', apiKey: 'ALGOLIA_API_KEY', indexName: 'ALGOLIA_INDEX_NAME'} as const;

export function searchSetup(env: Record<string, string | undefined> = process.env): SearchSetup {
  const set = (Object.keys(VARS) as (keyof typeof VARS)[]).filter((k) => env[VARS[k]] !== undefined);
  if (set.length === 0) return {mode: 'embedded', ...EMBEDDED};
  if (set.length < 3) {
    const missing = (Object.keys(VARS) as (keyof typeof VARS)[]).filter((k) => !set.includes(k)).map((k) => VARS[k]);
    throw new Error(
      `Hosted search needs ALGOLIA_APP_ID, ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME; ${missing.join(' and ')} ${
        missing.length > 1 ? 'are' : 'is'
      } not set. Unset all three for the embedded search.`,
    );
  }
  // The same checks and messages as the Algolia client, which refuses an empty appId or apiKey.
  if (!env.ALGOLIA_APP_ID) throw new Error('`appId` is missing. (ALGOLIA_APP_ID is empty)');
  if (!env.ALGOLIA_API_KEY) throw new Error('`apiKey` is missing. (ALGOLIA_API_KEY is empty)');
  if (!env.ALGOLIA_INDEX_NAME) throw new Error('`indexName` is missing. (ALGOLIA_INDEX_NAME is empty)');
  return {mode: 'hosted', appId: env.ALGOLIA_APP_ID, apiKey: env.ALGOLIA_API_KEY, indexName: env.ALGOLIA_INDEX_NAME};
}

/**
 * Origins the browser's search talks to, for the Content-Security-Policy's connect-src (plugins/security-headers):
 * none for the embedded index (it is a file of the site), Algolia's hosts in hosted mode (the application's DSN host
 * first, then the fallbacks the client retries on).
 */
export function searchOrigins(setup: SearchSetup): string[] {
  if (setup.mode === 'embedded') return [];
  return [`https://${setup.appId}-dsn.algolia.net`, 'https://*.algolianet.com', 'https://*.algolia.net'];
}
