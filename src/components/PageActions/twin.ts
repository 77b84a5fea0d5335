/** The Markdown twin of a page (plugins/markdown-twins): its path plus `.md`. */
export const twinPath = (permalink: string): string => `${permalink}.md`;
