/**
 * The HTML pages of a build, for the postBuild steps that read them (search index, Markdown twins, security
 * headers): the folder is listed once and each page is read and parsed once per build process, whichever step asks
 * first. The trees are shared: a step that rewrites a tree works on a copy (`structuredClone`).
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseHtml, selectAll, textContent, type Root} from './hast';

/** Every `.html` file under `dir`, absolute paths, sorted. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

export interface BuiltPage {
  /** Absolute path of the file. */
  file: string;
  html: string;
  tree: Root;
}

const listings = new Map<string, string[]>();
const pages = new Map<string, BuiltPage>();

/** The HTML files of a build folder, listed the first time it is asked for. */
export function builtHtmlFiles(outDir: string): string[] {
  let files = listings.get(outDir);
  if (!files) {
    files = htmlFiles(outDir);
    listings.set(outDir, files);
  }
  return files;
}

/** One built page, read and parsed the first time it is asked for. */
export function builtPage(file: string): BuiltPage {
  let page = pages.get(file);
  if (!page) {
    const html = readFileSync(file, 'utf8');
    page = {file, html, tree: parseHtml(html)};
    pages.set(file, page);
  }
  return page;
}

/** The absolute URLs a build's sitemap.xml lists, in its order. */
export function sitemapUrls(outDir: string): string[] {
  return selectAll('loc', parseHtml(readFileSync(join(outDir, 'sitemap.xml'), 'utf8'))).map((loc) =>
    textContent(loc).trim(),
  );
}

/** The paths of the pages a build's sitemap.xml lists (`/docs/2.0.1/docs/Introduction`), sorted. */
export const sitemapPaths = (outDir: string): string[] =>
  sitemapUrls(outDir)
    .map((url) => new URL(url).pathname)
    .sort();
