import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {readFileSync} from 'node:fs';

import {ANNOUNCEMENT, ARCHIVED_VERSIONS, CURRENT_VERSION, REPOS, SITE, docPath} from './src/constants';
import {prismTheme} from './src/utils/prismThemes';
import localSearch from './plugins/local-search';
import {searchOrigins, searchSetup} from './plugins/local-search/searchSetup';
import markdownTwins, {type MarkdownTwinsOptions} from './plugins/markdown-twins';
import mcpPackage, {type McpPackageOptions} from './plugins/mcp-package';
import {MCP_TARBALL_PATH} from '@sphere-docs/lib/mcpConnect';
import pricing2yamlValidators from './plugins/pricing2yaml-validators';
import securityHeaders, {type SecurityHeadersOptions} from './plugins/security-headers';
import codeOnDemand from './plugins/code-on-demand';
import remarkCodeOnDemand from './plugins/code-on-demand/remark';
import remarkMermaidSvg, {type RemarkMermaidSvgOptions} from './plugins/mermaid-svg/remark';
import mermaidSvg from './plugins/mermaid-svg';
import {MERMAID_THEMES} from './plugins/mermaid-svg/store';
import spaceOpenApi, {STATIC_DIR as SPACE_OPENAPI_STATIC} from './plugins/space-openapi';
import {parseTryOrigins} from './plugins/security-headers/tryOrigins';

/**
 * Build switches, all read from the environment:
 * - SITE_URL: absolute origin used for canonical URLs and the sitemap; defaults to SITE.url.
 * - DOCS_VERSIONS: comma-separated versions to build ("current,2.0.0"); all of them when unset.
 *   Meant for quick local previews only; tests and deploys build every version.
 * - ALGOLIA_APP_ID, ALGOLIA_API_KEY, ALGOLIA_INDEX_NAME: all three set switch search to Algolia's
 *   hosted DocSearch; unset, the site ships its own index (see architecture/search.md).
 */
/**
 * Docusaurus 3.10 renamed `future.experimental_faster` to `future.faster` and refuses the old name. The site ships on
 * 3.8.1 (package.json pins it); `npm run canary` builds it on the newest 3.x, so the key follows the installed core.
 */
const coreVersion = (
  JSON.parse(readFileSync(require.resolve('@docusaurus/core/package.json'), 'utf8')) as {version: string}
).version;
const [coreMajor, coreMinor] = coreVersion.split('.').map(Number);
const fasterKey = coreMajor > 3 || coreMinor >= 10 ? 'faster' : 'experimental_faster';
/**
 * From 3.10, `future.v4` also namespaces the browser storage keys per site (`theme`, `docusaurus.announcement.*`
 * get a suffix). The announcement reset script below and the end-to-end tests write the plain keys of 3.8.1
 * (architecture/touchpoints.md, rows 19 and 46), so on 3.10 the namespace stays off: `storage` is 3.10's key (3.8.1
 * has none of that name).
 */
const storage = coreMajor > 3 || coreMinor >= 10 ? {storage: {namespace: false}} : {};

const onlyIncludeVersions = process.env.DOCS_VERSIONS?.split(',').map((v) => v.trim());
const search = searchSetup();
/** SPACE instances, besides the reader's own machine, that the API reference's console may call (connect-src). */
const spaceTryOrigins = parseTryOrigins(process.env.SPACE_TRY_ORIGINS);

/**
 * Mermaid diagrams are drawn ahead of time (`npm run diagrams`) and inlined as SVG by plugins/mermaid-svg, which fails
 * a production build on any diagram without its SVGs. Only the dev server keeps the Mermaid theme, to draw in the
 * browser a diagram being edited until its SVGs exist; the production build holds no Mermaid code at all.
 */
const isDev = process.env.NODE_ENV !== 'production';
const mermaidDiagrams: [typeof remarkMermaidSvg, RemarkMermaidSvgOptions] = [
  remarkMermaidSvg,
  {fallbackToRuntime: isDev},
];

