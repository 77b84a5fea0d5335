/**
 * A doc page's first visit costs the same whatever the length of its article: the browser keeps the article the
 * server drew, and neither downloads nor renders it again as React.
 *
 * Without this plugin, the browser loads a page's whole MDX module (the article as JavaScript: every paragraph, table
 * and code block once more) before it hydrates, then hydrates every element of it. With it:
 * - ./loader.ts splits each adoptable page (./adoptable.ts) into a small module (front matter, title, metadata, table
 *   of contents, which the doc layout needs to hydrate) and the article, in a chunk of its own;
 * - on the first visit, ./client/shell.ts hands the doc layout a stand-in for the article, and
 *   ./theme/DocItem/Content adopts the server's HTML for it (`dangerouslySetInnerHTML`: React keeps no fibers for it).
 *   The parts that act in the browser are islands on that HTML: code blocks get the theme's copy and word-wrap
 *   buttons, rendered through portals, and ./client/behaviours.ts drives tabs, details, links (client-side
 *   navigation and prefetching, as the theme's Link) and the scrolling boxes' tab stops with one listener each;
 * - a client-side navigation to a doc page loads and renders its article in React as before.
 *
 * Pages whose article uses another React component (the SPACE API reference's instance panel, say) are compiled as
 * usual. Only production builds are split: the dev server renders in the browser, with nothing to adopt.
 */
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {ROOT} from '../markdownSource';
import {META_QUERY, type LoaderOptions} from './loader';

const THEME_DIR = join(__dirname, 'theme');
const LOADER = join(__dirname, 'loader.cjs');
const SHELL = join(__dirname, 'client', 'shell.ts');
const SHELL_MODULE = /[\\/]plugins[\\/]adopted-articles[\\/]client[\\/]shell\.ts$/;
/** The docs plugin's content folders (every version), as its MDX rule includes them. */
const DOCS_DIRS = [join(ROOT, 'docs') + '/', join(ROOT, 'versioned_docs') + '/'];

export default function adoptedArticles(context: {generatedFilesDir: string}): Plugin {
  return {
    name: 'adopted-articles',
    getThemePath: () => THEME_DIR,
    getTypeScriptThemePath: () => THEME_DIR,
    configureWebpack: (_config, isServer) => {
      if (process.env.NODE_ENV !== 'production') return {};
      const options = (mode: LoaderOptions['mode']): LoaderOptions => ({mode, isServer, shell: SHELL});
      return {
        ...(isServer
          ? {}
          : {
              // ./client/shell.ts is read by every page's module and by the doc layout; in a chunk of its own it is
              // downloaded once per visit, not inlined into both.
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    articleShell: {
                      test: SHELL_MODULE,
                      name: 'article-shell',
                      chunks: 'async',
                      priority: 60,
                      enforce: true,
                    },
                  },
                },
              },
            }),
        module: {
          rules: [
            {
              // The route registry's import of a doc page: `pitch` answers before the MDX loader runs.
              test: /\.mdx?$/i,
              include: DOCS_DIRS,
              issuer: join(context.generatedFilesDir, 'registry.js'),
              enforce: 'post',
              use: [{loader: LOADER, options: options('shell')}],
            },
            {
              // The metadata of a page: the MDX loader's output, cut down.
              test: /\.mdx?$/i,
              include: DOCS_DIRS,
              resourceQuery: new RegExp(`^\\${META_QUERY}$`),
              enforce: 'post',
              use: [{loader: LOADER, options: options('meta')}],
            },
          ],
        },
      };
    },
  };
}
