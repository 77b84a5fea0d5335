/**
 * The shape of a search record, the same one the DocSearch crawler writes to an
 * Algolia index (objectID, type, url, content, hierarchy lvl0 to lvl6), so one UI
 * reads both.
 */
export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];

export type Hierarchy = Record<Level, string | null>;

export interface SearchRecord {
  objectID: string;
  type: RecordType;
  /** Absolute URL, with the anchor of the closest heading. */
  url: string;
  content: string | null;
  hierarchy: Hierarchy;
  language: string;
  docusaurus_tag: string;
  /** Docs version name from `docsearch:version` (`current` for the current one); absent outside docs. */
  version?: string;
  /** Set on records taken from code blocks, which rank below prose. Embedded index only. */
  code?: true;
}
