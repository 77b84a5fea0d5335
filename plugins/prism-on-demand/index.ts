/**
 * Keeps the syntax highlighter out of the main bundle.
 *
 * The classic theme registers a client module, `lib/prism-include-languages.js`, that imports Prism
 * (prism-react-renderer, about 30 KB gzip with the extra languages of `prism.additionalLanguages`) and runs
 * `@theme/prism-include-languages` when the app starts, so every page, the home page included, downloads and evaluates
 * the highlighter. This plugin aliases that one client module to nothing; src/theme/CodeBlock runs the same
 * `@theme/prism-include-languages` when it is first imported, which is before any code block renders, in the browser
 * and on the server. Prism then travels in the code-block chunk, with the pages that show code.
 *
 * The theme's own `@theme/prism-include-languages` (lib/theme/…) is not touched: `prism.additionalLanguages` works
 * as documented.
 *
 * Only pages with code import the code-block component (plugins/code-on-demand), but they are most pages, and the
 * bundler puts a module that more than half of the pages import into the `common` chunk, which every page loads. A
 * cache group of higher priority keeps the code-block component in a chunk of its own instead.
 *
 * The highlighter is not in that chunk either: code blocks adopt their server-rendered lines on hydration
 * (src/theme/CodeBlock/Content), so a first visit never needs it. It has a chunk of its own, `highlighter`, loaded when
 * a block is drawn in the browser (after a client-side navigation, or when a sample's code changes).
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The client module the classic theme lists in getClientModules(), as .docusaurus/client-modules.js requires it. */
const THEME_CLIENT_MODULE = join(dirname(require.resolve('@docusaurus/theme-classic')), 'prism-include-languages');

/**
 * A token name of Prism's JavaScript grammar, which prism-react-renderer bundles: a script holding it carries the
 * highlighter (the benchmark and the tests look for it).
 */
export const PRISM_MARKER = 'interpolation-punctuation';

/** The names of the chunks this plugin makes (built as `<name>.<hash>.js`); the benchmark and the tests find them so. */
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
 * whole chunk (tests/e2e/chrome.spec.ts checks the Introduction).
 */
export const CODE_BLOCK_MODULES = modulesAt([
  'src/components/CodeBlockOnDemand/register',
  'src/theme/CodeBlock',
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
]);

/** The highlighter: Prism, its extra languages, and the component that draws lines with it. */
export const HIGHLIGHTER_MODULES = modulesAt([
  'src/theme/CodeBlock/Content/Highlighted',
  '@docusaurus/theme-classic/lib/theme/prism-include-languages',
  'prism-react-renderer',
  'prismjs',
]);

/** What a complete Pricing2Yaml example's "Open in playground" link and the playground itself share (lz-string). */
export const PLAYGROUND_LINK_MODULES = modulesAt(['src/components/Playground/share', 'lz-string']);

export default function prismOnDemand(): Plugin {
  return {
    name: 'prism-on-demand',
    configureWebpack: (_config, isServer) => ({
      resolve: {alias: {[`${THEME_CLIENT_MODULE}$`]: false}},
      ...(isServer
        ? {}
        : {
            optimization: {
              splitChunks: {
                cacheGroups: {
                  // Above the theme's `common` group (priority 40); async chunks only, so never the main bundle.
                  // Above the code-block group: 'src/theme/CodeBlock' covers Content/Highlighted too.
                  highlighter: {
                    test: HIGHLIGHTER_MODULES,
                    name: CHUNKS.highlighter,
                    chunks: 'async',
                    priority: 50,
                    enforce: true,
                  },
                  codeBlock: {
                    test: CODE_BLOCK_MODULES,
                    name: CHUNKS.codeBlock,
                    chunks: 'async',
                    priority: 45,
                    enforce: true,
                  },
                  playgroundLink: {
                    test: PLAYGROUND_LINK_MODULES,
                    name: CHUNKS.playgroundLink,
                    chunks: 'async',
                    priority: 45,
                    enforce: true,
                  },
                },
              },
            },
          }),
    }),
  };
}
