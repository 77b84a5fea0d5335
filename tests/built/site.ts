/**
 * The built site, read from disk for the tests of tests/built/ (run them after `npm run build`).
 */
import {existsSync, statSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {builtPage, htmlFiles, sitemapUrls as builtSitemapUrls} from '../../plugins/builtPages';
import type {Root} from '../../plugins/hast';
import {SITE} from '../../src/constants';
import {ROOT} from '../utils/codeBlocks';

export const BUILD = join(ROOT, 'build');

if (!existsSync(join(BUILD, 'sitemap.xml'))) {
  throw new Error(`No production build in ${BUILD}: run "npm run build" before these tests.`);
}

/** The origin the build was made for (docusaurus.config.ts reads the same variable). */
export const ORIGIN = (process.env.SITE_URL ?? SITE.url).replace(/\/$/, '');

export interface Page {
  /** Path of the file under build/, with forward slashes, e.g. `docs/<version>/docs/Introduction/index.html`. */
  file: string;
  /** The URL path the file is served at, e.g. `/docs/<version>/docs/Introduction`. */
  path: string;
  html: string;
  /** The parsed page (plugins/hast.ts). */
  tree: Root;
}

function urlPath(file: string): string {
  if (file === 'index.html') return '/';
  return `/${file.replace(/\/index\.html$/, '').replace(/\.html$/, '')}`;
}

let pages: Page[] | undefined;

/** Every HTML file of the build. */
export function builtPages(): Page[] {
  pages ??= htmlFiles(BUILD).map((absolute) => {
    const file = relative(BUILD, absolute).split(sep).join('/');
    const {html, tree} = builtPage(absolute);
    return {file, path: urlPath(file), html, tree};
  });
  return pages;
}

/** Absolute URLs listed by build/sitemap.xml. */
export const sitemapUrls = (): string[] => builtSitemapUrls(BUILD);

/** The file under build/ a site-relative URL path is served from, or null. */
export function fileFor(path: string): string | null {
  const clean = decodeURIComponent(path.split(/[?#]/)[0]).replace(/^\//, '');
  for (const candidate of [clean, join(clean, 'index.html'), `${clean}.html`]) {
    const file = join(BUILD, candidate);
    if (existsSync(file) && statSync(file).isFile()) return relative(BUILD, file).split(sep).join('/');
  }
  return null;
}
