/**
 * The llms.txt files (https://llmstxt.org): an H1 with the project's name, a blockquote summary, a paragraph on how
 * to read the rest, then one H2 section per sidebar listing `- [Title](url): description`, and `## Optional` last.
 * Written as an mdast tree and stringified like the twins, so titles and descriptions are escaped as Markdown needs.
 */
import type {ListItem, PhrasingContent, Root, RootContent} from 'mdast';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import {STRINGIFY} from './convert';

export interface LlmsLink {
  title: string;
  url: string;
  description?: string;
}

export interface LlmsSection {
  title: string;
  links: LlmsLink[];
}

export interface LlmsIndex {
  title: string;
  summary: string;
  /** The paragraph after the summary. */
  details: PhrasingContent[];
  /** Blocks after that paragraph, before the lists (no headings: llms.txt keeps those for the sections). */
  more?: RootContent[];
  sections: LlmsSection[];
}

const stringify = (tree: Root) => unified().use(remarkStringify, STRINGIFY).stringify(tree);

function linkItem({title, url, description}: LlmsLink): ListItem {
  const children: PhrasingContent[] = [{type: 'link', url, children: [{type: 'text', value: title}]}];
  if (description) children.push({type: 'text', value: `: ${description}`});
  return {type: 'listItem', spread: false, children: [{type: 'paragraph', children}]};
}

function opening(title: string, summary: string): RootContent[] {
  return [
    {type: 'heading', depth: 1, children: [{type: 'text', value: title}]},
    {type: 'blockquote', children: [{type: 'paragraph', children: [{type: 'text', value: summary}]}]},
  ];
}

export function llmsTxt(index: LlmsIndex): string {
  const children: RootContent[] = [
    ...opening(index.title, index.summary),
    {type: 'paragraph', children: index.details},
    ...(index.more ?? []),
  ];
  for (const section of index.sections) {
    if (section.links.length === 0) continue;
    children.push(
      {type: 'heading', depth: 2, children: [{type: 'text', value: section.title}]},
      {type: 'list', ordered: false, spread: false, children: section.links.map(linkItem)},
    );
  }
  return stringify({type: 'root', children});
}

/** Every twin of a version after the same opening as its llms.txt, in sidebar order. */
export function llmsFullTxt(title: string, summary: string, twins: readonly string[]): string {
  return [stringify({type: 'root', children: opening(title, summary)}), ...twins].join('\n');
}
