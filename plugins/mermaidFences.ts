/**
 * The ```mermaid fences of the site's pages, parsed as the MDX loader parses them (./markdownSource.ts), so a fence's
 * source and title are exactly what the diagrams' remark step (mermaid-svg/remark.ts) sees at build time. Shared by
 * the plugins that read diagrams (mermaid-svg draws and inlines them, markdown-twins puts each one's source back in
 * place of its drawing), `npm run diagrams` and the tests, so no plugin imports another's folder for it.
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import type {Code, Nodes, Parent} from 'mdast';
import {ROOT, parseSource, sourceFiles} from './markdownSource';

/** One ```mermaid fence: its source as the Markdown parser reads it and the `title` of its meta string, if any. */
export interface DiagramSource {
  source: string;
  title?: string;
}

/** The `title="…"` (or `title='…'`) of a fence's meta string, read as the classic theme reads code block titles. */
export function fenceTitle(meta: string | null | undefined): string | undefined {
  return /\btitle=(["'])(.*?)\1/.exec(meta ?? '')?.[2] || undefined;
}

/** Every ```mermaid code node of a Markdown tree with its place, in source order. */
export function mermaidCodeNodes(tree: Nodes): {node: Code; parent: Parent; index: number}[] {
  const found: {node: Code; parent: Parent; index: number}[] = [];
  const walk = (parent: Nodes) => {
    if (!('children' in parent)) return;
    parent.children.forEach((node, index) => {
      if (node.type === 'code' && node.lang === 'mermaid') found.push({node, parent, index});
      else walk(node);
    });
  };
  walk(tree);
  return found;
}

export interface Fence extends DiagramSource {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** The diagrams of a Markdown or MDX text, in source order; `file` names it in the result. */
export function fencesIn(text: string, file = ''): Fence[] {
  return mermaidCodeNodes(parseSource(text)).map(({node}) => ({
    file,
    line: node.position!.start.line,
    source: node.value,
    title: fenceTitle(node.meta),
  }));
}

/** The diagrams of one Markdown or MDX file. */
export function fencesOf(path: string): Fence[] {
  return fencesIn(readFileSync(path, 'utf8'), relative(ROOT, path).split('\\').join('/'));
}

/** Every diagram of every page of the site, docs of every version included. */
export function allFences(root = ROOT): Fence[] {
  return sourceFiles(undefined, root).flatMap(fencesOf);
}
