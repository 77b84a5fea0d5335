/**
 * Loads ./Highlighted, and with it Prism, once. In the browser that happens when a code block is first drawn there;
 * on the server it starts when this module is evaluated, so it is ready before the first page is rendered (Docusaurus
 * loads a page's modules, then renders it).
 */
import type * as Highlighted from './Highlighted';

type HighlighterModule = typeof Highlighted;

let loaded: HighlighterModule | null = null;
let loading: Promise<HighlighterModule> | null = null;

export function loadHighlighter(): Promise<HighlighterModule> {
  loading ??= import('./Highlighted').then((module) => (loaded = module));
  return loading;
}

/** The highlighter if it has loaded, else null. */
export function loadedHighlighter(): HighlighterModule | null {
  return loaded;
}

if (typeof window === 'undefined') void loadHighlighter();
