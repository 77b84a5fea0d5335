/**
 * Markdown twins and llms.txt, written at postBuild:
 * - next to every doc page and generated category page of every version, `<page>.md`: the page's article converted
 *   from its built HTML (./convert.ts), so MDX components and tabs come out as readers see them;
 * - per version, `<version path>/llms.txt` (https://llmstxt.org: one section per sidebar, in sidebar order, then
 *   `## Optional`; the paragraph under the summary points to the page on the docs' MCP server) and `<version path>/llms-full.txt` (every twin of the version, in the same order); the current
 *   version's two files also at the site root.
 * A page whose HTML has no article, or whose diagrams do not match the ```mermaid fences of its source, fails the
 * build with the page's name. The twins are no routes, so the sitemap never lists them, and the search index is made
 * of HTML pages only (plugins/local-search).
 *
 * The reader's side is in ./theme, theme components of this plugin (see plugins/code-on-demand/index.ts for how they
 * layer with the classic theme's): PageActions, beside the title of every doc page (src/theme/DocItem/Content puts it
 * there), names the page's twin in its <head> and offers to copy the twin, view it, open it in an assistant, or report
 * a problem.
 */
import {existsSync, statSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import {dirname, join, relative} from 'node:path';
import type {DocusaurusConfig, LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {builtPage} from '../builtPages';
import {recordStep} from '../buildSteps';
import {htmlToMarkdown} from './convert';
import {llmsFullTxt, llmsTxt, type LlmsLink} from './llms';
import {ASSISTANT_LINE, ASSISTANT_PAGE, OPTIONAL_LINKS, SUMMARY, connectBlocks} from './llmsContent';
import {twinVersions, type TwinPage, type TwinVersion} from './pages';
import {TWIN_EXTENSION} from './twin';
import {fencesOf} from '../mermaidFences';

export {TWIN_EXTENSION};
export const LLMS_FILE = 'llms.txt';
export const LLMS_FULL_FILE = 'llms-full.txt';

/** The navbar label of each docs sidebar, in navbar order: the names and order of the llms.txt sections. */
export function sidebarTitles(siteConfig: DocusaurusConfig): Map<string, string> {
  const navbar = (siteConfig.themeConfig as {navbar?: {items?: {type?: string; sidebarId?: string; label?: string}[]}})
    .navbar;
  return new Map(
    (navbar?.items ?? [])
      .filter((item) => item.type === 'docSidebar' && item.sidebarId && item.label)
      .map((item) => [item.sidebarId!, item.label!]),
  );
}

/** The file a route of the build is served from, or null. */
function builtFile(outDir: string, route: string): string | null {
  const base = join(outDir, route);
  for (const file of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), {recursive: true});
  await writeFile(file, text);
}

/** The theme components: TypeScript the site's bundler compiles, so the same folder serves as both theme paths. */
const THEME_DIR = join(__dirname, 'theme');

export interface MarkdownTwinsOptions {
  /**
   * Site path of the packed MCP server the build publishes (plugins/mcp-package), for the lines of every llms.txt that
   * say how to connect it; undefined when the build makes none.
   */
  mcpTarball?: string;
}

export default function markdownTwins(context: LoadContext, rawOptions?: unknown): Plugin {
  const options = (rawOptions ?? {}) as MarkdownTwinsOptions;
  let versions: TwinVersion[] = [];
  const {siteDir, baseUrl} = context;
  const route = (path: string) => path.slice(baseUrl.length - 1);

  return {
    name: 'markdown-twins',
    getThemePath: () => THEME_DIR,
    getTypeScriptThemePath: () => THEME_DIR,

    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      if (!docs) throw new Error('markdown-twins: the docs plugin (id "default") is not loaded');
      versions = twinVersions(docs, sidebarTitles(context.siteConfig), siteDir);
    },

    // The MCP package (plugins/mcp-package) reads the twins and llms.txt: it waits for this step.
    postBuild: ({outDir, siteConfig}) =>
      recordStep(outDir, 'markdown-twins', async () => {
        const started = performance.now();
        const origin = siteConfig.url.replace(/\/$/, '');
        const twinUrl = (page: TwinPage) => `${origin}${page.permalink}${TWIN_EXTENSION}`;
        const twinPaths = new Set(versions.flatMap((v) => v.pages.map((p) => p.permalink)));
        const linkTarget = (url: URL) => {
          const path = decodeURIComponent(url.pathname).replace(/(.)\/$/, '$1');
          return twinPaths.has(path) ? `${url.origin}${path}${TWIN_EXTENSION}${url.hash}` : url.href;
        };
        const current = versions.find((v) => v.isCurrent)!;
        const assistantPage = current.pages.find((p) => p.permalink === `${current.path}/${ASSISTANT_PAGE}`);

        const twins = new Map<string, string>();
        for (const version of versions) {
          for (const page of version.pages) {
            const where = page.source ? `${page.permalink} (${relative(siteDir, page.source)})` : page.permalink;
            const file = builtFile(outDir, route(page.permalink));
            if (!file) throw new Error(`markdown-twins: ${where}: no built HTML page`);
            let markdown: string;
            try {
              markdown = htmlToMarkdown(builtPage(file).tree, {
                url: origin + page.permalink,
                version: version.label,
                currentVersion: current.label,
                // Category pages show their description under the title already.
                description: page.source ? page.description : undefined,
                mermaid: page.source ? fencesOf(page.source).map((fence) => fence.source) : [],
                linkTarget,
              });
            } catch (error) {
              throw new Error(`markdown-twins: ${where}: ${(error as Error).message}`, {cause: error});
            }
            twins.set(page.permalink, markdown);
            await write(join(outDir, route(page.permalink) + TWIN_EXTENSION), markdown);
          }
        }

        for (const {path} of OPTIONAL_LINKS) {
          if (!builtFile(outDir, path)) {
            throw new Error(
              `markdown-twins: the Optional link ${path} (plugins/markdown-twins/llmsContent.ts) is no file of the build`,
            );
          }
        }
        const versionList = (v: TwinVersion): LlmsLink => ({
          title: `SPHERE docs ${v.label}`,
          url: `${origin}${v.path}/${LLMS_FILE}`,
          description: v.isCurrent
            ? 'the pages of the current docs version'
            : `the pages of the older docs version ${v.label}`,
        });

        for (const version of versions) {
          const fullUrl = `${origin}${version.path}/${LLMS_FULL_FILE}`;
          const index = llmsTxt({
            title: siteConfig.title,
            summary: SUMMARY,
            details: [
              {
                type: 'text',
                value: version.isCurrent
                  ? `These are the pages of docs version ${version.label}, the current one. `
                  : `These are the pages of docs version ${version.label}, an older one; the current version is ${current.label}. `,
              },
              {
                type: 'text',
                value: `Each link leads to the Markdown twin of a page; the HTML page has the same URL without "${TWIN_EXTENSION}". All of them in one file: `,
              },
              {type: 'link', url: fullUrl, children: [{type: 'text', value: fullUrl}]},
              ...(assistantPage
                ? [
                    {type: 'text' as const, value: ASSISTANT_LINE},
                    {
                      type: 'link' as const,
                      url: twinUrl(assistantPage),
                      children: [{type: 'text' as const, value: assistantPage.title}],
                    },
                    {type: 'text' as const, value: '.'},
                  ]
                : []),
            ],
            more: options.mcpTarball
              ? connectBlocks(`${origin}${baseUrl}${options.mcpTarball.replace(/^\//, '')}`)
              : [],
            sections: [
              ...version.sections.map((section) => ({
                title: section.title,
                links: section.pages.map((page) => ({
                  title: page.title,
                  url: twinUrl(page),
                  description: page.description,
                })),
              })),
              {
                title: 'Optional',
                links: [
                  ...OPTIONAL_LINKS.map((link) => ({
                    ...link,
                    url: `${origin}${baseUrl}${link.path.replace(/^\//, '')}`,
                  })),
                  ...versions.filter((v) => v !== version).map(versionList),
                ],
              },
            ],
          });
          const full = llmsFullTxt(
            `${siteConfig.title} docs ${version.label}: every page`,
            SUMMARY,
            [...new Set(version.sections.flatMap((s) => s.pages))].map((page) => twins.get(page.permalink)!),
          );
          const dirs = [join(outDir, route(version.path))];
          if (version.isCurrent) dirs.push(outDir);
          for (const dir of dirs) {
            await write(join(dir, LLMS_FILE), index);
            await write(join(dir, LLMS_FULL_FILE), full);
          }
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `[INFO] Markdown twins: ${twins.size} pages, llms.txt for ${versions.length} versions, in ${seconds} s.`,
        );
      }),
  };
}
