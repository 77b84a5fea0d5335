/**
 * `algoliasearch/lite` answering from the embedded index, in embedded mode (webpack alias
 * `algoliasearch/lite$`, see ../index.ts): the theme's /search page calls
 * `liteClient(appId, apiKey)` and gets the embedded index instead of Algolia.
 */
import {createSearchClient} from './searchClient';
import {indexSource} from './indexSource';

export function liteClient(appId: string, apiKey: string, _options?: unknown) {
  return createSearchClient(appId, apiKey, indexSource);
}

export const apiClientVersion = 'embedded';
