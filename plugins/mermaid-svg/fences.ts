/**
 * Finds the ```mermaid fences of the site's pages, parsed as the MDX loader parses them (Markdown, front matter,
 * directives, MDX), so a fence's source and title are exactly what ./remark.ts sees at build time. Used by
 * `npm run diagrams`, the unit test that checks every diagram has its SVGs, and the Markdown twins (which put each
 * diagram's source back in place of its drawing).
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {ROOT, parseSource, sourceFiles} from '../markdownSource';
import {mermaidCodeNodes} from './remark';
import {fenceTitle, type DiagramSource} from './store';

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
