/**
 * No syntax highlighter on pages without code, and none to hydrate the pages with code.
 *
 * The pieces, all in this folder:
 * - ./remark.ts (registered per content plugin in docusaurus.config.ts): a page with a fenced code block imports the
 *   code-block component (./client/register.ts); pages without code never load it.
 * - ./theme/MDXComponents/Code.tsx: the MDX `code` element renders inline code with the theme's CodeInline and takes
 *   the code-block component from ./client/registry.ts instead of importing it into every MDX page.
 * - ./theme/CodeBlock: the code-block component. Its content adopts the server-rendered lines on hydration and loads
 *   Prism only to draw a block in the browser; its buttons wait for the first idle moment after hydration; complete
 *   Pricing2Yaml examples get an "Open in playground" link.
 * - ./chunks.ts: the chunks these travel in (`code-block`, `highlighter`, `playground-link`).
 *
 * This plugin gives the theme components (Docusaurus theme aliases: a plugin's theme components take precedence over
 * the classic theme's and yield to the site's src/theme; a component that wraps the classic one imports it as
 * `@theme-init/...`, since `@theme-original/...` would name the plugin's own) and configures the bundler.
 */
import {dirname, join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {CACHE_GROUPS} from './chunks';

/** The theme components: TypeScript the site's bundler compiles, so the same folder serves as both theme paths. */
const THEME_DIR = join(__dirname, 'theme');

/** The client module the classic theme lists in getClientModules(), as .docusaurus/client-modules.js requires it. */
export const THEME_CLIENT_MODULE = join(
  dirname(require.resolve('@docusaurus/theme-classic')),
  'prism-include-languages',
);

export default function codeOnDemand(): Plugin {
  return {
    name: 'code-on-demand',
    getThemePath: () => THEME_DIR,
    getTypeScriptThemePath: () => THEME_DIR,
    configureWebpack: (_config, isServer) => ({
      // An alias, as no other seam exists: the classic theme registers a client module,
      // `lib/prism-include-languages.js`, that imports Prism (prism-react-renderer, about 30 KB gzip with the extra
      // languages of `prism.additionalLanguages`) and runs `@theme/prism-include-languages` when the app starts, so
      // every page, the home page included, would download and evaluate the highlighter. Client modules cannot be
      // removed or replaced through the plugin API, so this one is aliased to nothing; the highlighter
      // (./theme/CodeBlock/Content/Highlighted.tsx) runs the same `@theme/prism-include-languages` when it is first
      // imported, before any block is highlighted, in the browser and on the server. The theme's own
      // `@theme/prism-include-languages` (lib/theme/…) is not touched: `prism.additionalLanguages` works as documented.
      resolve: {alias: {[`${THEME_CLIENT_MODULE}$`]: false}},
      ...(isServer ? {} : {optimization: {splitChunks: {cacheGroups: CACHE_GROUPS}}}),
    }),
  };
}
