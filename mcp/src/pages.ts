/**
 * get_page and list_pages: the Markdown twins and the llms.txt lists that plugins/markdown-twins wrote into the build.
 */
import {MCP_TARBALL_PATH} from '@sphere-docs/lib/mcpConnect';
import type {ListedSection} from './llms';
import {searchDocs, type DocHit} from './search';
import {bounded, bytes, findSection, outline, type Outline, type Section} from './sections';
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

/** The anchor of a URL or path (`…/space-api#post-contracts`), or undefined. */
export function anchorOf(input: string): string | undefined {
  const hash = /#([^#?\s]+)\s*$/.exec(input.trim())?.[1];
  if (!hash) return undefined;
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** A tarball URL (this site's package of the server or another one) is no page: say what it is and what to send. */
function refuseTarball(site: Site, input: string): void {
  if (!/\.(tgz|tar\.gz)(?:[?#].*)?$/i.test(input.trim())) return;
  const build = site.build();
  let origin = '';
  try {
    origin = /^[a-z][a-z\d+.-]*:\/\//i.test(input.trim()) ? new URL(input.trim()).origin : '';
  } catch {
    origin = '';
  }
  const whose =
    origin !== '' && origin !== build.origin
      ? `"${input.trim()}" is not this site's package: this server carries the docs of ${build.origin}, whose package is ${build.tarball}.`
      : `"${input.trim()}" is a package of this server (${build.tarball}, path ${MCP_TARBALL_PATH}), not a page; this copy carries the docs build of ${build.builtAt}.`;
  throw new Error(
    `${whose} To read the docs, pass a page URL (HTML or .md) or a site path such as /docs/${site.currentVersion}/docs/Introduction.`,
  );
}

export function getPage(site: Site, urlOrPath: string): Page {
  if (urlOrPath.trim() === '') {
    throw new Error(
      `No page given: pass a page URL (HTML or .md) or a site path such as /docs/${site.currentVersion}/docs/Introduction.`,
    );
  }
  refuseTarball(site, urlOrPath);
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

/** The pages of a version as llms.txt lists them, by sidebar section: every field, or only one section's. */
export function listPages(site: Site, version?: string, section?: string, prefix?: string): PageList {
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
  if (prefix !== undefined) {
    const starts = pathFilter(site, v, prefix);
    sections = sections
      .map((s) => ({...s, pages: s.pages.filter((p) => starts(listedPath(site, p.url)))}))
      .filter((s) => s.pages.length > 0);
    if (sections.length === 0) {
      throw new Error(
        `No page of docs version ${v} has a path that starts with "${prefix}". Paths look like /api/space/evaluation ` +
          'or /docs/getting-started/configuration: list_pages without prefix lists them all.',
      );
    }
  }
  return {version: v, current: v === site.currentVersion, sections};
}

/**
 * The path list_pages and search_docs give a page: its site path (the twin's URL without origin and `.md`), without
 * the `/docs/<version>` in front for a page of the current version, which get_page reads as the current one.
 */
export function listedPath(site: Site, url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Already a path.
  }
  path = path.replace(/\.md$/, '');
  const current = `/docs/${site.currentVersion}`;
  return path.startsWith(`${current}/`) ? path.slice(current.length) : path;
}

/**
 * Whether a listed path of a version starts with a prefix, written with or without the leading slash and the
 * version's `/docs/<version>` (`/api/space` keeps the SPACE pages of any version).
 */
function pathFilter(site: Site, version: string, prefix: string): (path: string) => boolean {
  const wanted = listedPath(site, `/${prefix.trim().replace(/^\/+/, '')}`);
  const own = `/docs/${version}`;
  const bare = (path: string) => (path.startsWith(`${own}/`) ? path.slice(own.length) : path);
  return (path) => path.startsWith(wanted) || bare(path).startsWith(bare(wanted));
}

/** Longest summary of a page in the compact list, in characters. */
export const SUMMARY_MAX = 40;

/** The first sentence of a description, cut at a word when it is longer than SUMMARY_MAX. */
export function summary(description: string): string {
  const first = /^.*?[.!?;](?=\s|$)/.exec(description)?.[0].replace(/;$/, '.') ?? description;
  if (first.length <= SUMMARY_MAX) return first;
  const cut = first.slice(0, SUMMARY_MAX);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:]+$/, '')}…`;
}

function compactLine(path: string, title: string, description?: string): string {
  const about = description && !path.startsWith('/category/') ? ` | ${summary(description)}` : '';
  return `${path} | ${title}${about}`;
}

export interface CompactList {
  version: string;
  current: boolean;
  sections: {title: string; pages: string[]}[];
}

/**
 * list_pages' default answer: one line per page, `path | title | summary`. A category page (`/category/…`) only lists
 * the pages below it, which follow it: its line is its path and title.
 */
export function compactPages(site: Site, version?: string, section?: string, prefix?: string): CompactList {
  const list = listPages(site, version, section, prefix);
  return {
    ...list,
    sections: list.sections.map((s) => ({
      title: s.title,
      pages: s.pages.map((p) => compactLine(listedPath(site, p.url), p.title, p.description)),
    })),
  };
}

/** A section over this many bytes is replaced by its opening and outline unless the whole text is asked for. */
export const PAGE_LIMIT = 20 * 1024;
/** A page up to this size comes whole; a longer one as its opening, first section and outline (or whole on request). */
export const SMALL_PAGE = 4 * 1024;
/** Most of a page's first section sent with its outline. */
const FIRST_LIMIT = 2 * 1024;
/** Most of a section's own text shown above the outline of its subsections when it is too long to send whole. */
const LEAD_LIMIT = 3 * 1024;

const outlines = new Map<string, Outline>();

/** The sections of a page's twin, parsed once per page. */
export function pageOutline(site: Site, page: Page): Outline {
  let o = outlines.get(page.path);
  if (!o) {
    o = outline(page.markdown, site.headingIds(page.path));
    outlines.set(page.path, o);
  }
  return o;
}

const size = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

function outlineLines(page: Page, o: Outline, within?: Section): string[] {
  const inside = within ? o.sections.filter((s) => s.start > within.start && s.start < within.end) : o.sections;
  return inside.map(
    (s) =>
      `${'  '.repeat(s.level - (within ? within.level + 1 : 2))}- ${s.heading} (#${s.anchor}, ${size(bytes(page.markdown.slice(s.start, s.end)))})`,
  );
}

export interface PageRequest {
  /** One section, by heading text or anchor. */
  section?: string;
  /** Only the outline: sections with their anchors and sizes. */
  outline?: boolean;
  /** The whole text even when it is over PAGE_LIMIT. */
  whole?: boolean;
}

/**
 * What get_page answers: the whole twin when it is small or asked for whole; one section (by the `section` argument or
 * the URL's anchor); the outline when asked for; and, for a page or section over PAGE_LIMIT, its opening and outline
 * with a line that says so.
 */
export function readPage(site: Site, urlOrPath: string, request: PageRequest = {}): string {
  const page = getPage(site, urlOrPath);
  const o = pageOutline(site, page);
  const total = bytes(page.markdown);
  const list = (within?: Section) => outlineLines(page, o, within).join('\n');
  let section: Section | undefined;
  if (request.section !== undefined) {
    section = findSection(o, request.section);
    if (!section) {
      if (o.sections.length === 0) {
        throw new Error(
          `The page ${page.url} has no sections, so none is "${request.section}": leave section out to get the whole page (${size(total)}).`,
        );
      }
      throw new Error(
        `The page ${page.url} has no section "${request.section}". Pass one of its headings or anchors:\n${list()}`,
      );
    }
  } else {
    const anchor = anchorOf(urlOrPath);
    if (anchor !== undefined) section = findSection(o, anchor);
  }

  if (request.outline) {
    const head = `# ${o.title}\n\n${page.url}${section ? `#${section.anchor}` : ''}: ${size(section ? bytes(page.markdown.slice(section.start, section.end)) : total)}`;
    const lines = outlineLines(page, o, section);
    return `${head}, ${lines.length} section${lines.length === 1 ? '' : 's'}. Pass a heading or anchor as section to read one.\n\n${lines.join('\n')}`;
  }
  if (!section) {
    if (total <= SMALL_PAGE || request.whole || o.sections.length === 0) return page.markdown;
    const lead = bounded(page.markdown.slice(0, o.introEnd), LEAD_LIMIT).text;
    const first = o.sections[0];
    const firstText = bounded(page.markdown.slice(first.start, first.end), FIRST_LIMIT);
    const rest = firstText.cut ? ` (cut at ${size(FIRST_LIMIT)}: ask for section "${first.anchor}" for all of it)` : '';
    return (
      `${lead}\n\n${firstText.text}\n\n---\n\nThis page is ${size(total)} in ${o.sections.length} sections; above ` +
      `are its opening and first section${rest}. Ask get_page again with section set to an anchor below for one ` +
      `part, or with whole: true for all of it.\n\n${list()}`
    );
  }
  const text = page.markdown.slice(section.start, section.end).trimEnd();
  const source = `Section "${section.heading}" of ${page.url}#${section.anchor} (${size(bytes(text))} of ${size(total)}):\n\n`;
  if (bytes(text) <= PAGE_LIMIT || request.whole) return source + text;
  const lead = bounded(page.markdown.slice(section.start, section.ownEnd), LEAD_LIMIT).text;
  return (
    `${source}${lead}\n\n---\n\nThis section is ${size(bytes(text))}, more than the ${size(PAGE_LIMIT)} sent at once. ` +
    `Ask again with one of its subsections below as section, or add whole: true for all of it.\n\n${list(section)}`
  );
}

/** Most bytes of section text a search hit carries. */
export const HIT_TEXT_LIMIT = 576;
/** How many hits, from the first, carry their section's text: the rest carry the address to read it with. */
export const HITS_WITH_TEXT = 3;

/** Where a hit is, for get_page: the page's path (as list_pages gives it) and the section's anchor, and its text. */
interface HitSection {
  path: string;
  anchor?: string;
  sectionText: string;
  sectionBytes: number;
}

/** A search_docs hit: the engine's, with the address get_page takes and, for the first hits, the section's text. */
export interface SearchHit extends Omit<DocHit, 'snippet'> {
  snippet?: string;
  sectionText?: string;
  sectionBytes?: number;
}

/**
 * search_docs' hits: the engine's, each with its section's size (`get_page {url_or_path: url}` reads the section the
 * URL's #anchor names); the first HITS_WITH_TEXT hits, less those in a section already sent, also carry the section's
 * text, without its heading and in place of the snippet.
 */
export function searchHits(site: Site, query: string, version: string | undefined, limit: number): SearchHit[] {
  const sent = new Set<string>();
  return searchDocs(site, query, version, limit).map((engineHit, i) => {
    // A snippet that only repeats the title or the heading (a hit on the heading itself) is left out.
    const {snippet, ...rest} = engineHit;
    const hit: SearchHit = snippet === rest.title || snippet === rest.section ? rest : engineHit;
    const found = hitSection(site, hit.url, hit.section);
    if (!found) return hit;
    // The hit's URL is all get_page needs (its #anchor names the section): the path and anchor are not repeated.
    const {sectionText, sectionBytes, path, anchor} = found;
    const key = `${path}#${anchor ?? ''}`;
    const withText = i < HITS_WITH_TEXT && !sent.has(key);
    sent.add(key);
    if (!withText) return {...hit, sectionBytes};
    // The section's text holds the snippet, and its heading is the hit's title or section.
    const {snippet: _, ...withoutSnippet} = hit;
    return {...withoutSnippet, sectionBytes, sectionText};
  });
}

/** The section texts of search hits already sent, per site and hit: the twins do not change while the server runs. */
const hitSections = new WeakMap<Site, Map<string, HitSection | undefined>>();

/**
 * The section a search hit is in (by the anchor of its URL, else its heading): its address, its text bounded, and its
 * size. Kept once found, so a hit seen before costs no read of its page's twin.
 */
export function hitSection(site: Site, url: string, heading?: string): HitSection | undefined {
  let seen = hitSections.get(site);
  if (!seen) hitSections.set(site, (seen = new Map()));
  const key = `${url}\n${heading ?? ''}`;
  if (!seen.has(key)) seen.set(key, findHitSection(site, url, heading));
  return seen.get(key);
}

function findHitSection(site: Site, url: string, heading?: string): HitSection | undefined {
  let page: Page;
  try {
    page = getPage(site, url);
  } catch {
    return undefined;
  }
  const o = pageOutline(site, page);
  const anchor = anchorOf(url);
  const section =
    (anchor !== undefined ? findSection(o, anchor) : undefined) ??
    (anchor !== undefined && heading ? findSection(o, heading) : undefined);
  const [from, to] = section ? [section.start, section.end] : [0, o.introEnd];
  // The canonical URL line of a page's opening repeats the hit's URL.
  const whole = page.markdown
    .slice(from, to)
    .replace(/^Canonical URL: .*\n+/m, '')
    .trim();
  return {
    path: listedPath(site, page.path),
    ...(section ? {anchor: section.anchor} : {}),
    sectionText: bounded(whole.replace(/^#{1,6} .*\n+/, ''), HIT_TEXT_LIMIT).text,
    sectionBytes: bytes(whole),
  };
}
