/**
 * An llms.txt file (as plugins/markdown-twins writes it: an H1, a summary, then one H2 section per sidebar with a
 * list of `[Title](url): description` items) read back as data. Parsed as Markdown, so escaped characters in titles
 * and descriptions come back as written.
 */
import type {Heading, List, Root} from 'mdast';
import {toString} from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import {unified} from 'unified';

export interface ListedPage {
  title: string;
  url: string;
  description?: string;
}

export interface ListedSection {
  title: string;
  pages: ListedPage[];
}

export interface LlmsList {
  title: string;
  /** Origin of the first link (the site the build was made for), or '' when there is none. */
  origin: string;
  sections: ListedSection[];
}

export function parseLlmsTxt(text: string): LlmsList {
  const tree = unified().use(remarkParse).parse(text) as Root;
  const list: LlmsList = {title: '', origin: '', sections: []};
  let section: ListedSection | undefined;
  for (const node of tree.children) {
    if (node.type === 'heading') {
      const heading = node as Heading;
      if (heading.depth === 1) list.title = toString(heading);
      if (heading.depth === 2) list.sections.push((section = {title: toString(heading), pages: []}));
    } else if (node.type === 'list' && section) {
      for (const item of (node as List).children) {
        const paragraph = item.children[0];
        if (paragraph?.type !== 'paragraph') continue;
        const [link, ...rest] = paragraph.children;
        if (link?.type !== 'link') continue;
        const page: ListedPage = {title: toString(link), url: link.url};
        const description = rest
          .map((n) => toString(n))
          .join('')
          .replace(/^:\s*/, '');
        if (description) page.description = description;
        section.pages.push(page);
      }
    }
  }
  const first = list.sections.flatMap((s) => s.pages)[0];
  if (first) list.origin = new URL(first.url).origin;
  return list;
}
