/**
 * Security headers for the static build, written at postBuild:
 * - `build/_headers` (Netlify, Cloudflare Pages) and `build/nginx-security-headers.conf`, both from ./policy.ts:
 *   a Content-Security-Policy whose script-src lists the SHA-256 hash of every inline script found in the generated
 *   HTML, and the other security and caching headers;
 * - `build/robots.txt`, pointing to the sitemap of the origin the site is built for (`SITE_URL`);
 * - the redirect pages (`redirects` option), as valid HTML. Docusaurus runs every plugin's postBuild at once, so a
 *   page written by another plugin at that time (as @docusaurus/plugin-client-redirects does) could be missed by the
 *   hashing; writing them here, before hashing, makes sure every page the build holds is covered.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import {dirname, join, relative} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {escapeHtml} from '@sphere-docs/lib/escapeHtml';
import {builtHtmlFiles, builtPage} from '../builtPages';
import {headerRules, headersFile, inlineScripts, nginxSnippet} from './policy';

export interface SecurityHeadersOptions {
  /** Origins the search talks to, for connect-src (see plugins/local-search/searchSetup.ts). */
  searchOrigins: string[];
  /** Origins of SPACE instances the API reference's console may call, besides loopback (`SPACE_TRY_ORIGINS`). */
  tryOrigins?: string[];
  /** Pages that only send the reader elsewhere: `from` has no page of its own, `to` is a route of the site. */
  redirects: {from: string; to: string}[];
}

export const HEADERS_FILE = '_headers';
export const NGINX_FILE = 'nginx-security-headers.conf';

function redirectPage(to: string, absoluteTo: string, title: string): string {
  const href = escapeHtml(to);
  // Forwards the query and the fragment, like the meta refresh cannot. `<` is escaped so no path can end the script.
  const script = `location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')}+location.search+location.hash)`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${href}">
<link rel="canonical" href="${escapeHtml(absoluteTo)}">
<script>${script}</script>
</head>
<body>
<p>This page has moved to <a href="${href}">${href}</a>.</p>
</body>
</html>
`;
}

export default function securityHeaders(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as SecurityHeadersOptions;
  return {
    name: 'security-headers',

    async postBuild({outDir, siteConfig, routesPaths}) {
      const origin = siteConfig.url.replace(/\/$/, '');
      // The pages written here, hashed from what is written: the other steps may have listed the build before.
      const pages = new Map<string, string>();
      for (const {from, to} of options.redirects) {
        if (!routesPaths.includes(to)) throw new Error(`security-headers: redirect target ${to} is not a page`);
        if (routesPaths.includes(from)) throw new Error(`security-headers: redirect source ${from} is a page`);
        const file = join(outDir, from, 'index.html');
        await mkdir(dirname(file), {recursive: true});
        const html = redirectPage(to, origin + to, `${siteConfig.title}: moved to ${to}`);
        await writeFile(file, html);
        pages.set(file, html);
      }

      await writeFile(
        join(outDir, 'robots.txt'),
        `User-agent: *\nAllow: /\n\nSitemap: ${origin}${context.baseUrl}sitemap.xml\n`,
      );

      const hashes = new Set<string>();
      const blocked: string[] = [];
      const files = [...new Set([...builtHtmlFiles(outDir), ...pages.keys()])].sort();
      for (const file of files) {
        const page = pages.get(file);
        const found =
          page === undefined ? inlineScripts(builtPage(file).html, builtPage(file).tree) : inlineScripts(page);
        found.hashes.forEach((h) => hashes.add(h));
        blocked.push(...found.blocked.map((b) => `${relative(outDir, file)}: ${b}`));
      }
      if (blocked.length > 0) {
        throw new Error(
          `security-headers: the Content-Security-Policy blocks inline event handlers and javascript: URLs:\n${blocked.join('\n')}`,
        );
      }
      const rules = headerRules({
        scriptHashes: [...hashes],
        searchOrigins: options.searchOrigins,
        tryOrigins: options.tryOrigins,
      });
      await writeFile(join(outDir, HEADERS_FILE), headersFile(rules));
      await writeFile(join(outDir, NGINX_FILE), nginxSnippet(rules));
    },
  };
}
