/**
 * Reads Markdown the way a CommonMark + GFM reader does (remark-parse, remark-gfm), for the checks of the Markdown
 * twins and the llms.txt files: what is code is never searched for leftovers, and links are found as links.
 */
import type {Link, Root} from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';

export function parseMarkdown(markdown: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown);
}

/**
 * What MDX or HTML left in a Markdown document, outside code blocks and inline code: raw HTML (which a Markdown
 * reader keeps as HTML), MDX `import`/`export` statements, JSX tabs, `className=` attributes and MDX comments.
 */
export function mdxLeftovers(markdown: string | Root): string[] {
  const found: string[] = [];
  visit(typeof markdown === 'string' ? parseMarkdown(markdown) : markdown, (node, index, parent) => {
    if (node.type === 'html') found.push(`HTML: ${node.value}`);
    if (node.type !== 'text') return;
    // An MDX statement starts its paragraph; prose that merely uses the words does not.
    if (parent?.type === 'paragraph' && index === 0 && /^(import|export)\s/.test(node.value)) {
      found.push(`MDX statement: ${node.value}`);
    }
    for (const marker of ['<Tabs', 'className=', '{/*']) {
      if (node.value.includes(marker)) found.push(`${marker}: ${node.value}`);
    }
  });
  return found;
}

/** Every link of a Markdown document, in order. */
export function markdownLinks(markdown: string | Root): Link[] {
  const links: Link[] = [];
  visit(typeof markdown === 'string' ? parseMarkdown(markdown) : markdown, 'link', (node) => void links.push(node));
  return links;
}
