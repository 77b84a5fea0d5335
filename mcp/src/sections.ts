/**
 * A Markdown twin cut into its sections, so that get_page can answer one section or an outline instead of a whole
 * page, and search_docs can carry the text of the section a hit is in. A section starts at a heading of level 2 to 6
 * outside code fences and runs to the next heading of the same or a higher level (it holds its subsections). Anchors
 * are the ids the built page gives its headings, in order (the HTML article and its twin have the same headings), so a
 * search hit's `#anchor` finds its section; without the page's ids, github-slugger's rules as Docusaurus applies them.
 * tests/built/mcp.test.ts checks them against the ids of every built page.
 */

/**
 * The ids of the h2 to h6 headings of a built page's article, in order. mcp/build.mjs reads them the same way into
 * the package's `anchors.json`.
 */
export function articleHeadingIds(html: string): string[] {
  const start = html.indexOf('<article');
  const article = start === -1 ? html : html.slice(start, html.lastIndexOf('</article>'));
  return [...article.matchAll(/<h[2-6]\b[^>]*?\sid=(?:"([^"]+)"|([^\s>"]+))/g)].map((m) => m[1] ?? m[2]);
}

export interface Section {
  level: number;
  /** The heading as plain text (inline Markdown removed), as the HTML page shows it. */
  heading: string;
  anchor: string;
  /** Offsets in the Markdown: where the heading line starts, where the section's own text ends (at its first
   * subsection, or at its end), and where the section ends with its subsections. */
  start: number;
  ownEnd: number;
  end: number;
}

export interface Outline {
  title: string;
  /** Everything before the first section: the title, the summary and the canonical URL line. */
  introEnd: number;
  sections: Section[];
}

/** The heading's text as the HTML page shows it: code, emphasis, links and escapes dropped. */
export function plainHeading(markdown: string): string {
  // Escaped characters are set aside first, so that an escaped `_` or `*` is not read as emphasis.
  const escaped: string[] = [];
  return markdown
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|~])/g, (_all, c: string) => `\uE000${escaped.push(c) - 1}\uE001`)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/\uE000(\d+)\uE001/g, (_all, i: string) => escaped[Number(i)])
    .trim();
}

/** github-slugger's slug (what Docusaurus gives a heading as its id), before duplicates are numbered. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

const FENCE = /^ {0,3}(?:> ?)*(`{3,}|~{3,})/;

/**
 * The sections of a twin, in document order, with the anchors of its headings: `ids` (the built page's, one per
 * section) when they match the sections in number, else slugs of the heading text.
 */
export function outline(markdown: string, ids?: readonly string[]): Outline {
  const sections: Section[] = [];
  const seen = new Map<string, number>();
  let fence: string | null = null;
  let title = '';
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (
        open &&
        open[1][0] === fence[0] &&
        open[1].length >= fence.length &&
        line
          .trim()
          .replace(/^(> ?)*/, '')
          .replace(/[`~]+/, '') === ''
      ) {
        fence = null;
      }
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    const heading = /^(#{1,6}) +(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const level = heading[1].length;
    const text = plainHeading(heading[2]);
    if (level === 1) {
      title ||= text;
      continue;
    }
    const base = slug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    sections.push({level, heading: text, anchor: n === 0 ? base : `${base}-${n}`, start: lineStart, ownEnd: 0, end: 0});
  }
  if (ids && ids.length === sections.length) sections.forEach((s, i) => (s.anchor = ids[i]));
  const length = markdown.length;
  sections.forEach((s, i) => {
    const next = sections.slice(i + 1);
    s.ownEnd = next[0]?.start ?? length;
    s.end = next.find((n) => n.level <= s.level)?.start ?? length;
  });
  return {title, introEnd: sections[0]?.start ?? length, sections};
}

const normal = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The section a reader means: by anchor (with or without `#`), else by heading text (case and inline Markdown
 * ignored), else the one heading that starts with the words given.
 */
export function findSection(o: Outline, wanted: string): Section | undefined {
  const w = wanted.trim().replace(/^#+\s*/, '');
  const byAnchor = o.sections.find((s) => s.anchor === w || s.anchor === w.toLowerCase());
  if (byAnchor) return byAnchor;
  const text = normal(plainHeading(w));
  const byText = o.sections.find((s) => normal(s.heading) === text);
  if (byText) return byText;
  const starting = o.sections.filter((s) => normal(s.heading).startsWith(text));
  return text !== '' && starting.length === 1 ? starting[0] : undefined;
}

export const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Text cut at a line so that it stays within about `max` bytes, and whether it was cut. */
export function bounded(text: string, max: number): {text: string; cut: boolean} {
  if (bytes(text) <= max) return {text, cut: false};
  let cut = text.slice(0, max);
  while (bytes(cut) > max) cut = cut.slice(0, -64);
  const lastLine = cut.lastIndexOf('\n');
  if (lastLine > max / 2) cut = cut.slice(0, lastLine);
  return {text: cut.trimEnd(), cut: true};
}
