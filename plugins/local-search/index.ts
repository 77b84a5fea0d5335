/**
 * Search for the stock DocSearch UI of @docusaurus/theme-search-algolia, in two modes (./searchSetup.ts).
 *
 * Always registered, in both modes, so that the bundler cache key always
 * records the mode (Docusaurus keys its cache on theme aliases only, so a build
 * in the other mode could otherwise reuse modules resolved with our aliases).
 *
 * In both modes it
 * - gives the navbar its `SearchBar` (./theme/SearchBar), a theme component of this plugin in place of the search
 *   theme's: the site's own search button and shortcuts (./client/SearchButton.tsx), and DocSearch's modal
 *   (./client/SearchModal.tsx) loaded when the reader goes for search;
 * - gives every importer of `@docsearch/react` a copy with its bugs fixed (./docsearchFixes.ts).
 * In embedded mode it also
 * - tells the browser where the index is (global data), so the modal answers from it;
 * - points `algoliasearch/lite` (the search theme's /search page) at ./client/embeddedLiteClient.ts, which answers
 *   from it too;
 * - writes the index (DocSearch records extracted from the built HTML) at postBuild;
 * - under `docusaurus start`, serves the index of the last production build, or
 *   explains in the modal that there is none.
 * In hosted mode the modal and the /search page talk to Algolia.
 *
 * The two aliases swap packages, not components: Docusaurus has no seam for changing a dependency of a theme
 * (architecture/touchpoints.md, rows 3 and 5).
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {mkdir, rm, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {recordStep} from '../buildSteps';
import {recordInCacheKey} from '../cacheVersion';
import {buildIndex} from './buildIndex';
import {pack} from '@sphere-docs/lib/search/format';
import {fixedDocSearchBundle} from './docsearchFixes';
import {PLUGIN_NAME, type LocalSearchGlobalData} from './types';

export interface LocalSearchOptions {
  mode: 'embedded' | 'hosted';
}

/** Bump when the extractor or the file format changes, so browsers do not keep an old index. */
const INDEX_FORMAT = 'f2';
const INDEX_DIR = 'local-search';

const client = (file: string) => join(__dirname, 'client', file);

/** The plugin's theme components: TypeScript, which the site's bundler compiles, so one folder serves as both paths. */
const THEME_DIR = join(__dirname, 'theme');

/** The newest index in a previous production build, for the dev server. */
function lastBuiltIndex(outDir: string): string | null {
  const dir = join(outDir, INDEX_DIR);
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => /^index\.[\w-]+\.json$/.test(f))
    .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
  return files[0] ?? null;
}

export default function localSearch(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as LocalSearchOptions;
  const embedded = options.mode === 'embedded';
  const isDev = process.env.NODE_ENV !== 'production';
  let indexFile: string | null = null;
  // DocSearch with its bugs fixed (see ./docsearchFixes.ts), in both modes.
  const docsearch = join(context.generatedFilesDir, 'local-search', 'docsearch-react.js');
  mkdirSync(join(context.generatedFilesDir, 'local-search'), {recursive: true});
  writeFileSync(docsearch, fixedDocSearchBundle(context.siteDir));

  return {
    name: PLUGIN_NAME,
    getThemePath: () => THEME_DIR,
    getTypeScriptThemePath: () => THEME_DIR,

    async allContentLoaded({allContent, actions}) {
      if (!embedded) return;
      let data: LocalSearchGlobalData;
      if (isDev) {
        const built = lastBuiltIndex(context.outDir);
        data = built
          ? {indexPath: `${INDEX_DIR}/${built}`}
          : {
              indexPath: null,
              missingReason:
                'The dev server has no search index yet. Run "npm run build" once; "npm start" then searches that build.',
            };
      } else {
        // Named after the content, so browsers may cache it for good and a new build gets a new name.
        const hash = createHash('sha256')
          .update(INDEX_FORMAT)
          .update(JSON.stringify(allContent))
          .update(JSON.stringify(context.siteConfig))
          .digest('hex')
          .slice(0, 10);
        indexFile = `index.${hash}.json`;
        data = {indexPath: `${INDEX_DIR}/${indexFile}`};
      }
      actions.setGlobalData(data);
    },

    configureWebpack(config, isServer) {
      recordInCacheKey(config, `-search-${options.mode}`);
      // Aliases, not theme components: these are npm modules the theme's code imports, and Docusaurus has no seam for
      // swapping a dependency. `$` makes each one exact, so `@docsearch/react/style` stays the package's stylesheet.
      // - `@docsearch/react`: DocSearch with the fixes of ./docsearchFixes.ts (a patched copy of its bundle).
      const fixedDocSearch = {'@docsearch/react$': docsearch};
      if (!embedded) return {resolve: {alias: fixedDocSearch}};

      const devServer =
        isDev && !isServer
          ? {
              devServer: {
                static: [
                  {
                    directory: join(context.outDir, INDEX_DIR),
                    publicPath: `${context.baseUrl}${INDEX_DIR}`,
                    watch: false,
                  },
                ],
              },
            }
          : {};
      return {
        resolve: {
          alias: {
            ...fixedDocSearch,
            // - `algoliasearch/lite`: the theme's SearchPage builds its client with it; the embedded index answers.
            'algoliasearch/lite$': client('embeddedLiteClient.ts'),
          },
        },
        ...devServer,
      };
    },

    async postBuild({outDir, siteConfig}) {
      await recordStep(outDir, 'local-search', async () => {
        if (!embedded || !indexFile) return;
        const records = await buildIndex(outDir, siteConfig.url, siteConfig.baseUrl);
        const dir = join(outDir, INDEX_DIR);
        await rm(dir, {recursive: true, force: true});
        await mkdir(dir, {recursive: true});
        await writeFile(join(dir, indexFile), JSON.stringify(pack(records)));
      });
    },
  };
}
