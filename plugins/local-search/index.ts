/**
 * Search for the stock DocSearch UI of @docusaurus/theme-search-algolia, in two modes (./searchSetup.ts).
 *
 * Always registered, in both modes, so that the bundler cache key always
 * records the mode (Docusaurus keys its cache on theme aliases only, so a build
 * in the other mode could otherwise reuse modules resolved with our aliases).
 *
 * In both modes it
 * - gives the theme's navbar SearchBar the site's own search button and shortcuts (./client/SearchButton.tsx);
 * - gives the theme a copy of @docsearch/react with its bugs fixed (./docsearchFixes.ts).
 * In embedded mode it also
 * - points `algoliasearch/lite` (the /search page) and `@docsearch/react/modal` (the Ctrl/Cmd+K modal) at
 *   ./client, which answer from a local index;
 * - gives the theme's SearchBar a `@docusaurus/Head` without the Algolia preconnect;
 * - writes the index (DocSearch records extracted from the built HTML) at postBuild;
 * - under `docusaurus start`, serves the index of the last production build, or
 *   explains in the modal that there is none.
 * In hosted mode the theme talks to Algolia.
 *
 * All of it goes through bundler aliases, because Docusaurus has no seam for changing what a theme component
 * imports: the only other way to change the SearchBar's button and preconnect would be a copy of the theme's
 * component (navigation, facets, translations: its 200 lines), which this site does not keep.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {mkdir, rm, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {recordStep} from '../buildSteps';
import {recordInCacheKey} from '../cacheVersion';
import {buildIndex} from './buildIndex';
import {pack} from '../../src/lib/search/format';
import {fixedDocSearchBundle} from './docsearchFixes';
import {PLUGIN_NAME, type LocalSearchGlobalData} from './types';

export interface LocalSearchOptions {
  mode: 'embedded' | 'hosted';
}

/** Bump when the extractor or the file format changes, so browsers do not keep an old index. */
const INDEX_FORMAT = 'f2';
const INDEX_DIR = 'local-search';

const client = (file: string) => join(__dirname, 'client', file);

/** The theme's SearchBar module, the one module the rules below change imports for (architecture/touchpoints.md). */
export const SEARCH_BAR_MODULE = /theme-search-algolia[\\/]lib[\\/]theme[\\/]SearchBar[\\/]index\.js$/;

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

  // The theme's SearchBar module, and only it, imports the site's button and shortcuts (./client/SearchButton.tsx)
  // in place of DocSearch's, so nothing of the package is in the main bundle (importing the button from it brought the
  // modal's code too, about 18 KB of the minified bundle) and DocSearch loads with the modal.
  const searchBarRule = (alias: Record<string, string>) => ({
    test: SEARCH_BAR_MODULE,
    resolve: {
      alias: {
        '@docsearch/react$': createRequire(`${context.siteDir}/`).resolve('@docsearch/react/dist/esm/index.js'),
        ...alias,
      },
    },
  });

  return {
    name: PLUGIN_NAME,

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
      if (!embedded) {
        // - `@docsearch/react/modal` (the SearchBar's lazy import): the same fixed bundle, which holds the modal.
        return {
          resolve: {alias: {...fixedDocSearch, '@docsearch/react/modal$': docsearch}},
          // - in the SearchBar module: the button with its accessible name and the keys typed before the modal is ready.
          module: {rules: [searchBarRule({'@docsearch/react$': client('SearchButton.tsx')})]},
        };
      }

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
            // - `@docsearch/react/modal`: DocSearch's modal handed the embedded client (it bundles its own Algolia
            //   client, which no alias reaches, so it takes ours through its `transformSearchClient` prop).
            '@docsearch/react/modal$': client('embeddedModal.tsx'),
          },
        },
        module: {
          // In the SearchBar module only (not `@docusaurus/Head$`: Docusaurus's own alias for it comes first and
          // would win): a Head without Algolia's preconnect, and the site's button and shortcuts, which also start the
          // index download alongside the modal's code.
          rules: [
            searchBarRule({
              '@docusaurus/Head': client('HeadWithoutPreconnect.tsx'),
              '@docsearch/react$': client('SearchButton.tsx'),
            }),
          ],
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
