/**
 * The Mermaid sources of a page, read from its MDX file: the diagrams of the built HTML carry no source (they are
 * drawn from it), so the twin takes the n-th ```mermaid fence of the file for the page's n-th diagram.
 */
import {readFileSync} from 'node:fs';
import type {Code} from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter);

/** The value of every ```mermaid code block of an MDX document, in source order. */
export function mermaidFences(mdx: string): string[] {
  const found: string[] = [];
  visit(parser.parse(mdx), 'code', (node: Code) => {
    if (node.lang === 'mermaid') found.push(node.value);
  });
  return found;
}

export function mermaidSources(file: string): string[] {
  return mermaidFences(readFileSync(file, 'utf8'));
}
