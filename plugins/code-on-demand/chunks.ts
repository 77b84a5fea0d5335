/**
 * How the bundler splits what code blocks need, so that each piece loads with the pages, or at the moment, that need
 * it (the plugin in ./index.ts applies these cache groups to the browser bundle):
 *
 * - `code-block`: the code-block component (./theme/CodeBlock, the theme's parts it renders, their buttons, icons and
 *   hooks). Only pages with code import it (./remark.ts), but they are most pages, and the bundler puts a module that
 *   more than half of the pages import into the `common` chunk, which every page loads; a cache group of higher
 *   priority keeps it in a chunk of its own.
 * - `highlighter`: Prism and the component that draws lines with it. Code blocks adopt their server-rendered lines on
 *   hydration (./theme/CodeBlock/Content), so a first visit never needs it; it loads when a block is drawn in the
 *   browser (after a client-side navigation, or when a sample's code changes).
 * - `playground-link`: what a complete Pricing2Yaml example's "Open in playground" link
 *   (./theme/CodeBlock/PlaygroundLink.tsx) shares with the playground page: the document-in-URL encoding
 *   (src/components/Playground/share.ts, lz-string). In a chunk of its own, the playground and the pages with code
 *   share one copy of it.
 *
 * The benchmark and the tests find these chunks by name and look for the highlighter by PRISM_MARKER.
 */

/**
 * A token name of Prism's JavaScript grammar, which prism-react-renderer bundles: a script holding it carries the
 * highlighter.
 */
export const PRISM_MARKER = 'interpolation-punctuation';

/** The names of the chunks (built as `<name>.<hash>.js`). */
export const CHUNKS = {codeBlock: 'code-block', highlighter: 'highlighter', playgroundLink: 'playground-link'} as const;

/** The file name of one of CHUNKS in build/assets/js. */
export const chunkFile = (name: string) => new RegExp(String.raw`^${name}\.[0-9a-f]+\.js$`);

/** A regular expression for module paths that hold one of `parts` (folders or file names without extension). */
function modulesAt(parts: string[]): RegExp {
  const sep = String.raw`[\\/]`;
  const alternatives = parts.map((part) => part.split('/').join(sep)).join('|');
  return new RegExp(String.raw`${sep}(?:${alternatives})(?:${sep}|\.)`);
}

/**
 * The modules of the code-block chunk: the component (ours, the theme's, their buttons and icons, the hooks and
 * helpers only code blocks use). Nothing a page without code imports may be listed here, or that page would load the
 * whole chunk (tests/e2e/chrome.spec.ts checks the Introduction): ./client/registry.ts, which every MDX page's `code`
 * element reads, stays out (the pattern stops `register` at a separator or an extension). The paths inside packages
 * are the theme's internal files: tests/unit/touchpoints.test.ts fails when one of them is no longer there.
 */
export const CODE_BLOCK_PARTS = [
  'plugins/code-on-demand/client/register',
  'plugins/code-on-demand/theme/CodeBlock',
  '@docusaurus/theme-classic/lib/theme/CodeBlock',
  '@docusaurus/theme-classic/lib/theme/Icon/Copy',
  '@docusaurus/theme-classic/lib/theme/Icon/Success',
  '@docusaurus/theme-classic/lib/theme/Icon/WordWrap',
  '@docusaurus/theme-common/lib/utils/codeBlockUtils',
  '@docusaurus/theme-common/lib/hooks/useCodeWordWrap',
  '@docusaurus/theme-common/lib/hooks/useMutationObserver',
  '@docusaurus/theme-common/lib/hooks/usePrismTheme',
  'copy-text-to-clipboard',
  'parse-numeric-range',
];
export const CODE_BLOCK_MODULES = modulesAt(CODE_BLOCK_PARTS);

/** The highlighter: Prism, its extra languages, and the component that draws lines with it. */
export const HIGHLIGHTER_PARTS = [
  'plugins/code-on-demand/theme/CodeBlock/Content/Highlighted',
  '@docusaurus/theme-classic/lib/theme/prism-include-languages',
  'prism-react-renderer',
  'prismjs',
];
export const HIGHLIGHTER_MODULES = modulesAt(HIGHLIGHTER_PARTS);

/** What the "Open in playground" link and the playground itself share. */
export const PLAYGROUND_LINK_MODULES = modulesAt(['src/components/Playground/share', 'lz-string']);

/** The cache groups of the browser bundle's splitChunks. */
export const CACHE_GROUPS = {
  // Above the theme's `common` group (priority 40); async chunks only, so never the main bundle.
  // Above the code-block group: 'plugins/code-on-demand/theme/CodeBlock' covers Content/Highlighted too.
  highlighter: {test: HIGHLIGHTER_MODULES, name: CHUNKS.highlighter, chunks: 'async', priority: 50, enforce: true},
  codeBlock: {test: CODE_BLOCK_MODULES, name: CHUNKS.codeBlock, chunks: 'async', priority: 45, enforce: true},
  playgroundLink: {
    test: PLAYGROUND_LINK_MODULES,
    name: CHUNKS.playgroundLink,
    chunks: 'async',
    priority: 45,
    enforce: true,
  },
} as const;
