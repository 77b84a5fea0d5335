/**
 * The site's Markdown and MDX sources, read as the MDX loader reads them (Markdown, front matter, directives, MDX):
 * where they live and their fenced code blocks. The one code-fence parser of the project: the diagrams
 * (plugins/mermaid-svg), the Markdown twins and the tests' example checks (tests/utils/codeBlocks.ts) all use it, so
 * a fence is what the build sees, in every one of them.
 */
import {existsSync, readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import type {Code, Root} from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';

/** The repository root. */
export const ROOT = join(__dirname, '..');

/** The folders of the site's Markdown and MDX pages: the docs of every version and the standalone pages. */
export const CONTENT_DIRS = ['docs', 'versioned_docs', 'src/pages'] as const;

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkDirective).use(remarkMdx);

/** The Markdown syntax tree of an MDX (or Markdown) text. */
export function parseSource(text: string): Root {
  return parser.parse(text);
}

/** Every fenced code block of a text, in source order (a fence inside a JSX element or a list item included). */
export function codeNodes(tree: Root): Code[] {
  const found: Code[] = [];
  visit(tree, 'code', (node) => {
    found.push(node);
  });
  return found;
}

/** A text with the code blocks `drop` selects (all of them by default) cut out, for checks of the prose. */
export function withoutCode(text: string, drop: (node: Code) => boolean = () => true): string {
  let out = '';
  let from = 0;
  for (const node of codeNodes(parseSource(text))) {
    if (!drop(node)) continue;
    out += text.slice(from, node.position!.start.offset);
    from = node.position!.end.offset!;
  }
  return out + text.slice(from);
}

/** Every Markdown and MDX file under the given folders of the repository, sorted. */
export function sourceFiles(dirs: readonly string[] = CONTENT_DIRS, root = ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.mdx?$/.test(name)) files.push(path);
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files.sort();
}
