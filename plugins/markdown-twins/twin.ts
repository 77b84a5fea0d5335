/** Where a page's Markdown twin is served, for the build (./index.ts) and the page's actions (./theme) alike. */
export const TWIN_EXTENSION = '.md';

/** The Markdown twin of a page: its path plus `.md`. */
export const twinPath = (permalink: string): string => `${permalink}${TWIN_EXTENSION}`;