const config: Config = {
  title: SITE.title,
  tagline: SITE.tagline,
  favicon: 'img/favicon.svg',
  url: process.env.SITE_URL ?? SITE.url,
  baseUrl: SITE.baseUrl,
  organizationName: SITE.organizationName,
  projectName: SITE.projectName,
  trailingSlash: undefined,
  // The SPACE API reference keeps its OpenAPI document in its own folder; it is served at /openapi/space-api.yaml.
  staticDirectories: ['static', SPACE_OPENAPI_STATIC],

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  // A broken Markdown link is a warning, so the build still finishes and reports every one of them;
  // tests/unit/build-log.test.ts turns any such warning into a failure. 'warn' is the default, and the key is left
  // unset: 3.10 moves it to `markdown.hooks.onBrokenMarkdownLinks` (same default), which 3.8.1 refuses, and warns
  // that the top-level one is deprecated.
  onDuplicateRoutes: 'throw',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en'},
    },
  },

  headTags: [
    {
      // Docusaurus 3.8.1 hides the bar before hydration whenever an earlier
      // announcement was dismissed, even if the id has changed since. Reset the
      // dismissal first, so a new announcement shows on the very next visit.
      tagName: 'script',
      attributes: {},
      innerHTML: `try{if(localStorage.getItem('docusaurus.announcement.id')!==${JSON.stringify(
        ANNOUNCEMENT.id,
      )})localStorage.setItem('docusaurus.announcement.dismiss','false')}catch(e){}`,
    },
    {
      // Tabs cannot switch without JavaScript: show every panel, not just the first, so no content is out of reach.
      tagName: 'noscript',
      attributes: {},
      innerHTML: '<style>.tabs-container [role=tabpanel][hidden]{display:block}</style>',
    },
  ],

  customFields: {
    currentVersion: CURRENT_VERSION,
    repositoryUrl: REPOS.docs,
  },

  ...storage,

  future: {
    v4: true,
    [fasterKey]: true,
  } as Config['future'],

  markdown: {
    mermaid: true,
  },

  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          lastVersion: 'current',
          onlyIncludeVersions,
          versions: {
            current: {label: CURRENT_VERSION, path: CURRENT_VERSION},
            ...Object.fromEntries(ARCHIVED_VERSIONS.map((v) => [v, {label: v, path: v, banner: 'unmaintained'}])),
          },
          editUrl: `${REPOS.docs}/edit/main/`,
          showLastUpdateTime: false,
          beforeDefaultRemarkPlugins: [mermaidDiagrams, remarkCodeOnDemand],
        } satisfies DocsOptions,
        // The site has no blog.
        blog: false,
        pages: {
          beforeDefaultRemarkPlugins: [mermaidDiagrams, remarkCodeOnDemand],
        },
        theme: {
          customCss: './src/css/custom.css',
        },
        sitemap: {
          lastmod: null,
          ignorePatterns: ['/search', '/markdown-page'],
        },
      } satisfies Preset.Options,
    ],
  ],

  themes: isDev ? ['@docusaurus/theme-mermaid'] : [],

  plugins: [
    [localSearch, {mode: search.mode}],
    pricing2yamlValidators,
    codeOnDemand,
    mermaidSvg,
    // The MCP server needs the embedded search index: with hosted search no package is made, and llms.txt names none.
    [
      markdownTwins,
      {mcpTarball: search.mode === 'embedded' ? MCP_TARBALL_PATH : undefined} satisfies MarkdownTwinsOptions,
    ],
    [mcpPackage, {enabled: search.mode === 'embedded'} satisfies McpPackageOptions],
    spaceOpenApi,
    [
      securityHeaders,
      {
        searchOrigins: searchOrigins(search),
        tryOrigins: spaceTryOrigins,
        // `/docs` alone has no page of its own: send readers to the current introduction.
        redirects: [{from: '/docs', to: docPath('docs/Introduction')}],
      } satisfies SecurityHeadersOptions,
    ],
  ],

  themeConfig: {
    metadata: [{name: 'keywords', content: 'SaaS pricing, Pricing2Yaml, feature toggles, subscriptions, SPACE'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: ANNOUNCEMENT.id,
      content: ANNOUNCEMENT.content,
      backgroundColor: ANNOUNCEMENT.backgroundColor,
      textColor: ANNOUNCEMENT.textColor,
      isCloseable: true,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
    },
    navbar: {
      title: SITE.title,
      hideOnScroll: true,
      logo: {
        alt: 'SPHERE logo',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        href: '/',
        width: 32,
        height: 32,
      },
      items: [
        {type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Getting Started', position: 'left'},
        {type: 'docSidebar', sidebarId: 'apiSidebar', label: 'Developer Guide', position: 'left'},
        {type: 'docSidebar', sidebarId: 'contribSidebar', label: 'Contributing', position: 'left'},
        {type: 'docSidebar', sidebarId: 'commonErrorsSidebar', label: 'FAQs', position: 'left'},
        {to: '/playground', label: 'Playground', position: 'left'},
        {type: 'docsVersionDropdown', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {
          href: REPOS.docs,
          position: 'right',
          className: 'header-github-link',
          'aria-label': 'Source of this site on GitHub',
        },
      ],
    },
    footer: {
      style: 'dark',
      logo: {
        alt: 'SPHERE logo',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        href: '/',
        width: 48,
        height: 48,
      },
      links: [
        {
          title: 'Documentation',
          items: [
            {label: 'Getting Started', to: docPath('docs/Introduction')},
            {label: 'Developer Guide', to: docPath('api/introduction')},
            {label: 'Contributing', to: docPath('contrib/introduction')},
            {label: 'FAQs', to: docPath('commonErrors/introduction')},
          ],
        },
        {
          title: 'GitHub Repositories',
          items: [
            {label: 'Pricing4Java', href: REPOS.pricing4java},
            {label: 'Pricing4React', href: REPOS.pricing4react},
            {label: 'Pricing4TS', href: REPOS.pricing4ts},
            {label: 'SaaS-analysis', href: REPOS.saasAnalysis},
          ],
        },
        {
          title: 'Contribute',
          items: [{label: 'Documentation repository', href: REPOS.docs}],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} ISA Group, University of Seville. Code samples MIT licensed.`,
    },
    algolia: {
      appId: search.appId,
      apiKey: search.apiKey,
      indexName: search.indexName,
      // Search every version; the index ranks the current one first.
      contextualSearch: false,
      searchPagePath: 'search',
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    prism: {
      // One theme of CSS variables, valued per colour mode in src/css/custom.css.
      theme: prismTheme,
      darkTheme: prismTheme,
      additionalLanguages: ['java', 'typescript', 'diff', 'bash'],
    },
    // The dev server's fallback draws with the themes `npm run diagrams` uses.
    mermaid: {
      theme: MERMAID_THEMES,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
