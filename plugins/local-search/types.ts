/** What the local-search plugin shares with its browser code. The records' shape is the engine's (src/lib/search). */
export const PLUGIN_NAME = 'docusaurus-local-search';

/** What the plugin tells the browser (global data). */
export interface LocalSearchGlobalData {
  /** Path of the index below the base URL, or null when there is none. */
  indexPath: string | null;
  missingReason?: string;
}
