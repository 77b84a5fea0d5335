/**
 * get_page and list_pages: the Markdown twins and the llms.txt lists that plugins/markdown-twins wrote into the build.
 */
import {MCP_TARBALL_PATH} from '@sphere-docs/lib/mcpConnect';
import type {ListedSection} from './llms';
import {searchDocs} from './search';
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

/** Answers over this many bytes are replaced by an outline unless the whole text is asked for. */
export const PAGE_LIMIT = 20 * 1024;
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
    if (total <= PAGE_LIMIT || request.whole || o.sections.length === 0) return page.markdown;
    const lead = bounded(page.markdown.slice(0, o.introEnd), LEAD_LIMIT).text;
    return (
      `${lead}\n\n---\n\nThis page is ${size(total)}, more than the ${size(PAGE_LIMIT)} sent at once. Ask get_page ` +
      `again with section set to a heading or anchor below for one part, or with whole: true for all of it.\n\n${list()}`
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
export const HIT_TEXT_LIMIT = 1024;

type HitSection = {sectionText: string; sectionBytes: number} | undefined;

/** The section texts of search hits already sent, per site and hit: the twins do not change while the server runs. */
const hitSections = new WeakMap<Site, Map<string, HitSection>>();

/**
 * The text of the section a search hit is in (by the anchor of its URL, else its heading), bounded, and its size.
 * Kept once found, so a hit seen before costs no read of its page's twin (ten reads a search otherwise).
 */
export function hitSection(site: Site, url: string, heading?: string): HitSection {
  let seen = hitSections.get(site);
  if (!seen) hitSections.set(site, (seen = new Map()));
  const key = `${url}\n${heading ?? ''}`;
  if (!seen.has(key)) seen.set(key, findHitSection(site, url, heading));
  return seen.get(key);
}

function findHitSection(site: Site, url: string, heading?: string): HitSection {
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
  return {sectionText: bounded(whole, HIT_TEXT_LIMIT).text, sectionBytes: bytes(whole)};
}
