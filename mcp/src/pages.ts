/**
 * get_page and list_pages: the Markdown twins and the llms.txt lists that plugins/markdown-twins wrote into the build.
 */
import type {ListedSection} from './llms';
import {searchDocs} from './search';
import type {Site} from './site';

/**
 * The site path of a page from what a reader or an assistant has at hand: the HTML URL, the twin's `.md` URL or a
 * path, with or without origin, query, anchor, trailing slash or `index.html`.
 */
export function sitePath(input: string): string {
  let path = input.trim();
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.exec(path);
  if (absolute) {
    try {
      path = new URL(path).pathname;
    } catch {
      throw new Error(`"${input}" is not a URL this tool can read.`);
    }
  }
  path = path.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep the path as typed: it is looked up as it is.
  }
  path = `/${path.replace(/^\/+/, '')}`
    .replace(/\/index\.html$/, '')
    .replace(/\.(md|html)$/, '')
    .replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

export interface Page {
  /** Site path of the HTML page (the twin is at this path + `.md`). */
  path: string;
  url: string;
  markdown: string;
}

export function getPage(site: Site, urlOrPath: string): Page {
  if (urlOrPath.trim() === '') {
    throw new Error(
      'No page given: pass a page URL (HTML or .md) or a site path such as /docs/2.0.1/docs/Introduction.',
    );
  }
  const path = sitePath(urlOrPath);
  const candidates = [path];
  // A path without its version (`/api/space/space-api`, `docs/Introduction`) means the current version's page.
  if (!/^\/docs\/[^/]+\//.test(path) || !site.versions.includes(path.split('/')[2])) {
    candidates.push(
      `/docs/${site.currentVersion}${path.replace(/^\/docs(?=\/)/, '')}`,
      `/docs/${site.currentVersion}${path}`,
    );
  }
  for (const candidate of candidates) {
    if (candidate.includes('..')) continue;
    const markdown = site.file(`${candidate}.md`);
    if (markdown !== null) return {path: candidate, url: `${site.origin()}${candidate}`, markdown};
  }
  const words = path.split(/[/_-]+/).filter((w) => w && !site.versions.includes(w) && w !== 'docs');
  let near: string[] = [];
  if (words.length > 0) {
    try {
      near = [
        ...new Set(
          searchDocs(site, words.join(' ').slice(0, 200), undefined, 20).map((h) => h.url.replace(/#.*$/, '')),
        ),
      ].slice(0, 3);
    } catch {
      near = [];
    }
  }
  throw new Error(
    `No page of the docs at "${urlOrPath}". Every doc page of every version (${site.versions.join(', ')}) has a ` +
      'Markdown twin, found by its URL or its path such as /docs/' +
      `${site.currentVersion}/docs/Introduction; list_pages lists them.` +
      (near.length > 0 ? ` Pages that may be meant: ${near.join(', ')}.` : ''),
  );
}

export interface PageList {
  version: string;
  current: boolean;
  sections: ListedSection[];
}

export function listPages(site: Site, version?: string, section?: string): PageList {
  const v = version ?? site.currentVersion;
  if (!site.versions.includes(v)) {
    throw new Error(`There is no docs version "${v}". The versions are ${site.versions.join(', ')}.`);
  }
  let sections = site.list(v).sections;
  if (section !== undefined) {
    const wanted = section.trim().toLowerCase();
    const found = sections.filter((s) => s.title.toLowerCase() === wanted);
    if (found.length === 0) {
      throw new Error(
        `Docs version ${v} has no section "${section}". Its sections are: ${sections.map((s) => s.title).join(', ')}.`,
      );
    }
    sections = found;
  }
  return {version: v, current: v === site.currentVersion, sections};
}
