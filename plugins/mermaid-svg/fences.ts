/**
 * Finds the ```mermaid fences of the site's pages, parsed as the MDX loader parses them (Markdown, front matter,
 * directives, MDX), so a fence's source and title are exactly what ./remark.ts sees at build time. Used by
 * `npm run diagrams`, the unit test that checks every diagram has its SVGs, and the Markdown twins (which put each
 * diagram's source back in place of its drawing).
 */
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {mermaidCodeNodes} from './remark';
import {CONTENT_DIRS, ROOT, fenceTitle, type DiagramSource} from './store';

export interface Fence extends DiagramSource {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkDirective).use(remarkMdx);

/** The diagrams of a Markdown or MDX text, in source order; `file` names it in the result. */
export function fencesIn(text: string, file = ''): Fence[] {
  return mermaidCodeNodes(parser.parse(text)).map(({node}) => ({
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
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.mdx?$/.test(name)) files.push(path);
    }
  };
  for (const dir of CONTENT_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files.flatMap(fencesOf);
}
